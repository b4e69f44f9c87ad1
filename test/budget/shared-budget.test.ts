// The shared budget against a real redis-server of the tests' own (no mock of Redis): a short
// window (1–1.5 s instead of 60 s) keeps the set fast; every grant is recorded by Redis TIME.
import { Redis } from 'ioredis';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  budgetKeyPrefix,
  SharedBudget,
  type CoordinationState,
  type SharedBudgetOptions,
} from '../../src/main/budget/shared-budget.ts';
import { PrivateRedis } from '../support/private-redis.ts';
import { serverTime, transitions, until, Warehouse } from './support.ts';

let redis: PrivateRedis;
let warehouse: Warehouse | null = null;
/** How long a station's "I want a slot" marker outlives the wait Redis told it. */
const waitTtlMs = 400;

beforeAll(async () => {
  redis = await PrivateRedis.start();
});
afterAll(async () => {
  await redis.stop();
});
afterEach(async () => {
  await warehouse?.close();
  warehouse = null;
});

function open(options: {
  limit: number;
  margin: number;
  windowMs: number;
  reserve?: number;
  extra?: Partial<SharedBudgetOptions>;
}) {
  warehouse = new Warehouse({
    url: redis.url,
    environment: 'https://sandbox.test',
    companyKey: `key-${Math.random()}`,
    limit: options.limit,
    margin: options.margin,
    windowMs: options.windowMs,
    interactiveReserve: options.reserve ?? 0,
    pollMs: 40,
    waitTtlMs,
    settleMs: 250,
    commandTimeoutMs: 200,
    ...options.extra,
  });
  return warehouse;
}

/**
 * Until Redis has told each of `names` to wait for a `lane` slot until `freeAt` (Redis TIME), when
 * the window's oldest slot frees: the window is full for them, not merely paced. A station's
 * waiter marker expires the marker TTL after the end of the wait it was told (1 ms for rounding).
 */
async function toldToWaitUntil(
  w: Warehouse,
  names: string[],
  lane: 'interactive' | 'background',
  freeAt: number,
  ttlMs = waitTtlMs,
): Promise<void> {
  const admin = new Redis({ host: '127.0.0.1', port: redis.port });
  const key = `${budgetKeyPrefix('https://sandbox.test', w.companyKey)}wait:${lane}`;
  try {
    await until(
      async () => {
        const expiries = await Promise.all(names.map((name) => admin.zscore(key, name)));
        return expiries.every((at) => at !== null && Number(at) >= freeAt + ttlMs - 1);
      },
      `${names.join(' and ')} told to wait for the window`,
    );
  } finally {
    admin.disconnect();
  }
}

/** When the oldest grant leaves a window of `windowMs` (Redis TIME). */
const oldestFrees = (w: Warehouse, windowMs: number) =>
  Math.min(...w.grants.map((g) => g.serverMs)) + windowMs;

