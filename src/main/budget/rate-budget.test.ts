import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FakeClock } from '@test/support/fake-clock.ts';
import { CompanyBudget, LANES, type Lane, type ReleaseSlot } from './rate-budget.ts';

interface Grant {
  lane: Lane;
  requestedAt: number;
  grantedAt: number;
  /** Event order, for events that share a timestamp. */
  requestSeq: number;
  grantSeq: number;
}

function harness(options: Partial<ConstructorParameters<typeof CompanyBudget>[0]> = {}) {
  const clock = new FakeClock(0);
  const budget = new CompanyBudget({ clock, limit: 10, windowMs: 1_000, marginMs: 0, ...options });
  const grants: Grant[] = [];
  let seq = 0;
  const request = (lane: Lane, signal?: AbortSignal) => {
    const requestedAt = clock.now();
    const requestSeq = (seq += 1);
    const pending = budget.acquire(lane, signal).then((release) => {
      grants.push({ lane, requestedAt, grantedAt: clock.now(), requestSeq, grantSeq: (seq += 1) });
      release();
    });
    pending.catch(() => undefined);
    return pending;
  };
  return { clock, budget, grants, request };
}

/** The harness's budget (10 per second) with no slots kept back, so every lane sees all of it. */
const noHeadroom = { interactiveReserve: 0, backgroundReserve: 0 };

const maxInAnyWindow = (times: number[], windowMs: number) =>
  Math.max(0, ...times.map((t) => times.filter((u) => u >= t && u < t + windowMs).length));

