// ^BEo,h,f,g EAN-13, ^B8o,h,f,g EAN-8, ^BUo,h,f,g,e UPC-A, ^B9o,h,f,g,e UPC-E (ZPL II
// Programming Guide; UPC-E's data forms in upce.ts).
//
// Fixed ratio: modules of ^BY w dots. Data: 12 (EAN-13), 7 (EAN-8) or 11 (UPC-A) digits; the
// guide: "ZPL II automatically truncates or pads on the left with zeros to achieve the
// required number of characters" and the printer computes the mod 10 check digit. Short data
// is padded on the left; longer data keeps its leading digits, so the common habit of sending
// the full 13/8/12 digits with the check digit works, and a check digit that does not match
// the computed one is reported (the printed one is always the computed one).
//
// The bars: h is the height of the data bars; the guard bars (and in UPC-A the bars of the
// first and last digit) reach 6.5 modules lower, as Labelary draws them (GS1 says 5). The
// interpretation line below is split around the guards: a box per digit under its own 7
// modules, the leading digit (and UPC-A's check digit) outside the bars, where the frame grows
// past the symbol (symbol.x > 0). Above the bars it is one centred line, as Code 128's. The
// field turns about the bars alone, guards' descent and digits outside (Labelary's ^BER).
import { encode } from './bwip.ts';
import { mod10 } from './check.ts';
import { barHeight, barsFromWidths, lineFont, lineGap, paintRects } from './draw.ts';
import type { BarcodeContext, BarcodeLayout, TextRun } from './types.ts';
import { emptyLayout } from './types.ts';
import { upcEFromData } from './upce.ts';

export interface UpcEanParams {
  height?: number;
  /** f: interpretation line; default Y. */
  line?: boolean;
  /** g: above the code; default N. */
  lineAbove?: boolean;
}

export interface UpcAParams extends UpcEanParams {
  /** e: print the check digit in the interpretation line; default Y. */
  checkDigit?: boolean;
}

interface Spec {
  command: string;
  name: string;
  bcid: string;
  digits: number;
  /** Module ranges [start, end) whose bars are guard length. */
  long: Array<[number, number]>;
  /** Interpretation boxes: [digit index, first module]; a digit takes 7 modules. */
  places: (digits: string, showCheck: boolean) => Array<[number, number]>;
  /** The digits shown and the modules, when the symbol is not BWIPP's (UPC-E). */
  prepare?: (data: string, warnings: string[]) => { full: string; sbs: readonly number[] } | string;
}

const EAN13: Spec = {
  command: '^BE',
  name: 'EAN-13',
  bcid: 'ean13',
  digits: 12,
  long: [
    [0, 3],
    [45, 50],
    [92, 95],
  ],
  places: () => [
    [0, -12],
    ...[1, 2, 3, 4, 5, 6].map((d): [number, number] => [d, 3 + (d - 1) * 7]),
    ...[7, 8, 9, 10, 11, 12].map((d): [number, number] => [d, 50 + (d - 7) * 7]),
  ],
};

const EAN8: Spec = {
  command: '^B8',
  name: 'EAN-8',
  bcid: 'ean8',
  digits: 7,
  long: [
    [0, 3],
    [31, 36],
    [64, 67],
  ],
  places: () => [
    ...[0, 1, 2, 3].map((d): [number, number] => [d, 3 + d * 7]),
    ...[4, 5, 6, 7].map((d): [number, number] => [d, 36 + (d - 4) * 7]),
  ],
};

const UPCA: Spec = {
  command: '^BU',
  name: 'UPC-A',
  bcid: 'upca',
  digits: 11,
  // UPC-A: the number system digit and the check digit are drawn at guard length too.
  long: [
    [0, 10],
    [45, 50],
    [85, 95],
  ],
  places: (_d, showCheck) => [
    [0, -8],
    ...[1, 2, 3, 4, 5].map((d): [number, number] => [d, 10 + (d - 1) * 7]),
    ...[6, 7, 8, 9, 10].map((d): [number, number] => [d, 50 + (d - 6) * 7]),
    ...(showCheck ? [[11, 96] as [number, number]] : []),
  ],
};

const UPCE: Spec = {
  command: '^B9',
  name: 'UPC-E',
  bcid: '',
  digits: 6,
  // The guards are long; the number system and check digit print outside, as UPC-A's.
  long: [
    [0, 3],
    [45, 51],
  ],
  places: (_d, showCheck) => [
    [0, -8],
    ...[1, 2, 3, 4, 5, 6].map((d): [number, number] => [d, 3 + (d - 1) * 7]),
    ...(showCheck ? [[7, 52] as [number, number]] : []),
  ],
  prepare: upcEFromData,
};

export function ean13(data: string, params: UpcEanParams, ctx: BarcodeContext): BarcodeLayout {
  return upcean(EAN13, data, params, true, ctx);
}

export function ean8(data: string, params: UpcEanParams, ctx: BarcodeContext): BarcodeLayout {
  return upcean(EAN8, data, params, true, ctx);
}

export function upcA(data: string, params: UpcAParams, ctx: BarcodeContext): BarcodeLayout {
  return upcean(UPCA, data, params, params.checkDigit !== false, ctx);
}

