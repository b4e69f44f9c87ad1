import { describe, expect, it } from 'vitest';
import { SlidingWindowLimiter } from './rate-limiter.ts';

describe('SlidingWindowLimiter', () => {
  it('accepts exactly the limit within one window, then says how long to wait', () => {
    let now = 1_000_000;
    const limiter = new SlidingWindowLimiter({ limit: 3, windowMs: 60_000, now: () => now });
    expect([1, 2, 3].map(() => limiter.take('acme').allowed)).toEqual([true, true, true]);
    now += 10_500;
    expect(limiter.take('acme')).toEqual({
      allowed: false,
      at: now,
      remaining: 0,
      retryAfterSeconds: 50,
    });
  });

  it('slides: a slot frees exactly when the oldest request leaves the window', () => {
    let now = 0;
    const limiter = new SlidingWindowLimiter({ limit: 2, windowMs: 1000, now: () => now });
    limiter.take('a');
    now = 400;
    limiter.take('a');
    now = 999;
    expect(limiter.take('a').allowed).toBe(false);
    now = 1000;
    expect(limiter.take('a').allowed).toBe(true);
    expect(limiter.take('a').allowed).toBe(false);
    now = 1400;
    expect(limiter.take('a').allowed).toBe(true);
  });

  it('never says less than one second', () => {
    let now = 0;
    const limiter = new SlidingWindowLimiter({ limit: 1, windowMs: 1000, now: () => now });
    limiter.take('a');
    now = 999;
    expect(limiter.take('a').retryAfterSeconds).toBe(1);
  });

  it('keeps companies apart and does not count rejected requests', () => {
    let now = 0;
    const limiter = new SlidingWindowLimiter({ limit: 1, windowMs: 1000, now: () => now });
    expect(limiter.take('acme').allowed).toBe(true);
    for (let i = 0; i < 5; i += 1) expect(limiter.take('acme').allowed).toBe(false);
    expect(limiter.take('bolt').allowed).toBe(true);
    now = 1000;
    expect(limiter.take('acme').allowed).toBe(true);
  });

  it('tallies what it accepted and refused per company, for the bench to judge by', () => {
    let now = 0;
    const limiter = new SlidingWindowLimiter({ limit: 2, windowMs: 1000, now: () => now });
    for (let i = 0; i < 5; i += 1) limiter.take('acme');
    limiter.take('bolt');
    now = 1000;
    limiter.take('acme');
    expect(limiter.traffic('acme')).toEqual({ accepted: 3, rateLimited: 3 });
    expect(limiter.traffic('bolt')).toEqual({ accepted: 1, rateLimited: 0 });
    expect(limiter.traffic('nobody')).toEqual({ accepted: 0, rateLimited: 0 });
  });
});
