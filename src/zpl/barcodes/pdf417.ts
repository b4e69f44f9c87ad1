// ^B7o,h,s,c,r,t — PDF417 (ZPL II Programming Guide, ^B7).
//
// Modules are ^BY w dots wide. The guide says h "multiplied by the module equals the height of
// the individual rows in dots", but Labelary (what integrators check labels against) and the
// printers it mirrors make each row h dots tall: a FedEx label's ^BY2 ^B7N,10 symbol is 10-dot
// rows, and read as 20 it covered the tracking number below it. Without h, "the overall bar
// code height (^BY h) divided by the number of rows equals the height of the individual rows". s is the security level 0-8 (0: error detection
// only) and is kept as asked (bwip-js would otherwise raise it to fill the symbol). c (1-30
// data columns) and r (3-90 rows) default to "1:2 (row-to-column aspect ratio)": the shape of
// the symbol, not a count of rows and columns (a column is 17 modules wide, a row a few dots
// tall). Labelary stacks many short rows there, as the encoder it follows (the one whose code
// word choices pdf417-text.ts makes; Zint started from it) does: c is the whole number nearest
// √(code words / 3), data and error correction together, about three rows a column, one
// column more when that makes over 90 rows. "No symbol is printed if the product of columns
// and rows is greater than 928" or the code words do not fit. t truncates the right row
// indicators and stop pattern (bwip-js's compact PDF417).
import { asBytes, encode, type EncodeResult } from './bwip.ts';
import { matrixLayout } from './draw.ts';
import { pdf417Codewords } from './pdf417-text.ts';
import type { BarcodeContext, BarcodeLayout } from './types.ts';
import { emptyLayout } from './types.ts';

export interface Pdf417Params {
  /** h: row height in dots (as Labelary draws it); default ^BY height / rows. */
  rowHeight?: number;
  /** s: security level 0-8; default 0. */
  security?: number;
  /** c: data columns 1-30. */
  columns?: number;
  /** r: rows 3-90. */
  rows?: number;
  /** t: truncate; default N. */
  truncate?: boolean;
}

export function pdf417(data: string, params: Pdf417Params, ctx: BarcodeContext): BarcodeLayout {
  const warnings: string[] = [];
  if (data.length === 0) return emptyLayout(['^B7 field data is empty; nothing is drawn']);
  let security = params.security ?? 0;
  if (!Number.isInteger(security) || security < 0 || security > 8) {
    warnings.push(`^B7 security level ${security} is outside 0 to 8; 0 is used`);
    security = 0;
  }
  let columns = params.columns;
  if (columns !== undefined && (!Number.isInteger(columns) || columns < 1 || columns > 30)) {
    warnings.push(`^B7 columns ${columns} is outside 1 to 30; columns are chosen automatically`);
    columns = undefined;
  }
  let rows = params.rows;
  if (rows !== undefined && (!Number.isInteger(rows) || rows < 3 || rows > 90)) {
    warnings.push(`^B7 rows ${rows} is outside 3 to 90; rows are chosen automatically`);
    rows = undefined;
  }
  if (columns !== undefined && rows !== undefined && columns * rows > 928) {
    return emptyLayout([
      ...warnings,
      `^B7 ${columns} columns × ${rows} rows is more than 928 code words; the printer prints no symbol`,
    ]);
  }
  // The code words as Labelary's encoder makes them (pdf417-text.ts); bwip-js adds the length
  // descriptor, padding and error correction, and lays out the rows.
  const words = pdf417Codewords(asBytes(data));
  const codewords = words.map((v) => `^${String(v).padStart(3, '0')}`).join('');
  const base = {
    raw: true,
    rowmult: 1,
    eclevel: security,
    fixedeclevel: true,
    compact: params.truncate === true,
  };
  const run = (c: number, r?: number): EncodeResult =>
    encode(
      'pdf417',
      codewords,
      r === undefined ? { ...base, columns: c } : { ...base, columns: c, rows: r },
    );

  let result: EncodeResult;
  if (columns !== undefined && rows !== undefined) {
    result = run(columns, rows);
    if (result.ok && result.encoding.kind === 'matrix' && result.encoding.rows !== rows) {
      return emptyLayout([
        ...warnings,
        `^B7 data needs more than ${columns} columns × ${rows} rows; the printer prints no symbol`,
      ]);
    }
  } else if (columns !== undefined) {
    result = run(columns);
  } else if (rows !== undefined) {
    const total = codewordCount(run);
    if (total === undefined) {
      return emptyLayout([...warnings, '^B7 data is too long for PDF417; nothing is drawn']);
    }
    const c = Math.ceil(total / rows);
    if (c > 30)
      warnings.push(`^B7 data does not fit ${rows} rows of 30 columns; more rows are used`);
    result = run(Math.min(30, c), rows);
  } else {
    result = run(automaticColumns(words.length, security));
  }
  if (!result.ok || result.encoding.kind !== 'matrix') {
    return emptyLayout([
      ...warnings,
      `^B7 cannot encode the field data (${result.ok ? 'unexpected encoding' : result.error}); nothing is drawn`,
    ]);
  }
  const w = ctx.by.moduleWidth;
  let rowHeight: number;
  if (
    params.rowHeight !== undefined &&
    Number.isFinite(params.rowHeight) &&
    params.rowHeight >= 1
  ) {
    rowHeight = Math.trunc(params.rowHeight);
  } else {
    if (params.rowHeight !== undefined)
      warnings.push(
        `^B7 row height ${params.rowHeight} is not a height; the ^BY height is shared out`,
      );
    rowHeight = Math.max(1, Math.floor(ctx.by.height / result.encoding.rows));
  }
  return matrixLayout(result.encoding, w, rowHeight, warnings);
}

/**
 * The columns when neither c nor r is given (see the top): the data code words and the 2^(s+1)
 * error correction words, a third of them squared, rounded; one more past 90 rows.
 */
export function automaticColumns(dataWords: number, security: number): number {
  const words = dataWords + 2 ** (security + 1);
  let columns = Math.min(30, Math.max(1, Math.floor(Math.sqrt(words / 3) + 0.5)));
  if (Math.floor(words / columns) > 90 && columns < 30) columns++;
  return columns;
}

/**
 * How many code words the symbol needs (data, error correction and the length descriptor).
 * In a single column bwip-js gives one row per code word, exact up to its 90 rows; past that,
 * 30 columns bound the count to within one row of 30.
 */
function codewordCount(run: (c: number, r?: number) => EncodeResult): number | undefined {
  const narrow = run(1);
  if (narrow.ok && narrow.encoding.kind === 'matrix') return narrow.encoding.rows;
  const wide = run(30);
  if (!wide.ok || wide.encoding.kind !== 'matrix') return undefined;
  return wide.encoding.rows * 30;
}
