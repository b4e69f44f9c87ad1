import { describe, expect, it } from 'vitest';
import { Bitmap } from '../bitmap.ts';
import { painter, type Painter } from '../painter.ts';
import { magnifiedSize, magnify, paintBitmap } from './paint-bitmap.ts';

function picture(b: Bitmap): string[] {
  const rows: string[] = [];
  for (let y = 0; y < b.height; y++) {
    let row = '';
    for (let x = 0; x < b.width; x++) row += b.get(x, y) ? '#' : '.';
    rows.push(row);
  }
  return rows;
}

function fromPicture(rows: string[]): Bitmap {
  const b = new Bitmap(rows[0]?.length ?? 0, rows.length);
  rows.forEach((row, y) => [...row].forEach((c, x) => c === '#' && b.set(x, y)));
  return b;
}

/** A painter that only records its rectangles. */
function recorder(width: number, height: number): Painter & { rects: number[][] } {
  const rects: number[][] = [];
  return { width, height, rects, fillRect: (x, y, w, h) => rects.push([x, y, w, h]), end() {} };
}

const SMALL = ['#.#', '.##'];

describe('paintBitmap and magnify', () => {
  it('paints an image unmagnified, dot for dot', () => {
    const image = fromPicture(SMALL);
    const target = new Bitmap(3, 2);
    const p = painter({ target, x: 0, y: 0, width: 3, height: 2 });
    paintBitmap(p, image);
    p.end();
    expect(picture(target)).toEqual(SMALL);
  });

  it('magnifies each dot to mx × my dots (worked by hand for 2 × 3)', () => {
    const expected = ['##..##', '##..##', '##..##', '..####', '..####', '..####'];
    const image = fromPicture(SMALL);
    expect(magnifiedSize(image, 2, 3)).toEqual({ width: 6, height: 6 });
    expect(picture(magnify(image, 2, 3))).toEqual(expected);
    const target = new Bitmap(6, 6);
    const p = painter({ target, x: 0, y: 0, width: 6, height: 6 });
    paintBitmap(p, image, 2, 3);
    p.end();
    expect(picture(target)).toEqual(expected);
  });

  it('paints through a turned painter like any field', () => {
    const image = fromPicture(SMALL);
    const target = new Bitmap(2, 3);
    const p = painter({ target, x: 0, y: 0, width: 3, height: 2, orientation: 'R' });
    paintBitmap(p, image);
    p.end();
    expect(picture(target)).toEqual(['.#', '#.', '##']);
  });

  it('ignores padding bits past the width and finds runs across byte edges', () => {
    const image = new Bitmap(12, 1, Uint8Array.from([0x0f, 0xff]));
    const p = recorder(12, 1);
    paintBitmap(p, image);
    expect(p.rects).toEqual([[4, 0, 8, 1]]);
  });

  it('shares one rectangle among identical rows', () => {
    const image = fromPicture(['.##.', '.##.', '.##.', '#..#']);
    const p = recorder(4, 4);
    paintBitmap(p, image, 1, 2, 10, 20);
    expect(p.rects).toEqual([
      [11, 20, 2, 6],
      [10, 26, 1, 2],
      [13, 26, 1, 2],
    ]);
  });

  it('refuses fractional or zero magnification', () => {
    const image = fromPicture(SMALL);
    expect(() => magnify(image, 0, 1)).toThrow(RangeError);
    expect(() => magnify(image, 1.5, 1)).toThrow(RangeError);
  });

  it('paints a whole-label image dot for dot (its speed is a bench row)', () => {
    const image = new Bitmap(812, 1218);
    for (let y = 0; y < image.height; y++) {
      for (let x = (y * 7) % 13; x < image.width; x += 13) image.set(x, y);
    }
    const target = new Bitmap(812, 1218);
    const p = painter({ target, x: 0, y: 0, width: 812, height: 1218 });
    paintBitmap(p, image);
    p.end();
    expect(target.data).toEqual(image.data);
  });
});
