import type { Lane, ReleaseSlot } from './rate-budget.ts';

/** A request waiting for a slot at this station. */
export interface Waiter {
  lane: Lane;
  /** The grant's id, in Redis and in the station's own record ('' where grants have none). */
  id: string;
  resolve: (release: ReleaseSlot) => void;
  reject: (reason: unknown) => void;
  signal: AbortSignal | undefined;
  onAbort: () => void;
}

const LANE_ORDER: readonly Lane[] = ['interactive', 'submission', 'background'];

/**
 * The requests waiting for a slot, one queue per lane: interactive first, then submission, then
 * background. The one queue of both budgets: the station's own (CompanyBudget) grants from the
 * lanes in this order, the shared one (SharedBudget) lets only the head ask Redis.
 */
export class Waiters {
  private readonly queues: Record<Lane, Waiter[]> = {
    interactive: [],
    submission: [],
    background: [],
  };

  /** Told when a waiter left by its signal's abort (the budget's figures changed). */
  private readonly onLeave: () => void;

  constructor(onLeave: () => void = () => undefined) {
    this.onLeave = onLeave;
  }

  /**
   * Queues a request; it leaves the queue by itself when its signal aborts. `id` names the grant
   * where grants have ids (in Redis); the station's own budget has none.
   */
  add(
    lane: Lane,
    resolve: (release: ReleaseSlot) => void,
    reject: (reason: unknown) => void,
    signal: AbortSignal | undefined,
    id = '',
  ): void {
    const waiter: Waiter = {
      lane,
      id,
      resolve,
      reject,
      signal,
      onAbort: () => {
        this.queues[lane] = this.queues[lane].filter((w) => w !== waiter);
        reject(signal?.reason);
        this.onLeave();
      },
    };
    signal?.addEventListener('abort', waiter.onAbort, { once: true });
    this.queues[lane].push(waiter);
  }

  /** The first waiter of the first lane that has one. */
  head(): Waiter | undefined {
    for (const lane of LANE_ORDER) {
      const waiter = this.first(lane);
      if (waiter) return waiter;
    }
    return undefined;
  }

  /** The longest-waiting request of `lane`. */
  first(lane: Lane): Waiter | undefined {
    return this.queues[lane][0];
  }

  /** Takes the waiter out to be granted; false when it left meanwhile (aborted). */
  take(waiter: Waiter): boolean {
    const queue = this.queues[waiter.lane];
    const index = queue.indexOf(waiter);
    if (index < 0) return false;
    queue.splice(index, 1);
    waiter.signal?.removeEventListener('abort', waiter.onAbort);
    return true;
  }

  count(lane: Lane): number {
    return this.queues[lane].length;
  }

  /** Waiting in Redis's sense: interactive, or background (submission and background). */
  waitingLike(lane: Lane): number {
    return lane === 'interactive'
      ? this.queues.interactive.length
      : this.queues.submission.length + this.queues.background.length;
  }

  rejectAll(reason: unknown): void {
    for (const lane of LANE_ORDER) {
      for (const waiter of this.queues[lane]) {
        waiter.signal?.removeEventListener('abort', waiter.onAbort);
        waiter.reject(reason);
      }
      this.queues[lane] = [];
    }
  }
}
