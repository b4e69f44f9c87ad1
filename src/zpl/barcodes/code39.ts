// ^B3o,e,h,f,g — Code 39 (ZPL II Programming Guide, ^B3). Two widths: narrow = ^BY w dots,
// wide = floor(r × w) dots (see by.ts), the inter-character gap one narrow space.
import { encode } from './bwip.ts';
import { wideWidth } from './by.ts';
import { barHeight, linearLayout } from './draw.ts';
import type { BarcodeContext, BarcodeLayout } from './types.ts';
import { emptyLayout } from './types.ts';

export interface Code39Params {
  /** e: mod-43 check digit; default N. */
  checkDigit?: boolean;
  height?: number;
  /** f: interpretation line; default Y. */
  line?: boolean;
  /** g: above the code; default N. */
  lineAbove?: boolean;
}

// Code 39's 43 data characters in value order: the check digit is the sum of the values mod 43.
const CHARSET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ-. $/+%';

export function code39(data: string, params: Code39Params, ctx: BarcodeContext): BarcodeLayout {
  const warnings: string[] = [];
  const h = barHeight(params.height, ctx, warnings);
  if (data.length === 0) return emptyLayout(['^B3 field data is empty; nothing is drawn']);
  const bad = [...new Set([...data].filter((c) => !CHARSET.includes(c)))];
  if (bad.length > 0) {
    // The start/stop "*" is added by the printer and cannot be data; full ASCII is the
    // scanner's business ("+$" style pairs are ordinary Code 39 characters).
    return emptyLayout([
      `^B3 cannot encode ${bad.map((c) => JSON.stringify(c)).join(', ')}: Code 39 takes 0-9, A-Z, space and - . $ / + %; nothing is drawn`,
    ]);
  }
  const result = encode('code39', data, { includecheck: params.checkDigit === true });
  if (!result.ok || result.encoding.kind !== 'linear') {
    return emptyLayout([
      `^B3 cannot encode the field data (${result.ok ? 'unexpected encoding' : result.error}); nothing is drawn`,
    ]);
  }
  const w = ctx.by.moduleWidth;
  const wide = wideWidth(w, ctx.by.ratio);
  let check = '';
  if (params.checkDigit === true) {
    let sum = 0;
    for (const c of data) sum += CHARSET.indexOf(c);
    check = CHARSET[sum % 43] ?? '';
  }
  return linearLayout({
    widths: result.encoding.sbs.map((n) => (n > 1 ? wide : w)),
    barHeight: h,
    // "The asterisk (*) for start and stop character prints in the interpretation line."
    text: params.line === false ? undefined : `*${data}${check}*`,
    above: params.lineAbove === true,
    ctx,
    warnings,
  });
}
