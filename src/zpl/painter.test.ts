import { describe, expect, it } from 'vitest';
import { Bitmap } from './bitmap.ts';
import { painter, type Orientation } from './painter.ts';

// An L shape in a 3×2 frame: the full top row and the bottom-left dot.
function drawL(orientation: Orientation, mode: 'black' | 'xor' = 'black'): Bitmap {
  const target = new Bitmap(5, 5);
  const p = painter({ target, x: 1, y: 1, width: 3, height: 2, orientation, mode });
  p.fillRect(0, 0, 3, 1);
  p.fillRect(0, 1, 1, 1);
  p.end();
  return target;
}

function picture(b: Bitmap): string[] {
  const rows: string[] = [];
  for (let y = 0; y < b.height; y++) {
    let row = '';
    for (let x = 0; x < b.width; x++) row += b.get(x, y) ? '#' : '.';
    rows.push(row);
  }
  return rows;
}

describe('painter', () => {
  it('turns the upright frame by each orientation, exact to the dot', () => {
    expect(picture(drawL('N'))).toEqual(['.....', '.###.', '.#...', '.....', '.....']);
    expect(picture(drawL('R'))).toEqual(['.....', '.##..', '..#..', '..#..', '.....']);
    expect(picture(drawL('I'))).toEqual(['.....', '...#.', '.###.', '.....', '.....']);
    expect(picture(drawL('B'))).toEqual(['.....', '.#...', '.#...', '.##..', '.....']);
  });

  it('inverts the label once per field in xor mode, even where its own rectangles overlap', () => {
    const target = new Bitmap(4, 1);
    target.fillRect(0, 0, 2, 1);
    const p = painter({ target, x: 1, y: 0, width: 2, height: 1, mode: 'xor' });
    p.fillRect(0, 0, 2, 1);
    p.fillRect(0, 0, 1, 1);
    p.end();
    expect(picture(target)).toEqual(['#.#.']);
  });

  it('clips at the label edge', () => {
    const target = new Bitmap(3, 3);
    const p = painter({ target, x: 2, y: 2, width: 4, height: 4 });
    p.fillRect(0, 0, 4, 4);
    p.end();
    expect(target.countInk()).toBe(1);
  });
});
