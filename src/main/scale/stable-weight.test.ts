import { describe, expect, it } from 'vitest';
import type { ScaleReading } from '../../shared/scale/types.ts';
import { StableWeight } from './stable-weight.ts';

const grams = (g: number, status: ScaleReading['status'] = 'stable'): ScaleReading => ({
  status,
  value: g,
  unit: 'g',
  grams: g,
  divisionGrams: 1,
});

describe('the stable-weight rule', () => {
  it('takes a weight only after it held within one division for 500 ms', () => {
    const rule = new StableWeight();
    expect(rule.feed(grams(400, 'motion'), 0).kind).toBe('settling');
    expect(rule.feed(grams(1250), 100).kind).toBe('settling');
    expect(rule.feed(grams(1251), 300).kind).toBe('settling');
    expect(rule.feed(grams(1250), 599).kind).toBe('settling');
    const taken = rule.feed(grams(1251), 600);
    expect(taken).toMatchObject({ kind: 'stable', since: 100 });
  });

  it('starts the hold again on a change of more than one division or on motion', () => {
    const rule = new StableWeight();
    rule.feed(grams(1250), 0);
    expect(rule.feed(grams(1253), 400).kind).toBe('settling');
    expect(rule.feed(grams(1253), 800).kind).toBe('settling');
    expect(rule.feed(grams(1253), 900).kind).toBe('stable');
    rule.feed(grams(1253, 'motion'), 1000);
    expect(rule.feed(grams(1253), 1100).kind).toBe('settling');
  });

  it('wants the scale back at zero before the next order’s weight', () => {
    const rule = new StableWeight();
    rule.feed(grams(1250), 0);
    expect(rule.feed(grams(1250), 500).kind).toBe('stable');
    rule.taken();
    expect(rule.feed(grams(1250), 2000).kind).toBe('needs-zero');
    expect(rule.feed(grams(0, 'zero'), 2100).kind).toBe('settling');
    rule.feed(grams(980), 2200);
    expect(rule.feed(grams(980), 2700).kind).toBe('stable');
  });

  it('says when the scale reports a condition, and never takes zero as a weight', () => {
    const rule = new StableWeight();
    expect(rule.feed(grams(0, 'over-capacity'), 0).kind).toBe('condition');
    expect(rule.feed(grams(-3, 'under-zero'), 0).kind).toBe('condition');
    rule.feed(grams(0), 0);
    expect(rule.feed(grams(0), 1000).kind).toBe('settling');
    const cli = new StableWeight({ acceptZero: true });
    cli.feed(grams(0, 'zero'), 0);
    expect(cli.feed(grams(0, 'zero'), 500).kind).toBe('stable');
  });
});
