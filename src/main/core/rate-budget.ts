import type { Clock } from './clock.ts';

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
  /** Lowest the local limit may shrink to after 429s. */
  minLimit?: number;
  /**
   * Factor applied to the local limit on a 429 (multiplicative decrease). Gentle, because a
   * station using its whole share keeps refilling it at once: a deep cut would leave the server's
   * slots idle for windows while the stations on the key grow back.
   */
  decrease?: number;
  /** Slots regained per window without a 429 (additive increase). */
  increaseStep?: number;
  /**
   * Once the window is more than `burstFraction` full, spread submissions and background work
   * evenly (one per window ÷ limit) instead of in bursts, so slots free up continuously and an
   * interactive request never waits more than about one slot. Below that, small batches go at once.
   * A slot that ages out while the whole share is in use is refilled at once, without pacing.
   */
  pace?: boolean;
  burstFraction?: number;
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

interface Waiter {
  resolve: (release: ReleaseSlot) => void;
  reject: (reason: unknown) => void;
  signal: AbortSignal | undefined;
  onAbort: () => void;
}

/**
 * The company's request budget, shared by everything that talks to the API with one key:
 * a sliding window of granted slots, three priority lanes, a full stop on 429 for Retry-After,
 * and AIMD on the local limit because other stations may share the key.
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
  private effective: number;
  private lastAdjust: number;
  private grants: Grant[] = [];
  private readonly inFlightTimeoutMs: number;
  private readonly queues: Record<Lane, Waiter[]> = {
    interactive: [],
    submission: [],
    background: [],
  };
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
    this.minLimit = Math.max(1, options.minLimit ?? Math.ceil(this.limit / 10));
    this.decrease = options.decrease ?? 0.95;
    this.increaseStep = options.increaseStep ?? Math.max(1, Math.ceil(this.limit / 20));
    this.pace = options.pace ?? true;
    this.burstFraction = options.burstFraction ?? 0.5;
    this.effective = this.limit;
    this.lastAdjust = this.clock.now();
  }

  /** Resolves when the request may be sent, with the function to call when its answer arrives. */
  acquire(lane: Lane, signal?: AbortSignal): Promise<ReleaseSlot> {
    if (signal?.aborted) return Promise.reject(signal.reason);
    return new Promise<ReleaseSlot>((resolve, reject) => {
      const waiter: Waiter = {
        resolve,
        reject,
        signal,
        onAbort: () => {
          this.queues[lane] = this.queues[lane].filter((w) => w !== waiter);
          reject(signal?.reason);
          this.publish();
        },
      };
      signal?.addEventListener('abort', waiter.onAbort, { once: true });
      this.queues[lane].push(waiter);
      this.pump();
    });
  }

  /** A 429 from the server: hold everything back and shrink the local limit. */
  rateLimited(retryAfterSeconds: number): void {
    const now = this.clock.now();
    this.rateLimitedTotal += 1;
    // The answers of one burst arrive together: shrink once per pause, not once per answer.
    const alreadyPaused = now < this.pausedUntil;
    this.pausedUntil = Math.max(this.pausedUntil, now + Math.max(1, retryAfterSeconds) * 1000);
    if (!alreadyPaused)
      this.effective = Math.max(this.minLimit, Math.floor(this.effective * this.decrease));
    // Recovery counts clean windows from the end of the pause, not from the 429.
    this.lastAdjust = this.pausedUntil;
    this.pump();
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
        interactive: this.queues.interactive.length,
        submission: this.queues.submission.length,
        background: this.queues.background.length,
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
    for (const lane of LANES) {
      for (const waiter of this.queues[lane]) {
        waiter.signal?.removeEventListener('abort', waiter.onAbort);
        waiter.reject(reason);
      }
      this.queues[lane] = [];
    }
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

  private crowded(): boolean {
    return this.settling() || this.grants.length >= this.effective * this.burstFraction;
  }

  private nextPacedAt(): number {
    return this.pace && this.crowded() ? this.pacedCursor : -Infinity;
  }

  private release(grant: Grant): void {
    if (grant.doneAt !== Infinity) return;
    grant.doneAt = this.clock.now();
    this.pump();
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
        const queue = this.queues[lane];
        while (queue.length > 0 && this.grants.length < this.capFor(lane)) {
          if (lane !== 'interactive' && now < this.nextPacedAt()) {
            if (refills === 0) break;
            refills -= 1;
          } else if (lane !== 'interactive') {
            this.pacedCursor = this.crowded()
              ? Math.max(this.pacedCursor, now - this.spacing() / 2) + this.spacing()
              : now + this.spacing();
          }
          const waiter = queue.shift() as Waiter;
          waiter.signal?.removeEventListener('abort', waiter.onAbort);
          const grant: Grant = { grantedAt: now, doneAt: Infinity };
          this.grants.push(grant);
          waiter.resolve(() => this.release(grant));
          changed = true;
        }
      }
    }
    const waiting = LANES.some((lane) => this.queues[lane].length > 0);
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
      const paced =
        this.queues.submission.length + this.queues.background.length > 0
          ? this.nextPacedAt()
          : Infinity;
      this.schedule(Math.min(Math.max(nextFree, now), recovery, paced > now ? paced : Infinity));
    }
    if (changed || waiting) this.publish();
  }

  private recover(now: number): void {
    while (this.effective < this.limit && now - this.lastAdjust >= this.windowMs) {
      this.effective = Math.min(this.limit, this.effective + this.increaseStep);
      this.lastAdjust += this.windowMs;
    }
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
