import { describe, expect, it } from 'vitest';
import { Bitmap } from '../bitmap.ts';
import { painter, type Painter } from '../painter.ts';
import {
  drawDiagonal,
  drawEllipse,
  graphicBox,
  graphicBoxParams,
  graphicCircle,
  graphicCircleParams,
  graphicDiagonal,
  graphicDiagonalParams,
  graphicEllipse,
  graphicEllipseParams,
  type ShapeLayout,
} from './shapes.ts';

function picture(b: Bitmap): string[] {
  const rows: string[] = [];
  for (let y = 0; y < b.height; y++) {
    let row = '';
    for (let x = 0; x < b.width; x++) row += b.get(x, y) ? '#' : '.';
    rows.push(row);
  }
  return rows;
}

/** Draws a layout upright into a bitmap exactly its frame's size. */
function render(layout: ShapeLayout): Bitmap {
  const target = new Bitmap(layout.width, layout.height);
  const p = painter({ target, x: 0, y: 0, width: layout.width, height: layout.height });
  layout.draw(p);
  p.end();
  return target;
}

function drawInto(width: number, height: number, draw: (p: Painter) => void): Bitmap {
  const target = new Bitmap(width, height);
  const p = painter({ target, x: 0, y: 0, width, height });
  draw(p);
  p.end();
  return target;
}

/** Every dot decided on its own by a predicate: the independent reference. */
function brute(width: number, height: number, ink: (x: number, y: number) => boolean): Bitmap {
  const b = new Bitmap(width, height);
  for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) if (ink(x, y)) b.set(x, y);
  return b;
}

const mirrorX = (rows: string[]): string[] => rows.map((r) => [...r].reverse().join(''));
const mirrorY = (rows: string[]): string[] => [...rows].reverse();
const transpose = (rows: string[]): string[] =>
  [...(rows[0] ?? '')].map((_, x) => rows.map((r) => r[x]).join(''));

