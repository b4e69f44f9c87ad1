import { describe, expect, it } from 'vitest';
import { Bitmap } from '@zpl/bitmap.ts';
import { decodeBarcodes } from './barcodes.ts';

// Code 128 bar/space widths in modules, from the symbology's table (ISO/IEC 15417), only
// for the values "PACKBENCH" needs in code set B (value = ASCII − 32).
const PATTERNS: Record<number, string> = {
  33: '111323', // A
  34: '131123', // B
  35: '131321', // C
  37: '132113', // E
  40: '231113', // H
  43: '112331', // K
  46: '113321', // N
  48: '313121', // P
  98: '411311', // the check value below
  104: '211214', // Start B
  106: '2331112', // Stop
};

// Check value: (104 + Σ position × value) mod 103 over P A C K B E N C H
// = (104 + 48 + 66 + 105 + 172 + 170 + 222 + 322 + 280 + 360) mod 103 = 1849 mod 103 = 98.
const PACKBENCH = [104, 48, 33, 35, 43, 34, 37, 46, 35, 40, 98, 106];

/** Draws the symbol with its first bar at (x, y); returns its width in dots. */
function drawCode128(bitmap: Bitmap, x: number, y: number, module: number, height: number) {
  let at = x;
  for (const value of PACKBENCH) {
    const widths = PATTERNS[value] ?? '';
    expect(widths, `pattern for ${value}`).not.toBe('');
    [...widths].forEach((w, i) => {
      // Elements alternate bar, space, bar, … starting with a bar.
      if (i % 2 === 0) bitmap.fillRect(at, y, Number(w) * module, height);
      at += Number(w) * module;
    });
  }
  return at - x;
}

/** zxing puts a corner on the edge dot or the one past it; a dot either way is fine. */
function expectNear(actual: number | undefined, expected: number) {
  expect(Math.abs((actual ?? NaN) - expected)).toBeLessThanOrEqual(1);
}

describe('decodeBarcodes', () => {
  it('checks its hand-drawn symbol: 11 modules a character, 13 for stop, the right check', () => {
    for (const [value, widths] of Object.entries(PATTERNS)) {
      const modules = [...widths].reduce((sum, w) => sum + Number(w), 0);
      expect(modules, `value ${value}`).toBe(value === '106' ? 13 : 11);
    }
    const data = PACKBENCH.slice(1, -2);
    const sum = data.reduce((s, v, i) => s + v * (i + 1), 104);
    expect(sum % 103).toBe(PACKBENCH.at(-2));
  });

  it('reads a Code 128 that touches the label edge, giving its place in label dots', async () => {
    const bitmap = new Bitmap(400, 100);
    const width = drawCode128(bitmap, 0, 0, 2, 60);
    expect(width).toBe(134 * 2); // 11 × 11 modules + 13 for stop

    const [found, ...rest] = await decodeBarcodes(bitmap);
    expect(rest).toEqual([]);
    expect(found?.text).toBe('PACKBENCH');
    expect(found?.format).toBe('Code128');
    expect(found?.symbologyIdentifier).toBe(']C0');
    const { topLeft, topRight, bottomLeft } = found?.position ?? {};
    expectNear(topLeft?.x, 0);
    expectNear(topRight?.x, width - 1);
    expect(bottomLeft?.y).toBeLessThan(60);
  });

  it('looks only in a region and still answers in label dots, scaled or not', async () => {
    // Side by side: zxing merges identical linear symbols that share columns (see barcodes.ts).
    const bitmap = new Bitmap(700, 200);
    drawCode128(bitmap, 0, 0, 2, 60);
    const width = drawCode128(bitmap, 400, 120, 2, 60);
    expect(await decodeBarcodes(bitmap)).toHaveLength(2);

    const region = { x: 390, y: 110, width: 300, height: 80 };
    for (const scale of [1, 3]) {
      const found = await decodeBarcodes(bitmap, { region, scale, formats: ['Code128'] });
      expect(found.map((b) => b.text)).toEqual(['PACKBENCH']);
      const { topLeft, topRight } = found[0]?.position ?? {};
      expectNear(topLeft?.x, 400);
      expectNear(topRight?.x, 400 + width - 1);
      expect(topLeft?.y).toBeGreaterThanOrEqual(120);
      expect(topLeft?.y).toBeLessThan(180);
    }
  });

  it('finds nothing on a blank label or when asked for another format', async () => {
    expect(await decodeBarcodes(new Bitmap(300, 100))).toEqual([]);
    const bitmap = new Bitmap(400, 100);
    drawCode128(bitmap, 20, 20, 2, 60);
    expect(await decodeBarcodes(bitmap, { formats: ['QRCode'] })).toEqual([]);
  });
});
