// The input report of a USB HID point-of-sale scale (HID usage page 0x8D, "Scales"), as Dymo,
// Mettler Toledo, Stamps.com and Fairbanks shipping scales send it: report id 3, the scale's
// status, its unit, a signed power-of-ten exponent and the weight, 16 bits little-endian.
// Status and unit are 1-based indexes into the usage lists of the HID POS usage tables
// (status: 0x71 fault … 0x78 requires re-zeroing; unit: 0x51 milligram … 0x5C pound).
import {
  divisionOf,
  toGrams,
  type ScaleFault,
  type ScaleReading,
  type ScaleStatus,
  type ScaleUnit,
} from '../../shared/scale/types.ts';

export const HID_SCALE_USAGE_PAGE = 0x8d;
/** The Scale Data Report (and the Status Report some scales send in its place). */
const WEIGHT_REPORTS = new Set([3, 4]);

const STATUSES: Record<number, { status: ScaleStatus; fault?: ScaleFault }> = {
  1: { status: 'fault', fault: 'device' },
  2: { status: 'zero' },
  3: { status: 'motion' },
  4: { status: 'stable' },
  5: { status: 'under-zero' },
  6: { status: 'over-capacity' },
  7: { status: 'fault', fault: 'calibration' },
  8: { status: 'fault', fault: 'rezero' },
};

/** The units we show; milligrams are shown as grams, the rest (carats, taels…) refused. */
const UNITS: Record<number, { unit: ScaleUnit; factor: number }> = {
  1: { unit: 'g', factor: 0.001 },
  2: { unit: 'g', factor: 1 },
  3: { unit: 'kg', factor: 1 },
  11: { unit: 'oz', factor: 1 },
  12: { unit: 'lb', factor: 1 },
};

/**
 * One report as node-hid delivers it (the report id first). Null for a report that is not a
 * weight (a feature or attribute report, or one too short to be one).
 */
export function decodeHidReport(report: Uint8Array): ScaleReading | null {
  if (report.length < 6 || !WEIGHT_REPORTS.has(report[0] ?? 0)) return null;
  const view = new DataView(report.buffer, report.byteOffset, report.byteLength);
  const code = view.getUint8(1);
  const known = STATUSES[code] ?? { status: 'fault' as const, fault: 'unknown' as const };
  const exponent = view.getInt8(3);
  // Scales disagree on the sign: some send a signed weight under zero, others its magnitude.
  let raw = view.getUint16(4, true);
  if (known.status === 'under-zero') {
    const signed = view.getInt16(4, true);
    raw = signed < 0 ? signed : -raw;
  }
  const unitCode = view.getUint8(2);
  const unit = UNITS[unitCode];
  if (!unit) {
    return { status: 'fault', fault: 'unit', value: 0, unit: 'g', grams: 0, divisionGrams: 1 };
  }
  // The value to as many decimals as the exponent gives it, without binary fractions.
  const decimals = Math.max(0, -exponent - Math.round(Math.log10(unit.factor)));
  const value = Number((raw * 10 ** exponent * unit.factor).toFixed(decimals));
  const reading: ScaleReading = {
    status: known.status,
    value: known.status === 'over-capacity' ? 0 : value,
    unit: unit.unit,
    grams: known.status === 'over-capacity' ? 0 : toGrams(value, unit.unit),
    divisionGrams: divisionOf(decimals, unit.unit),
  };
  return known.fault ? { ...reading, fault: known.fault } : reading;
}
