// A rectangle of label dots, and the crop/upscale/margin step that the barcode reader and
// OCR both need before they look at a label.
import { Bitmap } from '@zpl/bitmap.ts';

/** A rectangle of label dots: top-left (x, y), size width × height. */
export interface Region {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** `region` (default: all of it) cut down to what lies inside the bitmap; may be empty. */
export function clip(bitmap: Bitmap, region?: Region): Region {
  if (region === undefined) return { x: 0, y: 0, width: bitmap.width, height: bitmap.height };
  const x0 = Math.max(0, Math.floor(region.x));
  const y0 = Math.max(0, Math.floor(region.y));
  const x1 = Math.min(bitmap.width, Math.ceil(region.x + region.width));
  const y1 = Math.min(bitmap.height, Math.ceil(region.y + region.height));
  return { x: x0, y: y0, width: Math.max(0, x1 - x0), height: Math.max(0, y1 - y0) };
}

export interface FrameOptions {
  /** The part of the label to take; default all of it. */
  region?: Region;
  /** White label dots added on every side, before scaling. */
  margin?: number;
  /** Whole-number upscale, each dot becoming scale × scale pixels. */
  scale?: number;
}

/**
 * Crops, surrounds with white and upscales (nearest neighbour, so edges stay sharp). A
 * framed pixel (px, py) shows label dot (region.x + px / scale − margin, …).
 */
export function frame(bitmap: Bitmap, options: FrameOptions = {}): Bitmap {
  const area = clip(bitmap, options.region);
  const margin = options.margin ?? 0;
  const scale = options.scale ?? 1;
  if (!Number.isInteger(margin) || margin < 0) {
    throw new RangeError(`margin must be a whole number of dots ≥ 0, got ${margin}`);
  }
  if (!Number.isInteger(scale) || scale < 1) {
    throw new RangeError(`scale must be a whole number ≥ 1, got ${scale}`);
  }
  const out = new Bitmap((area.width + 2 * margin) * scale, (area.height + 2 * margin) * scale);
  for (let y = 0; y < area.height; y++) {
    const outY = (y + margin) * scale;
    let runStart = -1;
    for (let x = 0; x <= area.width; x++) {
      const ink = x < area.width && bitmap.get(area.x + x, area.y + y) === 1;
      if (ink && runStart < 0) runStart = x;
      else if (!ink && runStart >= 0) {
        const from = (runStart + margin) * scale;
        const to = (x + margin) * scale;
        for (let dy = 0; dy < scale; dy++) out.span(outY + dy, from, to);
        runStart = -1;
      }
    }
  }
  return out;
}
