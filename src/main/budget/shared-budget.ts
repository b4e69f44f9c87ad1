import type { Redis } from 'ioredis';
import { sleep, type Clock } from '../platform/clock.ts';
import type { CoordinationState } from '../../shared/status.ts';
import type { BudgetFigures, Lane, ReleaseSlot } from './rate-budget.ts';
import type { CarriedSlot, RequestBudget } from './request-budget.ts';
import { localShare, localWait, type Recent } from './local-share.ts';
import { ServerOffset } from './server-offset.ts';
import { onReconnect, onServerGone, openBudgetRedis } from './redis-connection.ts';
import { BudgetScripts } from './shared-scripts.ts';
import { Heartbeat } from './heartbeat.ts';
import { RecentGrants } from './recent-grants.ts';
import { Waiters, type Waiter } from './waiters.ts';
import { budgetKeyPrefix, sharedKeys } from './shared-keys.ts';
import {
  resolveSharedOptions,
  type GrantRecord,
  type SharedBudgetOptions,
  type SharedTuning,
} from './shared-options.ts';

export type { CoordinationState, GrantRecord, SharedBudgetOptions };
export { budgetKeyPrefix } from './shared-keys.ts';
export { defaultHeartbeatMs } from './shared-options.ts';
export { redisUrlWithPassword, tlsOptions } from './redis-connection.ts';

/**
 * The company's request budget shared by every station on the key through Redis. Interactive
 * first across the warehouse, background shared fairly, a 429 anywhere pauses everyone; when Redis
 * goes away the station runs on its last known fair share and rejoins by itself.
 * One pump per station: waiters queue locally (interactive, then submission, then background,
 * submission counting as background in Redis) and only the head asks Redis, so a station costs
 * one round trip per grant however many requests it has waiting.
 */
