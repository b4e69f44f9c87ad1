import { createHash } from 'node:crypto';
import { rootCertificates } from 'node:tls';
import { Redis } from 'ioredis';
import { sleep, systemClock, systemElapsed, systemIds, type Clock } from '../platform/clock.ts';
import type { CoordinationState } from '../../shared/status.ts';
import type { BudgetFigures, Lane, ReleaseSlot } from './rate-budget.ts';
import type { CarriedSlot, RequestBudget } from './request-budget.ts';
import { CARRY, GRANT, HEARTBEAT, LEAVE, PAUSE, RELEASE } from './scripts.ts';

export type { CoordinationState };

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

type Waiter = {
  lane: Lane;
  id: string;
  resolve: (release: ReleaseSlot) => void;
  reject: (reason: unknown) => void;
  signal: AbortSignal | undefined;
  onAbort: () => void;
};

interface Recent {
  id: string;
  lane: Lane;
  /** Local clock, ms, of the grant and then of its answer: only ages reach Redis, never times. */
  at: number;
  answered: boolean;
}

type GrantReply = [
  verdict: string,
  waitMs: number,
  boot: string,
  nowMs: string,
  stations: number,
  used: number,
  cap: number,
];

const SCRIPT_NAMES = new Map([
  [GRANT, 'grant'],
  [PAUSE, 'pause'],
  [CARRY, 'carry'],
  [HEARTBEAT, 'heartbeat'],
  [LEAVE, 'leave'],
  [RELEASE, 'release'],
]);
const SCRIPT_SHA = new Map<string, string>();

const LANE_ORDER: readonly Lane[] = ['interactive', 'submission', 'background'];

/**
 * A 60 s window: a heartbeat every 10 s, silent after 30 s (three missed), a silent station's
 * share kept free for five minutes. Silence must be noticed within one window: a station cut
 * off makes at most floor(margin ÷ stations) grants in its first window alone (see
 * attemptLocal), and its share after that, which the others must by then keep free. Scaled with
 * the window, so the tests' and the bench's short windows keep the same proportions.
 */
export const defaultHeartbeatMs = (windowMs: number) => Math.round(windowMs / 6);

/**
 * The URL ioredis connects with: the password (from the keychain) goes in here, in memory only.
 * ioredis lets a URL's fields win over its options, so a user name in the URL would otherwise
 * blank a password given as an option.
 */
export function redisUrlWithPassword(url: string, password: string | undefined): string {
  if (!password) return url;
  const withPassword = new URL(url);
  // ioredis decodes the URL's password: encoded whole, a "%" in it survives (and cannot throw).
  withPassword.password = encodeURIComponent(password);
  return withPassword.toString();
}

/** rediss:// turns TLS on; a warehouse's own CA is trusted besides the system's, checks stay on. */
export function tlsOptions(url: string, ca: string | undefined): { tls?: { ca: string[] } } {
  if (!ca || !url.startsWith('rediss:')) return {};
  return { tls: { ca: [...rootCertificates, ca] } };
}

/** Redis key prefix for a company on an environment: a hash, with a cluster hash tag around it. */
export function budgetKeyPrefix(environment: string, companyKey: string): string {
  const hash = createHash('sha256').update(`${environment}\n${companyKey}`).digest('hex');
  return `packbench:budget:{${hash.slice(0, 32)}}:`;
}

/**
 * The company's request budget shared by every station on the key through Redis. Interactive
 * first across the warehouse, background shared fairly, a 429 anywhere pauses everyone; when Redis
 * goes away the station runs on its last known fair share and rejoins by itself.
 *
 * One pump per station: waiters queue locally (interactive, then submission, then background,
 * submission counting as background in Redis) and only the head asks Redis, so a station costs
 * one round trip per grant however many requests it has waiting.
 */
