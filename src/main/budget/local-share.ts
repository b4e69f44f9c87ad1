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
 * How many grants of its own this station may hold in a window while coordination is lost, and
 * until when that holds. Two cases:
 *
 * - The server is known to be gone (its port refused the connection: a crash, a restart, the
 *   primary Sentinel is replacing), so every station of the warehouse lost it at the same
 *   moment and none is granted through Redis meanwhile. Each station then keeps what it held:
 *   in the first window after the loss it may hold as many grants as it had in the window at the
 *   loss (`before`, each of its own slots reused as it frees) plus its part of the margin. The
 *   stations together held at most the cap then, so together they stay within cap + margin =
 *   limit, and busy stations keep their pace through a failover instead of stopping for a
 *   window. In the second window, the smaller of that and its share (no station grows before
 *   every station's first-window grants have aged out), then its share.
 * - Otherwise (Redis too slow, or this station cut off while the others may still reach it),
 *   the others go on granting through Redis and this station's freed slots are theirs: only its
 *   part of the margin in the first window (see localWait), its share after.
 *
 * `share` is the lane's share (one slot of it kept for scans in the background lane).
 */
export function localAllowance(a: {
  now: number;
  lostAt: number;
  windowMs: number;
  /** This station's grants in the window at the loss, when the server is known to be gone. */
  before: number | null;
  margin: number;
  stations: number;
  share: number;
  /** Halved by each 429 met while lost (as the share is): something else uses the key. */
  lostCut?: number;
}): { allowance: number; until: number } {
  if (a.before === null) return { allowance: a.share, until: Infinity };
  const kept = Math.floor(
    (a.before + Math.floor(a.margin / Math.max(1, a.stations))) * (a.lostCut ?? 1),
  );
  if (a.now < a.lostAt + a.windowMs) return { allowance: kept, until: a.lostAt + a.windowMs };
  if (a.now < a.lostAt + 2 * a.windowMs)
    return { allowance: Math.min(kept, a.share), until: a.lostAt + 2 * a.windowMs };
  return { allowance: a.share, until: Infinity };
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
  /** This station's grants in the window at the loss, when the server is known to be gone. */
  before?: number | null;
  lostCut?: number;
  margin: number;
  stations: number;
  nextProbeAt: number;
}): number {
  const untilProbe = Math.max(1, a.nextProbeAt - a.now);
  const before = a.before ?? null;
  const { allowance, until } = localAllowance({ ...a, before });
  // The allowance may change at `until` (a new phase after the loss): look again then.
  const untilChange = Math.max(1, until - a.now);
  if (a.recent.length >= allowance) {
    const oldest = allowance > 0 ? a.recent[a.recent.length - allowance] : undefined;
    const wait = oldest ? Math.max(1, oldest.at + a.windowMs - a.now) : untilChange;
    return Math.min(wait, untilChange, untilProbe);
  }
  if (before === null && a.now < a.lostAt + a.windowMs) {
    const since = a.recent.filter((r) => r.at >= a.lostAt).length;
    const free = Math.floor(a.margin / Math.max(1, a.stations));
    if (since >= free) return Math.min(Math.max(1, a.lostAt + a.windowMs - a.now), untilProbe);
  }
  return 0;
}