export class SharedBudget implements RequestBudget {
  readonly limit: number;
  readonly windowMs: number;
  readonly stationId: string;
  /** The options, every default applied. */
  private readonly tuning: SharedTuning;
  private readonly clock: Clock;
  private readonly redis: Redis;
  private readonly scripts: BudgetScripts;
  private readonly onGrant: ((grant: GrantRecord) => void) | undefined;
  private readonly waiters = new Waiters();
  private readonly grants: RecentGrants;
  private knownBoot = '';
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
  private readonly heartbeat: Heartbeat;
  private readonly offset: ServerOffset;
  /** Local time coordination was lost: the shared window of before may be counted until + window. */
  private lostAt = 0;
  /**
   * This station's grants in the window when coordination was lost, once the server is known to
   * be gone for every station (its port refused us): see localAllowance. Null until then.
   */
  private heldAtLoss: number | null = null;
  private grantsAtLoss = 0;
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
    const t = resolveSharedOptions(options);
    this.tuning = t;
    this.clock = t.clock;
    this.limit = t.limit;
    this.windowMs = t.windowMs;
    this.bootCandidate = t.newId();
    this.capInForce = t.cap;
    this.stations = t.assumedStations;
    this.grants = new RecentGrants(this.clock, t.windowMs);
    this.offset = new ServerOffset(t.windowMs);
    // A slot keeps its id when it has one (it came from a budget on this same Redis: carrying it
    // again moves nothing and counts nothing twice); the station's own budget's slots get one.
    for (const { id, at } of options.carried ?? []) {
      this.grants.add({ id: id ?? t.newId(), lane: 'background', at, answered: true });
      this.grants.needsCarry = true;
    }
    this.onGrant = options.onGrant;
    this.stationId = options.stationId ?? t.newId();
    const opened = openBudgetRedis({
      url: options.url,
      password: options.password,
      ca: options.ca,
      commandTimeoutMs: t.commandTimeoutMs,
      clock: this.clock,
      // Reconnects well within the settle time a Redis that came back empty holds everyone for,
      // and within a quarter of a second of a replica's promotion (each try under Sentinel asks
      // a Sentinel where the master is now).
      retryMs: () => Math.max(10, Math.min(this.probeMs(), Math.round(t.settleMs / 2), 250)),
    });
    this.redis = opened.redis;
    this.connected = opened.connected;
    this.scripts = new BudgetScripts({
      redis: this.redis,
      keys: sharedKeys(budgetKeyPrefix(options.environment, options.companyKey), this.stationId),
      stationId: this.stationId,
      elapsed: t.elapsed,
      onCommand: options.onCommand,
    });
    // Connected again (Redis restarted, or the network came back): re-add this station's grants
    // of the last window at once, not at its next request, which may be a long sleep away; a
    // Redis that came back empty holds everyone for the settle time while stations do this.
    onReconnect(this.redis, () => {
      this.grants.needsCarry = true;
      this.carry().then(
        () => this.rejoin(),
        () => undefined,
      );
      this.kick();
    });
    // Refused: the server itself is gone (crashed, restarting, replaced by Sentinel), for every
    // station at once, so this one may keep its own pace (see localAllowance).
    onServerGone(this.redis, () => {
      if (this.coordination !== 'lost' || this.heldAtLoss !== null) return;
      this.heldAtLoss = this.grantsAtLoss;
      this.kick();
    });
    this.heartbeat = new Heartbeat(this.clock, t.heartbeatMs, {
      closed: () => this.closed,
      lost: () => this.coordination === 'lost',
      carryIfNeeded: () => (this.grants.needsCarry ? this.carry() : Promise.resolve()),
      send: () =>
        this.scripts.heartbeat({
          stationId: this.stationId,
          holdMs: t.holdMs,
          silentMs: t.silentMs,
        }),
      stationsSeen: (stations) => {
        if (stations === this.stations) return;
        this.stations = stations;
        this.publish();
      },
      lose: () => this.lose(),
    });
    void this.connected.then(() => this.heartbeat.beat());
  }

  /** The client's budget interface: a 429 the client met. */
  rateLimited(retryAfterSeconds: number): void {
    void this.noteRateLimited(retryAfterSeconds);
  }

  figures(): BudgetFigures {
    const now = this.clock.now();
    const lost = this.coordination === 'lost';
    const effectiveLimit = lost ? this.share() : this.capInForce;
    const used = lost ? this.grants.count() : this.used;
    const pausedUntil = this.localPauseUntil > now ? this.localPauseUntil : null;
    return {
      limit: this.limit,
      effectiveLimit,
      used,
      remaining: Math.max(0, effectiveLimit - used),
      queued: {
        interactive: this.waiters.count('interactive'),
        submission: this.waiters.count('submission'),
        background: this.waiters.count('background'),
      },
      pausedUntil,
      rateLimitedTotal: this.rateLimitedTotal,
    };
  }

  dispose(reason?: unknown): Promise<void> {
    return this.close(reason);
  }

  /** This station's grants of the last window, carried into the budget that replaces this one. */
  recentSlots(): CarriedSlot[] {
    return this.grants.slots();
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
      if (this.waiters.head() || this.clock.now() - this.lastAcquire < this.windowMs)
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
      this.waiters.add(lane, resolve, reject, signal, this.tuning.newId());
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
      const { lowered } = await this.scripts.pause({
        ms,
        cap: this.tuning.cap,
        windowMs: this.windowMs,
        ceilingStep: this.tuning.ceilingStep,
        floor: Math.max(1, Math.ceil(this.limit / 10)),
      });
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
    this.heartbeat.stop();
    this.waiters.rejectAll(reason);
    this.kick();
    // Leaving cleanly: no one keeps this station's share free for it.
    if (this.coordination === 'shared')
      await this.scripts.leave(this.stationId).catch(() => undefined);
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
    return Math.max(this.tuning.pollMs, Math.round(this.tuning.heartbeatMs / 2));
  }

  /** Never the whole limit: the station's part of the cap among the stations last seen. */
  private share(): number {
    return localShare({
      cap: this.tuning.cap,
      capInForce: this.capInForce,
      lostCut: this.lostCut,
      stations: this.stations,
    });
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
      if (!this.closed && this.waiters.head()) this.pump();
    });
  }

  private async loop(): Promise<void> {
    await this.connected;
    while (!this.closed) {
      const waiter = this.waiters.head();
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
      if (this.grants.needsCarry) await this.carry();
      // Submission and background both count as background in Redis.
      const waiting = this.waiters.waitingLike(waiter.lane);
      const t = this.tuning;
      const reply = await this.scripts.grant({
        lane: waiter.lane === 'interactive' ? 'interactive' : 'background',
        stationId: this.stationId,
        grantId: waiter.id,
        cap: t.cap,
        windowMs: t.windowMs,
        waitTtlMs: t.waitTtlMs,
        knownBoot: this.knownBoot,
        bootCandidate: this.bootCandidate,
        settleMs: t.settleMs,
        reserve: t.reserve,
        more: waiting > 1,
        pollMs: t.pollMs,
        silentMs: t.silentMs,
        holdMs: t.holdMs,
        ceilingStep: t.ceilingStep,
      });
      this.heartbeat.contact();
      this.offset.note(reply.serverMs, this.clock.now());
      this.stations = reply.stations;
      this.capInForce = reply.cap;
      if (reply.used >= 0) this.used = reply.used;
      this.rejoin();
      if (reply.verdict === 'resync') {
        // The server is not the one this station knew (it came back empty): re-add this
        // station's recent grants before asking again.
        this.knownBoot = reply.boot;
        this.grants.needsCarry = true;
        return this.attempt(waiter);
      }
      if (reply.verdict === 'granted') {
        this.grant(waiter, 'shared', reply.serverMs);
        return 0;
      }
      return Math.max(1, reply.waitMs);
    } catch {
      if (this.closed) return this.tuning.pollMs;
      this.lose();
      return this.attemptLocal(waiter);
    }
  }

  /** On the local share (see localWait): 0 when granted, else how long to wait. */
  private attemptLocal(waiter: Waiter): number {
    const now = this.clock.now();
    // One slot of the share stays free for an operator's scan.
    const share = waiter.lane === 'interactive' ? this.share() : Math.max(1, this.share() - 1);
    const wait = localWait({
      now,
      recent: this.grants.inWindow(now),
      share,
      windowMs: this.windowMs,
      lostAt: this.lostAt,
      before: this.heldAtLoss,
      lostCut: this.lostCut,
      margin: this.tuning.margin,
      stations: this.stations,
      nextProbeAt: this.nextProbeAt,
    });
    if (wait > 0) return wait;
    this.grant(waiter, 'local', now + this.offset.ms);
    // Re-added to the shared window at the next carry (set here, not only on the loss: a carry
    // in flight right now would not include it).
    this.grants.needsCarry = true;
    return 0;
  }

  private grant(waiter: Waiter, mode: 'shared' | 'local', serverMs: number): void {
    // Aborted while Redis answered: the slot is spent (counted in Redis) and simply unused.
    if (!this.waiters.take(waiter)) return;
    const entry: Recent = {
      id: waiter.id,
      lane: waiter.lane,
      at: this.clock.now(),
      answered: false,
    };
    this.grants.add(entry);
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
      this.grants.needsCarry = true;
      return;
    }
    this.scripts.release(entry.id, this.windowMs).catch(() => undefined);
  }

  private carry(): Promise<void> {
    return this.grants.carry(this.scripts);
  }

  private lose(): void {
    this.nextProbeAt = this.clock.now() + this.probeMs();
    this.grants.needsCarry = true;
    if (this.coordination === 'lost') return;
    this.coordination = 'lost';
    this.lostAt = this.clock.now();
    this.grantsAtLoss = this.grants.count();
    this.heldAtLoss = null;
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