export class SharedBudget implements RequestBudget {
  readonly limit: number;
  readonly windowMs: number;
  readonly stationId: string;
  private readonly clock: Clock;
  private readonly redis: Redis;
  private readonly keys: {
    window: string;
    pause: string;
    iwait: string;
    bwait: string;
    stations: string;
    boot: string;
    settle: string;
    mine: string;
    ceiling: string;
    pace: string;
    turns: string;
    turnSeq: string;
  };
  private readonly cap: number;
  private readonly margin: number;
  private readonly reserve: number;
  private readonly pollMs: number;
  private readonly waitTtlMs: number;
  private readonly settleMs: number;
  private readonly heartbeatMs: number;
  private readonly silentMs: number;
  private readonly holdMs: number;
  private readonly ceilingStep: number;
  private readonly onGrant: ((grant: GrantRecord) => void) | undefined;
  private readonly onCommand: ((script: string, ms: number) => void) | undefined;
  private readonly queues: Record<Lane, Waiter[]> = {
    interactive: [],
    submission: [],
    background: [],
  };
  private recent: Recent[] = [];
  private knownBoot = '';
  private readonly newId: () => string;
  private readonly elapsed: () => number;
  private readonly bootCandidate: string;
  private coordination: 'shared' | 'lost' = 'shared';
  /**
   * Stations on the key at the last answer. Until Redis first answers it is unknown, and a
   * station that started while Redis was away must not take the whole budget: it assumes
   * `assumedStations` (a warehouse's typical count) until told.
   */
  private stations: number;
  /** Slots per window in force at the last answer (lowered after a 429 or for silent stations). */
  private capInForce: number;
  /** Grants in the warehouse's window at the last answer. */
  private used = 0;
  private rateLimitedTotal = 0;
  private heartbeat: unknown = null;
  /** Local time this station last told Redis it is here (a grant or a heartbeat). */
  private lastContact = -Infinity;
  /** Redis TIME minus the local clock, from the last answer. */
  private offset = 0;
  private needsCarry = false;
  /** Local time coordination was lost: the shared window of before may be counted until + window. */
  private lostAt = 0;
  private nextProbeAt = 0;
  private localPauseUntil = 0;
  private pumping = false;
  /** Settles when the first connection is ready, or after the connect timeout if it is not. */
  private readonly connected: Promise<void>;
  private wake: AbortController | null = null;
  private closed = false;
  private retiring = false;
  private lastAcquire = -Infinity;
  /** Halved by each 429 met while coordination is lost (the others cannot be told); reset on rejoin. */
  private lostCut = 1;
  private readonly listeners = new Set<(state: CoordinationState) => void>();