describe('CompanyBudget', () => {
  it('grants up to the limit at once and the rest as the window slides', async () => {
    const { clock, grants, request } = harness({ ...noHeadroom, pace: false });
    for (let i = 0; i < 25; i += 1) void request('submission');
    await clock.advance(0);
    expect(grants).toHaveLength(10);
    await clock.advance(999);
    expect(grants).toHaveLength(10);
    await clock.advance(1);
    expect(grants).toHaveLength(20);
    await clock.advance(1_000);
    expect(grants).toHaveLength(25);
  });

  it('keeps headroom: submissions leave one slot, background one more, interactive gets it at once', async () => {
    const { clock, grants, request } = harness({ pace: false });
    for (let i = 0; i < 20; i += 1) void request('background');
    await clock.advance(0);
    expect(grants).toHaveLength(8);
    for (let i = 0; i < 20; i += 1) void request('submission');
    await clock.advance(0);
    expect(grants).toHaveLength(9);
    void request('interactive');
    await clock.advance(0);
    expect(grants.at(-1)).toMatchObject({ lane: 'interactive', grantedAt: 0 });
  });

  it('serves a waiting interactive request with the very next free slot', async () => {
    const { clock, grants, request } = harness({ ...noHeadroom, pace: false });
    for (let i = 0; i < 30; i += 1) void request('submission');
    await clock.advance(500);
    void request('interactive');
    await clock.advance(500);
    expect(grants[10]).toMatchObject({ lane: 'interactive', grantedAt: 1_000 });
  });

  it('holds every lane back for Retry-After after a 429 and shrinks, then recovers', async () => {
    const { clock, budget, grants, request } = harness({ decrease: 0.5, increaseStep: 5 });
    budget.rateLimited(3);
    void request('interactive');
    await clock.advance(2_999);
    expect(grants).toHaveLength(0);
    expect(budget.figures()).toMatchObject({
      pausedUntil: 3_000,
      effectiveLimit: 5,
      rateLimitedTotal: 1,
    });
    await clock.advance(1);
    expect(grants).toHaveLength(1);
    await clock.advance(1_000);
    expect(budget.figures().effectiveLimit).toBe(10);
  });

  it('resumes after a 429 pause paced at its reduced share, not in a burst, for one window', async () => {
    const { clock, budget, grants, request } = harness({
      ...noHeadroom,
      decrease: 0.5,
    });
    budget.rateLimited(1);
    for (let i = 0; i < 4; i += 1) void request('submission');
    await clock.advance(1_000);
    expect(grants).toHaveLength(1);
    await clock.advance(300);
    // Five slots left: one per 200 ms; the cursor may run half a step early once, for timer delays.
    expect(grants.map((g) => g.grantedAt)).toEqual([1_000, 1_100, 1_300]);
    // A window after the pause, a small batch goes at once again.
    await clock.advance(1_000);
    for (let i = 0; i < 2; i += 1) void request('submission');
    await clock.advance(0);
    expect(grants.slice(4).map((g) => g.grantedAt)).toEqual([2_300, 2_300]);
  });

  it('refills slots as they age out while the whole share is in use, without waiting for the pace', async () => {
    const { clock, grants, request } = harness(noHeadroom);
    for (let i = 0; i < 20; i += 1) void request('submission');
    await clock.advance(999);
    // Half the window at once, the other half paced.
    expect(grants.map((g) => g.grantedAt)).toEqual([0, 0, 0, 0, 0, 100, 200, 300, 400, 500]);
    await clock.advance(1);
    // The five from t=0 age out together and are replaced together: the server freed five slots.
    expect(grants.filter((g) => g.grantedAt === 1_000)).toHaveLength(5);
  });

  it('paces submissions one per window ÷ limit, so an interactive request waits at most one slot', async () => {
    const { clock, grants, request } = harness({
      ...noHeadroom,
      burstFraction: 0,
    });
    for (let i = 0; i < 40; i += 1) void request('submission');
    await clock.advance(0);
    expect(grants).toHaveLength(1);
    await clock.advance(950);
    const times = grants.map((g) => g.grantedAt);
    expect(times).toHaveLength(10);
    expect(
      Math.min(...times.slice(1).map((t, i) => t - (times[i] as number))),
    ).toBeGreaterThanOrEqual(50);
    await clock.advance(1_310);
    void request('interactive');
    await clock.advance(100);
    const interactive = grants.find((g) => g.lane === 'interactive');
    expect(interactive && interactive.grantedAt - interactive.requestedAt).toBeLessThanOrEqual(100);
  });

  it('lets a small batch go at once while the window is mostly empty, then paces', async () => {
    const { clock, grants, request } = harness(noHeadroom);
    for (let i = 0; i < 8; i += 1) void request('submission');
    await clock.advance(0);
    expect(grants).toHaveLength(5);
    await clock.advance(100);
    expect(grants).toHaveLength(6);
  });

  it('counts a slot until one window after its answer arrived, however long the request took', async () => {
    const clock = new FakeClock(0);
    const budget = new CompanyBudget({
      clock,
      limit: 1,
      windowMs: 1_000,
      marginMs: 0,
      interactiveReserve: 0,
    });
    const release = await budget.acquire('interactive');
    let second = false;
    void budget.acquire('interactive').then(() => (second = true));
    await clock.advance(5_000);
    expect(second).toBe(false);
    release();
    await clock.advance(999);
    expect(second).toBe(false);
    await clock.advance(1);
    expect(second).toBe(true);
  });

  it('frees a slot whose request never reported back, after the in-flight timeout', async () => {
    const clock = new FakeClock(0);
    const budget = new CompanyBudget({
      clock,
      limit: 1,
      windowMs: 1_000,
      marginMs: 0,
      interactiveReserve: 0,
      inFlightTimeoutMs: 10_000,
    });
    await budget.acquire('interactive');
    let second = false;
    void budget.acquire('interactive').then(() => (second = true));
    await clock.advance(10_999);
    expect(second).toBe(false);
    await clock.advance(1);
    expect(second).toBe(true);
  });

  it('shrinks once per pause, however many 429s one burst brings back', async () => {
    const { budget } = harness({ decrease: 0.5 });
    budget.rateLimited(2);
    budget.rateLimited(2);
    budget.rateLimited(3);
    expect(budget.figures()).toMatchObject({
      effectiveLimit: 5,
      rateLimitedTotal: 3,
      pausedUntil: 3_000,
    });
  });

  it('drops a cancelled request from the queue', async () => {
    const { clock, budget, grants, request } = harness({ limit: 1 });
    void request('interactive');
    const controller = new AbortController();
    const cancelled = request('interactive', controller.signal);
    await clock.advance(0);
    expect(budget.figures().queued.interactive).toBe(1);
    const published: number[] = [];
    budget.subscribe((figures) => published.push(figures.queued.interactive));
    controller.abort(new Error('operator left'));
    await expect(cancelled).rejects.toThrow('operator left');
    expect(budget.figures().queued.interactive).toBe(0);
    // The status bar hears of it at once, not at the next grant.
    expect(published).toEqual([0]);
    await clock.advance(5_000);
    expect(grants).toHaveLength(1);
  });

  it('reports used, remaining and queue depth per lane', async () => {
    const { clock, budget, request } = harness({ pace: false });
    for (let i = 0; i < 12; i += 1) void request('submission');
    void request('background');
    await clock.advance(0);
    expect(budget.figures()).toEqual({
      limit: 10,
      effectiveLimit: 10,
      used: 9,
      remaining: 1,
      queued: { interactive: 0, submission: 3, background: 1 },
      pausedUntil: null,
      rateLimitedTotal: 0,
    });
  });
});

