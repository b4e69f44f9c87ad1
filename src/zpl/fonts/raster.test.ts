import { describe, expect, it } from 'vitest';
import { Bitmap } from '../bitmap.ts';
import { paintRaster, rasterize, type OutlineCommand, type Raster } from './raster.ts';

// Outlines here are written in dot coordinates with y down: sy = −1 makes Y = y.
const Y_DOWN = { sx: 1, sy: -1, dx: 0, dy: 0 };

function polygon(...points: [number, number][]): OutlineCommand[] {
  const [first, ...rest] = points;
  if (!first) return [];
  return [
    { type: 'M', x: first[0], y: first[1] },
    ...rest.map(([x, y]): OutlineCommand => ({ type: 'L', x, y })),
    { type: 'Z' },
  ];
}

function picture(raster: Raster, width: number, height: number): string[] {
  const b = new Bitmap(width, height);
  paintRaster(b, raster, 0, 0);
  const rows: string[] = [];
  for (let y = 0; y < height; y++) {
    let row = '';
    for (let x = 0; x < width; x++) row += b.get(x, y) ? '#' : '.';
    rows.push(row);
  }
  return rows;
}

describe('rasterize', () => {
  it('fills a square dot for dot, as one rectangle', () => {
    // Centres 1.5, 2.5, 3.5 lie in [1, 4) on both axes: a 3×3 block at (1, 1).
    const r = rasterize(polygon([1, 1], [4, 1], [4, 4], [1, 4]), Y_DOWN);
    expect(picture(r, 5, 5)).toEqual(['.....', '.###.', '.###.', '.###.', '.....']);
    expect(r.count).toBe(1);
    expect([r.x0, r.y0, r.x1, r.y1]).toEqual([1, 1, 4, 4]);
  });

  it('samples at dot centres: a dot is ink only when its centre is inside', () => {
    // x from 0.6 to 3.4 holds centres 1.5 and 2.5; y from 0.6 to 2.4 holds only 1.5.
    const r = rasterize(polygon([0.6, 0.6], [3.4, 0.6], [3.4, 2.4], [0.6, 2.4]), Y_DOWN);
    expect(picture(r, 4, 3)).toEqual(['....', '.##.', '....']);
    // A sliver between two centres inks nothing at all.
    expect(rasterize(polygon([0.6, 0], [1.4, 0], [1.4, 3], [0.6, 3]), Y_DOWN).count).toBe(0);
  });

  it('fills a triangle by its centres', () => {
    // Right triangle under x + y = 8. Row r's centre line y = r + ½ is inside for
    // 0 ≤ x < 7.5 − r, so dots c = 0 … 6 − r: 7 dots on row 0 down to 1 on row 6.
    const r = rasterize(polygon([0, 0], [8, 0], [0, 8]), Y_DOWN);
    expect(picture(r, 8, 8)).toEqual([
      '#######.',
      '######..',
      '#####...',
      '####....',
      '###.....',
      '##......',
      '#.......',
      '........',
    ]);
  });

  it('leaves a hole for a counter-wound inner contour and fills an equally wound one', () => {
    const outer = polygon([0, 0], [6, 0], [6, 6], [0, 6]);
    const hole = polygon([2, 2], [2, 4], [4, 4], [4, 2]); // opposite direction
    const overlay = polygon([2, 2], [4, 2], [4, 4], [2, 4]); // same direction
    const ring = rasterize([...outer, ...hole], Y_DOWN);
    expect(picture(ring, 6, 6)).toEqual([
      '######',
      '######',
      '##..##',
      '##..##',
      '######',
      '######',
    ]);
    // Nonzero, not even-odd: winding 2 inside the overlay is still ink (even-odd would punch
    // the same hole here). This is what fills Roboto's H, whose crossbar overlaps both stems.
    expect(rasterize([...outer, ...overlay], Y_DOWN).count).toBe(1);
    expect(picture(rasterize([...outer, ...overlay], Y_DOWN), 6, 6).join('')).toBe('#'.repeat(36));
  });

  it('flattens a quadratic bump', () => {
    // In font units (y up) with the baseline on row boundary 4: the curve from (0,0) over the
    // control point (4,8) to (8,0) is y = 2x − x²/4, peaking at 4. Row r's centre sits at
    // height 3.5 − r, and dot c is ink when f(c + ½) ≥ that height:
    // f(½) = f(7½) = 0.9375, f(1½) = f(6½) = 2.4375, f(2½) = f(5½) = 3.4375, f(3½) = f(4½) = 3.9375.
    const bump: OutlineCommand[] = [
      { type: 'M', x: 0, y: 0 },
      { type: 'Q', x1: 4, y1: 8, x: 8, y: 0 },
      { type: 'Z' },
    ];
    const r = rasterize(bump, { sx: 1, sy: 1, dx: 0, dy: 4 });
    expect(picture(r, 8, 4)).toEqual(['...##...', '..####..', '.######.', '########']);
  });

  it('flattens cubic arcs: a circle of radius 4 holds exactly the centres nearer than 4', () => {
    // Four cubic quarter arcs (k = 0.5523 of the radius); the nearest centres to the circle are
    // √14.5 ≈ 3.81 and √18.5 ≈ 4.30 away, far beyond the flattening and arc errors.
    const k = 4 * 0.5523;
    const c = 4;
    const circle: OutlineCommand[] = [
      { type: 'M', x: c + 4, y: c },
      { type: 'C', x1: c + 4, y1: c + k, x2: c + k, y2: c + 4, x: c, y: c + 4 },
      { type: 'C', x1: c - k, y1: c + 4, x2: c - 4, y2: c + k, x: c - 4, y: c },
      { type: 'C', x1: c - 4, y1: c - k, x2: c - k, y2: c - 4, x: c, y: c - 4 },
      { type: 'C', x1: c + k, y1: c - 4, x2: c + 4, y2: c - k, x: c + 4, y: c },
      { type: 'Z' },
    ];
    const got = picture(rasterize(circle, Y_DOWN), 8, 8);
    const want: string[] = [];
    for (let y = 0; y < 8; y++) {
      let row = '';
      for (let x = 0; x < 8; x++) row += (x + 0.5 - c) ** 2 + (y + 0.5 - c) ** 2 < 16 ? '#' : '.';
      want.push(row);
    }
    expect(got).toEqual(want);
    expect(got[0]).toBe('..####..');
  });

  it('merges runs that repeat on the next row into one rectangle', () => {
    // An L: a 2-wide stem 5 rows tall and a foot; the stem's first 4 rows are one rectangle.
    const r = rasterize(polygon([0, 0], [2, 0], [2, 4], [5, 4], [5, 5], [0, 5]), Y_DOWN);
    expect(picture(r, 5, 5)).toEqual(['##...', '##...', '##...', '##...', '#####']);
    expect(r.count).toBe(2);
    expect(Array.from(r.rects)).toEqual([0, 0, 2, 4, 0, 4, 5, 1]);
  });
});