  constructor(options: SharedBudgetOptions) {
    this.clock = options.clock ?? systemClock;
    this.newId = options.newId ?? systemIds;
    this.elapsed = options.elapsed ?? systemElapsed;
    this.bootCandidate = this.newId();
    this.limit = options.limit ?? 100;
    this.windowMs = options.windowMs ?? 60_000;
    this.margin = Math.max(0, Math.min(this.limit - 1, options.margin ?? 2));
    this.cap = this.limit - this.margin;
    this.reserve = options.interactiveReserve ?? 2;
    this.pollMs = options.pollMs ?? 100;
    this.waitTtlMs = options.waitTtlMs ?? Math.max(1000, this.pollMs * 4);
    this.settleMs = options.settleMs ?? 2000;
    this.heartbeatMs =
      options.heartbeatMs ?? Math.max(this.pollMs, defaultHeartbeatMs(this.windowMs));
    this.silentMs = options.silentMs ?? this.heartbeatMs * 3;
    this.holdMs = options.holdMs ?? this.windowMs * 5;
    this.ceilingStep = options.ceilingStep ?? Math.max(1, Math.ceil(this.limit / 20));
    this.capInForce = this.cap;
    this.stations = Math.max(1, options.assumedStations ?? 10);
    // A slot keeps its id when it has one (it came from a budget on this same Redis: carrying it
    // again moves nothing and counts nothing twice); the station's own budget's slots get one.
    for (const { id, at } of options.carried ?? []) {
      this.recent.push({ id: id ?? this.newId(), lane: 'background', at, answered: true });
      this.needsCarry = true;
    }
    this.onGrant = options.onGrant;
    this.onCommand = options.onCommand;
    this.stationId = options.stationId ?? this.newId();
    const prefix = budgetKeyPrefix(options.environment, options.companyKey);
    this.keys = {
      window: `${prefix}window`,
      pause: `${prefix}pause`,
      iwait: `${prefix}wait:interactive`,
      bwait: `${prefix}wait:background`,
      stations: `${prefix}stations`,
      boot: `${prefix}boot`,
      settle: `${prefix}settle`,
      mine: `${prefix}station:${this.stationId}`,
      ceiling: `${prefix}ceiling`,
      pace: `${prefix}pace`,
      turns: `${prefix}turns`,
      turnSeq: `${prefix}turns:seq`,
    };
    const commandTimeout = options.commandTimeoutMs ?? 250;
    this.redis = new Redis(redisUrlWithPassword(options.url, options.password), {
      commandTimeout,
      connectTimeout: Math.max(commandTimeout, 1000),
      // Fail at once while disconnected: the station falls back instead of queueing behind a
      // Redis that is gone, and no command is replayed later behind its back.
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
      // Reconnects well within the settle time a Redis that came back empty holds everyone for.
      retryStrategy: () => Math.max(10, Math.min(this.probeMs(), Math.round(this.settleMs / 2))),
      lazyConnect: false,
      ...tlsOptions(options.url, options.ca),
    });
    this.connected = new Promise((resolve) => {
      // Until the first connection is made, a command would fail at once (no offline queue):
      // give it the connect timeout before calling Redis unreachable.
      const timer = this.clock.setTimeout(resolve, Math.max(commandTimeout, 1000));
      this.redis.once('ready', () => {
        this.clock.clearTimeout(timer);
        resolve();
      });
    });
    // Connection errors surface as failed commands (and the fallback); the event is only noise.
    this.redis.on('error', () => undefined);
    // Connected again (Redis restarted, or the network came back): re-add this station's grants
    // of the last window at once, not at its next request, which may be a long sleep away; a
    // Redis that came back empty holds everyone for the settle time while stations do this.
    let readyBefore = false;
    this.redis.on('ready', () => {
      if (!readyBefore) {
        readyBefore = true;
        return;
      }
      this.needsCarry = true;
      this.carry().then(
        () => this.rejoin(),
        () => undefined,
      );
      this.kick();
    });
    void this.connected.then(() => this.beat());
  }

  /** The client's budget interface: a 429 the client met. */
  rateLimited(retryAfterSeconds: number): void {
    void this.noteRateLimited(retryAfterSeconds);
  }

  figures(): BudgetFigures {
    const now = this.clock.now();
    const lost = this.coordination === 'lost';
    const effectiveLimit = lost ? this.share() : this.capInForce;
    const used = lost ? this.recent.filter((r) => r.at > now - this.windowMs).length : this.used;
    const pausedUntil = this.localPauseUntil > now ? this.localPauseUntil : null;
    return {
      limit: this.limit,
      effectiveLimit,
      used,
      remaining: Math.max(0, effectiveLimit - used),
      queued: {
        interactive: this.queues.interactive.length,
        submission: this.queues.submission.length,
        background: this.queues.background.length,
      },
      pausedUntil,
      rateLimitedTotal: this.rateLimitedTotal,
    };
  }

  dispose(reason?: unknown): Promise<void> {
    return this.close(reason);
  }

  /**
   * Replaced (the settings changed): what already waits here is still granted here, then the
   * connection closes. Nothing queued is rejected, so no request fails for a settings change.
   */
  recentSlots(): CarriedSlot[] {
    const now = this.clock.now();
    return this.recent
      .filter((r) => !r.answered || r.at > now - this.windowMs)
      .map((r) => ({ id: r.id, at: r.answered ? r.at : now }));
  }

