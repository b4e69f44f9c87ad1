import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Dpmm } from '@zpl/engine.ts';
import { decodeBarcodes, inkBox, ocr, picture } from '../../support/zpl-check/index.ts';
import { elementWidths, engine, hexRows, inkLines, one } from './corpus.ts';

// The same label at 6, 8, 12 and 24 dots/mm. ZPL speaks in dots, so every field keeps its size
// in dots while the picture grows to the stock: exactly round(mm × dots/mm) each way. The
// label is fixtures/shipping.zpl, laid out inside 600 × 900 dots so it fits at every density.

const SHIPPING = readFileSync(join(import.meta.dirname, 'fixtures/shipping.zpl'), 'utf8');
const LOGO_HEX = /\^GFA,96,96,6,([\s0-9A-F]+)\^FS/.exec(SHIPPING)?.[1]?.trim().split(/\s+/) ?? [];

describe.each([6, 8, 12, 24] as const)('at %i dots/mm', (dpmm: Dpmm) => {
  const result = engine.render(SHIPPING, { dpmm, widthMm: 101.6, heightMm: 152.4 });
  const label = result.labels[0];
  const bitmap = label?.bitmap;
  if (!bitmap) throw new Error('no label rendered');

  it('is exactly round(101.6 × dpmm) × round(152.4 × dpmm) dots, with no warning', () => {
    expect(result.labels).toHaveLength(1);
    expect([bitmap.width, bitmap.height]).toEqual([
      Math.round(101.6 * dpmm),
      Math.round(152.4 * dpmm),
    ]);
    expect(label.warnings).toEqual([]);
    expect(result.warnings).toEqual([]);
  });

  it('keeps every field at its place and size in dots', () => {
    // The frame: ^FO20,20^GB560,860,4 is the outermost ink.
    expect(inkBox(bitmap)).toEqual({ x: 20, y: 20, width: 560, height: 860 });
    // The ^GF logo, dot for dot.
    expect(LOGO_HEX).toHaveLength(16);
    expect(picture(bitmap, { x: 40, y: 620, width: 48, height: 16 })).toEqual(hexRows(LOGO_HEX));
    // The circle: 120 dots across.
    expect(inkBox(bitmap, { x: 300, y: 600, width: 260, height: 200 })).toEqual({
      x: 320,
      y: 620,
      width: 120,
      height: 120,
    });
    // Code 128 bars at ^BY2: 2, 4, 6 or 8 dots, whatever the density.
    for (const w of elementWidths(bitmap, 250, 30, 580).bars) expect([2, 4, 6, 8]).toContain(w);
  });

  it('reads back: Code 128, QR, Data Matrix and the text', async () => {
    const found = await decodeBarcodes(bitmap, {
      region: { x: 24, y: 190, width: 552, height: 420 },
    });
    expect(found.map((b) => [b.format, b.text]).sort()).toEqual(
      [
        ['Code128', 'PB-10001'],
        ['QRCode', 'https://packbench.example/PB-10001'],
        ['DataMatrix', 'PB-10001'],
      ].sort(),
    );
    expect(await ocr(bitmap, { region: { x: 30, y: 30, width: 540, height: 80 } })).toBe(
      'PACKBENCH',
    );
    expect(await ocr(bitmap, { region: { x: 30, y: 110, width: 540, height: 60 } })).toBe(
      'ORDER 4711',
    );
  });
});

describe('sizes that do not fall on a whole dot', () => {
  it.each([
    [6, 305, 152],
    [8, 406, 203],
    [12, 610, 305],
    [24, 1219, 610],
  ] as const)('2 × 1 in at %i dots/mm is %i × %i dots', (dpmm, width, height) => {
    // 50.8 × 25.4 mm: 304.8 / 406.4 / 609.6 / 1219.2 across, 152.4 / 203.2 / 304.8 / 609.6 down.
    const label = one('^XA^FO0,0^GB2000,2000,2000^FS^XZ', { dpmm, widthMm: 50.8, heightMm: 25.4 });
    expect([label.bitmap.width, label.bitmap.height]).toEqual([width, height]);
    expect(inkBox(label.bitmap)).toEqual({ x: 0, y: 0, width, height });
  });
});

describe('fonts by density', () => {
  // The guide's matrix tables: A keeps its 9 × 5 matrix at every density; the OCR fonts change:
  // E is 21 × 10 at 6, 28 × 15 at 8, 42 × 20 at 12 and 24 dots/mm; H is 17 × 11, 21 × 13,
  // 34 × 22, 34 × 22. Two ^FB lines lie one matrix height apart, plus the 5 dots of spacing
  // asked for (H's capitals fill the whole cell: without spacing the lines would touch).
  const lineStep = (font: string, dpmm: Dpmm) => {
    const lines = inkLines(
      one(`^XA^FO10,10^FB300,2,5^A${font}N^FDH\\&H^FS^XZ`, { dpmm, widthMm: 40, heightMm: 20 })
        .bitmap,
    );
    expect(lines).toHaveLength(2);
    return (lines[1]?.y ?? 0) - (lines[0]?.y ?? 0) - 5;
  };

  it.each([
    [6, 9, 21, 17],
    [8, 9, 28, 21],
    [12, 9, 42, 34],
    [24, 9, 42, 34],
  ] as const)('at %i dots/mm: A %i, E %i and H %i dots a line', (dpmm, a, e, h) => {
    expect([lineStep('A', dpmm), lineStep('E', dpmm), lineStep('H', dpmm)]).toEqual([a, e, h]);
  });
});
