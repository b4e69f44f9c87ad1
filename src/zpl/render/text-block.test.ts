import { describe, expect, it } from 'vitest';
import { first, inkBox, sameDots } from './test-engine.ts';

// Issue 44, behaviour 7: a ^TB text block placed with ^FT. ^TB names a box (width and height,
// "if the text exceeds the block height, the text is truncated"), and ^FT's origin of a box is
// its bottom-left corner (the guide's ^FT table); the lines run from the box's top as under
// ^FO. ^FB keeps its own rule: ^FT is the baseline of the block's last possible line.

const font = '^A0N,30,30';

describe('^TB at ^FT', () => {
  it('is the same block as at ^FO one block height higher', () => {
    const ft = first(`^XA^FT40,300${font}^TBN,300,120^FDPACK 42 SHIPS TODAY^FS^XZ`);
    const fo = first(`^XA^FO40,180${font}^TBN,300,120^FDPACK 42 SHIPS TODAY^FS^XZ`);
    expect(sameDots(ft.bitmap, fo.bitmap)).toBe(true);
    const ink = inkBox(ft.bitmap);
    // Every line inside the box: from its top (180, ink a dot above) to its bottom edge (300).
    expect(ink && ink.y >= 176 && ink.y < 190).toBe(true);
    expect(ink && ink.y + ink.height).toBeLessThanOrEqual(300);
  });

  it('wraps and truncates the same way, lines from the top of the box', () => {
    const text = 'ONE TWO THREE FOUR FIVE SIX SEVEN EIGHT NINE TEN';
    const ft = first(`^XA^FT40,500${font}^TBN,150,70^FD${text}^FS^XZ`);
    const fo = first(`^XA^FO40,430${font}^TBN,150,70^FD${text}^FS^XZ`);
    expect(sameDots(ft.bitmap, fo.bitmap)).toBe(true);
    // Two 30-dot rows fit in 70: nothing below the block's bottom edge.
    expect(inkBox(ft.bitmap, { x: 0, y: 500, width: 813, height: 200 })).toBeNull();
  });

  it('turns with the block: ^TBI at ^FT is the same as ^FO at the turned box’s corner', () => {
    // Inverted, the box's bottom-left corner is its top-right on the label.
    const ft = first(`^XA^FT340,300${font}^TBI,300,120^FDPACK 42^FS^XZ`);
    const fo = first(`^XA^FO40,300${font}^TBI,300,120^FDPACK 42^FS^XZ`);
    expect(sameDots(ft.bitmap, fo.bitmap)).toBe(true);
  });

  it('leaves ^FB at ^FT on the baseline of its last possible line', () => {
    // Three lines of 30 dots: the last baseline is 2 × 30 + the baseline (3/4 of the cell) down.
    const fb = first(`^XA^FT40,300${font}^FB300,3^FDPACK^FS^XZ`);
    const ink = inkBox(fb.bitmap);
    expect(ink && ink.y < 300 - 60 - 15).toBe(true);
    expect(ink && ink.y + ink.height).toBeLessThanOrEqual(300 - 60);
  });
});
