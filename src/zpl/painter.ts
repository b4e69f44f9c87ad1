// Every field is drawn in its own upright frame (a box of `width`×`height` dots, origin at
// the box's top-left) as rectangles of ink; the painter turns that frame by the field's
// orientation and puts it on the label. Bars, modules, box sides and glyph scanlines are all
// rectangles, so rotating them stays exact to the dot.
//
// Ink that must invert (^FR) or erase (a white ^GB) cannot go straight onto the label: two
// overlapping rectangles of one field would cancel each other out. Those fields collect
// their ink on a scratch bitmap first and meet the label once, in `end()`.
import { Bitmap, type DrawMode } from './bitmap.ts';

/** N normal, R turned 90° clockwise, I upside down (180°), B read bottom-up (270°). */
export type Orientation = 'N' | 'R' | 'I' | 'B';

export interface Painter {
  /** The upright frame's size in dots. */
  readonly width: number;
  readonly height: number;
  /** Ink on w×h dots whose top-left is (x, y) in the upright frame. */
  fillRect(x: number, y: number, w: number, h: number): void;
  /** Lays the frame's ink on the label; call once, after the last fillRect. */
  end(): void;
}

export interface PainterOptions {
  target: Bitmap;
  /** Label dot where the turned box's top-left lands. */
  x: number;
  y: number;
  /** The upright frame's size. */
  width: number;
  height: number;
  orientation?: Orientation;
  mode?: DrawMode;
}

export function painter(options: PainterOptions): Painter {
  const { target, width, height } = options;
  const orientation = options.orientation ?? 'N';
  const mode = options.mode ?? 'black';
  const turned = orientation === 'R' || orientation === 'B';
  const boxW = turned ? height : width;
  const boxH = turned ? width : height;
  // Black ink can go straight on; white and xor go through a scratch bitmap (see above).
  const scratch = mode === 'black' ? null : new Bitmap(Math.max(0, boxW), Math.max(0, boxH));
  const sink = scratch ?? target;
  const ox = scratch ? 0 : options.x;
  const oy = scratch ? 0 : options.y;

  return {
    width,
    height,
    fillRect(x, y, w, h) {
      if (w <= 0 || h <= 0) return;
      switch (orientation) {
        case 'N':
          sink.fillRect(ox + x, oy + y, w, h);
          break;
        case 'R':
          sink.fillRect(ox + height - y - h, oy + x, h, w);
          break;
        case 'I':
          sink.fillRect(ox + width - x - w, oy + height - y - h, w, h);
          break;
        case 'B':
          sink.fillRect(ox + y, oy + width - x - w, h, w);
          break;
      }
    },
    end() {
      if (scratch) target.stamp(scratch, options.x, options.y, mode);
    },
  };
}
