// The NCI standard protocol (Weigh-Tronix / Avery Weigh-Tronix SCP-01, and the many shipping
// scales that speak it): `W<CR>` asks for the weight, `Z<CR>` zeroes, `S<CR>` asks for the
// status. A weight answer is <LF> weight and unit <CR> <LF> status bytes <CR> <ETX>; a status
// answer <LF> status bytes <CR> <ETX>; an unknown command <LF> ? <CR> <ETX>.
//
// Status byte 1: bit 0 in motion, bit 1 at zero, bit 2 RAM error, bit 3 EEPROM error.
// Status byte 2: bit 0 under capacity, bit 1 over capacity, bit 2 ROM error, bit 3 faulty
// calibration. An optional byte 3: bit 3 initial zero error. Bits 4 and 5 are always set, bit 6
// says another byte follows, bit 7 is parity (stripped: the port may run 7E1 or 8N1).
// Over capacity the display (and the weight field) shows ^^^, under it ___, a zero error ---.
import {
  divisionOf,
  isScaleUnit,
  toGrams,
  type ScaleReading,
  type ScaleUnit,
} from '../../shared/scale/types.ts';

export const NCI_COMMANDS = { weight: 'W\r', zero: 'Z\r', status: 'S\r' } as const;
export const ETX = 0x03;

const NO_WEIGHT = { value: 0, unit: 'g' as const, grams: 0, divisionGrams: 1 };

interface Parsed {
  value: number;
  unit: ScaleUnit;
  decimals: number;
}

/** "  1.25lb", "0.520 kg", " 1250g ", "-0.05lb", or pounds and ounces "2lb 3.5oz". */
function parseWeight(text: string): Parsed | 'over' | 'under' | 'zero-error' | null {
  const trimmed = text.trim();
  if (/^\^+/.test(trimmed)) return 'over';
  if (/^_+/.test(trimmed)) return 'under';
  if (/^-{2,}/.test(trimmed)) return 'zero-error';
  const pounds = /^(-?)\s*(\d+)\s*lb\s+(\d+(?:\.(\d+))?)\s*oz$/i.exec(trimmed);
  if (pounds) {
    const sign = pounds[1] === '-' ? -1 : 1;
    const decimals = pounds[4]?.length ?? 0;
    const ounces = Number(pounds[2]) * 16 + Number(pounds[3]);
    return { value: Number((sign * ounces).toFixed(decimals)), unit: 'oz', decimals };
  }
  const plain = /^(-?)\s*(\d*\.?\d+)\s*([a-zA-Z]{1,2})$/.exec(trimmed);
  if (!plain) return null;
  const unit = (plain[3] ?? '').toLowerCase();
  if (!isScaleUnit(unit)) return null;
  const digits = plain[2] ?? '';
  const decimals = digits.includes('.') ? (digits.split('.')[1]?.length ?? 0) : 0;
  return { value: Number(`${plain[1]}${digits}`), unit, decimals };
}

/**
 * One frame (the bytes up to, not including, its ETX) as a reading; null for a frame that is
 * not a weight answer (a status or zero answer, or `?` for a command the scale does not know).
 */
export function decodeNciFrame(frame: Uint8Array): ScaleReading | null {
  const text = String.fromCharCode(...frame.map((byte) => byte & 0x7f));
  const parts = text.split(/[\r\n]+/).filter((part) => part.length > 0);
  if (parts.length < 2) return null;
  const statusText = parts.at(-1) ?? '';
  const weightText = parts.at(-2) ?? '';
  const status = [...statusText].map((c) => c.charCodeAt(0));
  // Status bytes carry bits 4 and 5 set: anything else is not a status field.
  if (status.length < 2 || status.some((byte) => (byte & 0x30) !== 0x30)) return null;
  const [first = 0, second = 0, third = 0] = status;
  const memory = (first & 0b1100) !== 0 || (second & 0b0100) !== 0;
  if (memory) return { status: 'fault', fault: 'memory', ...NO_WEIGHT };
  if ((second & 0b1000) !== 0) return { status: 'fault', fault: 'calibration', ...NO_WEIGHT };
  const weight = parseWeight(weightText);
  if ((second & 0b0010) !== 0 || weight === 'over')
    return { status: 'over-capacity', ...NO_WEIGHT };
  if ((second & 0b0001) !== 0 || weight === 'under') return { status: 'under-zero', ...NO_WEIGHT };
  if (weight === 'zero-error' || (status.length > 2 && (third & 0b1000) !== 0))
    return { status: 'fault', fault: 'rezero', ...NO_WEIGHT };
  if (!weight) return { status: 'fault', fault: 'unit', ...NO_WEIGHT };
  const base = {
    value: weight.value,
    unit: weight.unit,
    grams: toGrams(weight.value, weight.unit),
    divisionGrams: divisionOf(weight.decimals, weight.unit),
  };
  if ((first & 0b0001) !== 0) return { status: 'motion', ...base };
  if ((first & 0b0010) !== 0) return { status: 'zero', ...base };
  return { status: weight.value < 0 ? 'under-zero' : 'stable', ...base };
}
