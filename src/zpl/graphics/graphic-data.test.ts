import { deflateSync, zlibSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import type { Bitmap } from '../bitmap.ts';
import { decodeGraphicData, type GraphicData } from './graphic-data.ts';

function picture(b: Bitmap): string[] {
  const rows: string[] = [];
  for (let y = 0; y < b.height; y++) {
    let row = '';
    for (let x = 0; x < b.width; x++) row += b.get(x, y) ? '#' : '.';
    rows.push(row);
  }
  return rows;
}

/** Packs a '#'/'.' picture (width a multiple of 8) into bytes, MSB first. */
function pack(rows: string[]): Uint8Array {
  const bytes: number[] = [];
  for (const row of rows) {
    for (let x = 0; x < row.length; x += 8) {
      let byte = 0;
      for (let bit = 0; bit < 8; bit++) if (row[x + bit] === '#') byte |= 0x80 >> bit;
      bytes.push(byte);
    }
  }
  return Uint8Array.from(bytes);
}

// Independent CRC-16/XMODEM, bit by bit, over the Base64 text's characters.
function crc(text: string): string {
  let value = 0;
  for (const ch of text) {
    value ^= ch.charCodeAt(0) << 8;
    for (let i = 0; i < 8; i++) {
      value = value & 0x8000 ? ((value << 1) ^ 0x1021) & 0xffff : (value << 1) & 0xffff;
    }
  }
  return value.toString(16).toUpperCase().padStart(4, '0');
}

function base64(bytes: Uint8Array): string {
  return Buffer.from(bytes).toString('base64');
}

function ascii(data: string, total: number, bytesPerRow: number): GraphicData {
  return { compression: 'A', binaryByteCount: total, graphicFieldCount: total, bytesPerRow, data };
}

// 16 × 4 dots, written by hand. Hex by hand: FFFF, 8181, 3C3C, 0000.
const IMAGE = ['################', '#......##......#', '..####....####..', '................'];
const IMAGE_HEX = 'FFFF81813C3C0000';

describe('decodeGraphicData: ASCII hex', () => {
  it('decodes plain hex to the hand-written picture, bit for bit', () => {
    const { bitmap, warnings } = decodeGraphicData(ascii(IMAGE_HEX, 8, 2));
    expect(bitmap.width).toBe(16);
    expect(bitmap.height).toBe(4);
    expect(picture(bitmap)).toEqual(IMAGE);
    expect(warnings).toEqual([]);
  });

  it('ignores CR/LF anywhere and reads lower-case digits', () => {
    const { bitmap, warnings } = decodeGraphicData(ascii('ff\r\nff8\n1813c3c\r\n0000\r\n', 8, 2));
    expect(picture(bitmap)).toEqual(IMAGE);
    expect(warnings).toEqual([]);
  });

  it('runs rows together: a text line shorter than a row continues on the next', () => {
    const { bitmap } = decodeGraphicData(ascii('FFF\nF8181\n3C3C0\n000', 8, 2));
    expect(picture(bitmap)).toEqual(IMAGE);
  });

  it('decodes the compressed form of the same picture identically', () => {
    // J = 4 F's; "," fills the last row with zeros.
    const { bitmap, warnings } = decodeGraphicData(ascii('JF81813C3C,', 8, 2));
    expect(picture(bitmap)).toEqual(IMAGE);
    expect(warnings).toEqual([]);
  });

  it('adds repeat counts: "vMB" and "MvB" send 327 B digits (the guide\'s example)', () => {
    for (const data of ['vMB0', 'MvB0']) {
      const { bitmap, warnings } = decodeGraphicData(ascii(data, 164, 164));
      expect(warnings).toEqual([]);
      const bytes = bitmap.data;
      expect(bytes.subarray(0, 163).every((b) => b === 0xbb)).toBe(true);
      expect(bytes[163]).toBe(0xb0);
    }
    // h = 40, M = 7, G = 1, z = 400; the count applies to the next digit only.
    expect(decodeGraphicData(ascii('hF', 20, 20)).bitmap.data.every((b) => b === 0xff)).toBe(true);
    const mixed = decodeGraphicData(ascii('GFGF8', 2, 2)).bitmap;
    expect(picture(mixed)).toEqual(['#########.......']);
  });

  it('fills with "," (white) and "!" (black) to the end of the row, and repeats rows with ":"', () => {
    const { bitmap, warnings } = decodeGraphicData(ascii('F0,!:81,0F!', 15, 3));
    expect(picture(bitmap)).toEqual(
      [
        '####....................',
        '########################',
        '########################',
        '#......#................',
        '....' + '#'.repeat(20),
      ].map((row) => row.padEnd(24, '.')),
    );
    expect(warnings).toEqual([]);
  });

  it("decodes the guide's TRIANGLE example to its complete graphic", () => {
    // Figure 4.2 (condensed) against Figure 4.1 (complete): ~DGTRAINGLE,42,6 with five rows.
    const condensed = 'F0,\r\nFF,\r\nFFF0,\r\nFFFFF0,\r\nFFFFFF,\r\n';
    const complete = 'F00000000000\nFF0000000000\nFFF000000000\nFFFFF0000000\nFFFFFF000000\n';
    const a = decodeGraphicData(ascii(condensed, 42, 6));
    const b = decodeGraphicData(ascii(complete, 42, 6));
    expect(picture(a.bitmap)).toEqual(picture(b.bitmap));
    expect(picture(a.bitmap)[2]).toBe('############' + '.'.repeat(36));
    // The guide's own example declares 7 rows and sends 5: the other two stay blank.
    expect(a.warnings).toEqual(['the graphic data ends after 30 of 42 bytes; the rest is blank']);
    expect(picture(a.bitmap).slice(5)).toEqual(['.'.repeat(48), '.'.repeat(48)]);
  });

  it('completes a half byte before "," or "!" and warns (the guide wants an even count)', () => {
    const comma = decodeGraphicData(ascii('FFF,', 3, 3));
    expect(picture(comma.bitmap)).toEqual(['############............']);
    expect(comma.warnings[0]).toMatch(/odd number of hex digits/);
    const bang = decodeGraphicData(ascii('8!', 2, 2));
    expect(picture(bang.bitmap)).toEqual(['#...############']);
    expect(bang.warnings[0]).toMatch(/odd number of hex digits/);
  });

  it('leaves a row blank for ":" on the first row, and takes the rest from the row above mid-row', () => {
    const first = decodeGraphicData(ascii(':FF', 2, 1));
    expect(picture(first.bitmap)).toEqual(['........', '########']);
    expect(first.warnings).toEqual([
      '":" on the first row has no row above to repeat; the row is blank',
    ]);
    const mid = decodeGraphicData(ascii('0FF0F:', 4, 2));
    expect(picture(mid.bitmap)).toEqual(['....########....', '############....']);
    expect(mid.warnings[0]).toMatch(/middle of a row/);
  });

  it('skips bad characters, ignores extra data and dangling counts, and says so', () => {
    const { bitmap, warnings } = decodeGraphicData(ascii('FF FF8.1813C3C0000FFFF', 8, 2));
    expect(picture(bitmap)).toEqual(IMAGE);
    expect(warnings).toEqual([
      '2 characters in the graphic data are not hex digits or compression codes (first " ") and skipped',
      "the graphic data goes on after the image's 8 bytes; the rest is ignored",
    ]);
    const dangling = decodeGraphicData(ascii('K,FF', 2, 1));
    expect(picture(dangling.bitmap)).toEqual(['........', '########']);
    expect(dangling.warnings).toEqual([
      'a repeat count (G–Y, g–z) not followed by a hex digit is ignored (1×)',
    ]);
  });

  it('keeps what it got when the data is short, down to the half byte', () => {
    const { bitmap, warnings } = decodeGraphicData(ascii('FFFF8', 8, 2));
    expect(picture(bitmap)).toEqual([
      '################',
      '#...............',
      '................',
      '................',
    ]);
    expect(warnings).toEqual([
      'the graphic data ends in the middle of byte 3 of 8 (an odd number of hex digits); the rest is blank',
    ]);
  });

  it('makes a short last row when the count is not a whole number of rows', () => {
    const { bitmap, warnings } = decodeGraphicData(ascii('FFFFFF', 3, 2));
    expect(picture(bitmap)).toEqual(['################', '########........']);
    expect(warnings[0]).toMatch(/not a whole number of 2-byte rows/);
  });

  it('refuses impossible sizes with an empty bitmap', () => {
    const zero = decodeGraphicData(ascii('FF', 1, 0));
    expect(zero.bitmap.width).toBe(0);
    expect(zero.warnings[0]).toMatch(/bytes per row/);
    const huge = decodeGraphicData(ascii('FF', 2 ** 30, 1));
    expect(huge.bitmap.height).toBe(0);
    expect(huge.warnings[0]).toMatch(/larger than any label/);
  });
});

describe('decodeGraphicData: ZB64', () => {
  const bytes = pack(IMAGE);

  it('decodes :B64: and :Z64: (built here with fflate) to the same picture as hex', () => {
    const b64 = base64(bytes);
    const z64 = base64(zlibSync(bytes));
    for (const data of [`:B64:${b64}:${crc(b64)}`, `:Z64:${z64}:${crc(z64)}`]) {
      const { bitmap, warnings } = decodeGraphicData(ascii(data, 8, 2));
      expect(picture(bitmap)).toEqual(IMAGE);
      expect(warnings).toEqual([]);
    }
  });

  it('accepts lower-case CRC digits, line breaks in the Base64 text and a trailing line break', () => {
    const z64 = base64(zlibSync(bytes));
    const broken = `${z64.slice(0, 6)}\r\n${z64.slice(6)}`;
    const { bitmap, warnings } = decodeGraphicData(
      ascii(`:Z64:${broken}:${crc(z64).toLowerCase()}\r\n`, 8, 2),
    );
    expect(picture(bitmap)).toEqual(IMAGE);
    expect(warnings).toEqual([]);
  });

  it('warns about a wrong CRC and still draws the image', () => {
    const z64 = base64(zlibSync(bytes));
    const wrong = crc(z64) === '0000' ? '0001' : '0000';
    const { bitmap, warnings } = decodeGraphicData(ascii(`:Z64:${z64}:${wrong}`, 8, 2));
    expect(picture(bitmap)).toEqual(IMAGE);
    expect(warnings).toEqual([
      `:Z64: CRC is ${wrong} but the data's CRC-16 is ${crc(z64)}: a printer would refuse this download; drawn as decoded`,
    ]);
  });

  it('warns about a missing or malformed CRC', () => {
    const b64 = base64(bytes);
    expect(decodeGraphicData(ascii(`:B64:${b64}`, 8, 2)).warnings).toEqual([
      ':B64: data has no ":crc" at its end; it is not checked',
    ]);
    expect(decodeGraphicData(ascii(`:B64:${b64}:12G4`, 8, 2)).warnings).toEqual([
      ':B64: CRC "12G4" is not four hex digits; the data is not checked',
    ]);
  });

  it('accepts raw deflate as Z64 data', () => {
    const z64 = base64(deflateSync(bytes));
    const { bitmap, warnings } = decodeGraphicData(ascii(`:Z64:${z64}:${crc(z64)}`, 8, 2));
    expect(picture(bitmap)).toEqual(IMAGE);
    expect(warnings).toEqual([]);
  });

  it('keeps what inflated from a cut-off Z64 stream', () => {
    // Pseudo-random picks of four non-zero bytes: Huffman-coded (not stored) and not so
    // compressible that 60% of the stream holds only a few bytes.
    const big = new Uint8Array(4000);
    let seed = 1;
    for (let i = 0; i < big.length; i++) {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      big[i] = 0x11 * (1 + (seed >> 29));
    }
    const z = zlibSync(big);
    const cut = base64(z.subarray(0, Math.floor(z.length * 0.6)));
    const { bitmap, warnings } = decodeGraphicData(ascii(`:Z64:${cut}:${crc(cut)}`, 4000, 40));
    expect(warnings.some((w) => /does not inflate/.test(w))).toBe(true);
    expect(warnings.some((w) => /the rest is blank/.test(w))).toBe(true);
    // What did inflate is right, and the rest is blank.
    const recovered = bitmap.data.findIndex((b) => b === 0);
    expect(recovered).toBeGreaterThan(1000);
    expect([...bitmap.data.subarray(0, recovered)]).toEqual([...big.subarray(0, recovered)]);
    expect(bitmap.data.subarray(recovered).every((b) => b === 0)).toBe(true);
  });

  it('warns when the decoded image is shorter or longer than the declared count', () => {
    const b64 = base64(bytes);
    expect(decodeGraphicData(ascii(`:B64:${b64}:${crc(b64)}`, 10, 2)).warnings).toEqual([
      "the graphic data holds 8 of the image's 10 bytes; the rest is blank",
    ]);
    expect(decodeGraphicData(ascii(`:B64:${b64}:${crc(b64)}`, 6, 2)).warnings).toEqual([
      "the graphic data holds 8 bytes, more than the image's 6; the rest is ignored",
    ]);
  });

  it('skips characters that are not Base64 and says so', () => {
    const b64 = base64(bytes);
    const dirty = `${b64.slice(0, 4)} ${b64.slice(4)}`;
    const { bitmap, warnings } = decodeGraphicData(ascii(`:B64:${dirty}:${crc(dirty)}`, 8, 2));
    expect(picture(bitmap)).toEqual(IMAGE);
    expect(warnings).toEqual([':B64: 1 character is not Base64 (first " ") and skipped']);
  });
});

describe('decodeGraphicData: binary and compressed binary', () => {
  it('reads binary data byte for byte (latin1), control prefixes and all', () => {
    const bytes = pack(IMAGE);
    const data = String.fromCharCode(...bytes);
    const graphic: GraphicData = {
      compression: 'B',
      binaryByteCount: 8,
      graphicFieldCount: 8,
      bytesPerRow: 2,
      data,
    };
    const { bitmap, warnings } = decodeGraphicData(graphic);
    expect(picture(bitmap)).toEqual(IMAGE);
    expect(warnings).toEqual([]);
    const caret = decodeGraphicData({
      ...graphic,
      graphicFieldCount: 1,
      binaryByteCount: 1,
      bytesPerRow: 1,
      data: '^',
    });
    expect(caret.bitmap.data[0]).toBe(0x5e);
  });

  it('warns about short binary data and leaves the rest blank', () => {
    const { bitmap, warnings } = decodeGraphicData({
      compression: 'B',
      binaryByteCount: 4,
      graphicFieldCount: 4,
      bytesPerRow: 2,
      data: '\xff\xff',
    });
    expect(picture(bitmap)).toEqual(['################', '................']);
    expect(warnings).toEqual([
      'binary data has 2 of its 4 bytes',
      "binary data fills 2 of the image's 4 bytes; the rest is blank",
    ]);
  });

  it('leaves compression type C blank, with a warning', () => {
    const { bitmap, warnings } = decodeGraphicData({
      compression: 'C',
      binaryByteCount: 2,
      graphicFieldCount: 2,
      bytesPerRow: 1,
      data: '\xff\xff',
    });
    expect(bitmap.height).toBe(2);
    expect(bitmap.countInk()).toBe(0);
    expect(warnings[0]).toMatch(/compression type C/);
  });
});

describe('decodeGraphicData: a whole label', () => {
  // Its speed is measured in `npm run bench`, never asserted in a test.
  it('decodes a whole 4×6 label image (812 × 1218 dots)', () => {
    const bytesPerRow = 102;
    const rows = 1218;
    let hex = '';
    const row = 'F0'.repeat(bytesPerRow / 2) + '0F'.repeat(bytesPerRow / 2);
    for (let y = 0; y < rows; y++) hex += row + '\n';
    const { bitmap, warnings } = decodeGraphicData(ascii(hex, bytesPerRow * rows, bytesPerRow));
    expect(warnings).toEqual([]);
    expect(bitmap.data[0]).toBe(0xf0);
    expect(bitmap.data[bytesPerRow * rows - 1]).toBe(0x0f);
  });
});
