import { crc32 as nodeCrc32, deflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import type { Bitmap } from '../bitmap.ts';
import { decodePng, PngDecodeError } from './decode-png.ts';

// Every PNG here is put together by hand with Node's zlib and CRC-32, its filtered bytes
// worked out on paper from the PNG specification, so the decoder is checked against the
// spec rather than against our encoder.

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

function chunk(type: string, body: Uint8Array | number[]): Buffer {
  const data = Buffer.from(body);
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(nodeCrc32(Buffer.concat([head.subarray(4), data])));
  return Buffer.concat([head, data, crc]);
}

function ihdr(width: number, height: number, depth: number, colour: number, interlace = 0) {
  const body = Buffer.alloc(13);
  body.writeUInt32BE(width, 0);
  body.writeUInt32BE(height, 4);
  body.set([depth, colour, 0, 0, interlace], 8);
  return chunk('IHDR', body);
}

/** A PNG from its header and scanlines (each row's filter byte first). */
function png(header: Buffer, rows: number[][], extra: Buffer[] = []): Uint8Array {
  const idat = chunk('IDAT', deflateSync(Buffer.from(rows.flat())));
  return Buffer.concat([SIGNATURE, header, ...extra, idat, chunk('IEND', [])]);
}

function picture(bitmap: Bitmap): string[] {
  const rows: string[] = [];
  for (let y = 0; y < bitmap.height; y++) {
    let row = '';
    for (let x = 0; x < bitmap.width; x++) row += bitmap.get(x, y) ? '#' : '.';
    rows.push(row);
  }
  return rows;
}

describe('decodePng', () => {
  it('reads 1-bit greyscale, 0 as black, ignoring the padding bits', () => {
    // 10×2: row 0 black at 0 and 9, row 1 black at 2–5; padding bits set to a mix.
    const file = png(ihdr(10, 2, 1, 0), [
      [0, 0b0111_1111, 0b1010_1010],
      [0, 0b1100_0011, 0b1101_0101],
    ]);
    const bitmap = decodePng(file);
    expect(picture(bitmap)).toEqual(['#........#', '..####....']);
    // Padding in the bitmap must stay 0 so whole-byte comparisons hold.
    expect([...bitmap.data]).toEqual([0b1000_0000, 0b0100_0000, 0b0011_1100, 0]);
  });

  it('thresholds 8-bit greyscale at half: 127 is black, 128 is white', () => {
    expect(picture(decodePng(png(ihdr(4, 1, 8, 0), [[0, 0, 127, 128, 255]])))).toEqual(['##..']);
  });

  // Pixels 10 200 100 / 250 20 130 → black where below 128: "#.#" / ".#.".
  // Sub on row 0: 10, 200−10 = 190, 100−200 = −100 → 156.
  // Up on row 1: 250−10 = 240, 20−200 → 76, 130−100 = 30.
  // Average on row 1: 250−⌊(0+10)/2⌋ = 245, 20−⌊(250+200)/2⌋ → 51, 130−⌊(20+100)/2⌋ = 70.
  // Paeth on row 1: predictors b=10, a=250, a=20 → 240, 20−250 → 26, 130−20 = 110.
  it.each([
    ['Sub then Up', [1, 10, 190, 156], [2, 240, 76, 30]],
    ['None then Average', [0, 10, 200, 100], [3, 245, 51, 70]],
    ['Sub then Paeth', [1, 10, 190, 156], [4, 240, 26, 110]],
  ])('undoes the row filters (%s)', (_name, row0, row1) => {
    expect(picture(decodePng(png(ihdr(3, 2, 8, 0), [row0, row1])))).toEqual(['#.#', '.#.']);
  });

  it('reads 16-bit greyscale', () => {
    const file = png(ihdr(2, 1, 16, 0), [[0, 0x7f, 0xff, 0x80, 0x00]]);
    expect(picture(decodePng(file))).toEqual(['#.']);
  });

  it('reads RGB by luminance (0.299 R + 0.587 G + 0.114 B)', () => {
    // red 76, green 150, blue 29, grey 127, grey 128 (out of 255).
    const row = [0, 255, 0, 0, 0, 255, 0, 0, 0, 255, 127, 127, 127, 128, 128, 128];
    expect(picture(decodePng(png(ihdr(5, 1, 8, 2), [row])))).toEqual(['#.##.']);
  });

  it('lays RGBA and grey+alpha over white paper', () => {
    // Black at alpha 255, 0, 127 (≈ 50.2 % white shows) and 128 (≈ 49.8 %).
    const rgba = [0, 0, 0, 0, 255, 0, 0, 0, 0, 0, 0, 0, 127, 0, 0, 0, 128];
    expect(picture(decodePng(png(ihdr(4, 1, 8, 6), [rgba])))).toEqual(['#..#']);
    const greyAlpha = [0, 0, 255, 0, 0, 0, 127, 0, 128];
    expect(picture(decodePng(png(ihdr(4, 1, 8, 4), [greyAlpha])))).toEqual(['#..#']);
  });

  it('reads a palette image with transparency', () => {
    // 2-bit indices 0 1 2 3: black, white, dark red (luma 38), black but fully transparent.
    const plte = chunk('PLTE', [0, 0, 0, 255, 255, 255, 128, 0, 0, 0, 0, 0]);
    const trns = chunk('tRNS', [255, 255, 255, 0]);
    const file = png(ihdr(4, 1, 2, 3), [[0, 0b00_01_10_11]], [plte, trns]);
    expect(picture(decodePng(file))).toEqual(['#.#.']);
  });

  it('joins split IDAT chunks and skips ancillary chunks it does not know', () => {
    const stream = deflateSync(Buffer.from([0, 0, 255, 0]));
    const file = Buffer.concat([
      SIGNATURE,
      ihdr(3, 1, 8, 0),
      chunk('tEXt', Buffer.from('Comment\0hello', 'latin1')),
      chunk('IDAT', stream.subarray(0, 3)),
      chunk('IDAT', stream.subarray(3)),
      chunk('IEND', []),
    ]);
    expect(picture(decodePng(file))).toEqual(['#.#']);
  });

  it('says clearly what it cannot read', () => {
    const good = png(ihdr(1, 1, 8, 0), [[0, 0]]);
    expect(() => decodePng(new Uint8Array([1, 2, 3]))).toThrow(/not a PNG/);

    const badCrc = Buffer.from(good);
    badCrc[29] = (badCrc[29] ?? 0) ^ 1;
    expect(() => decodePng(badCrc)).toThrow(/IHDR .* bad CRC/);

    expect(() => decodePng(good.subarray(0, good.length - 12))).toThrow(/no IEND/);
    expect(() => decodePng(png(ihdr(1, 1, 8, 0, 1), [[0, 0]]))).toThrow(/interlaced/);
    expect(() => decodePng(png(ihdr(1, 1, 4, 2), [[0, 0]]))).toThrow(/bit depth 4 .* RGB/);
    expect(() => decodePng(png(ihdr(1, 1, 8, 0), [[0, 0]], [chunk('ABCD', [])]))).toThrow(
      /critical chunk ABCD/,
    );
    expect(() => decodePng(png(ihdr(2, 2, 8, 0), [[0, 0]]))).toThrow(/needs 6/);
    expect(() => decodePng(png(ihdr(1, 1, 8, 0), [[5, 0]]))).toThrow(/filter type 5/);
    expect(() => decodePng(png(ihdr(1, 1, 8, 3), [[0, 0]]))).toThrow(/PLTE/);
    expect(() => decodePng(good.subarray(0, good.length - 12))).toThrow(PngDecodeError);
  });
});
