import { afterEach, describe, expect, it } from 'vitest';
import type { RunningSandbox } from '../../src/sandbox/index.ts';
import { BOLT, call, errorOf, withSandbox } from './helpers.ts';

let sandbox: RunningSandbox | null = null;
afterEach(async () => {
  await sandbox?.close();
  sandbox = null;
});

describe('per-company rate limit', () => {
  it('lets exactly N of 1,000 concurrent requests through per window, then N more in the next', async () => {
    let now = Date.parse('2026-01-05T10:00:00Z');
    sandbox = await withSandbox({ rateLimit: 100, windowMs: 60_000, now: () => now });
    const running = sandbox;
    const burst = () =>
      Promise.all(Array.from({ length: 1000 }, () => call(running, 'GET', '/health-check')));

    const first = await burst();
    const statuses = first.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(100);
    expect(statuses.filter((s) => s === 429)).toHaveLength(900);
    const limited = first.find((r) => r.status === 429);
    expect(limited && errorOf(limited)).toEqual({
      code: 'rate_limited',
      message: 'Requests limited. Retry after seconds in Headers.',
    });
    expect(limited?.headers.get('retry-after')).toBe('60');

    now += 59_000;
    expect((await call(running, 'GET', '/health-check')).headers.get('retry-after')).toBe('1');
    now += 1_000;
    const second = await burst();
    expect(second.filter((r) => r.status === 200)).toHaveLength(100);
  });

  it('leaves other companies unaffected', async () => {
    const now = 1_000_000;
    sandbox = await withSandbox({ rateLimit: 3, windowMs: 60_000, now: () => now });
    for (let i = 0; i < 3; i += 1)
      expect((await call(sandbox, 'GET', '/health-check')).status).toBe(200);
    expect((await call(sandbox, 'GET', '/health-check')).status).toBe(429);
    expect((await call(sandbox, 'GET', '/health-check', { key: BOLT })).status).toBe(200);
  });

  it('counts every endpoint, not only successful calls, and tells the whole seconds left', async () => {
    let now = 0;
    sandbox = await withSandbox({ rateLimit: 2, windowMs: 10_000, now: () => now });
    expect((await call(sandbox, 'GET', '/orders/NOPE')).status).toBe(404);
    now = 2_500;
    expect((await call(sandbox, 'POST', '/products', { json: {} })).status).toBe(400);
    now = 3_000;
    const limited = await call(sandbox, 'GET', '/inventories');
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('7');
  });

  it('works on the real clock with a short window', async () => {
    sandbox = await withSandbox({ rateLimit: 2, windowMs: 1_000 });
    await call(sandbox, 'GET', '/health-check');
    await call(sandbox, 'GET', '/health-check');
    const limited = await call(sandbox, 'GET', '/health-check');
    expect(limited.status).toBe(429);
    const wait = Number(limited.headers.get('retry-after'));
    expect(wait).toBeGreaterThanOrEqual(1);
    await new Promise((resolve) => setTimeout(resolve, wait * 1000));
    expect((await call(sandbox, 'GET', '/health-check')).status).toBe(200);
  });
});