  /**
   * Replaced (the settings changed): what waits here is still granted here, and requests in
   * flight may come back for a retry (a 429, a 5xx): the budget stays open for a window after
   * its queue last ran dry, then closes.
   */
  retire(): void {
    if (this.retiring || this.closed) return;
    this.retiring = true;
    const check = () => {
      if (this.closed) return;
      if (this.head() || this.clock.now() - this.lastAcquire < this.windowMs)
        this.clock.setTimeout(check, this.windowMs);
      else void this.close();
    };
    this.clock.setTimeout(check, this.windowMs);
  }

  /** Resolves when the request may be sent; the slot counts from the grant for one window. */
  acquire(lane: Lane, signal?: AbortSignal): Promise<ReleaseSlot> {
    if (this.closed) return Promise.reject(new Error('budget closed'));
    if (signal?.aborted) return Promise.reject(signal.reason);
    this.lastAcquire = this.clock.now();
    return new Promise<ReleaseSlot>((resolve, reject) => {
      const waiter: Waiter = {
        lane,
        id: this.newId(),
        resolve,
        reject,
        signal,
        onAbort: () => {
          this.queues[lane] = this.queues[lane].filter((w) => w !== waiter);
          reject(signal?.reason);
        },
      };
      signal?.addEventListener('abort', waiter.onAbort, { once: true });
      this.queues[lane].push(waiter);
      this.pump();
    });
  }

  /** A 429 from the service: pause here at once, and every station through Redis. */
  async noteRateLimited(retryAfterSeconds: number): Promise<void> {
    const ms = Math.max(1, retryAfterSeconds) * 1000;
    const alreadyPaused = this.clock.now() < this.localPauseUntil;
    this.localPauseUntil = Math.max(this.localPauseUntil, this.clock.now() + ms);
    this.rateLimitedTotal += 1;
    // On its own share, the station backs off by itself: its share halves with each pause.
    if (this.coordination === 'lost' && !alreadyPaused) this.lostCut /= 2;
    this.publish();
    try {
      const [, lowered] = (await this.script(
        PAUSE,
        [this.keys.pause, this.keys.window, this.keys.ceiling],
        [
          String(ms),
          String(this.cap),
          String(this.windowMs),
          String(this.ceilingStep),
          String(Math.max(1, Math.ceil(this.limit / 10))),
        ],
      )) as [number, number];
      if (lowered >= 0) this.capInForce = Math.min(this.capInForce, lowered);
    } catch {
      // Redis is away: the local pause holds this station; the others will meet their own 429.
      this.lose();
    }
    this.kick();
  }

  state(): CoordinationState {
    return {
      coordination: this.coordination,
      share: this.share(),
      stations: this.stations,
    };
  }

  subscribe(listener: (state: CoordinationState) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Rejects what still waits and closes the connection. */
  async close(reason: unknown = new Error('budget closed')): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    if (this.heartbeat !== null) this.clock.clearTimeout(this.heartbeat);
    for (const lane of LANE_ORDER) {
      for (const waiter of this.queues[lane]) {
        waiter.signal?.removeEventListener('abort', waiter.onAbort);
        waiter.reject(reason);
      }
      this.queues[lane] = [];
    }
    this.kick();
    // Leaving cleanly: no one keeps this station's share free for it.
    if (this.coordination === 'shared')
      await this.script(LEAVE, [this.keys.stations], [this.stationId]).catch(() => undefined);
    try {
      await this.redis.quit();
    } catch {
      this.redis.disconnect();
    }
  }

  /**
   * How often a station that lost Redis asks again: half a heartbeat (5 s for a 60 s window).
   * Every station of the warehouse probes at once when Redis goes away; asking at every poll
   * would flood the Redis that comes back.
   */
  private probeMs(): number {
    return Math.max(this.pollMs, Math.round(this.heartbeatMs / 2));
  }

