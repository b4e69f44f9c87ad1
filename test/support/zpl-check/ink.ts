// Plain looks at a label's dots for tests: where the ink is, how wide each bar is, and a
// picture of a corner that reads in a failure message.
import type { Bitmap } from '@zpl/bitmap.ts';
import { clip, type Region } from './region.ts';

/** The tightest box around the black dots in `region` (default: everywhere), or null. */
export function inkBox(bitmap: Bitmap, region?: Region): Region | null {
  const area = clip(bitmap, region);
  let x0 = Infinity;
  let y0 = Infinity;
  let x1 = -Infinity;
  let y1 = -Infinity;
  for (let y = area.y; y < area.y + area.height; y++) {
    for (let x = area.x; x < area.x + area.width; x++) {
      if (bitmap.get(x, y) === 0) continue;
      if (x < x0) x0 = x;
      if (x > x1) x1 = x;
      if (y < y0) y0 = y;
      y1 = y;
    }
  }
  if (x1 < 0) return null;
  return { x: x0, y: y0, width: x1 - x0 + 1, height: y1 - y0 + 1 };
}

export interface Run {
  color: 'black' | 'white';
  /** First dot of the run. */
  start: number;
  length: number;
}

/** Runs of one colour along row y, from x0 (default 0) up to but not including x1. */
export function runsInRow(bitmap: Bitmap, y: number, x0 = 0, x1 = bitmap.width): Run[] {
  return runs((i) => bitmap.get(i, y), Math.max(0, x0), Math.min(bitmap.width, x1));
}

/** Runs of one colour down column x, from y0 (default 0) up to but not including y1. */
export function runsInColumn(bitmap: Bitmap, x: number, y0 = 0, y1 = bitmap.height): Run[] {
  return runs((i) => bitmap.get(x, i), Math.max(0, y0), Math.min(bitmap.height, y1));
}

function runs(dot: (i: number) => 0 | 1, from: number, to: number): Run[] {
  const out: Run[] = [];
  for (let i = from; i < to; i++) {
    const color = dot(i) === 1 ? 'black' : 'white';
    const last = out.at(-1);
    if (last?.color === color) last.length++;
    else out.push({ color, start: i, length: 1 });
  }
  return out;
}

/**
 * The dots of `region` (default: everything) as rows of `#` (black) and `.` (white).
 * Dots outside the bitmap read as white, so a region may hang over its edge.
 */
export function picture(bitmap: Bitmap, region?: Region): string[] {
  const area = region ?? { x: 0, y: 0, width: bitmap.width, height: bitmap.height };
  const rows: string[] = [];
  for (let y = area.y; y < area.y + area.height; y++) {
    let row = '';
    for (let x = area.x; x < area.x + area.width; x++) row += bitmap.get(x, y) ? '#' : '.';
    rows.push(row);
  }
  return rows;
}
