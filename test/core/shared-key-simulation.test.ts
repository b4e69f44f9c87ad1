import { describe, expect, it } from 'vitest';
import { simulateSharedKey } from '../../scripts/shared-key-simulation.ts';

describe('stations sharing one key, in simulated time', () => {
  it('one station alone never causes a 429 and delivers everything', async () => {
    const run = await simulateSharedKey({
      stations: 1,
      submissions: 300,
      limit: 100,
      windowMs: 6_000,
      seed: 7,
    });
    expect(run.rateLimited).toBe(0);
    expect(run.delivered).toBe(300);
  });

  it('three stations on one key run into 429s and still deliver every submission', async () => {
    for (const seed of [1, 2, 3]) {
      const run = await simulateSharedKey({
        stations: 3,
        submissions: 600,
        limit: 100,
        windowMs: 6_000,
        seed,
      });
      expect(run.delivered).toBe(600);
      expect(run.rateLimited).toBeGreaterThan(0);
    }
  });

  it('is deterministic for a seed, so a figure can be reproduced', async () => {
    const options = { stations: 3, submissions: 300, limit: 100, windowMs: 6_000, seed: 11 };
    const [a, b] = [await simulateSharedKey(options), await simulateSharedKey(options)];
    expect(a).toEqual(b);
  });
});
