// Stations sharing one key, in simulated time: the real CompanyBudget of each station against the
// sandbox's own sliding-window limiter, on a fake clock. A run of ten windows takes well under a
// second, so the bench can show the spread over many runs next to its one real-time run.
import { type BudgetOptions, CompanyBudget } from '../src/main/budget/rate-budget.ts';
import { SlidingWindowLimiter } from '../src/sandbox/rate-limiter.ts';
import { FakeClock } from '../test/support/fake-clock.ts';

export interface SimulationOptions {
  stations: number;
  submissions: number;
  limit: number;
  windowMs: number;
  seed: number;
  /** Requests each station keeps in flight, like the outbox's concurrency. */
  concurrency?: number;
  /**
   * Submissions of each station, instead of `submissions` shared out evenly: unequal work shows
   * how fast the stations still busy take over what a finished one left.
   */
  perStation?: number[];
  /** Extra delay before each station starts, in milliseconds: a station joining a busy key. */
  startDelays?: number[];
  /** Budget options to try instead of the defaults (limit and window come from above). */
  budget?: Partial<Omit<BudgetOptions, 'clock' | 'limit' | 'windowMs'>>;
}

export interface SimulationResult {
  /** When each accepted answer arrived, in simulated milliseconds. */
  accepted: number[];
  rateLimited: number;
  /** When each 429 answer arrived, in simulated milliseconds. */
  rateLimitedAt: number[];
  delivered: number;
  /** Accepted requests of each station, in station order. */
  deliveredPerStation: number[];
  /** 429s each station received, in station order. */
  rateLimitedPerStation: number[];
  /** When each station's last submission was accepted, in simulated milliseconds. */
  finishedAtPerStation: number[];
  /** Each station's effective limit at the end of each window of the run: [window][station]. */
  effectiveLimits: number[][];
}

/** Deterministic pseudo-random numbers in [0, 1): the same seed gives the same run. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1_664_525) + 1_013_904_223) >>> 0;
    return state / 2 ** 32;
  };
}

export async function simulateSharedKey(options: SimulationOptions): Promise<SimulationResult> {
  const { stations, submissions, limit, windowMs } = options;
  const rand = random(options.seed);
  const clock = new FakeClock(0);
  const server = new SlidingWindowLimiter({ limit, windowMs, now: () => clock.now() });
  const after = (ms: number) => new Promise<void>((resolve) => clock.setTimeout(resolve, ms));
  // One way of a request: a few milliseconds, and one in twenty much slower.
  const latency = () => 2 + rand() * 8 + (rand() < 0.05 ? 40 : 0);
  const result: SimulationResult = {
    accepted: [],
    rateLimited: 0,
    rateLimitedAt: [],
    delivered: 0,
    deliveredPerStation: new Array<number>(stations).fill(0),
    rateLimitedPerStation: new Array<number>(stations).fill(0),
    finishedAtPerStation: new Array<number>(stations).fill(0),
    effectiveLimits: [],
  };

  const budgets = Array.from(
    { length: stations },
    () => new CompanyBudget({ ...options.budget, clock, limit, windowMs }),
  );
  const drains = budgets.map(async (budget, station) => {
    let left = options.perStation?.[station] ?? Math.ceil(submissions / stations);
    const worker = async () => {
      while (left > 0) {
        left -= 1;
        for (;;) {
          const release = await budget.acquire('submission');
          await after(latency());
          const decision = server.take('company');
          await after(latency());
          release();
          if (decision.allowed) {
            result.accepted.push(clock.now());
            result.delivered += 1;
            result.deliveredPerStation[station] = (result.deliveredPerStation[station] ?? 0) + 1;
            result.finishedAtPerStation[station] = clock.now();
            break;
          }
          result.rateLimited += 1;
          result.rateLimitedAt.push(clock.now());
          result.rateLimitedPerStation[station] = (result.rateLimitedPerStation[station] ?? 0) + 1;
          budget.rateLimited(decision.retryAfterSeconds);
        }
      }
    };
    // Stations are started by people: not in the same millisecond.
    await after(rand() * 50 + (options.startDelays?.[station] ?? 0));
    await Promise.all(Array.from({ length: options.concurrency ?? 8 }, worker));
  });

  let finished = false;
  void Promise.all(drains).then(() => (finished = true));
  for (let steps = 0; !finished; steps += 1) {
    if (steps > 1_000_000) throw new Error('simulation did not finish');
    await clock.advance(100);
    if (clock.now() % windowMs < 100)
      result.effectiveLimits.push(budgets.map((budget) => budget.figures().effectiveLimit));
  }
  for (const budget of budgets) budget.dispose();
  return result;
}