export function upcE(data: string, params: UpcAParams, ctx: BarcodeContext): BarcodeLayout {
  return upcean(UPCE, data, params, params.checkDigit !== false, ctx);
}

/**
 * The guide (^BU): "the font style of the interpretation line depends on the modulus": OCR-B
 * from 2 dots at 6 dpmm, 3 at 8, 5 at 12 and 9 at 24; font A below that.
 */
function upcFont(ctx: BarcodeContext): 'A' | 'OCR-B' {
  const dpmm = ctx.dpmm ?? 8;
  const threshold = { 6: 2, 8: 3, 12: 5, 24: 9 }[dpmm] ?? Math.round(dpmm * 0.375);
  return ctx.by.moduleWidth >= threshold ? 'OCR-B' : 'A';
}

function upcean(
  spec: Spec,
  data: string,
  params: UpcEanParams,
  showCheck: boolean,
  ctx: BarcodeContext,
): BarcodeLayout {
  const warnings: string[] = [];
  const h = barHeight(params.height, ctx, warnings);
  if (data.length === 0)
    return emptyLayout([`${spec.command} field data is empty; nothing is drawn`]);
  if (!/^[0-9]+$/.test(data)) {
    const bad = [...new Set(data.replace(/[0-9]/g, ''))].map((c) => JSON.stringify(c)).join(', ');
    return emptyLayout([
      `${spec.command} cannot encode ${bad}: ${spec.name} takes digits only; nothing is drawn`,
    ]);
  }
  const symbol = spec.prepare ? spec.prepare(data, warnings) : bwippSymbol(spec, data, warnings);
  if (typeof symbol === 'string') return emptyLayout([...warnings, symbol]);
  const { full, sbs } = symbol;
  const w = ctx.by.moduleWidth;
  const { bars, width } = barsFromWidths(sbs.map((m) => m * w));
  // Labelary's guards reach 6.5 modules below the bars (13 dots at ^BY2), and the digits
  // below start 2 modules under the bars.
  const descent = Math.round(6.5 * w);
  const font = lineFont(ctx, upcFont(ctx));
  const gap = 2 * lineGap(ctx);
  const hasLine = params.line !== false;
  const above = hasLine && params.lineAbove === true;
  // Above the bars Labelary prints the digits as one line, as Code 128's, not in boxes.
  const aboveGap = Math.round(ctx.dpmm ?? 8);
  const barsY = above ? font.height + aboveGap : 0;

  const runs: TextRun[] = [];
  if (above) {
    runs.push({
      text: showCheck ? full : full.slice(0, -1),
      x: 0,
      y: 0,
      width,
      height: font.height,
      charWidth: font.charWidth,
      align: 'center',
      font: font.font,
    });
  } else if (hasLine) {
    for (const [digit, module] of spec.places(full, showCheck)) {
      runs.push({
        text: full[digit] ?? '',
        x: module * w,
        y: h + gap,
        width: 7 * w,
        height: font.height,
        charWidth: font.charWidth,
        align: 'center',
        font: font.font,
      });
    }
  }
  const isLong = (x: number): boolean => spec.long.some(([a, b]) => x >= a * w && x < b * w);

  // The frame: bars, descending guards and text; shifted so nothing lies left of x = 0.
  const left = Math.min(0, ...runs.map((r) => r.x));
  const right = Math.max(width, ...runs.map((r) => r.x + r.width));
  const bottom = Math.max(barsY + h + descent, ...runs.map((r) => r.y + r.height));
  const dx = 0 - left; // never -0
  const rects = new Int32Array(bars.length * 4);
  bars.forEach((b, i) =>
    rects.set([b.x + dx, barsY, b.width, isLong(b.x) ? h + descent : h], i * 4),
  );
  for (const r of runs) r.x += dx;
  return {
    width: right - left,
    height: bottom,
    // The bars without the guards' descent: Labelary turns the field about them (a ^BER
    // field's guards and digits reach left of its origin).
    symbol: { x: dx, y: barsY, width, height: h },
    draw: (p) => paintRects(p, rects),
    text: runs,
    warnings,
  };
}

/** EAN and UPC-A: the digits padded or cut to the symbol's count, encoded by BWIPP. */
function bwippSymbol(
  spec: Spec,
  data: string,
  warnings: string[],
): { full: string; sbs: readonly number[] } | string {
  const n = spec.digits;
  let digits = data;
  if (data.length < n) {
    digits = data.padStart(n, '0');
    warnings.push(
      `${spec.command} takes ${n} digits, got ${data.length}; zeros are added on the left`,
    );
  } else if (data.length > n) {
    digits = data.slice(0, n);
    const given = data.slice(n);
    const check = String(mod10(digits));
    if (given.length > 1) {
      warnings.push(
        `${spec.command} takes ${n} digits, got ${data.length}; only the first ${n} are used`,
      );
    } else if (given !== check) {
      warnings.push(
        `${spec.command} check digit ${given} is wrong for ${digits}; the printer prints ${check}`,
      );
    }
  }
  const result = encode(spec.bcid, digits, {});
  if (!result.ok || result.encoding.kind !== 'linear')
    return `${spec.command} cannot encode the field data (${result.ok ? 'unexpected encoding' : result.error}); nothing is drawn`;
  return { full: digits + String(mod10(digits)), sbs: result.encoding.sbs };
}
