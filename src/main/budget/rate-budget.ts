import type { Clock } from '../platform/clock.ts';
import { Waiters } from './waiters.ts';

export type Lane = 'interactive' | 'submission' | 'background';
export const LANES: readonly Lane[] = ['interactive', 'submission', 'background'];

export interface BudgetOptions {
  clock: Clock;
  /** Requests the company may send per window (the API says 100 per minute). */
  limit?: number;
  windowMs?: number;
  /**
   * Extra time each slot stays counted after its answer arrived. Aging from the answer already
   * covers any latency (the server counted the request before it answered), so this only absorbs
   * timestamp rounding between the two clocks; every millisecond costs throughput.
   */
  marginMs?: number;
  /** A slot whose request never reports back is counted as finished after this long. */
  inFlightTimeoutMs?: number;
  /** Slots submissions and background work leave free for interactive requests. */
  interactiveReserve?: number;
  /** Further slots background work leaves free for submissions. */
  backgroundReserve?: number;
  /**
   * Lowest the local limit may shrink to after 429s. One slot: forty stations on a key of 100
   * have two or three each, and a higher floor would keep them above the key for good.
   */
  minLimit?: number;
  /**
   * Factor applied to the local limit on a 429 that says nothing about the station's share: its
   * last window held a burst (who won the race was luck), no accepted answer, or all the station
   * had to send (it measured its own demand). Halving, because every station starts at the whole
   * limit and ten of them must get near a tenth within a round or two; the next 429, from paced
   * requests, measures the share itself.
   */
  decrease?: number;
  /** Slots regained per window without a 429, while the station never measured its share. */
  increaseStep?: number;
  /**
   * Windows without any 429 after which a station at its measured share takes it that others
   * stopped sending, and doubles its limit each further quiet window to win the key back. Every
   * station on a still-full key pays one 429 for each such probe, so not too often.
   */
  calmWindows?: number;
  /**
   * Requests the station may have in flight while it bursts (paced requests are not held back).
   * A window that runs full answers 429 to everything on its way: one at a time, a station learns
   * it shares the key from one 429, not from as many as its concurrency. The burst still goes as
   * fast as the answers come back.
   */
  burstConcurrency?: number;
  /**
   * Once the window is more than `burstFraction` full, spread submissions and background work
   * evenly (one per window ÷ limit) instead of in bursts, so slots free up continuously and an
   * interactive request never waits more than about one slot. Below that, small batches go at once.
   * A slot that ages out while the whole share is in use is refilled at once, without pacing.
   */
  pace?: boolean;
  burstFraction?: number;
  /**
   * Slots the budget this one replaces still counts (local times they count from): the station
   * left the warehouse's Redis, and what it sent through it in the last window still counts at
   * the service.
   */
  carried?: { at: number }[];
}

export interface BudgetFigures {
  limit: number;
  effectiveLimit: number;
  used: number;
  remaining: number;
  queued: Record<Lane, number>;
  pausedUntil: number | null;
  rateLimitedTotal: number;
}

/** Call when the answer (or failure) of the request arrived; its slot ages from then. */
export type ReleaseSlot = () => void;

interface Grant {
  grantedAt: number;
  /** When the answer arrived; Infinity while the request is in flight. */
  doneAt: number;
}

/**
 * The company's request budget, shared by everything that talks to the API with one key:
 * a sliding window of granted slots, three priority lanes, a full stop on 429 for Retry-After,
 * and a local limit that adapts because other stations may share the key without knowing of it.
 *
 * A 429 means the server's window was full, so the station's own answers in the last window are
 * its share of the key: the others hold the rest. Stopping at that share (plus the interactive
 * reserve) puts all stations together right at the key's limit after one 429 each, where a fixed
 * factor would take many rounds, each costing every station a 429, and additive growth would run
 * the key full again every window. The station stays at its share until a few quiet windows
 * suggest the others have stopped.
 *
 * A slot counts from the moment it is granted until one window after its answer arrived. The
 * server counted the request at some instant in between, so its window has always slid past the
 * request when ours has: no latency spread can make the station cause a 429.
 */
