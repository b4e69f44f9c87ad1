import type { Lane } from './rate-budget.ts';

/** One of this station's grants of the last window, as the station itself keeps it. */
export interface Recent {
  id: string;
  lane: Lane;
  /** Local clock, ms, of the grant and then of its answer: only ages reach Redis, never times. */
  at: number;
  answered: boolean;
}

/** Never the whole limit: the station's part of the cap among the stations last seen. */
export function localShare(a: {
  cap: number;
  capInForce: number;
  /** Halved by each 429 met while coordination is lost. */
  lostCut: number;
  stations: number;
}): number {
  const cap = Math.min(a.cap, a.capInForce);
  return Math.max(1, Math.floor((cap * a.lostCut) / Math.max(1, a.stations)));
}

/**
 * On the local share: 0 when the station may grant now, else how long to wait. Two rules keep
 * every station together within the limit:
 * - at most `share` (cap ÷ stations) grants of its own in any window, those made while shared
 *   included. Once the shared window of before the loss has aged out, the stations' windows
 *   then hold only their own grants: at most stations × share ≤ cap.
 * - in the first window after the loss, that shared window may still be full (others may
 *   have used more than their share while it was shared: grants are work-conserving), and a
 *   look at it is stale the moment it is taken. Only the margin is free then, split among the
 *   stations: at most floor(margin ÷ stations) grants each, so the total stays ≤ cap + margin
 *   = limit.
 * Never longer than until the next try of Redis: a blip must not hold the station for a window.
 */
export function localWait(a: {
  now: number;
  /** This station's grants of the last window, oldest first. */
  recent: readonly Recent[];
  /** The grants this lane may hold in a window (one slot of the share stays free for a scan). */
  share: number;
  windowMs: number;
  /** When coordination was lost. */
  lostAt: number;
  margin: number;
  stations: number;
  nextProbeAt: number;
  pollMs: number;
}): number {
  const untilProbe = Math.max(1, a.nextProbeAt - a.now);
  if (a.recent.length >= a.share) {
    const oldest = a.recent[a.recent.length - a.share];
    const wait = oldest ? Math.max(1, oldest.at + a.windowMs - a.now) : a.pollMs;
    return Math.min(wait, untilProbe);
  }
  if (a.now < a.lostAt + a.windowMs) {
    const since = a.recent.filter((r) => r.at >= a.lostAt).length;
    const free = Math.floor(a.margin / Math.max(1, a.stations));
    if (since >= free) return Math.min(Math.max(1, a.lostAt + a.windowMs - a.now), untilProbe);
  }
  return 0;
}
