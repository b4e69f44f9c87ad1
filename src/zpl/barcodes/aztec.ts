// ^BOa,b,c,d,e,f,g — Aztec (ZPL II Programming Guide, ^BO).
//
// b: magnification (dots per module), default by resolution as for ^BQ. d: 0 default error
// correction (bwip-js's 23 %), 1-99 minimum error correction percentage, 101-104 compact
// symbol of 1-4 layers, 201-232 full-range symbol of 1-32 layers, 300 an Aztec "rune".
// e: menu (reader initialisation) symbol. Structured append (f, g) and ECI escapes (c) are
// not encoded; they are reported.
import { aztecSizes, aztecTextBits } from './aztec-text.ts';
import { asBytes, encode, type EncodeResult } from './bwip.ts';
import { matrixLayout } from './draw.ts';
import { defaultMagnification } from './qr.ts';
import type { BarcodeContext, BarcodeLayout } from './types.ts';
import { emptyLayout } from './types.ts';

/** d = 0: the error correction bwip-js and the Zint library default to, 23 %. */
const DEFAULT_ECC = 23;

export interface AztecParams {
  magnification?: number;
  /** c: the data contains ECICs. */
  eci?: boolean;
  /** d: error control and symbol size/type. */
  size?: number;
  /** e: menu symbol. */
  menu?: boolean;
  /** f: number of symbols for structured append, 1-26. */
  symbols?: number;
  /** g: structured append ID. */
  id?: string;
}

export function aztec(data: string, params: AztecParams, ctx: BarcodeContext): BarcodeLayout {
  const warnings: string[] = [];
  if (data.length === 0) return emptyLayout(['^BO field data is empty; nothing is drawn']);
  let mag = params.magnification ?? defaultMagnification(ctx.dpmm);
  if (!Number.isInteger(mag) || mag < 1 || mag > 10) {
    const fixed = Math.min(10, Math.max(1, Math.round(Number.isFinite(mag) ? mag : 1)));
    warnings.push(`^BO magnification ${mag} is outside 1 to 10; ${fixed} is used`);
    mag = fixed;
  }
  if (params.eci === true)
    warnings.push('^BO ECI escapes in the data are not interpreted; the data is encoded as it is');
  if (params.symbols !== undefined && params.symbols > 1) {
    warnings.push('^BO structured append is not encoded; the symbol is drawn on its own');
  }
  const options: Record<string, string | number | boolean> = { binarytext: true };
  if (params.menu === true) options.readerinit = true;
  let bcid = 'azteccode';
  let text = asBytes(data);
  const d = params.size ?? 0;
  if (d >= 1 && d <= 99) options.eclevel = d;
  else if (d >= 101 && d <= 104) {
    options.format = 'compact';
    options.layers = d - 100;
  } else if (d >= 201 && d <= 232) {
    options.format = 'full';
    options.layers = d - 200;
  } else if (d === 300) {
    bcid = 'aztecrune';
    if (!/^\d{1,3}$/.test(text) || Number(text) > 255) {
      return emptyLayout([
        ...warnings,
        '^BO rune (d = 300) encodes a number 0 to 255; nothing is drawn',
      ]);
    }
    text = String(Number(text));
  } else if (d !== 0) {
    warnings.push(
      `^BO size/type ${d} is not 0, 1-99, 101-104, 201-232 or 300; the default is used`,
    );
  }
  // The data's bit stream as Labelary chooses its modes, and the symbol it picks for it
  // (aztec-text.ts); bwip-js stuffs the bits and adds the error correction.
  // Bytes 1–255: a NUL has no place in the encoder's modes (bwip-js takes it as a byte).
  const raw =
    bcid === 'azteccode' && [...text].every((c) => c.charCodeAt(0) >= 1 && c.charCodeAt(0) <= 0xff);
  if (raw) {
    text = aztecTextBits(text);
    delete options.binarytext;
    options.raw = true;
    // A size asked for takes whatever error correction is left (bwip-js's check at its least).
    if (options.layers !== undefined) options.eclevel = 5;
    if (options.format === undefined && params.menu !== true) {
      // bwip-js checks the error correction against its own rule (at least 5 % and three
      // codewords with eclevel 5): the first size both accept.
      delete options.eclevel;
      let result: EncodeResult | null = null;
      for (const size of aztecSizes(text, d >= 1 && d <= 99 ? d : DEFAULT_ECC)) {
        result = encode(bcid, text, { ...options, ...size, eclevel: 5 });
        if (result.ok) break;
      }
      return result?.ok && result.encoding.kind === 'matrix'
        ? matrixLayout(result.encoding, mag, mag, warnings)
        : emptyLayout([
            ...warnings,
            '^BO field data is too long for an Aztec symbol at this error correction; nothing is drawn',
          ]);
    }
  }
  // Without a size asked for, the smallest symbol that holds the data, compact ones first, as
  // Labelary's encoder chooses (bwip-js's default is full range only: a size too large).
  let result =
    bcid === 'azteccode' && options.format === undefined && params.menu !== true
      ? encode(bcid, text, { ...options, format: 'compact' })
      : encode(bcid, text, options);
  if (!result.ok && options.format === undefined) result = encode(bcid, text, options);
  if (!result.ok && params.menu === true && options.layers === undefined) {
    // bwip-js wants the size of a reader initialisation symbol spelled out: take the
    // smallest that holds the data, compact then full range.
    const sizes: Array<[string, number]> = [['compact', 1]];
    for (let layers = 1; layers <= 22; layers++) sizes.push(['full', layers]);
    for (const [format, layers] of sizes) {
      result = encode(bcid, text, { ...options, format, layers });
      if (result.ok) break;
    }
  }
  if (!result.ok || result.encoding.kind !== 'matrix') {
    return emptyLayout([
      ...warnings,
      `^BO cannot encode the field data (${result.ok ? 'unexpected encoding' : result.error}); nothing is drawn`,
    ]);
  }
  return matrixLayout(result.encoding, mag, mag, warnings);
}
