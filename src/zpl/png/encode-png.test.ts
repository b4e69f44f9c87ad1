import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { crc32 as nodeCrc32, inflateSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { Bitmap } from '../bitmap.ts';
import { decodePng } from './decode-png.ts';
import { encodePng } from './encode-png.ts';

// Expectations here come from the PNG specification and from decoders that are not ours:
// Node's zlib (CRC-32, inflate), a Python reader using only its standard zlib, and libpng.

const dir = mkdtempSync(join(tmpdir(), 'packbench-png-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Chunks as [type, body], checked against Node's CRC-32 on the way. */
function chunks(png: Uint8Array): [string, Buffer][] {
  const buf = Buffer.from(png);
  const out: [string, Buffer][] = [];
  let at = 8;
  while (at < buf.length) {
    const length = buf.readUInt32BE(at);
    const type = buf.toString('latin1', at + 4, at + 8);
    const body = buf.subarray(at + 8, at + 8 + length);
    expect(buf.readUInt32BE(at + 8 + length), `CRC of ${type}`).toBe(
      nodeCrc32(buf.subarray(at + 4, at + 8 + length)),
    );
    out.push([type, body]);
    at += 12 + length;
  }
  expect(at).toBe(buf.length);
  return out;
}

/** Deterministic dots, so a failure repeats (xorshift32). */
function noise(width: number, height: number, seed: number): Bitmap {
  const bitmap = new Bitmap(width, height);
  let s = seed;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      s ^= s << 13;
      s ^= s >>> 17;
      s ^= s << 5;
      if ((s >>> 0) % 3 === 0) bitmap.set(x, y);
    }
  }
  return bitmap;
}

function rowsOf(bitmap: Bitmap): string[] {
  const rows: string[] = [];
  for (let y = 0; y < bitmap.height; y++) {
    let row = '';
    for (let x = 0; x < bitmap.width; x++) row += bitmap.get(x, y) ? '#' : '.';
    rows.push(row);
  }
  return rows;
}

describe('encodePng', () => {
  it('writes the signature and an IHDR for 1-bit greyscale, byte for byte', () => {
    const png = encodePng(new Bitmap(9, 3));
    // From the PNG spec: signature, then IHDR = length 13, "IHDR", width, height,
    // bit depth 1, colour type 0, compression 0, filter 0, interlace 0.
    const expected = Buffer.from([
      0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0x00, 0x0d, 0x49, 0x48, 0x44,
      0x52, 0x00, 0x00, 0x00, 0x09, 0x00, 0x00, 0x00, 0x03, 0x01, 0x00, 0x00, 0x00, 0x00,
    ]);
    expect(Buffer.from(png.subarray(0, 29))).toEqual(expected);
    const crc = nodeCrc32(expected.subarray(12, 29));
    expect(Buffer.from(png).readUInt32BE(29)).toBe(crc);
    expect(chunks(png).map(([type]) => type)).toEqual(['IHDR', 'IDAT', 'IEND']);
  });

  it('stores rows with filter 0 and the bits inverted (PNG 0 is black)', () => {
    const bitmap = new Bitmap(10, 2);
    bitmap.set(0, 0);
    bitmap.set(9, 0);
    bitmap.fillRect(2, 1, 4, 1);
    const idat = chunks(encodePng(bitmap)).find(([type]) => type === 'IDAT')?.[1];
    // Row 0: black at 0 and 9 → 0111 1111 | 10xx xxxx; row 1: black at 2–5 → 1100 0011 | 11xx.
    // The padding bits (x) may be anything; ours are 1 (white).
    expect([...inflateSync(idat ?? Buffer.alloc(0))]).toEqual([
      0, 0b0111_1111, 0b1011_1111, 0, 0b1100_0011, 0b1111_1111,
    ]);
  });

  it('adds a pHYs chunk with the resolution in dots per metre when asked', () => {
    const png = encodePng(new Bitmap(8, 8), { dotsPerMm: 8 });
    const found = chunks(png);
    expect(found.map(([type]) => type)).toEqual(['IHDR', 'pHYs', 'IDAT', 'IEND']);
    // 8 dots/mm = 8000 dots/m = 0x1f40, both axes, unit 1 (metre).
    expect([...(found[1]?.[1] ?? [])]).toEqual([0, 0, 0x1f, 0x40, 0, 0, 0x1f, 0x40, 1]);
    expect(() => encodePng(new Bitmap(1, 1), { dotsPerMm: 0 })).toThrow(RangeError);
  });

  it('refuses an empty bitmap, which PNG cannot express', () => {
    expect(() => encodePng(new Bitmap(0, 5))).toThrow(/at least one dot/);
    expect(() => encodePng(new Bitmap(5, 0))).toThrow(/at least one dot/);
  });

  it.each([1, 7, 8, 9, 813])('round-trips a %i-dot-wide bitmap bit for bit', (width) => {
    const bitmap = noise(width, 37, 0x9e3779b9 ^ width);
    const back = decodePng(encodePng(bitmap));
    expect(back.width).toBe(width);
    expect(back.height).toBe(37);
    expect(Buffer.from(back.data)).toEqual(Buffer.from(bitmap.data));
  });

  it('round-trips at every compression level', () => {
    const bitmap = noise(29, 11, 7);
    for (const level of [0, 1, 9] as const) {
      expect(Buffer.from(decodePng(encodePng(bitmap, { level })).data)).toEqual(
        Buffer.from(bitmap.data),
      );
    }
  });

  it('reads back the same dots in a Python PNG reader built on nothing but zlib', () => {
    const bitmap = new Bitmap(13, 6);
    bitmap.fillRect(0, 0, 13, 1);
    bitmap.fillRect(0, 0, 1, 6);
    bitmap.fillRect(4, 2, 5, 3);
    bitmap.set(12, 5);
    const file = join(dir, 'python.png');
    writeFileSync(file, encodePng(bitmap));
    const script = `
import struct, sys, zlib
data = open(sys.argv[1], 'rb').read()
assert data[:8] == b'\\x89PNG\\r\\n\\x1a\\n', 'signature'
at, idat, ihdr = 8, b'', None
while at < len(data):
    (length,) = struct.unpack('>I', data[at:at + 4])
    kind, body = data[at + 4:at + 8], data[at + 8:at + 8 + length]
    (crc,) = struct.unpack('>I', data[at + 8 + length:at + 12 + length])
    assert zlib.crc32(kind + body) == crc, kind
    if kind == b'IHDR': ihdr = struct.unpack('>IIBBBBB', body)
    if kind == b'IDAT': idat += body
    at += 12 + length
width, height, depth, colour, _, _, interlace = ihdr
assert (depth, colour, interlace) == (1, 0, 0), ihdr
raw = zlib.decompress(idat)
stride = (width + 7) // 8
for y in range(height):
    row = raw[y * (stride + 1):(y + 1) * (stride + 1)]
    assert row[0] == 0, 'filter'
    print(''.join('.' if row[1 + x // 8] >> (7 - x % 8) & 1 else '#' for x in range(width)))
`;
    const out = execFileSync('python3', ['-c', script, file], { encoding: 'utf8' });
    expect(out.trimEnd().split('\n')).toEqual([
      '#############',
      '#............',
      '#...#####....',
      '#...#####....',
      '#...#####....',
      '#...........#',
    ]);
    expect(rowsOf(bitmap)).toEqual(out.trimEnd().split('\n'));
  });

  it('passes libpng’s checks (pngfix, libpng-tools)', () => {
    const file = join(dir, 'libpng.png');
    writeFileSync(file, encodePng(noise(813, 1219, 42), { dotsPerMm: 8 }));
    // pngfix decodes the whole stream with libpng; exit 0 means no error of any kind.
    const out = execFileSync('/usr/bin/pngfix', [file], { encoding: 'utf8' });
    expect(out).toMatch(/^IDAT OK/);
  });
});
