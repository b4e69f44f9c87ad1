import { describe, expect, it } from 'vitest';
import { scaleFor, shrinkDots, type LabelPicture } from './label-picture.ts';

/** The picture as rows of grey levels in hex (00 black, ff white); `?` for a colour or alpha. */
function rows(picture: LabelPicture): string[] {
  const out: string[] = [];
  for (let y = 0; y < picture.height; y++) {
    const row: string[] = [];
    for (let x = 0; x < picture.width; x++) {
      const [r, g, b, a] = picture.pixels.subarray((y * picture.width + x) * 4);
      row.push(r === g && g === b && a === 255 ? (r ?? 0).toString(16).padStart(2, '0') : '??');
    }
    out.push(row.join(' '));
  }
  return out;
}

// 11 dots wide, 3 high: two bytes a row, the last five bits of each row padding (set on
// purpose: they are not dots and must not count).
const dots = {
  width: 11,
  height: 3,
  data: Uint8Array.of(0b1000_0001, 0b011_11111, 0b0000_0000, 0b000_11111, 0xff, 0xff),
};

describe('shrinkDots', () => {
  it('at scale 1 gives each dot its pixel: ink black, paper white', () => {
    const picture = shrinkDots(dots, 1);
    expect([picture.width, picture.height, picture.scale]).toEqual([11, 3, 1]);
    const b = '00';
    const w = 'ff';
    expect(rows(picture)).toEqual([
      [b, w, w, w, w, w, w, b, w, b, b].join(' '),
      Array(11).fill(w).join(' '),
      Array(11).fill(b).join(' '),
    ]);
  });

  it('at scale 2 averages each 2 × 2 dots; the last row and column average what is left', () => {
    const picture = shrinkDots(dots, 2);
    expect([picture.width, picture.height]).toEqual([6, 2]);
    // Row 0 covers dot rows 0–1: dots 0–1 hold one ink dot of four (¾ paper: 191), 6–7
    // one of four, 8–9 one, and the last column (dot 10 alone, two dots) one of two (127).
    // Row 1 is dot row 2 alone: all ink.
    expect(rows(picture)).toEqual(['bf ff ff bf bf 7f', '00 00 00 00 00 00']);
  });

  it('at every scale counts each block of dots, wherever it falls across the bytes', () => {
    // 37 × 7 dots of a fixed pseudo-random pattern, padding bits set.
    const width = 37;
    const height = 7;
    const stride = Math.ceil(width / 8);
    let seed = 12345;
    const data = Uint8Array.from({ length: stride * height }, () => {
      seed = (seed * 1103515245 + 12345) >>> 0;
      return seed >>> 24;
    });
    const ink = (x: number, y: number) => ((data[y * stride + (x >> 3)] ?? 0) >> (7 - (x & 7))) & 1;
    for (const scale of [1, 2, 3, 4, 5, 6, 7, 9]) {
      const picture = shrinkDots({ width, height, data }, scale);
      // Each pixel worked out dot by dot: its share of paper, black 0 and white 255.
      const expected: string[] = [];
      for (let py = 0; py < picture.height; py++) {
        const row: string[] = [];
        for (let px = 0; px < picture.width; px++) {
          let n = 0;
          let area = 0;
          for (let y = py * scale; y < Math.min(height, (py + 1) * scale); y++)
            for (let x = px * scale; x < Math.min(width, (px + 1) * scale); x++) {
              n += ink(x, y);
              area += 1;
            }
          row.push((255 - Math.round((255 * n) / area)).toString(16).padStart(2, '0'));
        }
        expected.push(row.join(' '));
      }
      expect(rows(picture), `scale ${scale}`).toEqual(expected);
    }
  });

  it('shrinks a label to the height it is shown at, never below one dot per pixel', () => {
    expect(scaleFor(1219, 600)).toBe(2);
    expect(scaleFor(3658, 600)).toBe(6);
    expect(scaleFor(813, 600)).toBe(1);
    expect(scaleFor(400, 600)).toBe(1);
  });
});