describe('SharedBudget', () => {
  it('keys Redis by a hash of the company key and environment, never the key itself', async () => {
    const w = open({ limit: 5, margin: 1, windowMs: 1000 });
    await w.station('a').acquire('interactive');
    const client = new Redis({ host: '127.0.0.1', port: redis.port });
    try {
      const keys = await client.keys('*');
      expect(keys.length).toBeGreaterThan(0);
      const prefix = budgetKeyPrefix('https://sandbox.test', 'secret-key');
      expect(prefix).toMatch(/^packbench:budget:\{[0-9a-f]{32}\}:$/);
      expect(prefix).not.toContain('secret-key');
      for (const key of keys) expect(key).toMatch(/^packbench:budget:\{[0-9a-f]{32}\}:/);
    } finally {
      client.disconnect();
    }
  });

  it('grants atomically: many parallel acquires from several stations never exceed the cap in any window', async () => {
    const windowMs = 1000;
    const w = open({ limit: 10, margin: 2, windowMs, reserve: 1 });
    const stations = ['a', 'b', 'c', 'd'].map((name) => w.station(name));
    const acquires = stations.flatMap((s, i) =>
      Array.from({ length: 6 }, (_, j) =>
        s.acquire(j % 3 === 0 ? 'interactive' : i % 2 === 0 ? 'background' : 'submission'),
      ),
    );
    await Promise.all(acquires);
    expect(w.grants).toHaveLength(24);
    expect(new Set(w.grants.map((g) => g.id)).size).toBe(24);
    expect(w.grants.every((g) => g.mode === 'shared')).toBe(true);
    // Cap = limit − margin = 8, in every sliding window, by the server's clock.
    expect(w.busiestWindow(windowMs)).toBeLessThanOrEqual(8);
    // And the cap was reached: the budget is used, not just respected.
    expect(w.busiestWindow(windowMs)).toBe(8);
    // Each station's view of the key: the stations it saw in the window, and its part of the cap.
    for (const station of stations) {
      const state = station.state();
      expect(state.coordination).toBe('shared');
      // (A station's last answer may predate another's first contact: at least itself.)
      expect(state.stations).toBeGreaterThanOrEqual(1);
      expect(state.stations).toBeLessThanOrEqual(4);
      expect(state.share).toBe(Math.floor(8 / state.stations));
    }
  });

  it('grants an interactive request at any station before the queued background work of the others', async () => {
    const windowMs = 1000;
    const w = open({ limit: 6, margin: 1, windowMs });
    const a = w.station('a');
    const b = w.station('b');
    const background = [
      ...Array.from({ length: 8 }, () => a.acquire('background')),
      ...Array.from({ length: 8 }, () => b.acquire('background')),
    ];
    // The window (cap 5) is full of background work, and both stations have more queued.
    await until(() => w.grants.length >= 5, 'the window full of background');
    // Both asked again and Redis told both to wait for the window's first slot to free.
    await toldToWaitUntil(w, ['a', 'b'], 'background', oldestFrees(w, windowMs));
    expect(w.grants).toHaveLength(5);
    const scan = w.station('c');
    const asked = w.grants.length;
    await scan.acquire('interactive');
    // The first slot that freed went to the operator's scan, not to A's or B's uploads (in
    // Redis TIME order: the answers to different stations may arrive in another order).
    const byServerTime = [...w.grants].sort((x, y) => x.serverMs - y.serverMs);
    expect(byServerTime[asked]?.lane).toBe('interactive');
    expect(byServerTime[asked]?.station).toBe('c');
    await Promise.all(background);
    expect(w.busiestWindow(windowMs)).toBeLessThanOrEqual(5);
  });

  it('shares background slots fairly among stations that want them', async () => {
    const windowMs = 1000;
    // Markers that outlive any stall of a loaded machine: B counts as competing between its asks
    // however late its next ask comes (a station silent past the TTL is taken for gone).
    const ttlMs = 5000;
    const w = open({ limit: 9, margin: 1, windowMs, extra: { waitTtlMs: ttlMs } });
    // An operator's scans fill the window first, so A and B are both waiting when slots free:
    // the split is judged from a start both saw, not from whichever station connected first.
    const scans = w.station('c');
    for (let i = 0; i < 8; i += 1) (await scans.acquire('interactive'))();
    const [a, b] = [w.station('a'), w.station('b')];
    const work = [
      ...Array.from({ length: 12 }, () => a.acquire('background')),
      ...Array.from({ length: 4 }, () => b.acquire('background')),
    ];
    await toldToWaitUntil(w, ['a', 'b'], 'background', oldestFrees(w, windowMs), ttlMs);
    await until(() => w.grants.length >= 16, 'the first window of background');
    // A has three times B's work, yet the first window (cap 8) is split evenly.
    const first = [...w.grants].sort((x, y) => x.serverMs - y.serverMs).slice(8, 16);
    expect(first.filter((g) => g.station === 'a')).toHaveLength(4);
    expect(first.filter((g) => g.station === 'b')).toHaveLength(4);
    await Promise.all(work);
    // Once B has nothing left, A may use the whole window: no slot idles for fairness.
    expect(w.busiestWindow(windowMs)).toBe(8);
  });

  it('paces background work from the first grant, so no window fills early and echoes', async () => {
    // Cap 9, one slot kept for operators: 8 background slots, one every 125 ms warehouse-wide.
    const windowMs = 1000;
    const spacing = windowMs / 8;
    const w = open({ limit: 10, margin: 1, windowMs, reserve: 1 });
    // Three stations start draining together, three windows of work: a warehouse's morning.
    const stations = ['a', 'b', 'c'].map((name) => w.station(name));
    await Promise.all(
      stations.flatMap((s) => Array.from({ length: 8 }, () => s.acquire('background'))),
    );
    const times = w.grants.map((g) => g.serverMs).sort((x, y) => x - y);
    expect(times).toHaveLength(24);
    // The k-th grant comes no sooner than k − ½ spacings after the first (the cursor may lag
    // half a spacing to catch up on a late wake-up, never more). Filled in a burst, a window
    // frees nothing until the burst ages out, and scans wait out the rest of it, window after
    // window: 100 stations gave a scan p95 of 3.4 s that way.
    const first = times[0] ?? 0;
    times.forEach((at, k) => expect(at - first).toBeGreaterThanOrEqual((k - 0.5) * spacing - 1));
    expect(w.busiestWindow(windowMs)).toBeLessThanOrEqual(8);
  });

  it('pauses every station for the Retry-After of a 429 one of them saw', async () => {
    const w = open({ limit: 20, margin: 2, windowMs: 1000 });
    const [a, b] = [w.station('a'), w.station('b')];
    await a.acquire('interactive');
    const before = await serverTime(redis.port);
    await a.noteRateLimited(1);
    await Promise.all([b.acquire('interactive'), b.acquire('background'), a.acquire('background')]);
    const after = w.grants.slice(1);
    expect(after).toHaveLength(3);
    for (const grant of after) expect(grant.serverMs).toBeGreaterThanOrEqual(before + 1000);
  });

  it('falls back to its last known fair share when Redis dies, rejoins after a restart, and loses, doubles or bursts nothing', async () => {
    const windowMs = 1500;
    const limit = 12;
    const w = open({ limit, margin: 2, windowMs });
    const states: CoordinationState[] = [];
    const a = w.station('a');
    const b = w.station('b');
    a.subscribe((state) => states.push(state));
    const work = [
      ...Array.from({ length: 20 }, (_, i) =>
        a.acquire(i % 4 === 0 ? 'interactive' : 'background'),
      ),
      ...Array.from({ length: 20 }, () => b.acquire('background')),
    ];
    let resolved = 0;
    for (const p of work) void p.then(() => (resolved += 1));
    await until(() => w.grants.length >= 10, 'the first window');
    await redis.kill();
    await until(() => a.state().coordination === 'lost', 'the fallback');
    // Two stations on the key: half of the cap (limit − margin = 10), never the whole limit.
    expect(a.state()).toEqual({ coordination: 'lost', share: 5, stations: 2 });
    // The stations go on without Redis: the first slot freed in the window is granted locally.
    await until(() => w.grants.some((g) => g.mode === 'local'), 'a grant on the local share');
    const lostGrants = w.grants.filter((g) => g.mode === 'local').length;
    await redis.restart();
    await until(() => a.state().coordination === 'shared', 'the rejoin');
    await Promise.all(work);
    expect(resolved).toBe(40);
    expect(transitions(states)).toEqual(['shared', 'lost', 'shared']);
    // Every acquire granted exactly once, through the fallback and the rejoin.
    expect(w.grants).toHaveLength(40);
    expect(new Set(w.grants.map((g) => g.id)).size).toBe(40);
    expect(lostGrants).toBeGreaterThan(0);
    // Redis came back empty: the stations' own recent grants were carried into its window, so
    // no window, across the kill, the fallback and the restart, holds more than the limit.
    expect(w.busiestWindow(windowMs)).toBeLessThanOrEqual(limit);
  });

  it('treats a slow Redis (command timeout) as lost, and rejoins by itself, counting each grant once', async () => {
    const w = open({ limit: 10, margin: 2, windowMs: 1500 });
    const a = w.station('a');
    const states: CoordinationState[] = [];
    a.subscribe((state) => states.push(state));
    await a.acquire('background');
    await a.acquire('background');
    const admin = new Redis({ host: '127.0.0.1', port: redis.port });
    try {
      // Every client's commands stall for 600 ms: longer than the 200 ms command timeout.
      await admin.client('PAUSE', '600', 'ALL');
      // Granted on the local share (the margin is free in the first window after the loss).
      await a.acquire('interactive');
      expect(a.state().coordination).toBe('lost');
      expect(w.grants.at(-1)?.mode).toBe('local');
      // Nothing waits at the station, yet it rejoins once Redis answers again.
      await until(() => a.state().coordination === 'shared', 'the rejoin');
      expect(transitions(states)).toEqual(['shared', 'lost', 'shared']);
      // The stalled script did run once Redis resumed, and the carry re-added the same grant:
      // the shared window counts it once, with the two shared grants before it.
      const prefix = budgetKeyPrefix('https://sandbox.test', w.companyKey);
      const window = await admin.zrange(`${prefix}window`, '0', '-1');
      expect(window.sort()).toEqual(w.grants.map((g) => g.id).sort());
    } finally {
      admin.disconnect();
    }
  });

  it('after Redis restarts empty, carries the recent grants into the new window: no burst over the limit', async () => {
    // A window long enough that the first grants are still in it when the settle time is over.
    const windowMs = 3000;
    const limit = 10;
    const cap = 8;
    const w = open({ limit, margin: limit - cap, windowMs, extra: { settleMs: 1000 } });
    const [a, b] = [w.station('a'), w.station('b')];
    await Promise.all([
      ...Array.from({ length: 4 }, () => a.acquire('interactive')),
      ...Array.from({ length: 4 }, () => b.acquire('interactive')),
    ]);
    // The window is full (cap 8). Redis goes and comes back empty; the stations ask again at
    // once, before or after they have noticed.
    await redis.restart();
    const more = [
      ...Array.from({ length: 4 }, () => a.acquire('interactive')),
      ...Array.from({ length: 4 }, () => b.acquire('background')),
    ];
    await Promise.all(more);
    expect(w.grants).toHaveLength(16);
    // Without the carry, the empty server would grant 8 more at once: 16 in one window.
    // Through Redis, counting the carried grants, never more than the cap.
    expect(w.busiestWindow(windowMs, (g) => g.mode === 'shared')).toBeLessThanOrEqual(cap);
    // A station that met the restart before its reconnect grants on its own meanwhile, within
    // its part of the margin (see localAllowance): so the service sees at most the limit.
    expect(w.busiestWindow(windowMs)).toBeLessThanOrEqual(limit);
  });

  it('after a 429 in a window it did not fill, lowers every station to what it used and regains a step per clean window: a client outside Packbench is made room for', async () => {
    const windowMs = 800;
    const w = open({ limit: 20, margin: 2, windowMs, extra: { ceilingStep: 2 } });
    const [a, b] = [w.station('a'), w.station('b')];
    await Promise.all(Array.from({ length: 6 }, () => a.acquire('background')));
    // The service says "too many" while the stations used 6 of 18: someone else used the rest.
    const pausedAt = await serverTime(redis.port);
    await a.noteRateLimited(1);
    await Promise.all(Array.from({ length: 14 }, () => b.acquire('background')));
    const after = w.grants.slice(6);
    // Nothing during the pause; then the ceiling of 6 − 2 = 4 for the first window after it,
    // one step more for each window after that, never the 18 the stations had before.
    expect(Math.min(...after.map((g) => g.serverMs))).toBeGreaterThanOrEqual(pausedAt + 1000);
    const inWindow = (from: number) =>
      after.filter((g) => g.serverMs >= from && g.serverMs < from + windowMs).length;
    const first = Math.min(...after.map((g) => g.serverMs));
    expect(inWindow(first)).toBe(4);
    expect(w.busiestWindow(windowMs, (g) => after.includes(g))).toBeLessThanOrEqual(8);
    // Regained, not stuck: b's figures show the ceiling above the lowered one by now.
    expect(b.figures().effectiveLimit).toBeGreaterThan(4);
    expect(a.figures().rateLimitedTotal).toBe(1);
  });

  it('keeps the share of a station gone silent free for it: cut off from Redis, it may be running on its own share', async () => {
    const windowMs = 1000;
    const w = open({
      limit: 12,
      margin: 2,
      windowMs,
      extra: { heartbeatMs: 50, silentMs: 300, holdMs: 5000 },
    });
    const [a, b] = [w.station('a'), w.station('b')];
    await Promise.all([a.acquire('interactive'), b.acquire('interactive')]);
    // A third station was heard of 400 ms ago and not since: silent, within the hold.
    const admin = new Redis({ host: '127.0.0.1', port: redis.port });
    try {
      const prefix = budgetKeyPrefix('https://sandbox.test', w.companyKey);
      await admin.zadd(`${prefix}stations`, (await serverTime(redis.port)) - 400, 'cut-off');
    } finally {
      admin.disconnect();
    }
    const work = [
      ...Array.from({ length: 10 }, () => a.acquire('background')),
      ...Array.from({ length: 10 }, () => b.acquire('background')),
    ];
    await until(() => w.grants.length >= 2 + 5, 'the window');
    // Both asked again and were told to wait for the window's first slot to free: the window
    // is full at 7 for them, the silent one's share kept free.
    await toldToWaitUntil(w, ['a', 'b'], 'background', oldestFrees(w, windowMs));
    // Cap 10, three stations known: the silent one's share floor(10 / 3) = 3 stays free, so
    // a and b together take 7 in the window (the two interactive grants among them).
    expect(w.busiestWindow(windowMs)).toBe(7);
    expect(a.figures().effectiveLimit).toBe(7);
    expect(a.state().stations).toBe(3);
    await Promise.all(work);
  });

  it('keeps an idle station among the stations by heartbeat, and takes it out when it closes', async () => {
    const w = open({ limit: 10, margin: 1, windowMs: 1000, extra: { heartbeatMs: 50 } });
    const idle = w.station('idle');
    const prefix = budgetKeyPrefix('https://sandbox.test', w.companyKey);
    const admin = new Redis({ host: '127.0.0.1', port: redis.port });
    try {
      await until(() => idle.state().stations === 1, 'the first heartbeat');
      // Never asked for a slot, yet seen again and again: two more heartbeats move its time on.
      const seenAt = async () => Number(await admin.zscore(`${prefix}stations`, 'idle'));
      const first = await seenAt();
      let later = first;
      for (let beats = 0; beats < 2; beats += 1) {
        const before = later;
        await until(async () => (later = await seenAt()) > before, 'the next heartbeat');
      }
      expect(later).toBeGreaterThan(first);
      const seen = await seenAt();
      expect((await serverTime(redis.port)) - seen).toBeLessThan(200);
      await idle.close();
      expect(await admin.zscore(`${prefix}stations`, 'idle')).toBeNull();
    } finally {
      admin.disconnect();
    }
  });

  it('starting while Redis cannot be reached, assumes ten stations on the key: never the whole budget', async () => {
    const windowMs = 800;
    const grants: { serverMs: number; mode: string }[] = [];
    // A port nothing listens on (the private server's port + 1 is not ours to assume: use the
    // server, stopped for this test, by a second private Redis we stop at once).
    const gone = await PrivateRedis.start();
    const url = gone.url;
    await gone.stop();
    const station = new SharedBudget({
      url,
      environment: 'https://sandbox.test',
      companyKey: 'k',
      limit: 100,
      margin: 2,
      windowMs,
      pollMs: 40,
      commandTimeoutMs: 200,
      onGrant: (grant) => grants.push(grant),
    });
    try {
      await Promise.all(Array.from({ length: 12 }, () => station.acquire('background')));
      expect(station.state()).toEqual({ coordination: 'lost', share: 9, stations: 10 });
      expect(grants.every((g) => g.mode === 'local')).toBe(true);
      const times = grants.map((g) => g.serverMs).sort((x, y) => x - y);
      // At most its share (98 ÷ 10 = 9) in any window.
      for (let i = 9; i < times.length; i += 1)
        expect((times[i] ?? 0) - (times[i - 9] ?? 0)).toBeGreaterThanOrEqual(windowMs - 5);
    } finally {
      await station.close();
    }
  });

  it('on its own share, halves the share at each 429 (the others cannot be told) and takes the lowered ceiling along', async () => {
    const w = open({ limit: 22, margin: 2, windowMs: 1000, extra: { ceilingStep: 2 } });
    const a = w.station('a');
    await Promise.all(Array.from({ length: 6 }, () => a.acquire('background')));
    // A 429 in a window the station did not fill: the ceiling drops to 6 − 2 = 4.
    await a.noteRateLimited(1);
    await a.acquire('interactive');
    expect(a.figures().effectiveLimit).toBe(4);
    await redis.kill();
    try {
      // An idle station notices at its next heartbeat.
      await until(() => a.state().coordination === 'lost', 'the fallback');
      // Alone on the key: its share is the lowered ceiling (4), not the cap (20).
      expect(a.state().share).toBe(4);
      await a.noteRateLimited(1);
      expect(a.state().share).toBe(2);
    } finally {
      await redis.restart();
    }
  });
});
