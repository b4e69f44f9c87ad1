import { deflateRawSync, constants } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { inflateRaw } from './inflate.ts';

/** Bytes that compress the way labels do: long runs, repeats, and some noise. */
function sample(size: number, seed: number): Uint8Array {
  const out = new Uint8Array(size);
  let x = seed;
  for (let i = 0; i < size; i++) {
    x = (x * 1103515245 + 12345) >>> 0;
    out[i] = i % 97 < 60 ? 0 : i % 7 === 0 ? 0xff : (x >>> 16) & 0xff;
  }
  return out;
}

describe('inflateRaw', () => {
  // Node's zlib is the judge: the same bytes back, whatever block kinds it chose to write.
  it.each([
    ['stored blocks', { level: 0 }],
    ['fixed codes', { strategy: constants.Z_FIXED }],
    ['dynamic codes', { level: 9 }],
    ['runs only (a distance of 1)', { strategy: constants.Z_RLE }],
  ])('reads %s as zlib wrote them', (_, options) => {
    for (const size of [0, 1, 300, 70_000, 200_000]) {
      const original = sample(size, size + 1);
      const { bytes, error } = inflateRaw(deflateRawSync(original, options));
      expect(error).toBeUndefined();
      expect(Buffer.from(bytes).equals(Buffer.from(original))).toBe(true);
    }
  });

  it('keeps every byte decoded before the data breaks off, and says why it stopped', () => {
    const original = sample(100_000, 7);
    const deflated = deflateRawSync(original, { level: 9 });
    const { bytes, error } = inflateRaw(deflated.subarray(0, deflated.length >> 1));
    expect(error).toBe('the data ends in the middle of a block');
    expect(bytes.length).toBeGreaterThan(10_000);
    expect(Buffer.from(bytes).equals(Buffer.from(original.subarray(0, bytes.length)))).toBe(true);
  });

  it('stops at a block of the reserved type, with what came before', () => {
    const first = deflateRawSync(Uint8Array.of(1, 2, 3), { level: 0 });
    // The stored block, made not the last (its first bit cleared), then a block of type 3.
    const data = Uint8Array.from([(first[0] ?? 0) & 0xfe, ...first.subarray(1), 0b111]);
    expect(inflateRaw(data)).toEqual({
      bytes: Uint8Array.of(1, 2, 3),
      error: 'a block of an unknown type',
    });
  });
});
