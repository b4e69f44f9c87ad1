// Turning encodings into rectangles. Bars are one fillRect each; 2D symbols are one fillRect per
// horizontal run of dark modules, so a QR code costs a few hundred rectangles, not thousands.
import type { Painter } from '../painter.ts';
import type { MatrixEncoding } from './bwip.ts';
import type { BarcodeContext, BarcodeLayout, Box, TextRun } from './types.ts';

/** x, y, width, height quadruples, ready to paint. */
export type Rects = Int32Array;

export function paintRects(p: Painter, rects: Rects, dx = 0, dy = 0): void {
  for (let i = 0; i + 3 < rects.length; i += 4) {
    p.fillRect(
      (rects[i] ?? 0) + dx,
      (rects[i + 1] ?? 0) + dy,
      rects[i + 2] ?? 0,
      rects[i + 3] ?? 0,
    );
  }
}

/** A bar: its left edge and width in dots. */
export interface Bar {
  x: number;
  width: number;
}

/** Bars from alternating bar/space widths in dots (starting with a bar), and the total width. */
export function barsFromWidths(widths: readonly number[]): { bars: Bar[]; width: number } {
  const bars: Bar[] = [];
  let x = 0;
  widths.forEach((w, i) => {
    if (i % 2 === 0) bars.push({ x, width: w });
    x += w;
  });
  return { bars, width: x };
}

/** The interpretation line's type size. */
export interface LineFont {
  height: number;
  charWidth: number;
  font: TextRun['font'];
}

/**
 * The interpretation line's size when the label did not pick a font: font A (9 × 5 dots)
 * magnified by the module width, the size ZPL viewers that were matched against printers use
 * (about 9 dots of text height per dot of module width).
 */
export function lineFont(ctx: BarcodeContext, font: 'A' | 'OCR-B' = 'A'): LineFont {
  if (ctx.font && ctx.font.height > 0) {
    return { height: ctx.font.height, charWidth: Math.max(1, ctx.font.width), font: 'field' };
  }
  const w = ctx.by.moduleWidth;
  return { height: 9 * w, charWidth: 5 * w, font };
}

/** Dots between the bars and the interpretation line: one module. */
export function lineGap(ctx: BarcodeContext): number {
  return Math.max(1, ctx.by.moduleWidth);
}

export interface LinearSpec {
  /** Alternating bar/space widths in dots, starting and ending with a bar. */
  widths: readonly number[];
  barHeight: number;
  /** The interpretation line, or undefined when it is off. */
  text: string | undefined;
  above: boolean;
  ctx: BarcodeContext;
  warnings: string[];
}

/** A one-height linear symbol with its interpretation line centred above or below it. */
export function linearLayout(spec: LinearSpec): BarcodeLayout {
  const { bars, width } = barsFromWidths(spec.widths);
  const h = spec.barHeight;
  const font = lineFont(spec.ctx);
  const hasLine = spec.text !== undefined && spec.text.length > 0;
  // Labelary leaves more room than one module between the bars and the line of a linear
  // symbol: 6 dots below and 8 above at 8 dots/mm whatever the module (measured on its Code 128
  // renders at ^BY2 and ^BY3), scaled here with the density.
  const dpmm = spec.ctx.dpmm ?? 8;
  const gap = spec.above ? Math.round(dpmm) : Math.round((dpmm * 3) / 4);
  const barsY = hasLine && spec.above ? font.height + gap : 0;
  const rects = new Int32Array(bars.length * 4);
  bars.forEach((b, i) => rects.set([b.x, barsY, b.width, h], i * 4));
  const text: TextRun[] = [];
  if (hasLine && spec.text !== undefined) {
    text.push({
      text: spec.text,
      x: 0,
      y: spec.above ? 0 : h + gap,
      width,
      height: font.height,
      charWidth: font.charWidth,
      align: 'center',
      font: font.font,
    });
  }
  return {
    width,
    height: hasLine ? h + gap + font.height : h,
    symbol: { x: 0, y: barsY, width, height: h },
    draw: (p) => paintRects(p, rects),
    text,
    warnings: spec.warnings,
  };
}

/** Rectangles for a module grid: one per horizontal run of dark modules in each row. */
export function matrixRects(enc: MatrixEncoding, moduleWidth: number, rowHeight: number): Rects {
  const out: number[] = [];
  for (let r = 0; r < enc.rows; r++) {
    const row = r * enc.columns;
    let c = 0;
    while (c < enc.columns) {
      if (enc.pixs[row + c] !== 1) {
        c++;
        continue;
      }
      const start = c;
      while (c < enc.columns && enc.pixs[row + c] === 1) c++;
      out.push(start * moduleWidth, r * rowHeight, (c - start) * moduleWidth, rowHeight);
    }
  }
  return Int32Array.from(out);
}

/** A 2D symbol: modules `moduleWidth` dots wide and `rowHeight` dots tall, no text. */
export function matrixLayout(
  enc: MatrixEncoding,
  moduleWidth: number,
  rowHeight: number,
  warnings: string[],
): BarcodeLayout {
  const rects = matrixRects(enc, moduleWidth, rowHeight);
  const box: Box = { x: 0, y: 0, width: enc.columns * moduleWidth, height: enc.rows * rowHeight };
  return {
    width: box.width,
    height: box.height,
    symbol: box,
    draw: (p) => paintRects(p, rects),
    text: [],
    warnings,
  };
}

/** The bar height a linear command uses: its own h parameter, else ^BY's. */
export function barHeight(h: number | undefined, ctx: BarcodeContext, warnings: string[]): number {
  if (h === undefined) return ctx.by.height;
  if (!Number.isFinite(h) || h < 1) {
    warnings.push(
      `bar code height ${h} is not a height in dots; the ^BY height ${ctx.by.height} is used`,
    );
    return ctx.by.height;
  }
  if (h > 32000) {
    warnings.push(`bar code height ${h} is above 32000 dots; 32000 is used`);
    return 32000;
  }
  return Math.trunc(h);
}
