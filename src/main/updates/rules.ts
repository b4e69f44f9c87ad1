import type { Policy } from '../../shared/policy/schema.ts';

/**
 * The updates' decisions, pure: whether a station updates at all, and whether now is a moment
 * an update may install. The updater (updater.ts) asks; nothing here touches a clock or a file.
 */

/** Where and how a station looks for updates; null when it never updates by itself. */
export interface UpdateSettings {
  url: string;
  channel: string;
  /** Station time, HH:MM; null: install at the next quit only. */
  hours: { from: string; to: string } | null;
  /**
   * The release keys (PEM or their base64 line) one of which must have signed the manifest
   * before anything downloads (issue #43); empty: updates are not signature-checked.
   */
  publicKeys: string[];
}

/**
 * Updates are off unless IT's policy turns them on and names the folder: without a policy, or
 * with `enabled: false`, or with no `url`, a station never updates by itself (a station that
 * fetched code from an address nobody chose would be worse than one that stays as installed).
 */
export function updateSettings(
  policy: Policy | null | undefined,
  builtInKey: string | null = null,
): UpdateSettings | null {
  const updates = policy?.updates;
  if (!updates?.enabled || !updates.url) return null;
  // The policy's keys, and the one the build carries (if any): either may sign a release, so IT
  // can roll a key by policy alone while an app built with a key never goes unchecked.
  const publicKeys = [...(updates.publicKeys ?? []), ...(builtInKey ? [builtInKey] : [])];
  return {
    url: updates.url,
    channel: updates.channel ?? 'latest',
    hours: updates.hours ?? null,
    publicKeys: [...new Set(publicKeys.map((key) => key.trim()))],
  };
}

/** What the station is doing now; an update installs only when every one is false. */
export interface StationWork {
  /** A verified pack is open. */
  packOpen: boolean;
  /** The outbox has jobs waiting or sending. */
  sending: boolean;
  /** The print queue holds a job. */
  printing: boolean;
}

export type InstallVerdict =
  | { install: true }
  | { install: false; reason: 'working' | 'outside-hours' | 'no-hours' | 'not-ready' };

function minutesOf(hhmm: string): number {
  const [hours = '0', minutes = '0'] = hhmm.split(':');
  return Number(hours) * 60 + Number(minutes);
}

/**
 * Whether `minuteOfDay` (0–1439, station time) lies in [from, to). A window whose end is before
 * its start runs over midnight (22:00–06:00); from equal to to means the whole day.
 */
export function withinHours(hours: { from: string; to: string }, minuteOfDay: number): boolean {
  const from = minutesOf(hours.from);
  const to = minutesOf(hours.to);
  if (from === to) return true;
  return from < to
    ? minuteOfDay >= from && minuteOfDay < to
    : minuteOfDay >= from || minuteOfDay < to;
}

export function isIdle(work: StationWork): boolean {
  return !work.packOpen && !work.sending && !work.printing;
}

/**
 * May a downloaded, verified update install now? At `quit` the operator is leaving: it
 * installs unless work is still under way. On the `clock` (the policy's hours) it installs
 * only inside the hours and only when the station is idle.
 */
export function installVerdict(input: {
  moment: 'quit' | 'clock';
  ready: boolean;
  hours: { from: string; to: string } | null;
  minuteOfDay: number;
  work: StationWork;
}): InstallVerdict {
  if (!input.ready) return { install: false, reason: 'not-ready' };
  if (!isIdle(input.work)) return { install: false, reason: 'working' };
  if (input.moment === 'quit') return { install: true };
  if (!input.hours) return { install: false, reason: 'no-hours' };
  if (!withinHours(input.hours, input.minuteOfDay))
    return { install: false, reason: 'outside-hours' };
  return { install: true };
}
