import { describe, expect, it } from 'vitest';
import { localAllowance, localWait, type Recent } from './local-share.ts';

const W = 60_000;
const base = { lostAt: 0, windowMs: W, margin: 2, stations: 4, share: 24 };
const grant = (at: number): Recent => ({ id: String(at), lane: 'background', at, answered: true });

describe('the local share after a loss', () => {
  it('with the server gone for everyone, keeps what the station held, then its share', () => {
    // Held 30 at the loss (more than its share of 24: it used idle stations' slots).
    expect(localAllowance({ ...base, now: 1, before: 30 })).toEqual({ allowance: 30, until: W });
    // No station grows before every first-window grant aged out: the smaller, a window more.
    expect(localAllowance({ ...base, now: W, before: 30 })).toEqual({
      allowance: 24,
      until: 2 * W,
    });
    expect(localAllowance({ ...base, now: W, before: 3 }).allowance).toBe(3);
    expect(localAllowance({ ...base, now: 2 * W, before: 3 })).toEqual({
      allowance: 24,
      until: Infinity,
    });
    // A 429 met alone halves it, as it halves the share.
    expect(localAllowance({ ...base, now: 1, before: 30, lostCut: 0.5 }).allowance).toBe(15);
  });

  it('reuses each of its own slots as it frees, in the first window', () => {
    const recent = [grant(-50_000), grant(-20_000), grant(1000)];
    const wait = (now: number, before: number | null) =>
      localWait({
        ...base,
        now,
        recent: recent.filter((r) => r.at > now - W),
        before,
        nextProbeAt: now + 30_000,
      });
    // Three held, three in the window: the next waits for the oldest (at -50 s) to age out.
    expect(wait(2000, 3)).toBe(8000);
    expect(wait(10_001, 3)).toBe(0);
    // Not known gone (slow, or cut off alone): only its part of the margin, 2 ÷ 4 = 0, until
    // the next try of Redis.
    expect(wait(10_001, null)).toBe(30_000);
  });
});
