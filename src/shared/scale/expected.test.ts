import { describe, expect, it } from 'vitest';
import { checkWeight, expectedWeight } from './expected.ts';

describe('the expected weight of a box', () => {
  it('is the lines’ weight × quantity plus the box’s tare', () => {
    expect(
      expectedWeight(
        [
          { sku: 'A', quantity: 3, weightKg: 0.25 },
          { sku: 'B', quantity: 1, weightKg: 1.1 },
        ],
        180,
      ),
    ).toEqual({ known: true, grams: 2030, contentsGrams: 1850, tareGrams: 180 });
  });

  it('is unknown when a product has no weight, and names which', () => {
    expect(
      expectedWeight(
        [
          { sku: 'A', quantity: 3, weightKg: 0.25 },
          { sku: 'B', quantity: 1, weightKg: null },
          { sku: 'C', quantity: 2, weightKg: undefined },
        ],
        0,
      ),
    ).toEqual({ known: false, missing: ['B', 'C'] });
  });
});

describe('the weight check', () => {
  it('allows max(grams, percent of expected) either way', () => {
    const tolerance = { grams: 20, percent: 2 };
    // 2 % of 2000 g is 40 g: more than 20 g.
    expect(checkWeight(2039, 2000, tolerance)).toEqual({
      within: true,
      differenceGrams: 39,
      allowedGrams: 40,
    });
    expect(checkWeight(1959, 2000, tolerance).within).toBe(false);
    // 2 % of 500 g is 10 g: the 20 g floor holds.
    expect(checkWeight(520, 500, tolerance).within).toBe(true);
    expect(checkWeight(479, 500, tolerance)).toMatchObject({ within: false, differenceGrams: -21 });
  });
});