export class CompanyBudget {
  readonly limit: number;
  readonly windowMs: number;
  private readonly clock: Clock;
  private readonly marginMs: number;
  private readonly interactiveReserve: number;
  private readonly backgroundReserve: number;
  private readonly minLimit: number;
  private readonly decrease: number;
  private readonly increaseStep: number;
  private readonly calmWindows: number;
  private readonly burstConcurrency: number;
  private effective: number;
  private lastAdjust: number;
  /**
   * The local limit that holds what the station got in a window the server ran full (its answers
   * that were not 429, plus the interactive reserve); null until a 429 measured it.
   */
  private measuredShare: number | null = null;
  /** Windows since the last 429 (counted as the limit is adjusted). */
  private quietWindows = 0;
  /** When each 429 of the last window arrived: those answers are not part of the share. */
  private rateLimitedAt: number[] = [];
  /** The last grant made in a burst, unpaced: a window holding one measures luck, not share. */
  private lastBurstAt = -Infinity;
  private grants: Grant[] = [];
  private readonly inFlightTimeoutMs: number;
  /** What waits for a slot, by lane; an abort takes a waiter out and republishes the figures. */
  private readonly waiters = new Waiters(() => this.publish());
  private pausedUntil = 0;
  private rateLimitedTotal = 0;
  private readonly pace: boolean;
  private readonly burstFraction: number;
  /** Earliest time of the next paced grant; may lag `now` by half a spacing to catch up on timer delays. */
  private pacedCursor = -Infinity;
  private timer: unknown = null;
  private timerAt = Infinity;
  private readonly listeners = new Set<(figures: BudgetFigures) => void>();

  constructor(options: BudgetOptions) {
    this.clock = options.clock;
    this.limit = options.limit ?? 100;
    this.windowMs = options.windowMs ?? 60_000;
    this.marginMs = options.marginMs ?? 5;
    this.inFlightTimeoutMs = options.inFlightTimeoutMs ?? 120_000;
    this.interactiveReserve = options.interactiveReserve ?? 1;
    this.backgroundReserve = options.backgroundReserve ?? 1;
    this.minLimit = Math.max(1, options.minLimit ?? 1);
    this.decrease = options.decrease ?? 0.5;
    this.increaseStep = options.increaseStep ?? Math.max(1, Math.ceil(this.limit / 20));
    this.calmWindows = options.calmWindows ?? 6;
    this.burstConcurrency = Math.max(1, options.burstConcurrency ?? 1);
    this.pace = options.pace ?? true;
    this.burstFraction = options.burstFraction ?? 0.5;
    this.effective = this.limit;
    this.lastAdjust = this.clock.now();
    for (const { at } of options.carried ?? []) this.grants.push({ grantedAt: at, doneAt: at });
  }

  /** When each slot still counted began counting (a request in flight: from now, at the least). */
  recentSlots(): { at: number }[] {
    const now = this.clock.now();
    return this.grants
      .map((g) => (g.doneAt === Infinity ? now : g.doneAt))
      .filter((at) => at > now - this.windowMs)
      .map((at) => ({ at }));
  }

  /** Resolves when the request may be sent, with the function to call when its answer arrives. */
  acquire(lane: Lane, signal?: AbortSignal): Promise<ReleaseSlot> {
    if (signal?.aborted) return Promise.reject(signal.reason);
    return new Promise<ReleaseSlot>((resolve, reject) => {
      this.waiters.add(lane, resolve, reject, signal);
      this.pump();
    });
  }

  /** A 429 from the server: hold everything back and shrink the local limit to the share. */
  rateLimited(retryAfterSeconds: number): void {
    const now = this.clock.now();
    this.rateLimitedTotal += 1;
    const windowStart = now - this.windowMs;
    this.rateLimitedAt = this.rateLimitedAt.filter((at) => at > windowStart);
    this.rateLimitedAt.push(now);
    // The answers of one burst arrive together: shrink once per pause, not once per answer.
    const alreadyPaused = now < this.pausedUntil;
    this.pausedUntil = Math.max(this.pausedUntil, now + Math.max(1, retryAfterSeconds) * 1000);
    if (!alreadyPaused) this.shrink(now);
    // Recovery counts clean windows from the end of the pause, not from the 429.
    this.lastAdjust = this.pausedUntil;
    this.pump();
  }

