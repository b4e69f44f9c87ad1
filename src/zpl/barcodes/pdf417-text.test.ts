import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { beforeAll, describe, expect, it } from 'vitest';
import { pdf417 } from './pdf417.ts';
import { pdf417Codewords } from './pdf417-text.ts';
import { decode, initDecoder, render } from './test-decode.ts';

// PDF417 code words as Labelary's encoder makes them (issue #32). The expected values are
// worked out by hand from ISO/IEC 15438's text sub-mode tables (Alpha, Lower, Mixed,
// Punctuation; two values a code word, 30 × first + second), and zxing reads the symbols back.

beforeAll(async () => {
  const wasm = createRequire(import.meta.url).resolve('zxing-wasm/reader/zxing_reader.wasm');
  await initDecoder(readFileSync(wasm));
});

describe('PDF417 text compaction', () => {
  it('latches to Punctuation for two or more, shifts for one', () => {
    // "[)>": ML (28) PL (25), "[" 4, ")" 24, ">" 2 and PS (29) to fill the last code word.
    expect(pdf417Codewords('[)>')).toEqual([28 * 30 + 25, 4 * 30 + 24, 2 * 30 + 29]);
    // "A_1": "A" 0, "_" alone: PS 29 "_" 7, then ML 28 "1" 1, and PS to fill.
    expect(pdf417Codewords('A_1')).toEqual([0 * 30 + 29, 7 * 30 + 28, 1 * 30 + 29]);
  });

  it('gives digits numeric compaction only in runs long enough for it', () => {
    // Between text, 8 digits go numeric (902, then "1" + the digits in base 900) …
    const eight = pdf417Codewords('AB12345678CD');
    expect(eight).toContain(902);
    expect(eight.slice(eight.indexOf(902) + 1, eight.indexOf(902) + 4)).toEqual([
      Math.floor(112345678 / 900 / 900),
      Math.floor(112345678 / 900) % 900,
      112345678 % 900,
    ]);
    // … 7 stay text.
    expect(pdf417Codewords('AB1234567CD')).not.toContain(902);
  });

  it('reads back, control characters and all', async () => {
    const data = '[)>\u001e01\u001d96123456789\u001dUPS\u001e\u0004';
    const layout = pdf417(
      data,
      { rowHeight: 3, security: 2, columns: 6 },
      {
        by: { moduleWidth: 2, ratio: 3, height: 10 },
        dpmm: 8,
      },
    );
    const [result] = await decode(render(layout), ['PDF417']);
    expect(result?.text).toBe(data);
  });
});