describe('^GB graphic box', () => {
  it('draws ^GB100,50,3 as exactly the outline computed by hand', () => {
    const layout = graphicBox('100,50,3');
    expect([layout.width, layout.height, layout.color]).toEqual([100, 50, 'B']);
    const bitmap = render(layout);
    const expected = brute(100, 50, (x, y) => x < 3 || x >= 97 || y < 3 || y >= 47);
    expect(picture(bitmap)).toEqual(picture(expected));
    // Two 100×3 bands and two 3×44 sides.
    expect(bitmap.countInk()).toBe(2 * 3 * 100 + 2 * 3 * 44);
    expect(layout.warnings).toEqual([]);
  });

  it('applies the guide defaults: t = 1, w and h = t, colour B, no rounding', () => {
    expect(graphicBoxParams('')).toEqual({
      width: 1,
      height: 1,
      thickness: 1,
      color: 'B',
      rounding: 0,
    });
    expect(graphicBoxParams(',,5')).toMatchObject({ width: 5, height: 5, thickness: 5 });
    // A width below t (0 here, the usual way to write a vertical line) quietly becomes t.
    const warnings: string[] = [];
    expect(graphicBoxParams('0,100,3', warnings)).toMatchObject({ width: 3, height: 100 });
    expect(warnings).toEqual([]);
    expect(render(graphicBox('0,100,3')).countInk()).toBe(300);
    expect(graphicBoxParams(['20', undefined, '2', 'W', '4'])).toEqual({
      width: 20,
      height: 2,
      thickness: 2,
      color: 'W',
      rounding: 4,
    });
  });

  it('clamps out-of-range values to the guide limits, with warnings', () => {
    const warnings: string[] = [];
    const box = graphicBoxParams('40000,10,0,X,9', warnings);
    expect(box).toEqual({ width: 32000, height: 10, thickness: 1, color: 'B', rounding: 8 });
    expect(warnings).toEqual([
      '^GB thickness 0 is below 1; 1 is used',
      '^GB width 40000 is above 32000; 32000 is used',
      '^GB line color "X" is not one of B, W; B is used',
      '^GB corner rounding 9 is above 8; 8 is used',
    ]);
    const junk: string[] = [];
    expect(graphicBoxParams('abc,12.5', junk)).toMatchObject({ width: 1, height: 12 });
    expect(junk).toEqual([
      '^GB width "abc" is not a number; 1 is used',
      '^GB height "12.5" is not a whole number; 12 is used',
    ]);
  });

  it('fills the box when the thickness reaches the shorter side', () => {
    expect(render(graphicBox('50,10,10')).countInk()).toBe(500);
    expect(render(graphicBox('50,10,30')).countInk()).toBe(50 * 30); // h grows to t
    expect(render(graphicBox('10,50,5')).countInk()).toBe(500); // 2t = the shorter side
  });

  it('rounds corners with radius r/8 × shorter side / 2 (a hand-drawn 8×8, r = 8)', () => {
    // Radius 4 from centre (4, 4): row 0's dot centres at y 0.5 reach 4 ± 1.94 → x 2..5.
    expect(picture(render(graphicBox('8,8,8,B,8')))).toEqual([
      '..####..',
      '.######.',
      '########',
      '########',
      '########',
      '########',
      '.######.',
      '..####..',
    ]);
  });

  it('matches a dot-by-dot rounded-rectangle test for outlines and fills', () => {
    // A dot is ink when its centre is in the outer rounded rectangle and not in the inner one
    // (inset t, concentric corners of radius R − t), corners closed on the outside.
    function inRounded(
      cx: number,
      cy: number,
      x0: number,
      y0: number,
      w: number,
      h: number,
      r: number,
    ) {
      if (cx < x0 || cx > x0 + w || cy < y0 || cy > y0 + h) return false;
      const dx = Math.max(x0 + r - cx, cx - (x0 + w - r), 0);
      const dy = Math.max(y0 + r - cy, cy - (y0 + h - r), 0);
      return dx * dx + dy * dy <= r * r;
    }
    for (const [w, h, t, r] of [
      [20, 10, 2, 8],
      [40, 30, 3, 4],
      [31, 17, 1, 1],
      [64, 64, 6, 7],
      [25, 60, 4, 8],
    ] as const) {
      const radius = (r / 8) * (Math.min(w, h) / 2);
      const inner = Math.max(0, radius - t);
      const expected = brute(w, h, (x, y) => {
        const cx = x + 0.5;
        const cy = y + 0.5;
        if (!inRounded(cx, cy, 0, 0, w, h, radius)) return false;
        const innerHit =
          cx > t &&
          cx < w - t &&
          cy > t &&
          cy < h - t &&
          inRounded(cx, cy, t, t, w - 2 * t, h - 2 * t, inner);
        return !innerHit;
      });
      expect(picture(render(graphicBox(`${w},${h},${t},B,${r}`))), `${w},${h},${t},${r}`).toEqual(
        picture(expected),
      );
    }
  });

  it('keeps rounded boxes symmetric', () => {
    const rows = picture(render(graphicBox('37,23,3,B,5')));
    expect(mirrorX(rows)).toEqual(rows);
    expect(mirrorY(rows)).toEqual(rows);
  });

  it('turns with the painter: ^GB20,4,2 rotated R is 4 wide and 20 tall', () => {
    const layout = graphicBox('20,4,2');
    const target = new Bitmap(4, 20);
    const p = painter({
      target,
      x: 0,
      y: 0,
      width: layout.width,
      height: layout.height,
      orientation: 'R',
    });
    layout.draw(p);
    p.end();
    expect(target.countInk()).toBe(80);
  });

  it('inverts once in xor mode', () => {
    const target = new Bitmap(10, 10);
    target.fillRect(0, 0, 5, 10);
    const layout = graphicBox('10,10,2,B,3');
    const p = painter({ target, x: 0, y: 0, width: 10, height: 10, mode: 'xor' });
    layout.draw(p);
    p.end();
    const ring = render(layout);
    for (let y = 0; y < 10; y++) {
      for (let x = 0; x < 10; x++) expect(target.get(x, y)).toBe((x < 5 ? 1 : 0) ^ ring.get(x, y));
    }
  });
});

