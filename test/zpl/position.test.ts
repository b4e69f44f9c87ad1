import { describe, expect, it } from 'vitest';
import type { Bitmap } from '../../src/zpl/bitmap.ts';
import { loadFontsFromPackages } from '../../src/zpl/cli/fonts.ts';
import { ZplEngine } from '../../src/zpl/engine.ts';
import { decodeBarcodes, inkBox } from '../support/zpl-check/index.ts';

// Where ^FO puts a bar code that has an interpretation line (issue #32): Labelary puts the
// bars' top-left, once turned, at the origin, and the line (or an EAN-13's leading digit) goes
// wherever it falls, beyond the origin if need be. Our own labels, read back by zxing.

const engine = new ZplEngine(loadFontsFromPackages());
const STOCK = { widthMm: 60, heightMm: 60 }; // 480 × 480 dots
const only = (zpl: string): Bitmap => {
  const [label] = engine.render(zpl, STOCK).labels;
  if (!label) throw new Error('no label');
  return label.bitmap;
};
const box = (b: Bitmap, x: number, y: number, width: number, height: number) =>
  inkBox(b, { x, y, width, height });

describe('^FO and the interpretation line', () => {
  it('a line above prints above the origin; the bars start at it', async () => {
    const b = only('^XA^BY2^FO40,100^BCN,60,Y,Y^FDPB-1^FS^XZ');
    // Nothing at or below the bars' end; the bars are exactly 100 to 159.
    expect(box(b, 0, 160, 480, 320)).toBeNull();
    expect(box(b, 40, 100, 440, 60)).toMatchObject({ x: 40, y: 100, height: 60 });
    expect(box(b, 0, 0, 480, 100)).not.toBeNull();
    expect((await decodeBarcodes(b)).map((d) => d.text)).toEqual(['PB-1']);
  });

  it('turned half a turn (I), the bars sit at the origin and the line above them', () => {
    const b = only('^XA^BY2^FO40,100^BCI,60,Y,N^FDPB-1^FS^XZ');
    expect(box(b, 0, 160, 480, 320)).toBeNull();
    expect(box(b, 0, 100, 480, 60)).toMatchObject({ x: 40, y: 100, height: 60 });
    expect(box(b, 0, 0, 480, 100)).not.toBeNull();
  });

  it('turned a quarter (R), the bars’ top-left is the origin; the line is to their left', () => {
    const b = only('^XA^BY2^FO200,100^BCR,60,Y,N^FDPB-1^FS^XZ');
    expect(box(b, 200, 0, 280, 480)).toMatchObject({ x: 200, y: 100, width: 60 });
    expect(box(b, 0, 0, 200, 480)).not.toBeNull();
  });

  it('an EAN-13 starts its bars at the origin, the leading digit to the left', async () => {
    const b = only('^XA^BY2^FO60,100^BEN,60,Y,N^FD590123412345^FS^XZ');
    // The first guard bar is the first ink at or right of x = 60.
    expect(box(b, 60, 100, 420, 40)).toMatchObject({ x: 60, y: 100 });
    expect(box(b, 0, 100, 60, 100)).not.toBeNull();
    expect((await decodeBarcodes(b)).map((d) => d.text)).toEqual(['5901234123457']);
  });
});

describe('^FO and ^FT with right justification (z = 1)', () => {
  it('the origin is where the text ends', () => {
    const left = only('^XA^FO200,100^A0N,40,40^FDPACK^FS^XZ');
    const right = only('^XA^FO200,100,1^A0N,40,40^FDPACK^FS^XZ');
    const l = inkBox(left);
    const r = inkBox(right);
    if (!l || !r) throw new Error('no ink');
    // The same text, moved left by its own width: it now ends within a dot or two of x = 200.
    expect(l.x).toBeGreaterThanOrEqual(200);
    expect(r.x + r.width).toBeLessThanOrEqual(201);
    expect(r.x + r.width).toBeGreaterThan(195);
    expect(r.width).toBe(l.width);
    expect(r.y).toBe(l.y);
    const ft = inkBox(only('^XA^FT200,140,1^A0N,40,40^FDPACK^FS^XZ'));
    expect(ft?.x).toBe(r.x);
  });
});

describe('the interpretation line’s distance from the bars', () => {
  it('is 6 dots below and 8 above at 8 dots/mm, whatever the module', () => {
    for (const w of [2, 3]) {
      const below = only(`^XA^BY${w}^FO40,100^BCN,60,Y,N^FDPB-1^FS^XZ`);
      // Bars 100 to 159; font A's capitals start at the top of their cell.
      expect(box(below, 0, 160, 480, 100)?.y).toBe(166);
      const above = only(`^XA^BY${w}^FO40,200^BCN,60,Y,Y^FDPB-1^FS^XZ`);
      // The cell (9 × w rows, 2 × w of them under the baseline) ends 8 dots above the bars.
      const ink = box(above, 0, 0, 480, 200);
      expect((ink?.y ?? 0) + (ink?.height ?? 0)).toBe(200 - 8 - 2 * w);
    }
  });
});

describe('a field position with a stray letter', () => {
  it('is read from its first number, as Labelary reads it', () => {
    const box = '^GB10,10,10^FS';
    expect(inkBox(only(`^XA^FOB50,60${box}^XZ`))).toEqual(inkBox(only(`^XA^FO50,60${box}^XZ`)));
    expect(inkBox(only(`^XA^FO50,X60${box}^XZ`))).toMatchObject({ x: 50, y: 60 });
  });
});

describe('^FT with no position', () => {
  it('continues where the last text field ended, on its baseline', () => {
    const one = inkBox(only('^XA^FT40,100^A0N,30,30^FDAB^FS^XZ'));
    const both = only('^XA^FT40,100^A0N,30,30^FDAB^FS^FT^A0N,30,30^FDAB^FS^XZ');
    const all = inkBox(both);
    if (!one || !all) throw new Error('no ink');
    // The second "AB" starts where the first one's advance ends: twice as wide, same line.
    expect(all.y).toBe(one.y);
    expect(all.height).toBe(one.height);
    expect(all.width).toBeGreaterThan(2 * one.width);
    expect(all.width).toBeLessThan(2 * one.width + 8);
    // Nothing at the label's top-left corner, where a field without a position would go.
    expect(box(both, 0, 0, 40, 60)).toBeNull();
  });
});