  /** Never the whole limit: the station's part of the cap among the stations last seen. */
  private share(): number {
    const cap = Math.min(this.cap, this.capInForce);
    return Math.max(1, Math.floor((cap * this.lostCut) / Math.max(1, this.stations)));
  }

  private head(): Waiter | undefined {
    for (const lane of LANE_ORDER) {
      const waiter = this.queues[lane][0];
      if (waiter) return waiter;
    }
    return undefined;
  }

  private kick(): void {
    this.wake?.abort();
  }

  private pump(): void {
    if (this.pumping) {
      this.kick();
      return;
    }
    this.pumping = true;
    void this.loop().finally(() => {
      this.pumping = false;
      // Something arrived between the loop's last look and its end.
      if (!this.closed && this.head()) this.pump();
    });
  }

  private async loop(): Promise<void> {
    await this.connected;
    while (!this.closed) {
      const waiter = this.head();
      if (!waiter) return;
      // Made before asking: a scan that arrives while Redis answers wakes the sleep below.
      const wake = new AbortController();
      this.wake = wake;
      const waitMs = await this.attempt(waiter);
      if (waitMs === 0 || wake.signal.aborted) {
        this.wake = null;
        continue;
      }
      try {
        // The script says how long: until the slot this station is owed frees, or a poll while
        // someone else is ahead. A new waiter here (maybe interactive), a 429 or close() wakes
        // it early.
        await sleep(this.clock, Math.min(waitMs, this.windowMs), wake.signal);
      } catch {
        // Woken early: a new waiter (maybe interactive), a 429, or close().
      }
      this.wake = null;
    }
  }

  /** Tries to grant the head; 0 when granted, else how long to wait before the next try. */
  private async attempt(waiter: Waiter): Promise<number> {
    const now = this.clock.now();
    if (now < this.localPauseUntil) return this.localPauseUntil - now;
    if (this.coordination === 'lost' && now < this.nextProbeAt) return this.attemptLocal(waiter);
    try {
      if (this.needsCarry) await this.carry();
      const shared = waiter.lane === 'interactive' ? 'i' : 'b';
      // Submission and background both count as background in Redis.
      const waiting =
        waiter.lane === 'interactive'
          ? this.queues.interactive.length
          : this.queues.submission.length + this.queues.background.length;
      const more = waiting > 1 ? '1' : '0';
      const reply = (await this.script(
        GRANT,
        [
          this.keys.window,
          this.keys.pause,
          this.keys.iwait,
          this.keys.bwait,
          this.keys.stations,
          this.keys.boot,
          this.keys.settle,
          this.keys.mine,
          this.keys.ceiling,
          this.keys.pace,
          this.keys.turns,
          this.keys.turnSeq,
        ],
        [
          shared,
          this.stationId,
          waiter.id,
          String(this.cap),
          String(this.windowMs),
          String(this.waitTtlMs),
          this.knownBoot,
          this.bootCandidate,
          String(this.settleMs),
          String(this.reserve),
          more,
          String(this.pollMs),
          String(this.silentMs),
          String(this.holdMs),
          String(this.ceilingStep),
        ],
      )) as GrantReply;
      const [verdict, waitMs, boot, serverNow, stations, used, cap] = reply;
      this.lastContact = this.clock.now();
      this.offset = Number(serverNow) - this.clock.now();
      this.stations = Number(stations);
      this.capInForce = Number(cap);
      if (Number(used) >= 0) this.used = Number(used);
      this.rejoin();
      if (verdict === 'resync') {
        // The server is not the one this station knew (it came back empty): re-add this
        // station's recent grants before asking again.
        this.knownBoot = String(boot);
        this.needsCarry = true;
        return this.attempt(waiter);
      }
      if (verdict === 'granted') {
        this.grant(waiter, 'shared', Number(serverNow));
        return 0;
      }
      return Math.max(1, Number(waitMs));
    } catch {
      if (this.closed) return this.pollMs;
      this.lose();
      return this.attemptLocal(waiter);
    }
  }

