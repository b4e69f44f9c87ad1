// ^BAo,h,f,g,e — Code 93 (ZPL II Programming Guide, ^BA). Fixed ratio: modules of ^BY w dots.
//
// ZPL writes Code 93's four shift characters as & ' ( ) — "Ctrl $" "Ctrl %" "Ctrl /" "Ctrl +"
// — and the full ASCII set as pairs of them with a letter ("&A" is SOH, ")A" is "a"). They go
// to bwip-js as its ^SFT$ ^SFT% ^SFT/ ^SFT+ shift characters (option parsefnc). The two check
// characters C and K are part of every Code 93 symbol; e only decides whether the
// interpretation line shows them.
import { encode } from './bwip.ts';
import { barHeight, linearLayout } from './draw.ts';
import type { BarcodeContext, BarcodeLayout } from './types.ts';
import { emptyLayout } from './types.ts';

export interface Code93Params {
  height?: number;
  line?: boolean;
  lineAbove?: boolean;
  /** e: print the check characters in the interpretation line; default N. */
  checkDigit?: boolean;
}

const BASIC = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ-. $/+%';
// Values 43-46 are the shift characters ($) (%) (/) (+); ZPL spells them & ' ( ).
const SHIFTS = "&'()";
const BWIPP_SHIFT: Record<string, string> = {
  '&': '^SFT$',
  "'": '^SFT%',
  '(': '^SFT/',
  ')': '^SFT+',
};

export function code93(data: string, params: Code93Params, ctx: BarcodeContext): BarcodeLayout {
  const warnings: string[] = [];
  const h = barHeight(params.height, ctx, warnings);
  if (data.length === 0) return emptyLayout(['^BA field data is empty; nothing is drawn']);
  const bad = [...new Set([...data].filter((c) => !BASIC.includes(c) && !SHIFTS.includes(c)))];
  if (bad.length > 0) {
    return emptyLayout([
      `^BA cannot encode ${bad.map((c) => JSON.stringify(c)).join(', ')}: Code 93 takes 0-9, A-Z, space, - . $ / + % and the shift characters & ' ( ) (write other ASCII as shift pairs, e.g. ")A" for "a"); nothing is drawn`,
    ]);
  }
  const text = [...data].map((c) => BWIPP_SHIFT[c] ?? c).join('');
  const result = encode('code93', text, { parsefnc: true, includecheck: true });
  if (!result.ok || result.encoding.kind !== 'linear') {
    return emptyLayout([
      `^BA cannot encode the field data (${result.ok ? 'unexpected encoding' : result.error}); nothing is drawn`,
    ]);
  }
  const w = ctx.by.moduleWidth;
  let human = interpret(data);
  if (params.checkDigit === true) human += checkCharacters(data);
  return linearLayout({
    widths: result.encoding.sbs.map((n) => n * w),
    barHeight: h,
    text: params.line === false ? undefined : human,
    above: params.lineAbove === true,
    ctx,
    warnings,
  });
}

const value = (c: string): number => {
  const i = SHIFTS.indexOf(c);
  return i >= 0 ? 43 + i : BASIC.indexOf(c);
};

/** Code 93's two check characters, C (weights 1-20) then K (weights 1-15), as ZPL spells them. */
function checkCharacters(data: string): string {
  const values = [...data].map(value);
  const weighted = (vals: number[], max: number): number =>
    vals.reduceRight((sum, v, i) => sum + v * (((vals.length - 1 - i) % max) + 1), 0) % 47;
  const c = weighted(values, 20);
  const k = weighted([...values, c], 15);
  const show = (v: number): string => (v >= 43 ? (SHIFTS[v - 43] ?? '') : (BASIC[v] ?? ''));
  return show(c) + show(k);
}

/**
 * The interpretation line "prints as though the control code has been used": shift pairs
 * show the ASCII character they stand for (standard Code 93 full ASCII); unprintable ones
 * show nothing.
 */
function interpret(data: string): string {
  let out = '';
  for (let i = 0; i < data.length; i++) {
    const c = data[i] ?? '';
    const s = SHIFTS.indexOf(c);
    if (s < 0) {
      out += c;
      continue;
    }
    const next = data[i + 1];
    i++;
    if (next === undefined) break;
    const n = next.charCodeAt(0) - 65; // A = 0
    let code = -1;
    if (s === 0 && n >= 0 && n < 26)
      code = n + 1; // &A-&Z: SOH..SUB
    else if (s === 1) {
      if (n >= 0 && n <= 4)
        code = 27 + n; // 'A-'E: ESC..US
      else if (n >= 5 && n <= 9)
        code = 59 + n - 5; // 'F-'J: ; < = > ?
      else if (n >= 10 && n <= 14)
        code = 91 + n - 10; // 'K-'O: [ \ ] ^ _
      else if (n >= 15 && n <= 19)
        code = 123 + n - 15; // 'P-'T: { | } ~ DEL
      else if (n === 21)
        code = 64; // 'V: @
      else if (n === 22) code = 96; // 'W: `
    } else if (s === 2) {
      if (n >= 0 && n <= 14)
        code = 33 + n; // (A-(O: ! " # … /
      else if (n === 25) code = 58; // (Z: :
    } else if (s === 3 && n >= 0 && n < 26) code = 97 + n; // )A-)Z: a-z
    if (code >= 32 && code !== 127) out += String.fromCharCode(code);
  }
  return out;
}
