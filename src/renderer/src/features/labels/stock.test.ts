import { describe, expect, it } from 'vitest';
import { clampMm } from './stock.ts';

describe('clampMm', () => {
  it('keeps custom sizes within what label printers take', () => {
    expect([clampMm(2), clampMm(5000), clampMm(Number.NaN), clampMm(76)]).toEqual([
      10, 300, 100, 76,
    ]);
  });
});