  /**
   * The server's window was full when it answered 429, so what the station itself got accepted in
   * the last window is its share of the key. That holds only when the station paced that window
   * (in a burst, who won the race was luck) and wanted more than it got (a station with little to
   * send measures its own demand, not the others').
   */
  private shrink(now: number): void {
    const windowStart = now - this.windowMs;
    const answered = this.grants.filter((g) => g.doneAt !== Infinity && g.doneAt > windowStart);
    const held = answered.length - this.rateLimitedAt.length;
    const wantedMore =
      this.waiters.head() !== undefined || this.grants.length >= this.capFor('submission');
    this.quietWindows = 0;
    if (held > 0 && this.lastBurstAt <= windowStart && wantedMore) {
      this.measuredShare = Math.min(
        this.limit,
        Math.max(this.minLimit, held + this.interactiveReserve),
      );
      this.effective = Math.min(this.effective, this.measuredShare);
    } else {
      this.effective = Math.max(this.minLimit, Math.floor(this.effective * this.decrease));
    }
  }

  figures(): BudgetFigures {
    const now = this.clock.now();
    this.recover(now);
    const used = this.grants.filter((g) => g.doneAt > now - this.windowMs).length;
    return {
      limit: this.limit,
      effectiveLimit: this.effective,
      used,
      remaining: Math.max(0, this.effective - used),
      queued: {
        interactive: this.waiters.count('interactive'),
        submission: this.waiters.count('submission'),
        background: this.waiters.count('background'),
      },
      pausedUntil: this.pausedUntil > now ? this.pausedUntil : null,
      rateLimitedTotal: this.rateLimitedTotal,
    };
  }

