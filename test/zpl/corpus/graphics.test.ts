import { zlibSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { inkBox, picture, runsInColumn, runsInRow } from '../../support/zpl-check/index.ts';
import { blackRuns, hexRows, one } from './corpus.ts';

// Graphics: ^GB ^GC ^GD ^GE drawn and measured dot by dot, and ^GF in every ASCII form the
// guide describes (plain hex, the compressed G–Y/g–z counts with "," "!" ":", :B64: and :Z64:
// with their CRC), each compared bit for bit with the image the test encoded itself.

const area = (x: number, y: number, width: number, height: number) => ({ x, y, width, height });

/** Each row of a picture read left to right and top to bottom is its mirror image's too. */
const mirrored = (rows: string[]) =>
  rows.every((row) => row === [...row].reverse().join('')) &&
  rows.every((row, i) => row === rows[rows.length - 1 - i]);

describe('^GB boxes', () => {
  it('draws an outline t dots thick on the inside of w × h', () => {
    const label = one('^XA^FO10,10^GB12,8,3^FS^XZ');
    expect(picture(label.bitmap, area(9, 9, 14, 10))).toEqual([
      '..............',
      '.############.',
      '.############.',
      '.############.',
      '.###......###.',
      '.###......###.',
      '.############.',
      '.############.',
      '.############.',
      '..............',
    ]);
  });

  it('fills a box whose border is at least half its shorter side', () => {
    const label = one('^XA^FO10,10^GB40,30,15^FS^XZ');
    expect(inkBox(label.bitmap)).toEqual(area(10, 10, 40, 30));
    expect(label.bitmap.countInk()).toBe(40 * 30);
  });

  it('draws lines: a width or height below the border grows to the border', () => {
    // "w: value of t to 32000": ^GB0,30,3 is a 3-dot vertical line, ^GB20,0,3 a horizontal one.
    expect(inkBox(one('^XA^FO10,10^GB0,30,3^FS^XZ').bitmap)).toEqual(area(10, 10, 3, 30));
    expect(inkBox(one('^XA^FO10,10^GB20,0,3^FS^XZ').bitmap)).toEqual(area(10, 10, 20, 3));
  });

  it('erases with W: a white box inside a black one leaves an exact hole', () => {
    const label = one('^XA^FO10,10^GB40,30,30^FS^FO20,20^GB10,10,10,W^FS^XZ');
    expect(label.bitmap.countInk()).toBe(40 * 30 - 10 * 10);
    expect(inkBox(label.bitmap, area(20, 20, 10, 10))).toBeNull();
  });

  it('rounds corners by r/8 of half the shorter side', () => {
    // ^GB40,30,3,B,8: radius = 8/8 × 30/2 = 15. On row 0 (centre 0.5 below the top) the outer
    // arc is 15 − √(15² − 14.5²) ≈ 11.2 dots in: ink from dot 11 (±1) to its mirror.
    const label = one('^XA^FO10,10^GB40,30,3,B,8^FS^XZ');
    const rows = picture(label.bitmap, area(10, 10, 40, 30));
    expect(inkBox(label.bitmap)).toEqual(area(10, 10, 40, 30));
    expect(mirrored(rows)).toBe(true);
    const top = blackRuns(runsInRow(label.bitmap, 10, 10, 50));
    expect(top).toHaveLength(1);
    expect(Math.abs((top[0]?.start ?? 0) - 21)).toBeLessThanOrEqual(1);
    // The straight parts keep the 3-dot border: across the middle row and down the middle column.
    expect(blackRuns(runsInRow(label.bitmap, 25, 10, 50)).map((r) => r.length)).toEqual([3, 3]);
    expect(blackRuns(runsInColumn(label.bitmap, 30, 10, 40)).map((r) => r.length)).toEqual([3, 3]);
    // Corners are cut away.
    for (const [x, y] of [
      [10, 10],
      [49, 10],
      [10, 39],
      [49, 39],
    ] as const)
      expect(label.bitmap.get(x, y)).toBe(0);
  });
});

describe('^GC ^GE ^GD', () => {
  it('^GC: a circle of diameter d with a border t, symmetric both ways', () => {
    const label = one('^XA^FO10,10^GC21,3^FS^XZ');
    expect(inkBox(label.bitmap)).toEqual(area(10, 10, 21, 21));
    expect(mirrored(picture(label.bitmap, area(10, 10, 21, 21)))).toBe(true);
    // Through the centre: border, 15 white, border.
    expect(runsInRow(label.bitmap, 20, 10, 31).map((r) => [r.color, r.length])).toEqual([
      ['black', 3],
      ['white', 15],
      ['black', 3],
    ]);
    expect(blackRuns(runsInColumn(label.bitmap, 20, 10, 31)).map((r) => r.length)).toEqual([3, 3]);
    // A border of half the diameter fills it.
    const disc = one('^XA^FO10,10^GC20,10^FS^XZ');
    expect(runsInRow(disc.bitmap, 20, 10, 30)).toEqual([{ color: 'black', start: 10, length: 20 }]);
  });

  it('^GE: an ellipse w × h with a border t', () => {
    const label = one('^XA^FO10,10^GE30,16,2^FS^XZ');
    expect(inkBox(label.bitmap)).toEqual(area(10, 10, 30, 16));
    expect(mirrored(picture(label.bitmap, area(10, 10, 30, 16)))).toBe(true);
    expect(runsInRow(label.bitmap, 17, 10, 40).map((r) => [r.color, r.length])).toEqual([
      ['black', 2],
      ['white', 26],
      ['black', 2],
    ]);
    expect(runsInColumn(label.bitmap, 24, 10, 26).map((r) => [r.color, r.length])).toEqual([
      ['black', 2],
      ['white', 12],
      ['black', 2],
    ]);
  });

  it.each([
    ['R', 'right-leaning (/): from the top right to the bottom left'],
    ['L', 'left-leaning (\\): from the top left to the bottom right'],
  ])('^GD %s draws a %s, t dots on every row', (o) => {
    // ^GD40,20,3: 20 rows, each exactly one run of 3 dots, inside w + t across.
    const label = one(`^XA^FO10,10^GD40,20,3,B,${o}^FS^XZ`);
    const ink = inkBox(label.bitmap);
    expect(ink?.y).toBe(10);
    expect(ink?.height).toBe(20);
    expect(ink?.x).toBeGreaterThanOrEqual(10);
    expect((ink?.x ?? 0) + (ink?.width ?? 0)).toBeLessThanOrEqual(10 + 40 + 3);
    const starts = Array.from({ length: 20 }, (_, i) => {
      const runs = blackRuns(runsInRow(label.bitmap, 10 + i));
      expect(runs.map((r) => r.length)).toEqual([3]);
      return runs[0]?.start ?? 0;
    });
    // 40 across in 20 rows: 2 dots a row, always the same way.
    const steps = starts.slice(1).map((s, i) => s - (starts[i] ?? 0));
    for (const step of steps) expect(step).toBe(o === 'R' ? -2 : 2);
  });
});

// A 24 × 10 image of our own: bytes from a fixed pseudo-random sequence, 3 bytes a row.
const ROW_BYTES = 3;
const IMAGE = Uint8Array.from({ length: ROW_BYTES * 10 }, (_, i) => (i * 73 + 41) % 251);
const IMAGE_ROWS = Array.from({ length: 10 }, (_, y) =>
  [...IMAGE.slice(y * ROW_BYTES, (y + 1) * ROW_BYTES)]
    .map((b) => b.toString(2).padStart(8, '0'))
    .join('')
    .replace(/1/g, '#')
    .replace(/0/g, '.'),
);
const hex = (bytes: Uint8Array) =>
  [...bytes].map((b) => b.toString(16).padStart(2, '0').toUpperCase()).join('');

/** CRC-16/XMODEM (polynomial 0x1021, initial 0, no reflection), bit by bit. */
function crc16(text: string): string {
  let crc = 0;
  for (let i = 0; i < text.length; i++) {
    crc ^= text.charCodeAt(i) << 8;
    for (let bit = 0; bit < 8; bit++) {
      crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
    }
  }
  return crc.toString(16).padStart(4, '0').toUpperCase();
}

const gf = (data: string, total = IMAGE.length, perRow = ROW_BYTES) =>
  one(`^XA^FO30,20^GFA,${total},${total},${perRow},${data}^FS^XZ`);

describe('^GF graphic fields', () => {
  it('ASCII hex: every dot as the bytes say, at the field origin', () => {
    const label = gf(hex(IMAGE));
    expect(picture(label.bitmap, area(30, 20, 24, 10))).toEqual(IMAGE_ROWS);
    expect(inkBox(label.bitmap, area(0, 0, 400, 240))).toEqual(
      inkBox(label.bitmap, area(30, 20, 24, 10)),
    );
    expect(label.warnings).toEqual([]);
  });

  it('ASCII hex with line breaks, and placed by ^FT at its bottom-left', () => {
    const lines =
      hex(IMAGE)
        .match(/.{1,6}/g)
        ?.join('\n') ?? '';
    const label = one(`^XA^FT30,30^GFA,30,30,3,${lines}^FS^XZ`);
    expect(picture(label.bitmap, area(30, 20, 24, 10))).toEqual(IMAGE_ROWS);
  });

  it('binary (B): the bytes as they come, b of them', () => {
    const head = new TextEncoder().encode('^XA^FO30,20^GFB,30,30,3,');
    const tail = new TextEncoder().encode('^FS^XZ');
    const label = one(Uint8Array.from([...head, ...IMAGE, ...tail]));
    expect(label.warnings).toEqual([]);
    expect(picture(label.bitmap, area(30, 20, 24, 10))).toEqual(IMAGE_ROWS);
  });

  it('is drawn upright whatever ^FW says, as Labelary draws it', () => {
    // ^FW sets the orientation of fields that have an orientation parameter; ^GF has none, and
    // the reference prints Posten's logo upright after ^FWB.
    const label = one(`^XA^FWR^FO30,20^GFA,30,30,3,${hex(IMAGE)}^FS^XZ`);
    expect(picture(label.bitmap, area(30, 20, 24, 10))).toEqual(IMAGE_ROWS);
    expect(inkBox(label.bitmap)).toEqual(inkBox(label.bitmap, area(30, 20, 24, 10)));
  });

  it('compressed ASCII: G–Y and g–z repeat counts, "," "!" and ":"', () => {
    // 25 bytes (50 hex digits) a row. Each row spelled out by the guide's rules:
    const rows = [
      'gFgJ0LA', //  g = 20 F, gJ = 20 + 4 zeros, L = 6 A: 20 + 24 + 6 = 50
      ':', //        the row above again
      'AA,', //      AA, then the rest of the row zeros
      '!', //        the whole row ones
      'hK5K0', //    h = 40 + K = 5 fives, then 5 zeros
      '0F!', //      0F, then ones
      ',', //        a blank row
    ];
    const expected = hexRows([
      'F'.repeat(20) + '0'.repeat(24) + 'A'.repeat(6),
      'F'.repeat(20) + '0'.repeat(24) + 'A'.repeat(6),
      'AA' + '0'.repeat(48),
      'F'.repeat(50),
      '5'.repeat(45) + '0'.repeat(5),
      '0F' + 'F'.repeat(48),
      '0'.repeat(50),
    ]);
    const label = gf(rows.join(''), 25 * rows.length, 25);
    expect(picture(label.bitmap, area(30, 20, 200, rows.length))).toEqual(expected);
    expect(label.warnings).toEqual([]);
  });

  it('compressed ASCII: counts add up ("vMB or MvB will send 327 hexadecimal B\'s"), z is 400', () => {
    const wide = { widthMm: 210, heightMm: 10 }; // 1680 dots
    // 200 bytes a row: vMB = 327 B, then 73 zeros (g = 20 ×3 + M = 7 + L = 6); zF = 400 F.
    const one327 = one('^XA^FO0,0^GFA,400,400,200,vMBgggML0zF^FS^XZ', wide);
    const other = one('^XA^FO0,0^GFA,400,400,200,MvBgggML0zF^FS^XZ', wide);
    const expected = hexRows(['B'.repeat(327) + '0'.repeat(73), 'F'.repeat(400)]);
    expect(picture(one327.bitmap, area(0, 0, 1600, 2))).toEqual(expected);
    expect(picture(other.bitmap, area(0, 0, 1600, 2))).toEqual(expected);
  });

  it('our CRC-16/XMODEM gives the catalogue check value', () => {
    expect(crc16('123456789')).toBe('31C3');
  });

  it(':B64: with its CRC: the same dots as the hex', () => {
    const text = Buffer.from(IMAGE).toString('base64');
    const label = gf(`:B64:${text}:${crc16(text)}`);
    expect(label.warnings).toEqual([]);
    expect(picture(label.bitmap, area(30, 20, 24, 10))).toEqual(IMAGE_ROWS);
  });

  it(':Z64: (zlib deflate) with its CRC: the same dots as the hex', () => {
    const text = Buffer.from(zlibSync(IMAGE, { level: 9 })).toString('base64');
    const label = gf(`:Z64:${text}:${crc16(text)}`);
    expect(label.warnings).toEqual([]);
    expect(picture(label.bitmap, area(30, 20, 24, 10))).toEqual(IMAGE_ROWS);
  });

  it('a :Z64: block whose CRC does not match is named, on its line', () => {
    const text = Buffer.from(zlibSync(IMAGE)).toString('base64');
    const wrong = crc16(text) === '0000' ? '0001' : '0000';
    const label = one(`^XA\n^FO30,20^GFA,30,30,3,:Z64:${text}:${wrong}^FS^XZ`);
    expect(label.warnings).toEqual([
      expect.objectContaining({ command: 'GF', line: 2, message: expect.stringMatching(/CRC/) }),
    ]);
  });
});
