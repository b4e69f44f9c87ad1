// ^BXo,h,s,c,r,f,g,a — Data Matrix (ZPL II Programming Guide, ^BX).
//
// h is the module size in dots (square modules); 0 or empty uses the ^BY height as the
// approximate symbol height. Quality 200 is ECC 200, encoded by bwip-js. Qualities 0 to 140
// (ECC 000-140, convolutional codes for "closed applications") exist neither in bwip-js nor in
// any current reader: such fields are drawn as ECC 200 with a warning rather than left blank,
// since ZPL's default quality is 0 and labels that forgot ",200" still want a symbol.
//
// Quality 200 field data takes escape sequences introduced by g (default "~" in current guides;
// V60.13.0.12 firmware used "_"): gX a control character (g@ NUL, gG BEL, …), g1 FNC1,
// g2 structured append + 9 digits, g3 reader programming, g5NNN code page NNN, gdNNN the byte
// NNN, gg the escape character itself. They reach bwip-js through its parsefnc option.
import { asBytes, encode, escapeCaret } from './bwip.ts';
import { matrixLayout } from './draw.ts';
import type { BarcodeContext, BarcodeLayout } from './types.ts';
import { emptyLayout } from './types.ts';

export interface DataMatrixParams {
  /** h: module size in dots; 0 or undefined: ^BY height / rows. */
  moduleSize?: number;
  /** s: 0, 50, 80, 100, 140 or 200; default 0. */
  quality?: number;
  /** c, r: columns and rows (ECC 200: the symbol sizes, 10 to 144 even). */
  columns?: number;
  rows?: number;
  /** f: format ID 1-6, quality 0-140 only. */
  formatId?: number;
  /** g: escape character for quality 200; default "~". */
  escape?: string;
  /** a: aspect ratio, 1 square (default), 2 rectangular (newer firmware). */
  aspect?: number;
}

const SQUARE = [
  10, 12, 14, 16, 18, 20, 22, 24, 26, 32, 36, 40, 44, 48, 52, 64, 72, 80, 88, 96, 104, 120, 132,
  144,
];
const RECTANGLE: Array<[number, number]> = [
  [8, 18],
  [8, 32],
  [12, 26],
  [12, 36],
  [16, 36],
  [16, 48],
];

export function dataMatrix(
  data: string,
  params: DataMatrixParams,
  ctx: BarcodeContext,
): BarcodeLayout {
  const warnings: string[] = [];
  if (data.length === 0) return emptyLayout(['^BX field data is empty; nothing is drawn']);
  const quality = params.quality ?? 0;
  if (quality !== 200) {
    warnings.push(
      [0, 50, 80, 100, 140].includes(quality)
        ? `^BX quality ${quality} (ECC ${String(quality).padStart(3, '0')}) cannot be drawn; the symbol is drawn as ECC 200 (add ",200")`
        : `^BX quality ${quality} is not 0, 50, 80, 100, 140 or 200; the symbol is drawn as ECC 200`,
    );
  }
  const rectangular = params.aspect === 2;
  if (params.aspect !== undefined && params.aspect !== 1 && params.aspect !== 2) {
    warnings.push(
      `^BX aspect ratio ${params.aspect} is not 1 (square) or 2 (rectangular); square is used`,
    );
  }
  const text =
    quality === 200
      ? escapes(asBytes(data), params.escape ?? '~', warnings)
      : escapeCaret(asBytes(data));

  const options: Record<string, string | number | boolean> = {
    parsefnc: true,
    binarytext: true,
    format: rectangular ? 'rectangle' : 'square',
  };
  const forced = forcedSize(params, rectangular, warnings);
  if (forced) {
    options.rows = forced[0];
    options.columns = forced[1];
  }
  const result = encode('datamatrix', text, options);
  if (!result.ok || result.encoding.kind !== 'matrix') {
    const why = result.ok ? 'unexpected encoding' : result.error;
    return emptyLayout([
      ...warnings,
      forced
        ? `^BX data does not fit ${forced[0]}×${forced[1]} modules (${why}); the printer prints no symbol`
        : `^BX cannot encode the field data (${why}); nothing is drawn`,
    ]);
  }
  let size = params.moduleSize ?? 0;
  if (!Number.isFinite(size) || size < 0) {
    warnings.push(`^BX module size ${size} is not a size in dots; the ^BY height is used`);
    size = 0;
  }
  size = Math.trunc(size);
  if (size === 0) size = Math.max(1, Math.floor(ctx.by.height / result.encoding.rows));
  return matrixLayout(result.encoding, size, size, warnings);
}

/** The forced [rows, columns], or undefined for automatic; invalid sizes are reported. */
function forcedSize(
  params: DataMatrixParams,
  rectangular: boolean,
  warnings: string[],
): [number, number] | undefined {
  const c = params.columns ?? 0;
  const r = params.rows ?? 0;
  if (c === 0 && r === 0) return undefined;
  if (rectangular) {
    const match = RECTANGLE.find(([rr, cc]) => (r === 0 || rr === r) && (c === 0 || cc === c));
    if (match) return match;
    warnings.push(
      `^BX ${r}×${c} is not a rectangular ECC 200 size; the size is chosen automatically`,
    );
    return undefined;
  }
  // Square symbols: the larger of the two forces the size, as the guide says for ECC 0-140.
  const n = Math.max(c, r);
  if (SQUARE.includes(n)) return [n, n];
  warnings.push(
    `^BX ${n} is not an ECC 200 symbol size (10 to 144, even); the size is chosen automatically`,
  );
  return undefined;
}

/** Quality 200 escape sequences into bwip-js parsefnc text. */
function escapes(data: string, esc: string, warnings: string[]): string {
  let out = '';
  for (let i = 0; i < data.length; i++) {
    const c = data[i] ?? '';
    if (c !== esc) {
      out += c === '^' ? '^^' : c;
      continue;
    }
    const n = data[i + 1];
    if (n === undefined) {
      warnings.push(
        `^BX field data ends with the escape character ${JSON.stringify(esc)}; it is dropped`,
      );
      break;
    }
    i++;
    if (n === esc) out += esc === '^' ? '^^' : esc;
    else if (n === '1') out += '^FNC1';
    else if (n === 'd' && /^\d{3}$/.test(data.slice(i + 1, i + 4))) {
      const v = Number(data.slice(i + 1, i + 4));
      i += 3;
      if (v > 255) warnings.push(`^BX ${esc}d${v} is not a byte; it is dropped`);
      else out += v === 94 ? '^^' : String.fromCharCode(v);
    } else if (n === '5' && /^\d{3}$/.test(data.slice(i + 1, i + 4))) {
      out += `^ECI000${data.slice(i + 1, i + 4)}`;
      i += 3;
    } else if (n === '2') {
      warnings.push(`^BX structured append (${esc}2) is not encoded; its nine digits are dropped`);
      i += 9;
    } else if (n === '3') {
      warnings.push(`^BX reader programming (${esc}3) is not encoded; it is dropped`);
    } else if (n >= '@' && n <= '_') out += String.fromCharCode(n.charCodeAt(0) - 64);
    else {
      warnings.push(
        `^BX ${JSON.stringify(esc + n)} is not an escape sequence; it is encoded as it is`,
      );
      out += (esc === '^' ? '^^' : esc) + (n === '^' ? '^^' : n);
    }
  }
  return out;
}