  /**
   * On the local share. Two rules keep every station together within the limit:
   * - at most `share` (cap ÷ stations) grants of its own in any window, those made while shared
   *   included. Once the shared window of before the loss has aged out, the stations' windows
   *   then hold only their own grants: at most stations × share ≤ cap.
   * - in the first window after the loss, that shared window may still be full (others may
   *   have used more than their share while it was shared: grants are work-conserving), and a
   *   look at it is stale the moment it is taken. Only the margin is free then, split among the
   *   stations: at most floor(margin ÷ stations) grants each, so the total stays ≤ cap + margin
   *   = limit.
   */
  private attemptLocal(waiter: Waiter): number {
    const now = this.clock.now();
    this.recent = this.recent.filter((r) => r.at > now - this.windowMs);
    // Never sleep past the next try of Redis: a blip must not hold the station for a window.
    const untilProbe = Math.max(1, this.nextProbeAt - now);
    // One slot of the share stays free for an operator's scan.
    const share = waiter.lane === 'interactive' ? this.share() : Math.max(1, this.share() - 1);
    if (this.recent.length >= share) {
      const oldest = this.recent[this.recent.length - share];
      const wait = oldest ? Math.max(1, oldest.at + this.windowMs - now) : this.pollMs;
      return Math.min(wait, untilProbe);
    }
    if (now < this.lostAt + this.windowMs) {
      const since = this.recent.filter((r) => r.at >= this.lostAt).length;
      const free = Math.floor(this.margin / Math.max(1, this.stations));
      if (since >= free)
        return Math.min(Math.max(1, this.lostAt + this.windowMs - now), untilProbe);
    }
    this.grant(waiter, 'local', now + this.offset);
    // Re-added to the shared window at the next carry (set here, not only on the loss: a carry
    // in flight right now would not include it).
    this.needsCarry = true;
    return 0;
  }

  private grant(waiter: Waiter, mode: 'shared' | 'local', serverMs: number): void {
    const queue = this.queues[waiter.lane];
    const index = queue.indexOf(waiter);
    // Aborted while Redis answered: the slot is spent (counted in Redis) and simply unused.
    if (index < 0) return;
    queue.splice(index, 1);
    waiter.signal?.removeEventListener('abort', waiter.onAbort);
    const entry: Recent = {
      id: waiter.id,
      lane: waiter.lane,
      at: this.clock.now(),
      answered: false,
    };
    this.recent.push(entry);
    this.onGrant?.({ id: waiter.id, station: this.stationId, lane: waiter.lane, serverMs, mode });
    waiter.resolve(() => this.release(entry));
    this.publish();
  }

  /**
   * The request's answer arrived: its slot ages from now (see RELEASE), here and in Redis. Sent
   * on its own, not awaited: the next grant does not wait for it. While coordination is lost the
   * carry takes the new time along when the station rejoins.
   */
  private release(entry: Recent): void {
    if (entry.answered) return;
    entry.answered = true;
    entry.at = this.clock.now();
    if (this.closed) return;
    if (this.coordination !== 'shared') {
      // The carry at the rejoin moves the entry to this answer (CARRY only moves entries later).
      this.needsCarry = true;
      return;
    }
    this.script(
      RELEASE,
      [this.keys.window, this.keys.mine],
      [entry.id, String(this.windowMs)],
    ).catch(() => undefined);
  }