  subscribe(listener: (figures: BudgetFigures) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Rejects everything still waiting (the core is shutting down). */
  dispose(reason: unknown = new Error('budget disposed')): void {
    if (this.timer !== null) this.clock.clearTimeout(this.timer);
    this.timer = null;
    this.waiters.rejectAll(reason);
  }

  private spacing(): number {
    return Math.floor(this.windowMs / this.effective);
  }

  /**
   * Within a window after a 429 pause ended (or while it lasts). Every station on the key resumes
   * at the same instant: paced from the first request, they interleave instead of bursting into
   * the next 429.
   */
  private settling(): boolean {
    return this.rateLimitedTotal > 0 && this.clock.now() < this.pausedUntil + this.windowMs;
  }

  /**
   * Bursts are measured against the share the station last measured, not against a limit it
   * doubled to after quiet windows: growing above the share goes paced, so when the others are
   * still there the probe costs one 429, not a burst of them.
   */
  private crowded(): boolean {
    const base = Math.min(this.effective, this.measuredShare ?? this.effective);
    return this.settling() || this.grants.length >= base * this.burstFraction;
  }

  private nextPacedAt(): number {
    return this.pace && this.crowded() ? this.pacedCursor : -Infinity;
  }

  /**
   * The next grant waits for a timer instead of coming from inside release(): the client releases
   * a slot as soon as its answer arrives and reports a 429 only after, so granting here would send
   * the next request straight into the full window that answer just announced.
   */
  private release(grant: Grant): void {
    if (grant.doneAt !== Infinity) return;
    grant.doneAt = this.clock.now();
    this.schedule(grant.doneAt);
  }

  private capFor(lane: Lane): number {
    if (lane === 'interactive') return this.effective;
    const submissionCap = Math.max(1, this.effective - this.interactiveReserve);
    return lane === 'submission'
      ? submissionCap
      : Math.max(1, submissionCap - this.backgroundReserve);
  }

  private pump(): void {
    const now = this.clock.now();
    const horizon = this.windowMs + this.marginMs;
    for (const grant of this.grants) {
      if (grant.doneAt === Infinity && now - grant.grantedAt >= this.inFlightTimeoutMs) {
        grant.doneAt = grant.grantedAt + this.inFlightTimeoutMs;
      }
    }
    const wasFull = this.grants.length >= this.capFor('submission');
    // Same expression as the timer below, so float rounding cannot make the two disagree.
    const live = this.grants.filter((g) => g.doneAt + horizon > now);
    // A station using its whole share replaces each slot as it ages out, at once: its pattern
    // (already paced when the share was first filled) stays as it is. Holding a refill back for
    // the pacing cursor would leave a slot the server just freed unused, which on a shared key
    // is most of what the stations together lose.
    let refills = wasFull ? this.grants.length - live.length : 0;
    this.grants = live;
    this.recover(now);
    let changed = false;
    if (now >= this.pausedUntil) {
      for (const lane of LANES) {
        while (this.waiters.count(lane) > 0 && this.grants.length < this.capFor(lane)) {
          const bursting = lane !== 'interactive' && !this.crowded();
          if (bursting && this.inFlight() >= this.burstConcurrency) break;
          if (bursting) this.lastBurstAt = now;
          if (lane !== 'interactive' && now < this.nextPacedAt()) {
            if (refills === 0) break;
            refills -= 1;
          } else if (lane !== 'interactive') {
            this.pacedCursor = this.crowded()
              ? Math.max(this.pacedCursor, now - this.spacing() / 2) + this.spacing()
              : now + this.spacing();
          }
          const waiter = this.waiters.first(lane);
          if (!waiter) break;
          this.waiters.take(waiter);
          const grant: Grant = { grantedAt: now, doneAt: Infinity };
          this.grants.push(grant);
          waiter.resolve(() => this.release(grant));
          changed = true;
        }
      }
    }
    const waiting = this.waiters.head() !== undefined;
    if (waiting) {
      const finished = this.grants
        .filter((g) => g.doneAt !== Infinity)
        .map((g) => g.doneAt + horizon);
      const lost = this.grants
        .filter((g) => g.doneAt === Infinity)
        .map((g) => g.grantedAt + this.inFlightTimeoutMs);
      // With every slot in flight, the next release() pumps; the timer only guards lost slots.
      const nextFree =
        now < this.pausedUntil ? this.pausedUntil : Math.min(...finished, ...lost, now + horizon);
      const recovery = this.effective < this.limit ? this.lastAdjust + this.windowMs : Infinity;
      const paced = this.waiters.waitingLike('background') > 0 ? this.nextPacedAt() : Infinity;
      this.schedule(Math.min(Math.max(nextFree, now), recovery, paced > now ? paced : Infinity));
    }
    if (changed || waiting) this.publish();
  }

  private inFlight(): number {
    return this.grants.filter((g) => g.doneAt === Infinity).length;
  }

  /** Once per window without a 429 (counted from the end of the last pause), the limit grows. */
  private recover(now: number): void {
    // The same sum as the timer's, so float rounding cannot leave the timer firing for nothing.
    while (this.effective < this.limit && now >= this.lastAdjust + this.windowMs) {
      this.effective = Math.min(this.limit, this.effective + this.growth());
      this.quietWindows += 1;
      this.lastAdjust += this.windowMs;
    }
  }

  private growth(): number {
    if (this.measuredShare === null) return this.increaseStep;
    // Below the measured share (halved by a 429 that measured nothing): back to it within a few
    // windows, since the key held that much for this station before.
    const below = this.measuredShare - this.effective;
    if (below > 0) return Math.max(1, Math.ceil(below / 2));
    // At the share, growing costs every station on a full key a 429 and a pause, so stay; only
    // after `calmWindows` quiet windows take it that others stopped, and double to win the key back.
    return this.quietWindows >= this.calmWindows ? this.effective : 0;
  }

  private schedule(at: number): void {
    if (this.timer !== null && this.timerAt <= at) return;
    if (this.timer !== null) this.clock.clearTimeout(this.timer);
    this.timerAt = at;
    this.timer = this.clock.setTimeout(
      () => {
        this.timer = null;
        this.timerAt = Infinity;
        this.pump();
      },
      Math.max(0, at - this.clock.now()),
    );
  }

  private publish(): void {
    if (this.listeners.size === 0) return;
    const figures = this.figures();
    for (const listener of this.listeners) listener(figures);
  }
}
