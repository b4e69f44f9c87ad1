import { describe, expect, it } from 'vitest';
import type { MatrixEncoding } from './bwip.ts';
import { labelaryMask, penalty, remask, type QrLevel } from './qr-mask.ts';
import { bwipQr } from './test-decode.ts';

// The mask chooser (issue #32: the reference draws the mask ZXing's scoring picks). Every
// masked symbol made here from one encoding must be exactly the symbol bwip-js draws when
// told to use that mask, format information included.

const symbol = (text: string, level: QrLevel, mask: number): MatrixEncoding =>
  bwipQr(text, level, mask);

describe('QR masks made from one encoding', () => {
  it.each([
    ['HELLO WORLD', 'M', 21],
    ['https://packbench.example/track/1Z999AA10123456784', 'Q', 33],
    ['PACKBENCH '.repeat(20), 'L', 45], // version 7: the version information stays put
  ] as const)('%s (%s) gives every mask exactly as drawn', (text, level, size) => {
    const base = symbol(text, level, 0);
    expect(base.columns).toBe(size);
    for (let m = 0; m < 8; m++)
      expect(Array.from(remask(base, level, 0, m).pixs)).toEqual(
        Array.from(symbol(text, level, m).pixs),
      );
  });

  it('picks the mask with the lowest penalty, the lower mask on a tie', () => {
    const base = symbol('MPLE CODE', 'H', 0);
    const scores = Array.from({ length: 8 }, (_, m) =>
      penalty(remask(base, 'H', 0, m).pixs, base.columns),
    );
    const lowest = scores.indexOf(Math.min(...scores));
    expect(Array.from(labelaryMask(base, 'H', 0).pixs)).toEqual(
      Array.from(symbol('MPLE CODE', 'H', lowest).pixs),
    );
  });

  it('scores as ZXing does: a symbol of one colour pays for runs, blocks and balance', () => {
    // 21 × 21 all dark: runs of 21 in 42 lines (3 + 16 each), 400 blocks of 3, 100 % dark.
    expect(penalty(new Uint8Array(21 * 21).fill(1), 21)).toBe(42 * 19 + 400 * 3 + 100);
  });
});
