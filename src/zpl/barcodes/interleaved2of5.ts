// ^B2o,h,f,g,e — Interleaved 2 of 5 (ZPL II Programming Guide, ^B2). Two widths: narrow = ^BY w
// dots, wide = floor(r × w) (see by.ts). Digits only; "the total number of digits must be
// even; the printer automatically adds a leading 0 (zero) if an odd number of digits is
// received" — counted after the optional mod 10 check digit, which the printer appends.
import { encode } from './bwip.ts';
import { wideWidth } from './by.ts';
import { mod10 } from './check.ts';
import { barHeight, linearLayout } from './draw.ts';
import type { BarcodeContext, BarcodeLayout } from './types.ts';
import { emptyLayout } from './types.ts';

export interface Interleaved2of5Params {
  height?: number;
  line?: boolean;
  lineAbove?: boolean;
  /** e: calculate and print a mod 10 check digit; default N. */
  checkDigit?: boolean;
}

export function interleaved2of5(
  data: string,
  params: Interleaved2of5Params,
  ctx: BarcodeContext,
): BarcodeLayout {
  const warnings: string[] = [];
  const h = barHeight(params.height, ctx, warnings);
  if (data.length === 0) return emptyLayout(['^B2 field data is empty; nothing is drawn']);
  if (!/^[0-9]+$/.test(data)) {
    // Labelary leaves out what is not a digit and draws the rest (a GLS label's ">;9038…",
    // Code 128's subset code copied into an Interleaved 2 of 5 field, prints its 12 digits).
    const bad = [...new Set(data.replace(/[0-9]/g, ''))].map((c) => JSON.stringify(c)).join(', ');
    warnings.push(`^B2 takes digits only; ${bad} left out`);
    data = data.replace(/[^0-9]/g, '');
    if (data.length === 0)
      return emptyLayout([...warnings, '^B2 field data has no digit; nothing is drawn']);
  }
  let digits = params.checkDigit === true ? data + String(mod10(data)) : data;
  if (digits.length % 2 === 1) {
    digits = `0${digits}`;
    warnings.push('^B2 has an odd number of digits; a leading 0 is added, as the printer does');
  }
  const result = encode('interleaved2of5', digits, {});
  if (!result.ok || result.encoding.kind !== 'linear') {
    return emptyLayout([
      `^B2 cannot encode the field data (${result.ok ? 'unexpected encoding' : result.error}); nothing is drawn`,
    ]);
  }
  const w = ctx.by.moduleWidth;
  const wide = wideWidth(w, ctx.by.ratio);
  return linearLayout({
    widths: result.encoding.sbs.map((n) => (n > 1 ? wide : w)),
    barHeight: h,
    text: params.line === false ? undefined : digits,
    above: params.lineAbove === true,
    ctx,
    warnings,
  });
}
