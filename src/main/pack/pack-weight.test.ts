import { describe, expect, it } from 'vitest';
import type { PackLine } from '../../shared/pack/types.ts';
import { DEFAULT_SCALE_SETTINGS, type ScaleSettings } from '../../shared/scale/settings.ts';
import type { ScaleReading } from '../../shared/scale/types.ts';
import { weighFinish, type PackScale } from './pack-weight.ts';

const line = (sku: string, scanned: number, weightKg: number | null): PackLine => ({
  sku,
  name: sku,
  barcode: null,
  expected: scanned,
  scanned,
  batchControlled: false,
  weightKg,
  lots: [],
});

const settings: ScaleSettings = {
  ...DEFAULT_SCALE_SETTINGS,
  device: 'serial:/dev/ttyUSB0',
  boxes: [{ name: 'M', tareGrams: 150 }],
  defaultBox: 'M',
  tolerance: { grams: 20, percent: 2 },
};

const stable = (grams: number): ScaleReading => ({
  status: 'stable',
  value: grams,
  unit: 'g',
  grams,
  divisionGrams: 1,
});

function scale(reading: ScaleReading | null, needsZero = false): PackScale {
  return { now: () => ({ settings, stable: reading, needsZero }), taken: () => undefined };
}

// 3 × 250 g + 1 × 1.1 kg + the 150 g box = 2000 g; 2 % of it is 40 g.
const lines = [line('A', 3, 0.25), line('B', 1, 1.1)];

describe('the weight check at a pack’s finish', () => {
  it('does nothing on a station without a scale', () => {
    expect(weighFinish(undefined, lines, undefined)).toEqual({ kind: 'no-scale' });
    expect(weighFinish({ now: () => null, taken: () => undefined }, lines, undefined)).toEqual({
      kind: 'no-scale',
    });
  });

  it('takes a weight within the tolerance, with the expectation and the box', () => {
    expect(weighFinish(scale(stable(2035)), lines, undefined)).toEqual({
      kind: 'weighed',
      weighing: {
        grams: 2035,
        expectedGrams: 2000,
        unweighed: [],
        box: 'M',
        tareGrams: 150,
        differenceGrams: 35,
        allowedGrams: 40,
        override: null,
      },
    });
  });

  it('holds a box 412 g light with a sentence that says a unit may be missing', () => {
    expect(weighFinish(scale(stable(1588)), lines, undefined)).toEqual({
      kind: 'hold',
      messageKey: 'packVerdict.weight.lighter',
      params: { off: 412, weighed: 1588, expected: 2000 },
    });
    expect(weighFinish(scale(stable(2300)), lines, undefined)).toMatchObject({
      kind: 'hold',
      messageKey: 'packVerdict.weight.heavier',
    });
  });

  it('lets it go with a reason, recorded; "other" needs words', () => {
    expect(weighFinish(scale(stable(1588)), lines, { reason: 'packaging_differs' })).toMatchObject({
      kind: 'weighed',
      weighing: { grams: 1588, override: { reason: 'packaging_differs', text: null } },
    });
    expect(weighFinish(scale(stable(1588)), lines, { reason: 'other', text: ' ' })).toMatchObject({
      kind: 'hold',
      messageKey: 'packVerdict.reasonNeedsText',
    });
  });

  it('waits for a steady weight, and for zero after the last box', () => {
    expect(weighFinish(scale(null), lines, undefined)).toMatchObject({
      messageKey: 'packVerdict.weight.unstable',
    });
    expect(weighFinish(scale(stable(2000), true), lines, undefined)).toMatchObject({
      messageKey: 'packVerdict.weight.needsZero',
    });
  });

  it('records the weight without a check when a product has no weight, naming it', () => {
    expect(
      weighFinish(scale(stable(900)), [line('A', 1, 0.25), line('C', 2, null)], undefined),
    ).toMatchObject({ kind: 'weighed', weighing: { expectedGrams: null, unweighed: ['C'] } });
  });
});
