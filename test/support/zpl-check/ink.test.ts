import { describe, expect, it } from 'vitest';
import { Bitmap } from '@zpl/bitmap.ts';
import { inkBox, picture, runsInColumn, runsInRow } from './ink.ts';
import { clip, frame } from './region.ts';

describe('inkBox', () => {
  it('is null on a blank label and the tightest box otherwise', () => {
    const bitmap = new Bitmap(20, 10);
    expect(inkBox(bitmap)).toBeNull();
    bitmap.set(3, 7);
    expect(inkBox(bitmap)).toEqual({ x: 3, y: 7, width: 1, height: 1 });
    bitmap.fillRect(10, 2, 5, 3);
    expect(inkBox(bitmap)).toEqual({ x: 3, y: 2, width: 12, height: 6 });
  });

  it('looks only inside a region, clipped to the bitmap', () => {
    const bitmap = new Bitmap(20, 10);
    bitmap.set(0, 0);
    bitmap.fillRect(10, 2, 5, 3);
    expect(inkBox(bitmap, { x: 12, y: -5, width: 50, height: 50 })).toEqual({
      x: 12,
      y: 2,
      width: 3,
      height: 3,
    });
    expect(inkBox(bitmap, { x: 1, y: 1, width: 5, height: 5 })).toBeNull();
  });
});

describe('runsInRow and runsInColumn', () => {
  it('give every run with its colour, start and length', () => {
    const bitmap = new Bitmap(12, 3);
    bitmap.fillRect(2, 1, 3, 1);
    bitmap.fillRect(8, 1, 1, 1);
    expect(runsInRow(bitmap, 1)).toEqual([
      { color: 'white', start: 0, length: 2 },
      { color: 'black', start: 2, length: 3 },
      { color: 'white', start: 5, length: 3 },
      { color: 'black', start: 8, length: 1 },
      { color: 'white', start: 9, length: 3 },
    ]);
    expect(runsInRow(bitmap, 1, 3, 9)).toEqual([
      { color: 'black', start: 3, length: 2 },
      { color: 'white', start: 5, length: 3 },
      { color: 'black', start: 8, length: 1 },
    ]);
    expect(runsInColumn(bitmap, 3)).toEqual([
      { color: 'white', start: 0, length: 1 },
      { color: 'black', start: 1, length: 1 },
      { color: 'white', start: 2, length: 1 },
    ]);
  });
});

describe('picture', () => {
  it('draws a region as # and . rows, white past the edge', () => {
    const bitmap = new Bitmap(4, 3);
    bitmap.set(0, 0);
    bitmap.fillRect(1, 1, 3, 2);
    expect(picture(bitmap)).toEqual(['#...', '.###', '.###']);
    expect(picture(bitmap, { x: 2, y: 1, width: 4, height: 3 })).toEqual(['##..', '##..', '....']);
  });
});

describe('frame', () => {
  it('crops, adds a white margin and scales each dot to a square', () => {
    const bitmap = new Bitmap(5, 5);
    bitmap.set(1, 1);
    bitmap.set(2, 2);
    const framed = frame(bitmap, {
      region: { x: 1, y: 1, width: 2, height: 2 },
      margin: 1,
      scale: 2,
    });
    expect(picture(framed)).toEqual([
      '........',
      '........',
      '..##....',
      '..##....',
      '....##..',
      '....##..',
      '........',
      '........',
    ]);
    expect(clip(bitmap, { x: -2, y: 3, width: 4, height: 9 })).toEqual({
      x: 0,
      y: 3,
      width: 2,
      height: 2,
    });
  });
});
