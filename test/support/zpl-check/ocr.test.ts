import { describe, expect, it } from 'vitest';
import { Bitmap } from '@zpl/bitmap.ts';
import { ocr } from './ocr.ts';

// A 5×7 dot-matrix alphabet, enough for the words below; each cell becomes a square of ink.
// Tesseract is picky about dot-matrix shapes (this 7, 0 and 1 style misread), so the tests use
// only glyphs it reads reliably: they check the plumbing, not Tesseract.
const GLYPHS: Record<string, string[]> = {
  P: ['####.', '#...#', '#...#', '####.', '#....', '#....', '#....'],
  A: ['.###.', '#...#', '#...#', '#####', '#...#', '#...#', '#...#'],
  C: ['.###.', '#...#', '#....', '#....', '#....', '#...#', '.###.'],
  K: ['#...#', '#..#.', '#.#..', '##...', '#.#..', '#..#.', '#...#'],
  B: ['####.', '#...#', '#...#', '####.', '#...#', '#...#', '####.'],
  E: ['#####', '#....', '#....', '####.', '#....', '#....', '#####'],
  N: ['#...#', '##..#', '#.#.#', '#..##', '#...#', '#...#', '#...#'],
  H: ['#...#', '#...#', '#...#', '#####', '#...#', '#...#', '#...#'],
  '4': ['...#.', '..##.', '.#.#.', '#..#.', '#####', '...#.', '...#.'],
  '2': ['.###.', '#...#', '....#', '...#.', '..#..', '.#...', '#####'],
};

/** Writes `text` with its top-left at (x, y), each glyph cell `cell` dots square. */
function write(bitmap: Bitmap, text: string, x: number, y: number, cell: number): void {
  [...text].forEach((ch, i) => {
    const glyph = GLYPHS[ch] ?? [];
    glyph.forEach((row, gy) => {
      [...row].forEach((dot, gx) => {
        if (dot === '#') bitmap.fillRect(x + (i * 6 + gx) * cell, y + gy * cell, cell, cell);
      });
    });
  });
}

describe('ocr', () => {
  it('reads block capitals drawn at the very edge of the label', async () => {
    const bitmap = new Bitmap(9 * 6 * 5, 7 * 5);
    write(bitmap, 'PACKBENCH', 0, 0, 5);
    expect(await ocr(bitmap)).toBe('PACKBENCH');
  });

  it('reads one region, upscaled, with a character whitelist', async () => {
    const bitmap = new Bitmap(400, 100);
    write(bitmap, 'PACK', 10, 10, 5);
    write(bitmap, '2442', 200, 60, 2); // 14 dots tall
    const region = { x: 190, y: 50, width: 200, height: 40 };
    expect(await ocr(bitmap, { region, scale: 2, psm: 7, whitelist: '0123456789' })).toBe('2442');
  });

  it('says how to install tesseract when it is missing', async () => {
    const bitmap = new Bitmap(10, 10);
    await expect(ocr(bitmap, { tesseract: '/nonexistent/tesseract' })).rejects.toThrow(
      /apt-get install tesseract-ocr/,
    );
  });
});