describe('CompanyBudget on a key other stations share', () => {
  /** A budget whose grants stay in flight until the test answers them. */
  function held(options: Partial<ConstructorParameters<typeof CompanyBudget>[0]> = {}) {
    const clock = new FakeClock(0);
    const budget = new CompanyBudget({
      clock,
      limit: 10,
      windowMs: 1_000,
      marginMs: 0,
      ...options,
    });
    const releases: ReleaseSlot[] = [];
    const request = () =>
      void budget.acquire('submission').then((release) => releases.push(release));
    return { clock, budget, releases, request };
  }

  it('bursts one request at a time, so a window that runs full answers one 429, not a handful', async () => {
    const { clock, releases, request } = held();
    for (let i = 0; i < 5; i += 1) request();
    await clock.advance(0);
    expect(releases).toHaveLength(1);
    releases[0]?.();
    await clock.advance(0);
    expect(releases).toHaveLength(2);
  });

  it('grants nothing between releasing a slot and hearing that its answer was a 429', async () => {
    const { clock, budget, releases, request } = held();
    request();
    request();
    await clock.advance(0);
    // The client releases the slot when the answer arrives and reports the 429 right after.
    releases[0]?.();
    budget.rateLimited(2);
    await clock.advance(1_999);
    expect(releases).toHaveLength(1);
    await clock.advance(1);
    expect(releases).toHaveLength(2);
  });

  it('shrinks to what it got accepted in a paced window, plus the interactive reserve', async () => {
    // burstFraction 0: paced from the first request, so the window measures the share.
    const { clock, budget, grants, request } = harness({ burstFraction: 0 });
    for (let i = 0; i < 20; i += 1) void request('submission');
    await clock.advance(650);
    const answered = grants.length;
    expect(answered).toBeGreaterThan(3);
    // The last answer was the 429: the others were accepted.
    budget.rateLimited(1);
    expect(budget.figures().effectiveLimit).toBe(answered - 1 + 1);
  });

  it('halves when the 429 ends a burst: who won the race says nothing about the share', async () => {
    const { clock, budget, grants, request } = harness();
    for (let i = 0; i < 3; i += 1) void request('submission');
    await clock.advance(0);
    expect(grants).toHaveLength(3);
    budget.rateLimited(1);
    expect(budget.figures().effectiveLimit).toBe(5);
  });

  it('halves when it had nothing more to send: its answers measured its own demand', async () => {
    const { clock, budget, grants, request } = harness({ burstFraction: 0 });
    for (let i = 0; i < 3; i += 1) void request('submission');
    await clock.advance(500);
    expect(grants).toHaveLength(3);
    budget.rateLimited(1);
    expect(budget.figures().effectiveLimit).toBe(5);
  });

  it('stays at its measured share for six quiet windows, then doubles to win the key back', async () => {
    const { clock, budget, request } = harness({ limit: 20, burstFraction: 0 });
    for (let i = 0; i < 500; i += 1) void request('submission');
    await clock.advance(250);
    budget.rateLimited(1);
    const share = budget.figures().effectiveLimit;
    expect(share).toBeLessThan(10);
    // Windows count from the end of the pause (t = 1 250).
    const limits: number[] = [];
    for (let window = 1; window <= 8; window += 1) {
      await clock.advance(window === 1 ? 2_000 : 1_000);
      limits.push(budget.figures().effectiveLimit);
    }
    expect(limits).toEqual([share, share, share, share, share, share, share * 2, 20]);
  });

  it('climbs back to its measured share within a few windows after a halving, then stays', async () => {
    const { clock, budget, grants, request } = harness({ burstFraction: 0 });
    for (let i = 0; i < 12; i += 1) void request('submission');
    await clock.advance(650);
    budget.rateLimited(1);
    const share = budget.figures().effectiveLimit;
    expect(share).toBe(grants.length);
    expect(budget.figures().queued.submission).toBeGreaterThan(0);
    // Long enough for every queued request to go: the next 429 finds nothing waiting.
    await clock.advance(5_000);
    expect(budget.figures().queued.submission).toBe(0);
    budget.rateLimited(1);
    const halved = budget.figures().effectiveLimit;
    expect(halved).toBe(Math.floor(share / 2));
    const limits: number[] = [];
    for (let window = 1; window <= 5; window += 1) {
      await clock.advance(window === 1 ? 2_000 : 1_000);
      limits.push(budget.figures().effectiveLimit);
    }
    expect(limits[0]).toBeGreaterThan(halved);
    expect(limits.slice(2)).toEqual([share, share, share]);
  });
});

