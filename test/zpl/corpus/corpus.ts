// What the corpus tests share: one engine (one font cache), a way to get at a label, and small
// measuring tools of our own (quarter turns, dot-for-dot comparison, ink bands, check digits).
// Nothing here asks the engine what it meant: every helper reads dots or does arithmetic.
import { Bitmap } from '@zpl/bitmap.ts';
import { loadFontsFromPackages } from '@zpl/cli/fonts.ts';
import { ZplEngine, type RenderedLabel, type Stock } from '@zpl/engine.ts';
import {
  clip,
  inkBox,
  runsInColumn,
  runsInRow,
  type Region,
  type Run,
} from '../../support/zpl-check/index.ts';

export const engine = new ZplEngine(loadFontsFromPackages());

/** A small stock for labels that need no more room: 50 × 30 mm (400 × 240 dots at 8 dpmm). */
export const SMALL: Stock = { widthMm: 50, heightMm: 30 };

/** The only label of `zpl` (fails the test when there is not exactly one). */
export function one(zpl: string | Uint8Array, stock: Stock = SMALL): RenderedLabel {
  const result = engine.render(zpl, stock);
  if (result.labels.length !== 1) {
    throw new Error(`expected one label, got ${result.labels.length}`);
  }
  const [label] = result.labels;
  if (!label) throw new Error('no label rendered');
  return label;
}

/** Bytes of a ZPL text with raw single bytes spliced in (for ^CI code pages). */
export function bytes(...parts: (string | number[])[]): Uint8Array {
  const out: number[] = [];
  for (const part of parts) {
    if (typeof part === 'string') out.push(...new TextEncoder().encode(part));
    else out.push(...part);
  }
  return Uint8Array.from(out);
}

/** True when both pictures have the same size and every dot agrees. */
export function sameDots(a: Bitmap, b: Bitmap): boolean {
  if (a.width !== b.width || a.height !== b.height) return false;
  return a.data.every((byte, i) => byte === b.data[i]);
}

/** The black runs along a row (or a column, with `runsInColumn`). */
export const blackRuns = (runs: Run[]): Run[] => runs.filter((r) => r.color === 'black');

/** First black dot to last black dot of a row between x0 and x1, or null when blank. */
export function rowSpan(bitmap: Bitmap, y: number, x0 = 0, x1 = bitmap.width) {
  const black = blackRuns(runsInRow(bitmap, y, x0, x1));
  const first = black[0];
  const last = black.at(-1);
  if (!first || !last) return null;
  return {
    start: first.start,
    end: last.start + last.length,
    width: last.start + last.length - first.start,
  };
}

/** The same down a column. */
export function columnSpan(bitmap: Bitmap, x: number, y0 = 0, y1 = bitmap.height) {
  const black = blackRuns(runsInColumn(bitmap, x, y0, y1));
  const first = black[0];
  const last = black.at(-1);
  if (!first || !last) return null;
  return {
    start: first.start,
    end: last.start + last.length,
    width: last.start + last.length - first.start,
  };
}

/** The distinct lengths of the black runs (bars) and of the white runs (spaces). */
function distinctWidths(runs: readonly Run[]): { bars: number[]; spaces: number[] } {
  const distinct = (color: Run['color']) =>
    [...new Set(runs.filter((r) => r.color === color).map((r) => r.length))].sort((a, b) => a - b);
  return { bars: distinct('black'), spaces: distinct('white') };
}

/** Distinct lengths of the black and white runs between the first and last bar of a row. */
export function elementWidths(
  bitmap: Bitmap,
  y: number,
  x0 = 0,
  x1 = bitmap.width,
): { bars: number[]; spaces: number[] } {
  const span = rowSpan(bitmap, y, x0, x1);
  if (!span) return { bars: [], spaces: [] };
  const runs = runsInRow(bitmap, y, span.start, span.end);
  return distinctWidths(runs);
}

/** The same for a column (bars of a symbol turned R or B run across the label). */
export function elementWidthsDown(
  bitmap: Bitmap,
  x: number,
  y0 = 0,
  y1 = bitmap.height,
): { bars: number[]; spaces: number[] } {
  const span = columnSpan(bitmap, x, y0, y1);
  if (!span) return { bars: [], spaces: [] };
  const runs = runsInColumn(bitmap, x, span.start, span.end);
  return distinctWidths(runs);
}

/**
 * Horizontal bands of ink (rows with any black dot, grouped while they touch), each with its
 * ink box: the lines of a text block, top to bottom.
 */
export function inkLines(bitmap: Bitmap, region?: Region): Region[] {
  const area = clip(bitmap, region);
  const lines: Region[] = [];
  let top = -1;
  for (let y = area.y; y <= area.y + area.height; y++) {
    const ink =
      y < area.y + area.height && inkBox(bitmap, { x: area.x, y, width: area.width, height: 1 });
    if (ink && top < 0) top = y;
    else if (!ink && top >= 0) {
      const box = inkBox(bitmap, { x: area.x, y: top, width: area.width, height: y - top });
      if (box) lines.push(box);
      top = -1;
    }
  }
  return lines;
}

export type Turn = 'N' | 'R' | 'I' | 'B';

/**
 * The part of the label in `region`, turned back so that a field drawn in orientation `turn`
 * reads upright: R (90° clockwise) is turned a quarter anticlockwise, B a quarter clockwise,
 * I half a turn. Our own arithmetic, so OCR never reads the engine's idea of a rotation.
 */
export function upright(bitmap: Bitmap, turn: Turn, region?: Region): Bitmap {
  const area = clip(bitmap, region);
  const { width: w, height: h } = area;
  const sideways = turn === 'R' || turn === 'B';
  const out = new Bitmap(sideways ? h : w, sideways ? w : h);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      if (bitmap.get(area.x + x, area.y + y) === 0) continue;
      if (turn === 'N') out.set(x, y);
      else if (turn === 'R') out.set(y, w - 1 - x);
      else if (turn === 'B') out.set(h - 1 - y, x);
      else out.set(w - 1 - x, h - 1 - y);
    }
  }
  return out;
}

/** Every dot flipped (to read white-on-black text with OCR). */
export function negative(bitmap: Bitmap, region?: Region): Bitmap {
  const area = clip(bitmap, region);
  const out = new Bitmap(area.width, area.height);
  for (let y = 0; y < area.height; y++) {
    for (let x = 0; x < area.width; x++) {
      if (bitmap.get(area.x + x, area.y + y) === 0) out.set(x, y);
    }
  }
  return out;
}

/** GS1 / UPC / EAN mod-10 check digit: weights 3, 1, 3, … from the rightmost digit. */
export function mod10(digits: string): string {
  let sum = 0;
  [...digits].reverse().forEach((d, i) => {
    sum += Number(d) * (i % 2 === 0 ? 3 : 1);
  });
  return String((10 - (sum % 10)) % 10);
}

/** Rows of hex digits as the dots they stand for ('#' black, '.' white), 4 dots a digit. */
export function hexRows(rows: readonly string[]): string[] {
  return rows.map((row) =>
    [...row]
      .map((digit) =>
        Number.parseInt(digit, 16)
          .toString(2)
          .padStart(4, '0')
          .replace(/1/g, '#')
          .replace(/0/g, '.'),
      )
      .join(''),
  );
}