describe('^GC graphic circle and ^GE ellipse', () => {
  it('draws ^GC10,1 as the hand-derived ring', () => {
    // Doubled coordinates X = 2x − 9, Y = 2y − 9: ink where X² + Y² ≤ 100 and not ≤ 64.
    expect(picture(render(graphicCircle('10,1')))).toEqual([
      '...####...',
      '.##....##.',
      '.#......#.',
      '#........#',
      '#........#',
      '#........#',
      '#........#',
      '.#......#.',
      '.##....##.',
      '...####...',
    ]);
  });

  it('applies the guide defaults and limits', () => {
    expect(graphicCircleParams('')).toEqual({ diameter: 3, thickness: 1, color: 'B' });
    const warnings: string[] = [];
    expect(graphicCircleParams('5000,0,W', warnings)).toEqual({
      diameter: 4095,
      thickness: 1,
      color: 'W',
    });
    expect(warnings).toEqual([
      '^GC diameter 5000 is above 4095; 4095 is used',
      '^GC thickness 0 is below 1; 1 is used',
    ]);
    expect(graphicEllipseParams('')).toEqual({ width: 3, height: 3, thickness: 1, color: 'B' });
    expect(graphicEllipseParams(',,6')).toMatchObject({ width: 6, height: 6 });
    const small: string[] = [];
    expect(graphicEllipseParams('2,9000', small)).toMatchObject({ width: 3, height: 4095 });
    expect(small).toHaveLength(2);
  });

  it('is symmetric about both axes and the diagonal, for many sizes', () => {
    for (const d of [3, 4, 5, 8, 11, 16, 25, 40, 63, 100]) {
      for (const t of [1, 2, 3, 7, 60]) {
        const rows = picture(render(graphicCircle(`${d},${t}`)));
        expect(mirrorX(rows), `d=${d} t=${t}`).toEqual(rows);
        expect(mirrorY(rows), `d=${d} t=${t}`).toEqual(rows);
        expect(transpose(rows), `d=${d} t=${t}`).toEqual(rows);
      }
    }
  });

  it('matches a dot-by-dot ellipse test, and fills once the ring meets the middle', () => {
    // Dot centre (x + ½, y + ½) against the ellipse of semi-axes a, b centred in the frame, in
    // quarter-dot units so the comparison is exact: (dx·b)² + (dy·a)² ≤ (a·b)².
    const inside = (x: number, y: number, w: number, h: number, iw: number, ih: number) => {
      const dx = 2 * x + 1 - w;
      const dy = 2 * y + 1 - h;
      return dx * dx * ih * ih + dy * dy * iw * iw <= iw * iw * ih * ih;
    };
    for (const [w, h, t] of [
      [30, 12, 1],
      [30, 12, 3],
      [13, 41, 2],
      [50, 50, 4],
      [9, 7, 10],
    ] as const) {
      const expected = brute(w, h, (x, y) => {
        if (!inside(x, y, w, h, w, h)) return false;
        const iw = w - 2 * t;
        const ih = h - 2 * t;
        return iw <= 0 || ih <= 0 || !inside(x, y, w, h, iw, ih);
      });
      expect(picture(render(graphicEllipse(`${w},${h},${t}`))), `${w},${h},${t}`).toEqual(
        picture(expected),
      );
    }
  });

  it('has no gaps in a 1-dot ring: every row and column is inked', () => {
    const rows = picture(drawInto(200, 200, (p) => drawEllipse(p, 200, 200, 1)));
    expect(rows.every((r) => r.includes('#'))).toBe(true);
    expect(transpose(rows).every((r) => r.includes('#'))).toBe(true);
    // 1 dot thick: no row has more than the two arcs' runs.
    expect(rows.every((r) => (r.match(/#+/g) ?? []).length <= 2)).toBe(true);
  });
});

describe('^GD graphic diagonal line', () => {
  it('lays out a (w + t) × h frame, defaults and limits from the guide', () => {
    const layout = graphicDiagonal('6,3,2');
    expect([layout.width, layout.height]).toEqual([8, 3]);
    expect(graphicDiagonalParams('')).toEqual({
      width: 3,
      height: 3,
      thickness: 1,
      color: 'B',
      orientation: '/',
    });
    expect(graphicDiagonalParams('10,10,1,B,L').orientation).toBe('\\');
    expect(graphicDiagonalParams('10,10,1,B,\\').orientation).toBe('\\');
    expect(graphicDiagonalParams('10,10,1,B,/').orientation).toBe('/');
    const warnings: string[] = [];
    expect(graphicDiagonalParams('1,99999,1,B,Q', warnings)).toMatchObject({
      width: 3,
      height: 32000,
      orientation: '/',
    });
    expect(warnings).toHaveLength(3);
  });

  it('draws ^GD6,3,2 right-leaning as worked out by hand', () => {
    // Left edge from (6, 0) to (0, 3): x = 6 − 2·y at the row centres y = ½, 1½, 2½.
    expect(picture(render(graphicDiagonal('6,3,2,B,R')))).toEqual([
      '.....##.',
      '...##...',
      '.##.....',
    ]);
    expect(picture(render(graphicDiagonal('6,3,2,B,L')))).toEqual([
      '.##.....',
      '...##...',
      '.....##.',
    ]);
  });

  it('puts the ends in the corners: "/" runs bottom-left to top-right, "\\" top-left to bottom-right', () => {
    const slash = picture(drawInto(11, 10, (p) => drawDiagonal(p, 10, 10, 1, '/')));
    expect(slash[9]).toBe('#..........');
    expect(slash[0]).toBe('.........#.');
    const back = picture(drawInto(13, 40, (p) => drawDiagonal(p, 10, 40, 3, '\\')));
    expect(back[0]).toBe('###..........');
    expect(back[39]).toBe('..........###');
  });

  it('inks exactly t dots per row, moving one way only', () => {
    const rows = picture(render(graphicDiagonal('50,120,4,B,R')));
    let last = Infinity;
    for (const row of rows) {
      expect(row.replace(/\./g, '')).toHaveLength(4);
      const start = row.indexOf('#');
      expect(start).toBeLessThanOrEqual(last);
      last = start;
    }
  });
});