  /**
   * Keeps this station among the stations while it has nothing to ask (see HEARTBEAT): without
   * it an idle station would look cut off, and the others would keep its share free for nothing.
   * While coordination is lost the probe rejoins instead.
   */
  private beat(): void {
    if (this.closed) return;
    const next = () => {
      if (this.closed) return;
      this.heartbeat = this.clock.setTimeout(() => {
        this.heartbeat = null;
        this.beat();
      }, this.heartbeatMs);
    };
    if (this.coordination === 'lost') return next();
    // A grant asked for recently already said this station is alive: no extra round trip.
    const since = this.clock.now() - this.lastContact;
    if (since < this.heartbeatMs) {
      this.heartbeat = this.clock.setTimeout(() => {
        this.heartbeat = null;
        this.beat();
      }, this.heartbeatMs - since);
      return;
    }
    this.lastContact = this.clock.now();
    // Slots carried from the budget this one replaced go in on first contact, not at the first
    // request: the others must count them from the start.
    (this.needsCarry ? this.carry() : Promise.resolve())
      .then(() =>
        this.script(
          HEARTBEAT,
          [this.keys.stations],
          [this.stationId, String(this.holdMs), String(this.silentMs)],
        ),
      )
      .then(
        (reply) => {
          const stations = Number((reply as [number, number])[0]);
          // Stations joining or leaving show in the status bar now, not at the next request.
          if (stations !== this.stations) {
            this.stations = stations;
            this.publish();
          }
          next();
        },
        () => {
          if (!this.closed) this.lose();
          next();
        },
      );
  }

  /**
   * EVALSHA, and EVAL when the server does not know the script (first use, or a server that came
   * back empty): the script's text crosses the network once per server life, not per grant.
   */
  private async script(lua: string, keys: string[], args: string[]): Promise<unknown> {
    const sha = SCRIPT_SHA.get(lua) ?? createHash('sha1').update(lua).digest('hex');
    SCRIPT_SHA.set(lua, sha);
    const started = this.onCommand ? this.elapsed() : 0;
    try {
      return await this.redis.evalsha(sha, keys.length, ...keys, ...args);
    } catch (error) {
      if (!(error instanceof Error) || !error.message.startsWith('NOSCRIPT')) throw error;
      return await this.redis.eval(lua, keys.length, ...keys, ...args);
    } finally {
      this.onCommand?.(SCRIPT_NAMES.get(lua) ?? 'script', this.elapsed() - started);
    }
  }

  private async carry(): Promise<void> {
    const now = this.clock.now();
    this.recent = this.recent.filter((r) => r.at > now - this.windowMs);
    const args: string[] = [String(this.windowMs)];
    for (const r of this.recent) {
      args.push(r.id, String(now - r.at), r.lane === 'interactive' ? 'i' : 'b');
    }
    this.needsCarry = false;
    try {
      await this.script(CARRY, [this.keys.window, this.keys.mine], args);
    } catch (error) {
      this.needsCarry = true;
      throw error;
    }
  }

  private lose(): void {
    this.nextProbeAt = this.clock.now() + this.probeMs();
    this.needsCarry = true;
    if (this.coordination === 'lost') return;
    this.coordination = 'lost';
    this.lostAt = this.clock.now();
    this.publish();
    this.scheduleProbe();
    // A waiting station may be asleep on a wait Redis gave it: it goes on its local share now.
    this.kick();
  }

  /**
   * Rejoins by itself, also with nothing waiting: the status bar must not say "coordination lost"
   * for an idle station whose Redis is back. The probe is the carry itself, so the grants made on
   * the local share are in the shared window before the station counts as shared again.
   */
  private scheduleProbe(): void {
    this.clock.setTimeout(() => {
      if (this.closed || this.coordination === 'shared') return;
      // A running pump probes on its own (its next attempt); two carries would be harmless, but
      // one is enough.
      if (this.pumping) {
        this.scheduleProbe();
        return;
      }
      this.carry().then(
        () => this.rejoin(),
        () => this.scheduleProbe(),
      );
    }, this.probeMs());
  }

  private rejoin(): void {
    if (this.coordination === 'shared') return;
    this.coordination = 'shared';
    this.lostCut = 1;
    this.publish();
    this.kick();
  }

  private publish(): void {
    const state = this.state();
    for (const listener of this.listeners) listener(state);
  }
}
