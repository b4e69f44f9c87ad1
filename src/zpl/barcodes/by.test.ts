import { describe, expect, it } from 'vitest';
import { applyBy, POWER_UP_DEFAULTS, wideWidth } from './by.ts';

// The guide's "Module Width Ratios in Dots" table (^BY), ratio printed for w = 1 … 10.
const TABLE: Record<string, number[]> = {
  '2.0': [2, 2, 2, 2, 2, 2, 2, 2, 2, 2],
  '2.1': [2, 2, 2, 2, 2, 2, 2, 2, 2, 2.1],
  '2.2': [2, 2, 2, 2, 2.2, 2.16, 2.1, 2.12, 2.1, 2.2],
  '2.3': [2, 2, 2.3, 2.25, 2.2, 2.16, 2.28, 2.25, 2.2, 2.3],
  '2.4': [2, 2, 2.3, 2.25, 2.4, 2.3, 2.28, 2.37, 2.3, 2.41],
  '2.5': [2, 2.5, 2.3, 2.5, 2.4, 2.5, 2.4, 2.5, 2.4, 2.5],
  '2.6': [2, 2.5, 2.3, 2.5, 2.6, 2.5, 2.57, 2.5, 2.5, 2.6],
  '2.7': [2, 2.5, 2.6, 2.5, 2.6, 2.6, 2.57, 2.65, 2.6, 2.7],
  '2.8': [2, 2.5, 2.6, 2.75, 2.8, 2.6, 2.7, 2.75, 2.7, 2.8],
  '2.9': [2, 2.5, 2.6, 2.75, 2.8, 2.8, 2.85, 2.87, 2.8, 2.9],
  '3.0': [3, 3, 3, 3, 3, 3, 3, 3, 3, 3],
};

describe('^BY', () => {
  it('starts at w = 2, r = 3.0, h = 10', () => {
    expect(POWER_UP_DEFAULTS).toEqual({ moduleWidth: 2, ratio: 3, height: 10 });
  });

  it('keeps w and h when omitted and returns r to 3.0', () => {
    const cur = { moduleWidth: 4, ratio: 2.5, height: 120 };
    expect(applyBy(cur, undefined, undefined, undefined).defaults).toEqual({
      moduleWidth: 4,
      ratio: 3,
      height: 120,
    });
    expect(applyBy(cur, 3, 2.2, 50)).toEqual({
      defaults: { moduleWidth: 3, ratio: 2.2, height: 50 },
      warnings: [],
    });
  });

  it('clamps out-of-range values with a warning', () => {
    const r = applyBy(POWER_UP_DEFAULTS, 12, 3.5, 0);
    expect(r.defaults).toEqual({ moduleWidth: 10, ratio: 3, height: 10 });
    expect(r.warnings).toHaveLength(3);
    expect(applyBy(POWER_UP_DEFAULTS, 0, 1.5, undefined).defaults).toMatchObject({
      moduleWidth: 1,
      ratio: 2,
    });
  });

  it('prints wide elements at floor(r × w) dots, matching the guide table', () => {
    const misses: string[] = [];
    for (const [r, row] of Object.entries(TABLE)) {
      row.forEach((printed, i) => {
        const w = i + 1;
        const actual = wideWidth(w, Number(r)) / w;
        // The table shows ratios truncated to one or two decimals.
        if (actual < printed - 0.03 || actual >= printed + 0.1) misses.push(`${r}@${w}`);
      });
    }
    // The one cell no whole-dot rule reproduces alongside the rest (2.3 at 3 dots: 7/3).
    expect(misses).toEqual(['2.3@3']);
    expect(wideWidth(9, 2.4)).toBe(21);
    expect(wideWidth(10, 2.3)).toBe(23);
    expect(wideWidth(3, 3)).toBe(9);
  });
});
