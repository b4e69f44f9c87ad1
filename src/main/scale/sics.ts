// Mettler Toledo MT-SICS, level 0: `SI` asks for the weight now, `S` for a stable one, `Z`
// zeroes. Every command and reply ends in CR LF. Replies: `S S <weight> <unit>` stable,
// `S D <weight> <unit>` dynamic (in motion), `S I` not executable now, `S +` overload, `S -`
// underload; `ES`, `ET`, `EL` a syntax, transmission or logic error. The weight field is right
// aligned in ten characters; we split on spaces rather than trust columns.
import {
  divisionOf,
  isScaleUnit,
  toGrams,
  type ScaleReading,
  type ScaleStatus,
} from '../../shared/scale/types.ts';

export const SICS_COMMANDS = {
  weightNow: 'SI\r\n',
  stableWeight: 'S\r\n',
  zero: 'Z\r\n',
} as const;

const NO_WEIGHT = { value: 0, unit: 'g' as const, grams: 0, divisionGrams: 1 };

/**
 * A reply line (without its CR LF) as a reading; null for a line that answers something else
 * (a zero's `Z A`, the reset's `I4 A "…"`).
 */
export function decodeSicsLine(line: string): ScaleReading | null {
  const fields = line.trim().split(/\s+/);
  const [id, code, weight, unitText] = fields;
  if (id === 'ES' || id === 'ET' || id === 'EL') {
    return { status: 'fault', fault: 'refused', ...NO_WEIGHT };
  }
  if (id !== 'S') return null;
  switch (code) {
    case '+':
      return { status: 'over-capacity', ...NO_WEIGHT };
    case '-':
      return { status: 'under-zero', ...NO_WEIGHT };
    case 'I':
      // Understood, not executable now: busy, or no stable weight within the scale's own wait.
      return { status: 'motion', ...NO_WEIGHT };
    case 'S':
    case 'D':
      break;
    default:
      return null;
  }
  if (weight === undefined || !/^-?\d+(\.\d+)?$/.test(weight)) {
    return { status: 'fault', fault: 'refused', ...NO_WEIGHT };
  }
  let unit = unitText ?? '';
  let value = Number(weight);
  let decimals = weight.split('.')[1]?.length ?? 0;
  if (unit === 'mg') {
    unit = 'g';
    value /= 1000;
    decimals += 3;
  }
  if (!isScaleUnit(unit)) return { status: 'fault', fault: 'unit', ...NO_WEIGHT };
  value = Number(value.toFixed(decimals));
  let status: ScaleStatus = code === 'D' ? 'motion' : 'stable';
  if (status === 'stable' && value === 0) status = 'zero';
  if (status === 'stable' && value < 0) status = 'under-zero';
  return {
    status,
    value,
    unit,
    grams: toGrams(value, unit),
    divisionGrams: divisionOf(decimals, unit),
  };
}
