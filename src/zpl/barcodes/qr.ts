// ^BQa,b,c,d,e — QR Code (ZPL II Programming Guide, ^BQ, "QR Switches formatted into the ^FD").
//
// The field data starts with switches: [D<code no.><no. of divisions><parity>,]<error
// correction H|Q|M|L><input mode A|M>,<data>; in manual mode the data is <character mode>
// <data> (N numeric, A alphanumeric, Bxxxx bytes with a 4-digit count, K Kanji), several of
// them separated by commas. How many characters the switches take when they are malformed
// follows what printers do (Zebra knowledge article 74231479: "Sample" without switches scans
// as "ple"): the first character is the error correction level, the second the input mode,
// and a third (the comma) only when the second is a letter.
//
// qr-encode.ts encodes (the level asked for, BWIPP's mode segmentation). The mask is ^BQ's
// fifth parameter when it is written, 0 to 7, as the guide gives it. Left out, the guide says
// the printer's default is 7, but Labelary's renders say otherwise: of the 10 QR codes zxing
// reads in its pictures of labels with no mask written (labelize's corpus), 9 carry another
// (0, 1, 2, 4), the one ZXing's penalty scoring picks (qr-mask.ts); an empty mask is that.
// QR Model 1 is not encoded and is drawn as Model 2 with a warning.
import { asBytes, type MatrixEncoding } from './bwip.ts';
import { matrixLayout } from './draw.ts';
import { labelaryMask, remask } from './qr-mask.ts';
import { encodeQr } from './qr-encode.ts';
import type { BarcodeContext, BarcodeLayout } from './types.ts';
import { emptyLayout } from './types.ts';

export interface QrParams {
  /** b: model 1 or 2; default 2. */
  model?: number;
  /** c: magnification, dots per module, 1 to 10 (1 to 100 on newer firmware); default by dpmm. */
  magnification?: number;
  /** d: error correction when the data's switch has none valid: Q if empty, M if invalid. */
  errorCorrection?: string;
  /** e: mask 0 to 7; left out (or out of range), the mask Labelary's scoring picks. */
  mask?: number;
}

/** "1 on 150 dpi printers, 2 on 200 dpi, 3 on 300 dpi, 6 on 600 dpi" (^BQ c; also ^BO b). */
export function defaultMagnification(dpmm: number | undefined): number {
  const d = dpmm ?? 8;
  return { 6: 1, 8: 2, 12: 3, 24: 6 }[d] ?? Math.max(1, Math.round(d / 4));
}

const LEVELS = 'HQML';

export function qrCode(data: string, params: QrParams, ctx: BarcodeContext): BarcodeLayout {
  const warnings: string[] = [];
  if (params.model !== undefined && params.model !== 2) {
    warnings.push(
      params.model === 1
        ? '^BQ model 1 is not supported here; the symbol is drawn as model 2'
        : `^BQ model ${params.model} is not 1 or 2; model 2 is used`,
    );
  }
  let mag = params.magnification ?? defaultMagnification(ctx.dpmm);
  if (!Number.isInteger(mag) || mag < 1 || mag > 100) {
    const fixed = Math.min(100, Math.max(1, Math.round(Number.isFinite(mag) ? mag : 1)));
    warnings.push(`^BQ magnification ${mag} is outside 1 to 10; ${fixed} is used`);
    mag = fixed;
  }
  let mask = params.mask;
  if (mask !== undefined && !(Number.isInteger(mask) && mask >= 0 && mask <= 7)) {
    warnings.push(`^BQ mask ${mask} is not 0 to 7; the mask is chosen as for an empty one`);
    mask = undefined;
  }

  const parsed = parseSwitches(data, params.errorCorrection, warnings);
  if (parsed.text.length === 0) {
    return emptyLayout([...warnings, '^BQ has no data after its switches; nothing is drawn']);
  }
  const encoding = symbol(asBytes(parsed.text), parsed.level, mask);
  if (!encoding) {
    return emptyLayout([
      ...warnings,
      `^BQ field data is too long for a QR code at level ${parsed.level}; nothing is drawn`,
    ]);
  }
  const layout = matrixLayout(encoding, mag, mag, warnings);
  // Labelary puts a QR code lower than its origin: at ^FO by the ^BY height (a printer's QR
  // field starts with a bar code's height of margin above it), and at ^FT the origin is
  // (N - 18) modules below the symbol's bottom for N modules a side. Both fitted to its renders
  // (^BY3,2,100 ^FO0,0: the symbol starts at y 100; 21 modules of 5 dots at ^FT…,400 end at
  // 384, 25 modules of 10 dots at ^FT…,500 at 429).
  const n = encoding.rows;
  return {
    ...layout,
    data: parsed.text,
    anchor: {
      fo: { x: 0, y: ctx.by.height },
      ft: { x: 0, y: layout.height + (n - 18) * mag },
    },
  };
}

// Symbols by level and data, mask chosen: a label is previewed again on every keystroke, and a
// batch prints one layout many times.
const SYMBOL_CACHE = 256;
const symbols = new Map<string, MatrixEncoding | null>();

