// ^BYw,r,h — bar code field defaults (ZPL II Programming Guide, ^BY).
//
//   w  module width in dots, 1 to 10, 2 at power-up
//   r  wide bar to narrow bar ratio, 2.0 to 3.0 in 0.1 steps, default 3.0; no effect on
//      fixed-ratio symbologies (Code 128, Code 93, UPC/EAN, the 2D symbols)
//   h  bar code height in dots, 10 at power-up
//
// The guide calls w and h "initial value at power-up" and r "default value": an omitted w or h
// keeps the value in force, an omitted r goes back to 3.0.
import type { BarcodeDefaults } from './types.ts';

export const POWER_UP_DEFAULTS: Readonly<BarcodeDefaults> = {
  moduleWidth: 2,
  ratio: 3,
  height: 10,
};

export interface ByResult {
  defaults: BarcodeDefaults;
  warnings: string[];
}

/** Applies a ^BY command to the state in force. Undefined parameters were left empty. */
export function applyBy(
  current: BarcodeDefaults,
  w: number | undefined,
  r: number | undefined,
  h: number | undefined,
): ByResult {
  const warnings: string[] = [];
  let moduleWidth = current.moduleWidth;
  if (w !== undefined) {
    if (!Number.isFinite(w)) {
      warnings.push('^BY module width is not a number; the current width is kept');
    } else {
      const whole = Math.trunc(w);
      moduleWidth = Math.min(10, Math.max(1, whole));
      if (moduleWidth !== w) {
        warnings.push(`^BY module width ${w} is outside 1 to 10 dots; ${moduleWidth} is used`);
      }
    }
  }
  let ratio = 3;
  if (r !== undefined) {
    if (!Number.isFinite(r)) {
      warnings.push('^BY ratio is not a number; 3.0 is used');
    } else {
      // The printer takes the ratio in tenths; keep it as tenths so 2.3 × 10 stays exact.
      const tenths = Math.min(30, Math.max(20, Math.round(r * 10)));
      ratio = tenths / 10;
      if (Math.abs(r - ratio) > 1e-9) {
        warnings.push(
          `^BY ratio ${r} is outside 2.0 to 3.0 in steps of 0.1; ${ratio.toFixed(1)} is used`,
        );
      }
    }
  }
  let height = current.height;
  if (h !== undefined) {
    if (!Number.isFinite(h) || h < 1) {
      warnings.push(`^BY height ${h} is not a height in dots; ${height} is kept`);
    } else {
      height = Math.min(32000, Math.trunc(h));
      if (height !== h)
        warnings.push(`^BY height ${h} is outside 1 to 32000 dots; ${height} is used`);
    }
  }
  return { defaults: { moduleWidth, ratio, height }, warnings };
}

/**
 * Width in dots of a wide bar or space for two-width symbologies (Code 39, Interleaved 2 of 5).
 * The guide's table "Module Width Ratios in Dots" lists, for every ratio and module width, the
 * ratio the printer actually prints. Its cells are floor(r × w) dots over w: 2.2 at w = 4 is
 * "2:1" (8 dots, not 9), 2.9 at w = 8 is "2.87:1" (23 dots); rounding would contradict a dozen
 * cells, flooring contradicts one (2.3 at w = 3, printed "2.3:1"). The prose example beside it
 * (9 × 2.4 = 21.6 "prints at 22 dots") disagrees with its own table cell (2.3:1, 21 dots); we
 * follow the table. Integer tenths keep 2.3 × 10 = 23 exact.
 */
export function wideWidth(moduleWidth: number, ratio: number): number {
  return Math.floor((Math.round(ratio * 10) * moduleWidth) / 10);
}
