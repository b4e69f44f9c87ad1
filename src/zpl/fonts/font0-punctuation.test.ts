import { describe, expect, it } from 'vitest';
import { first, inkBox } from '../render/test-engine.ts';

// Issue 44, behaviour 5: font 0's brackets, braces, equals sign and space advance as the
// reference's face does (FONT0_METRICS), at small and large sizes alike. Judged on the picture:
// a character's advance is how far it pushes the capital H drawn after it.

/** Where the ink of the last H of `text` starts, at ^A0N,h,h from x = 10. */
function lastH(text: string, h: number): number {
  const label = first(`^XA^FO10,10^A0N,${h},${h}^FD${text}^FS^XZ`);
  const box = inkBox(label.bitmap);
  if (!box) throw new Error('no ink');
  // Along the H's bar (its stems and bar are one run of ink there), from the right edge of
  // the ink to the left edge of the H.
  const row = 10 + Math.round(h * 0.4);
  let x = box.x + box.width - 1;
  while (x > 0 && label.bitmap.get(x, row)) x--;
  return x + 1;
}

const advanceOf = (ch: string, h: number): number => lastH(`H${ch}H`, h) - lastH('HH', h);

describe('font 0 punctuation advances', () => {
  it.each([
    ['(', 0.29],
    [')', 0.29],
    ['{', 0.339],
    ['}', 0.339],
    ['=', 0.503],
    [' ', 0.294],
  ])('%j pushes the next letter %f of the cell width, from 12 to 120 dots', (ch, share) => {
    for (const h of [12, 20, 40, 120]) {
      expect(Math.abs(advanceOf(ch, h) - share * h)).toBeLessThanOrEqual(1);
    }
  });

  it('a line of brackets and braces does not drift: 40 of them end where 40 advances say', () => {
    const h = 24;
    const pairs = '(){}'.repeat(10);
    const moved = lastH(`${pairs}H`, h) - lastH('H', h);
    expect(Math.abs(moved - 20 * (0.29 + 0.339) * h)).toBeLessThanOrEqual(1);
  });
});
