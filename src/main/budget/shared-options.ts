import { systemClock, systemElapsed, systemIds, type Clock } from '../platform/clock.ts';
import type { Lane } from './rate-budget.ts';
import type { CarriedSlot } from './request-budget.ts';

/** One grant, for the bench and the tests: `serverMs` is Redis TIME (or its estimate while lost). */
export interface GrantRecord {
  id: string;
  station: string;
  lane: Lane;
  serverMs: number;
  mode: 'shared' | 'local';
}

export interface SharedBudgetOptions {
  /** redis:// or rediss:// URL of the warehouse's Redis (Valkey speaks the same protocol). */
  url: string;
  /** Base URL of the service and the company key: only their hash reaches Redis. */
  environment: string;
  companyKey: string;
  stationId?: string;
  clock?: Clock;
  /** New ids (this station's, each grant's); default random UUIDs. */
  newId?: () => string;
  /** Durations for onCommand; default performance.now. */
  elapsed?: () => number;
  /** Requests the company may send per window (the API says 100 per minute). */
  limit?: number;
  windowMs?: number;
  /**
   * Slots per window never granted: the request reaches the service a little after its grant,
   * so the service's window slides a little later than ours; the margin absorbs that and the
   * few grants a station makes on its local share while others still coordinate.
   */
  margin?: number;
  /** Slots background work leaves free for interactive requests, warehouse-wide. */
  interactiveReserve?: number;
  /** A Redis command slower than this counts as Redis being unreachable. */
  commandTimeoutMs?: number;
  /** Longest a waiting station sleeps before asking again; also how often a lost one probes. */
  pollMs?: number;
  /** How long a station's "an operator is waiting" marker outlives its last refresh. */
  waitTtlMs?: number;
  /** After the server came back empty: how long no one is granted while stations re-add theirs. */
  settleMs?: number;
  /** How often a station with nothing to ask tells Redis it is alive. */
  heartbeatMs?: number;
  /**
   * A station not heard of for this long may be cut off from Redis and running on its local
   * share: the others keep that share free for it.
   */
  silentMs?: number;
  /** How long a silent station's share is kept free (it may be dead rather than cut off). */
  holdMs?: number;
  /** Slots the warehouse's ceiling regains per clean window after a 429 lowered it. */
  ceilingStep?: number;
  /**
   * Slots the budget this one replaces still counts (local times they count from): carried into
   * the shared window on first contact, so moving onto Redis cannot burst over the limit.
   */
  carried?: CarriedSlot[];
  /** Stations assumed on the key until Redis first answers (default 10). */
  assumedStations?: number;
  /** PEM certificates to trust for rediss:// besides the system's (a warehouse's own CA). */
  ca?: string;
  /** For Redis ACL users or requirepass; kept in the OS keychain, never in the URL. */
  password?: string;
  onGrant?: (grant: GrantRecord) => void;
  /** Each script's round trip (ms, failures included), for the bench's cost per grant. */
  onCommand?: (script: string, ms: number) => void;
}

/**
 * A 60 s window: a heartbeat every 10 s, silent after 30 s (three missed), a silent station's
 * share kept free for five minutes. Silence must be noticed within one window: a station cut
 * off makes at most floor(margin ÷ stations) grants in its first window alone (see
 * attemptLocal), and its share after that, which the others must by then keep free. Scaled with
 * the window, so the tests' and the bench's short windows keep the same proportions.
 */
export const defaultHeartbeatMs = (windowMs: number) => Math.round(windowMs / 6);

/** The shared budget's figures, every default applied: what its options resolve to. */
export interface SharedTuning {
  clock: Clock;
  newId: () => string;
  elapsed: () => number;
  limit: number;
  windowMs: number;
  margin: number;
  /** Slots per window ever granted: the limit less the margin. */
  cap: number;
  reserve: number;
  commandTimeoutMs: number;
  pollMs: number;
  waitTtlMs: number;
  settleMs: number;
  heartbeatMs: number;
  silentMs: number;
  holdMs: number;
  ceilingStep: number;
  assumedStations: number;
}

export function resolveSharedOptions(options: SharedBudgetOptions): SharedTuning {
  const limit = options.limit ?? 100;
  const windowMs = options.windowMs ?? 60_000;
  const margin = Math.max(0, Math.min(limit - 1, options.margin ?? 2));
  const pollMs = options.pollMs ?? 100;
  const heartbeatMs = options.heartbeatMs ?? Math.max(pollMs, defaultHeartbeatMs(windowMs));
  return {
    clock: options.clock ?? systemClock,
    newId: options.newId ?? systemIds,
    elapsed: options.elapsed ?? systemElapsed,
    limit,
    windowMs,
    margin,
    cap: limit - margin,
    reserve: options.interactiveReserve ?? 2,
    commandTimeoutMs: options.commandTimeoutMs ?? 250,
    pollMs,
    waitTtlMs: options.waitTtlMs ?? Math.max(1000, pollMs * 4),
    settleMs: options.settleMs ?? 2000,
    heartbeatMs,
    silentMs: options.silentMs ?? heartbeatMs * 3,
    holdMs: options.holdMs ?? windowMs * 5,
    ceilingStep: options.ceilingStep ?? Math.max(1, Math.ceil(limit / 20)),
    assumedStations: Math.max(1, options.assumedStations ?? 10),
  };
}
