// One scan, exactly as a keyboard-wedge scanner typed it, → a structured result (issue 27,
// sections 2 and 3). Pure: the window, main and the `scan` CLI all read scans through it.
//
// The GS1 parser is our own table (ai-table.ts), not gs1-barcode-parser-mod. We evaluated its
// 1.2.1 (MIT, no dependencies, 95 KB of source, released in 2026 and kept up): it splits
// elements well (~20 µs a scan, as ours), but it does not check GTIN check digits, accepts Feb
// 30 (as Mar 2), lets a 21-character lot and characters outside CSET 82 through, and takes the
// century from the machine's clock, so the sliding window cannot follow `options.now`. Behind
// our normaliser we would still have re-checked every element it returned; the table, the two
// splitters and the checks are ~400 lines with their comments, each line held against the
// GS1 Barcode Syntax Dictionary.
import { readElementString, GS, isHumanReadable } from './element-string.ts';
import { aiAt } from './ai-table.ts';
import { isoDate } from './dates.ts';
import { gtinCheckDigitValid, isGtinLength, normaliseGtin } from './gtin.ts';
import type { ParseOptions, ParsedScan, ScanError, ScanKind, Symbology } from './types.ts';
import { SYMBOLOGIES, unwedge } from './wedge.ts';

export type { ParseOptions, ParsedScan, ScanError, ScanKind, Symbology } from './types.ts';
export { gtinCheckDigitValid, normaliseGtin } from './gtin.ts';
export { scanText } from './wedge.ts';

const GS1_CARRIERS = new Set<Symbology>(['GS1-128', 'GS1 DataMatrix', 'GS1 QR', 'GS1 DataBar']);
/** The identification keys that may open a GS1 string with no identifier and no separator. */
const KEYS: Readonly<Record<string, number>> = { '00': 18, '01': 14, '02': 14 };

function result(input: string, kind: ScanKind, symbology: Symbology | null): ParsedScan {
  return {
    input,
    kind,
    symbology,
    gtin: null,
    lot: null,
    expiry: null,
    serial: null,
    netWeight: null,
    ais: {},
    error: null,
  };
}

const refused = (scan: ParsedScan, error: ScanError): ParsedScan => ({ ...scan, error });

function gtinScan(input: string, digits: string, symbology: Symbology | null): ParsedScan {
  const scan = result(input, 'gtin', symbology);
  const gtin = normaliseGtin(digits);
  if (!gtin) return refused(scan, { messageKey: 'scan.badCheckDigit', params: { code: digits } });
  return { ...scan, gtin };
}

/** 310n is kilograms and 320n pounds, n the number of decimals in the six digits. */
function netWeight(ais: Record<string, string>): ParsedScan['netWeight'] {
  for (const [stem, unit] of [
    ['310', 'kg'],
    ['320', 'lb'],
  ] as const) {
    const ai = Object.keys(ais).find((key) => key.length === 4 && key.startsWith(stem));
    if (ai) return { value: Number(ais[ai]) / 10 ** Number(ai[3]), unit };
  }
  return null;
}

function gs1Scan(
  input: string,
  body: string,
  symbology: Symbology | null,
  now: number,
): ParsedScan {
  const scan = result(input, 'gs1', symbology);
  const read = readElementString(body, now);
  if (read.error) return refused(scan, read.error);
  const { ais } = read;
  return {
    ...scan,
    gtin: ais['01'] ?? null,
    lot: ais['10'] ?? null,
    expiry: ais['17'] === undefined ? null : isoDate(ais['17'], now, true),
    serial: ais['21'] ?? null,
    netWeight: netWeight(ais),
    ais,
  };
}

/**
 * A string with no symbology identifier is GS1 when nothing else could have written it: the
 * human-readable form, a group separator after a known AI, or an identification key (00, 01,
 * 02) whose check digit holds followed by more than the bare key. A plain 14-digit GTIN stays a
 * GTIN; an SKU that happens to start with "10" or "21" stays text.
 */
function looksGs1(body: string): boolean {
  if (isHumanReadable(body)) return true;
  const data = body.replace(new RegExp(`^${GS}+`), '');
  if (body.includes(GS)) return aiAt(data) !== undefined;
  const keyLength = KEYS[data.slice(0, 2)];
  if (keyLength === undefined) return false;
  const key = data.slice(2, 2 + keyLength);
  return key.length === keyLength && gtinCheckDigitValid(key);
}

/**
 * The exact shape of a GS1 element string whose only fault is its key's check digit: AI 01 or
 * 02 and 14 digits, or AI 00 and 18 digits, alone or followed by AIs that read well. A wedge
 * set to drop the `]C1` prefix sends a GS1-128 this way; calling it text would tell the packer
 * "unknown code" instead of the check-digit sentence (the GS1 syntax engine and biip refuse it).
 */
function gs1KeyWithBadCheckDigit(body: string, now: number): boolean {
  const data = body.replace(new RegExp(`^${GS}+`), '');
  const keyLength = KEYS[data.slice(0, 2)];
  if (keyLength === undefined) return false;
  const key = data.slice(2, 2 + keyLength);
  if (key.length !== keyLength || !/^\d+$/.test(key) || gtinCheckDigitValid(key)) return false;
  const rest = data.slice(2 + keyLength).replace(new RegExp(`^${GS}+`), '');
  return rest === '' || (/^\d/.test(rest) && readElementString(rest, now).error === null);
}

export function parseScan(input: string, options: ParseOptions): ParsedScan {
  const { aim, body } = unwedge(input);
  const symbology = aim ? (SYMBOLOGIES[aim] ?? null) : null;
  const empty: ScanError = { messageKey: 'scan.empty', params: {} };
  if (symbology && GS1_CARRIERS.has(symbology)) {
    // A GS1 carrier holds GS1 data and nothing else: whatever it holds is read as such.
    if (body.replaceAll(GS, '') === '') return refused(result(input, 'gs1', symbology), empty);
    return gs1Scan(input, body, symbology, options.now);
  }
  if (symbology === 'EAN-13' || symbology === 'EAN-8') {
    // UPC-A arrives as EAN-13 with a leading zero; some readers send its 12 digits as they are.
    const lengths = symbology === 'EAN-13' ? [12, 13] : [8];
    if (/^\d+$/.test(body) && lengths.includes(body.length))
      return gtinScan(input, body, symbology);
    return refused(result(input, 'gtin', symbology), {
      messageKey: 'scan.wrongLength',
      params: { code: body, symbology, digits: symbology === 'EAN-13' ? 13 : 8 },
    });
  }
  if (body === '') return refused(result(input, 'text', null), empty);
  // Another identifier names a symbology that is neither GS1 nor EAN/UPC (Code 128 without
  // FNC1, Code 39, ITF…): its digits may still be a GTIN (an ITF-14 case code), but never GS1
  // data. EAN/UPC with an add-on (]E1–]E3) carries more than a GTIN: read as text.
  if (aim)
    return isGtinLength(body) && !aim.startsWith(']E')
      ? gtinScan(input, body, null)
      : result(input, 'text', null);
  if (isGtinLength(body)) return gtinScan(input, body, null);
  if (looksGs1(body) || gs1KeyWithBadCheckDigit(body, options.now))
    return gs1Scan(input, body, null, options.now);
  return result(input, 'text', null);
}
