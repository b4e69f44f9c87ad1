// What a scale says, in the form the station, the window and `npm run scale` agree on
// (issue #29). A reading is what one report or reply held; whether it is a weight to trust is
// the stable-weight rule's decision (src/main/scale/stable-weight.ts), not the scale's alone.

/** The condition a scale reports with a reading; `npm run scale -- read` prints it as is. */
export const SCALE_STATUSES = [
  'stable',
  'motion',
  'zero',
  'under-zero',
  'over-capacity',
  'fault',
] as const;
export type ScaleStatus = (typeof SCALE_STATUSES)[number];

/** The units the station shows a weight in. Scales that weigh in others are refused. */
export const SCALE_UNITS = ['g', 'kg', 'oz', 'lb'] as const;
export type ScaleUnit = (typeof SCALE_UNITS)[number];

/**
 * Why a scale reporting `fault` is at fault, when it says: the HID statuses "requires
 * calibration" and "requires re-zeroing", an NCI RAM/ROM/EEPROM or calibration error, an MT-SICS
 * error reply, or a unit the station cannot show.
 */
export type ScaleFault =
  'device' | 'calibration' | 'rezero' | 'memory' | 'unit' | 'refused' | 'unknown';

export interface ScaleReading {
  status: ScaleStatus;
  /** The weight as the scale shows it, in `unit` (0 when the scale shows no number). */
  value: number;
  unit: ScaleUnit;
  /** The same weight in grams, rounded to a hundredth of a gram. */
  grams: number;
  /** The scale's smallest step, in grams, as its reply shows it (the last digit's weight). */
  divisionGrams: number;
  /** With `status: 'fault'`, why, when the scale says. */
  fault?: ScaleFault;
}

export const SCALE_PROTOCOLS = ['hid', 'sics', 'nci'] as const;
export type ScaleProtocol = (typeof SCALE_PROTOCOLS)[number];

export const SCALE_PARITIES = ['none', 'even', 'odd'] as const;
export type ScaleParity = (typeof SCALE_PARITIES)[number];

/** How a serial scale's port is set up; NCI's defaults are 9600 7E1, MT-SICS' 9600 8N1. */
export interface SerialSettings {
  baudRate: number;
  dataBits: 7 | 8;
  parity: ScaleParity;
  stopBits: 1 | 2;
}

export const SERIAL_DEFAULTS: Record<'sics' | 'nci', SerialSettings> = {
  sics: { baudRate: 9600, dataBits: 8, parity: 'none', stopBits: 1 },
  nci: { baudRate: 9600, dataBits: 7, parity: 'even', stopBits: 1 },
};

/** A scale the station can see, as `npm run scale -- list --json` prints it. */
export interface ScaleDevice {
  /** What `read` takes: `hid:VID:PID[:SERIAL]` or `serial:PATH`. */
  id: string;
  kind: 'hid' | 'serial';
  name: string;
  /** Hexadecimal, four digits, lower case; null when the system does not say. */
  vendorId: string | null;
  productId: string | null;
  path: string;
}

const GRAMS_PER: Record<ScaleUnit, number> = {
  g: 1,
  kg: 1000,
  // The international avoirdupois pound (1959) and its sixteenth.
  lb: 453.59237,
  oz: 28.349523125,
};

export const toGrams = (value: number, unit: ScaleUnit): number =>
  Math.round(value * GRAMS_PER[unit] * 100) / 100;

/** The grams one step of the last shown digit weighs: "1.25 lb" steps by 0.01 lb. */
export const divisionOf = (decimals: number, unit: ScaleUnit): number =>
  10 ** -decimals * GRAMS_PER[unit];

export const isScaleUnit = (text: string): text is ScaleUnit =>
  (SCALE_UNITS as readonly string[]).includes(text);
