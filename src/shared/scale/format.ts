// A weight as the station shows it: in the unit the station's settings chose, to the decimals
// that unit needs at a packing bench (a gram, a tenth of an ounce, a hundredth of a pound).
import type { ScaleUnit } from './types.ts';

const GRAMS_PER: Record<ScaleUnit, number> = { g: 1, kg: 1000, lb: 453.59237, oz: 28.349523125 };
const DECIMALS: Record<ScaleUnit, number> = { g: 0, kg: 3, oz: 1, lb: 2 };

export function formatWeight(grams: number, unit: ScaleUnit, language: string): string {
  const number = new Intl.NumberFormat(language, {
    minimumFractionDigits: DECIMALS[unit],
    maximumFractionDigits: DECIMALS[unit],
  }).format(grams / GRAMS_PER[unit]);
  return `${number} ${unit}`;
}