describe('CompanyBudget properties (fast-check, fake clock)', () => {
  type Command =
    | { kind: 'request'; lane: Lane; count: number }
    | { kind: 'wait'; ms: number }
    | { kind: 'limited'; seconds: number };
  const command: fc.Arbitrary<Command> = fc.oneof(
    {
      weight: 5,
      arbitrary: fc.record({
        kind: fc.constant('request' as const),
        lane: fc.constantFrom(...LANES),
        count: fc.integer({ min: 1, max: 15 }),
      }),
    },
    {
      weight: 4,
      arbitrary: fc.record({
        kind: fc.constant('wait' as const),
        ms: fc.integer({ min: 0, max: 1_500 }),
      }),
    },
    {
      weight: 1,
      arbitrary: fc.record({
        kind: fc.constant('limited' as const),
        seconds: fc.integer({ min: 1, max: 3 }),
      }),
    },
  );
  interface BudgetConfig {
    limit: number;
    windowMs: number;
    marginMs: number;
    interactiveReserve: number;
    backgroundReserve: number;
  }
  const config: fc.Arbitrary<BudgetConfig> = fc.record({
    limit: fc.integer({ min: 1, max: 12 }),
    windowMs: fc.integer({ min: 100, max: 2_000 }),
    marginMs: fc.integer({ min: 0, max: 100 }),
    interactiveReserve: fc.integer({ min: 0, max: 2 }),
    backgroundReserve: fc.integer({ min: 0, max: 2 }),
  });

  async function run(options: BudgetConfig, commands: Command[]) {
    const h = harness(options);
    const pauses: { from: number; until: number; grantsBefore: number }[] = [];
    let requested = 0;
    for (const c of commands) {
      if (c.kind === 'request') {
        for (let i = 0; i < c.count; i += 1) void h.request(c.lane);
        requested += c.count;
        await h.clock.advance(0);
      } else if (c.kind === 'wait') {
        await h.clock.advance(c.ms);
      } else {
        const until = h.clock.now() + c.seconds * 1000;
        pauses.push({ from: h.clock.now(), until, grantsBefore: h.grants.length });
        h.budget.rateLimited(c.seconds);
      }
    }
    return { ...h, pauses, requested };
  }

  it('never grants more than the limit in any window', async () => {
    await fc.assert(
      fc.asyncProperty(config, fc.array(command, { maxLength: 40 }), async (options, commands) => {
        const { grants } = await run(options, commands);
        const times = grants.map((g) => g.grantedAt);
        expect(maxInAnyWindow(times, options.windowMs + options.marginMs)).toBeLessThanOrEqual(
          options.limit,
        );
      }),
      { numRuns: 150 },
    );
  });

  it('grants nothing while a 429 pause lasts', async () => {
    await fc.assert(
      fc.asyncProperty(config, fc.array(command, { maxLength: 40 }), async (options, commands) => {
        const { grants, pauses } = await run(options, commands);
        for (const pause of pauses) {
          expect(grants.slice(pause.grantsBefore).filter((g) => g.grantedAt < pause.until)).toEqual(
            [],
          );
        }
      }),
      { numRuns: 150 },
    );
  });

  it('never lets a lower lane overtake a higher lane that was already waiting', async () => {
    await fc.assert(
      fc.asyncProperty(config, fc.array(command, { maxLength: 40 }), async (options, commands) => {
        const { grants } = await run(options, commands);
        const rank = (lane: Lane) => LANES.indexOf(lane);
        for (const low of grants) {
          for (const high of grants) {
            if (
              rank(high.lane) < rank(low.lane) &&
              high.requestSeq < low.grantSeq &&
              high.grantSeq > low.grantSeq
            ) {
              throw new Error(
                `${low.lane} granted at ${low.grantedAt} while ${high.lane} waited since ${high.requestedAt}`,
              );
            }
          }
        }
      }),
      { numRuns: 150 },
    );
  });

  it('starves nobody: every request is granted once time passes', async () => {
    await fc.assert(
      fc.asyncProperty(config, fc.array(command, { maxLength: 30 }), async (options, commands) => {
        const { grants, requested, clock } = await run(options, commands);
        const enough =
          (requested + 1) * (options.windowMs + options.marginMs) + 10_000 + 20 * options.windowMs;
        await clock.advance(enough);
        expect(grants).toHaveLength(requested);
      }),
      { numRuns: 100 },
    );
  });
});
