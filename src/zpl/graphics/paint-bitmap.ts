// Drawing a decoded or stored image (^GF, ^XG, ^IM, ^IL) through a Painter, magnified by whole
// numbers as ^XG's mx and my ask. Each run of black dots becomes one rectangle, and identical
// neighbouring rows share it, so a logo costs a few hundred fillRects, not one per dot.
import { Bitmap } from '../bitmap.ts';
import type { Painter } from '../painter.ts';

/** The frame an image occupies once magnified: what the painter's width and height must be. */
export function magnifiedSize(
  image: Bitmap,
  magnificationX = 1,
  magnificationY = 1,
): { width: number; height: number } {
  return { width: image.width * magnificationX, height: image.height * magnificationY };
}

/**
 * Inks the image's black dots into the painter's frame, top-left at (x, y), each dot
 * magnificationX × magnificationY dots. Does not call end().
 */
export function paintBitmap(
  p: Painter,
  image: Bitmap,
  magnificationX = 1,
  magnificationY = 1,
  x = 0,
  y = 0,
): void {
  forEachRun(image, (x0, x1, row, rows) => {
    p.fillRect(
      x + x0 * magnificationX,
      y + row * magnificationY,
      (x1 - x0) * magnificationX,
      rows * magnificationY,
    );
  });
}

/** A new bitmap with every dot of `image` grown to magnificationX × magnificationY dots. */
export function magnify(image: Bitmap, magnificationX: number, magnificationY: number): Bitmap {
  if (!Number.isInteger(magnificationX) || !Number.isInteger(magnificationY)) {
    throw new RangeError(`magnification must be whole, got ${magnificationX}×${magnificationY}`);
  }
  if (magnificationX < 1 || magnificationY < 1) {
    throw new RangeError(
      `magnification must be at least 1, got ${magnificationX}×${magnificationY}`,
    );
  }
  const { width, height } = magnifiedSize(image, magnificationX, magnificationY);
  const out = new Bitmap(width, height);
  forEachRun(image, (x0, x1, row, rows) => {
    out.fillRect(
      x0 * magnificationX,
      row * magnificationY,
      (x1 - x0) * magnificationX,
      rows * magnificationY,
    );
  });
  return out;
}

/**
 * Calls `run(x0, x1, row, rows)` for every run of black dots x0 ≤ x < x1, where `rows` is how
 * many identical rows from `row` down share it.
 */
function forEachRun(
  image: Bitmap,
  run: (x0: number, x1: number, row: number, rows: number) => void,
): void {
  const { data, stride, width, height } = image;
  let y = 0;
  let rows = 1;
  // Padding bits past `width` in the last byte of a row are not dots.
  const emit = (x0: number, x1: number): void => {
    const end = Math.min(x1, width);
    if (end > x0) run(x0, end, y, rows);
  };
  while (y < height) {
    rows = 1;
    while (y + rows < height && sameRow(data, stride, y, y + rows)) rows++;
    const base = y * stride;
    let start = -1;
    for (let b = 0; b < stride; b++) {
      const byte = data[base + b] ?? 0;
      const x = b * 8;
      if (byte === 0) {
        if (start >= 0) {
          emit(start, x);
          start = -1;
        }
        continue;
      }
      if (byte === 0xff) {
        if (start < 0) start = x;
        continue;
      }
      for (let bit = 0; bit < 8; bit++) {
        const on = (byte & (0x80 >> bit)) !== 0;
        if (on && start < 0) start = x + bit;
        else if (!on && start >= 0) {
          emit(start, x + bit);
          start = -1;
        }
      }
    }
    if (start >= 0) emit(start, width);
    y += rows;
  }
}

function sameRow(data: Uint8Array, stride: number, a: number, b: number): boolean {
  const ia = a * stride;
  const ib = b * stride;
  for (let i = 0; i < stride; i++) if (data[ia + i] !== data[ib + i]) return false;
  return true;
}