function symbol(
  bytes: string,
  level: QrSwitches['level'],
  mask: number | undefined,
): MatrixEncoding | null {
  const key = `${level}${mask ?? 'a'}${bytes}`;
  const hit = symbols.get(key);
  if (hit !== undefined) {
    symbols.delete(key);
    symbols.set(key, hit);
    return hit;
  }
  const encoded = encodeQr(bytes, level);
  // The encoder draws mask 0; the symbol is remasked from it.
  const chosen =
    encoded &&
    (mask === undefined ? labelaryMask(encoded, level, 0) : remask(encoded, level, 0, mask));
  symbols.set(key, chosen);
  if (symbols.size > SYMBOL_CACHE) {
    const oldest = symbols.keys().next();
    if (!oldest.done) symbols.delete(oldest.value);
  }
  return chosen;
}

export interface QrSwitches {
  level: 'H' | 'Q' | 'M' | 'L';
  manual: boolean;
  text: string;
}

export function parseSwitches(
  data: string,
  fallbackLevel: string | undefined,
  warnings: string[],
): QrSwitches {
  let rest = data;
  const mixed = /^D(\d\d)(\d\d)([0-9A-Fa-f]{2}),/.exec(rest);
  if (mixed) {
    warnings.push(
      `^BQ structured append (symbol ${mixed[1]} of ${mixed[2]}) is not encoded; the symbol is drawn on its own`,
    );
    rest = rest.slice(mixed[0].length);
  }
  const levelChar = rest[0] ?? '';
  const modeChar = rest[1] ?? '';
  let level: QrSwitches['level'];
  if (levelChar !== '' && LEVELS.includes(levelChar)) level = levelChar as QrSwitches['level'];
  else {
    // ^BQ's d parameter when it names a level; without one, H: the guide says Q, but the
    // printers Labelary mirrors use H ("^FDEXAMPLE CODE" draws "MPLE CODE" at level H there).
    const d = fallbackLevel?.trim() ?? '';
    level =
      d === '' ? 'H' : LEVELS.includes(d) && d.length === 1 ? (d as QrSwitches['level']) : 'M';
    warnings.push(
      `^BQ field data should start with an error correction level H, Q, M or L; ${JSON.stringify(levelChar)} was read as one, ${level} is used`,
    );
  }
  const isLetter = /[A-Za-z]/.test(modeChar);
  let manual = false;
  if (modeChar === 'M') manual = true;
  else if (modeChar !== 'A') {
    warnings.push(
      `^BQ input mode should be A or M after the error correction level; ${JSON.stringify(modeChar)} was read as one, automatic input is used`,
    );
  }
  if (isLetter && rest[2] !== ',') {
    warnings.push(
      `^BQ expected "," after the switches; ${JSON.stringify(rest[2] ?? '')} is dropped in its place`,
    );
  }
  const payload = rest.slice(isLetter ? 3 : 2);
  return { level, manual, text: manual ? manualData(payload, warnings) : payload };
}

const ALNUM_CHAR = /[0-9A-Z $%*+\-./:]/;

/** Manual input: <mode><data>[,<mode><data>…]; the data of every segment, concatenated. */
function manualData(payload: string, warnings: string[]): string {
  let out = '';
  let p = payload;
  while (p.length > 0) {
    const mode = p[0];
    let segment: string;
    if (mode === 'B') {
      const count = p.slice(1, 5);
      if (!/^\d{4}$/.test(count)) {
        warnings.push(
          '^BQ byte mode "B" needs a four-digit count; the rest of the data is taken as bytes',
        );
        segment = p.slice(1);
        p = '';
      } else {
        const n = Number(count);
        segment = p.slice(5, 5 + n);
        if (segment.length < n)
          warnings.push(
            `^BQ byte mode count ${count} is more than the ${segment.length} bytes given`,
          );
        p = p.slice(5 + n);
      }
    } else if (mode === 'N' || mode === 'A') {
      // The segment runs to the next ",N" ",A" ",B" or ",K". Characters its mode cannot hold
      // are left out, as Labelary does ("|2514EE|" in an A segment reads "2514EE"): encoding
      // them would need another mode and a bigger symbol than the one it shows.
      const next = /,[NABK]/.exec(p.slice(1));
      const raw = next ? p.slice(1, 1 + next.index) : p.slice(1);
      segment = [...raw].filter((c) => (mode === 'N' ? /[0-9]/ : ALNUM_CHAR).test(c)).join('');
      if (segment.length < raw.length)
        warnings.push(
          `^BQ ${raw.length - segment.length} character(s) that ${mode === 'N' ? 'numeric' : 'alphanumeric'} mode cannot hold are left out`,
        );
      p = p.slice(1 + raw.length);
    } else if (mode === 'K') {
      warnings.push('^BQ Kanji mode "K" is encoded as bytes');
      segment = p.slice(1);
      p = '';
    } else {
      warnings.push(
        `^BQ manual input needs a character mode N, A, B or K; ${JSON.stringify(mode ?? '')} is not one, the rest is taken as data`,
      );
      segment = p;
      p = '';
    }
    out += segment;
    if (p.length === 0) break;
    if (p[0] === ',' && p.length > 1 && 'NABK'.includes(p[1] ?? '')) {
      p = p.slice(1);
      continue;
    }
    warnings.push(
      `^BQ ${JSON.stringify(p.slice(0, 10))}… does not fit the character mode "${mode ?? ''}"; it is encoded as it is`,
    );
    out += p;
    break;
  }
  return out;
}
