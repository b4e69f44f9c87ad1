// Test support for the *.test.ts files of src/zpl that run the whole engine (never imported by
// the engine): one engine with the real fonts, and dot-counting helpers that judge a picture
// without asking the code under test.
import type { Bitmap } from '../bitmap.ts';
import { loadFontsFromPackages } from '../cli/fonts.ts';
import { ZplEngine, type RenderedLabel, type Stock } from '../engine.ts';

export const engine = new ZplEngine(loadFontsFromPackages());

/** The first label of `zpl`, or an error when the file printed none. */
export function first(zpl: string, stock: Stock = {}): RenderedLabel {
  const label = engine.render(zpl, stock).labels[0];
  if (!label) throw new Error('no label rendered');
  return label;
}

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** The smallest box holding every black dot (in `area` when given), or null on white paper. */
export function inkBox(bitmap: Bitmap, area?: Box): Box | null {
  const x0 = area?.x ?? 0;
  const y0 = area?.y ?? 0;
  const x1 = Math.min(bitmap.width, x0 + (area?.width ?? bitmap.width));
  const y1 = Math.min(bitmap.height, y0 + (area?.height ?? bitmap.height));
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -1;
  let maxY = -1;
  for (let y = y0; y < y1; y++)
    for (let x = x0; x < x1; x++)
      if (bitmap.get(x, y)) {
        minX = Math.min(minX, x);
        maxX = Math.max(maxX, x);
        minY = Math.min(minY, y);
        maxY = Math.max(maxY, y);
      }
  return maxX < 0 ? null : { x: minX, y: minY, width: maxX - minX + 1, height: maxY - minY + 1 };
}

/** Whether two pictures have exactly the same dots. */
export function sameDots(a: Bitmap, b: Bitmap): boolean {
  if (a.width !== b.width || a.height !== b.height) return false;
  for (let y = 0; y < a.height; y++)
    for (let x = 0; x < a.width; x++) if (a.get(x, y) !== b.get(x, y)) return false;
  return true;
}
