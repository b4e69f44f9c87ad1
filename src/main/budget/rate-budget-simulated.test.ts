import { describe, expect, it } from 'vitest';
import { simulateSharedKey } from '@scripts/shared-key-simulation.ts';

// The company budget on a key that several stations use without coordinating, in simulated
// time (the simulation `npm run bench` reports too): few 429s, nothing lost, the key used.

describe('stations sharing one key without knowing of each other (simulated time)', () => {
  /** Accepted per whole window ÷ limit over the drain, like the bench's utilisation figure. */
  function utilisation(accepted: number[], windowMs: number, limit: number): number {
    const sorted = [...accepted].sort((a, b) => a - b);
    const first = sorted[0] ?? 0;
    const windows = Math.floor(((sorted.at(-1) ?? 0) - first) / windowMs);
    const inWhole = sorted.filter((t) => Math.floor((t - first) / windowMs) < windows).length;
    return windows === 0 ? 0 : inWhole / windows / limit;
  }

  it('ten stations: at most five 429s per hundred accepted requests, nothing lost', async () => {
    for (const windowMs of [6_000, 60_000]) {
      for (const seed of [1, 2, 3, 4, 5]) {
        const run = await simulateSharedKey({
          stations: 10,
          submissions: 1_000,
          limit: 100,
          windowMs,
          seed,
        });
        expect(run.delivered).toBe(1_000);
        expect(run.rateLimited / run.delivered).toBeLessThanOrEqual(0.05);
      }
    }
  });

  it('three stations still use at least 0.90 of the key', async () => {
    for (const windowMs of [6_000, 60_000]) {
      for (const seed of [1, 2, 3, 4, 5]) {
        const run = await simulateSharedKey({
          stations: 3,
          submissions: 1_000,
          limit: 100,
          windowMs,
          seed,
        });
        expect(run.delivered).toBe(1_002);
        expect(utilisation(run.accepted, windowMs, 100)).toBeGreaterThanOrEqual(0.9);
      }
    }
  });

  it('forty stations all finish, with fewer 429s than accepted requests', async () => {
    const run = await simulateSharedKey({
      stations: 40,
      submissions: 1_000,
      limit: 100,
      windowMs: 6_000,
      seed: 1,
    });
    expect(run.deliveredPerStation.every((n) => n === 25)).toBe(true);
    expect(run.rateLimited).toBeLessThan(run.delivered / 5);
  });
});
