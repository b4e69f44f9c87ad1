// What a packed box should weigh (issue #29): the sum of each line's product weight × quantity,
// plus the box's tare; and whether a weight on the scale agrees with it, within
// max(grams, percent) of the expectation. A product without a weight makes the expectation
// unknown, and the station says which product.

export interface WeighedLine {
  sku: string;
  quantity: number;
  /** The product's `weight_kg`; null or undefined when the service does not know it. */
  weightKg: number | null | undefined;
}

export type Expectation =
  | { known: true; grams: number; contentsGrams: number; tareGrams: number }
  | { known: false; missing: string[] };

export function expectedWeight(lines: readonly WeighedLine[], tareGrams: number): Expectation {
  const missing = lines
    .filter((line) => typeof line.weightKg !== 'number' || !Number.isFinite(line.weightKg))
    .map((line) => line.sku);
  if (missing.length > 0) return { known: false, missing: [...new Set(missing)] };
  const contents = lines.reduce(
    (sum, line) => sum + (line.weightKg ?? 0) * 1000 * line.quantity,
    0,
  );
  const contentsGrams = Math.round(contents * 100) / 100;
  return {
    known: true,
    grams: Math.round((contentsGrams + tareGrams) * 100) / 100,
    contentsGrams,
    tareGrams,
  };
}

export interface Tolerance {
  grams: number;
  percent: number;
}

export interface WeightCheck {
  within: boolean;
  /** Weighed minus expected, in grams (negative: lighter). */
  differenceGrams: number;
  /** How far off a weight may be: max(grams, percent of expected). */
  allowedGrams: number;
}

export function checkWeight(
  weighedGrams: number,
  expectedGrams: number,
  tolerance: Tolerance,
): WeightCheck {
  const allowedGrams = Math.max(tolerance.grams, (expectedGrams * tolerance.percent) / 100);
  const differenceGrams = Math.round((weighedGrams - expectedGrams) * 100) / 100;
  return {
    within: Math.abs(differenceGrams) <= allowedGrams + 1e-9,
    differenceGrams,
    allowedGrams: Math.round(allowedGrams * 100) / 100,
  };
}
