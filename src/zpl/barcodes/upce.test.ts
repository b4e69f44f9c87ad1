import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { beforeAll, describe, expect, it } from 'vitest';
import { decode, elementWidths, initDecoder, render, runs, sameDots } from './test-decode.ts';
import type { BarcodeContext } from './types.ts';
import { ean13, upcA, upcE } from './upcean.ts';
import { expandUpcE, shortenUpcA } from './upce.ts';
import { first, inkBox } from '../render/test-engine.ts';

// Issue 44, behaviour 4: ^B9 UPC-E from every data form the printer takes (upce.ts), read back
// by zxing, which expands the symbol to its UPC-A itself and checks its parity-coded check digit.

const ctx = (w = 2, h = 60): BarcodeContext => ({
  by: { moduleWidth: w, ratio: 3, height: h },
  dpmm: 8,
});
const M = 40;

beforeAll(async () => {
  const wasm = createRequire(import.meta.url).resolve('zxing-wasm/reader/zxing_reader.wasm');
  await initDecoder(readFileSync(wasm));
});

/** What zxing reads: the UPC-A the symbol stands for, check digit included (its own). */
async function read(data: string, w = 2): Promise<string | undefined> {
  const [r] = await decode(render(upcE(data, {}, ctx(w))), ['UPCE']);
  // zxing gives a UPC-E as the EAN-13 of its UPC-A: a leading 0.
  return r?.format === 'UPCE' ? r.text.replace(/^0/, '') : undefined;
}

describe('^B9 UPC-E', () => {
  it('draws the six-digit short form with number system 0 and the computed check digit', async () => {
    // 123456 is UPC-A 0 12345 00006, check digit 5 (3·(0+2+4+0+0+6) + (1+3+5+0+0) = 45).
    expect(expandUpcE('0', '123456')).toBe('01234500006');
    expect(await read('123456')).toBe('012345000065');
    const layout = upcE('123456', {}, ctx());
    expect(layout.warnings).toEqual([]);
    expect(layout.text.map((t) => t.text).join('')).toBe('01234565');
  });

  it.each([
    ['0123456', '01234565', '012345000065', 0], // number system and six
    ['01234565', '01234565', '012345000065', 0], // and the right check digit
    ['01234561', '01234565', '012345000065', 1], // a wrong one is named, the right one printed
    ['1123456', '11234562', '112345000062', 0], // number system 1: the parities swap
    ['1234500006', '01234565', '012345000065', 0], // the guide's form: manufacturer, product
    ['01234500006', '01234565', '012345000065', 0], // a whole UPC-A without its check digit
    ['012345000065', '01234565', '012345000065', 0], // and with it
    ['1230000045', '01234531', '012300000451', 0], // the guide's example, 12300 / 00045
    ['1200000789', '01278907', '012000007897', 0], // rule 1: manufacturer ends 000-200
    ['1234000005', '01234543', '012340000053', 0], // rule 3: ends in 10-90
    ['1234500007', '01234572', '012345000072', 0], // rule 4: product 5 to 9
    ['123', '00001233', '000000000123', 1], // short data padded on the left to six
  ])('%s prints %s, read as UPC-A %s', async (data, shown, upca, warnings) => {
    const layout = upcE(data, {}, ctx());
    expect(layout.text.map((t) => t.text).join('')).toBe(shown);
    expect(layout.warnings).toHaveLength(warnings);
    expect(await read(data)).toBe(upca);
  });

  it('refuses a UPC-A that no UPC-E stands for, and a number system other than 0 or 1', () => {
    expect(shortenUpcA('12345', '00012')).toBeNull();
    const bad = upcE('1234500012', {}, ctx());
    expect(bad.width).toBe(0);
    expect(bad.warnings.join()).toMatch(/cannot shorten/);
    expect(upcE('2123456', {}, ctx()).width).toBe(0);
  });

  it('is 51 modules, guards long as UPC-A draws them, digits outside on both sides', () => {
    for (const w of [1, 2, 3]) {
      const layout = upcE('123456', { line: false }, ctx(w, 50));
      expect(layout.symbol).toEqual({ x: 0, y: 0, width: 51 * w, height: 50 });
      const bmp = render(layout);
      expect(elementWidths(bmp, M + 10).reduce((a, b) => a + b, 0)).toBe(51 * w);
      // Below the data bars only the guards go on: 2 start bars, 3 end bars.
      const below = runs(bmp, M + 50).filter(([dark]) => dark).length;
      expect(below).toBe(5);
      // The same modules, guard descent and height as UPC-A's guards at this width.
      expect(layout.height).toBe(upcA('01234500006', { line: false }, ctx(w, 50)).height);
    }
    const lined = upcE('123456', {}, ctx(2));
    const xs = lined.text.map((t) => (t.x - lined.symbol.x) / 2);
    expect(xs).toEqual([-8, 3, 10, 17, 24, 31, 38, 52]);
    expect(upcE('123456', { checkDigit: false }, ctx(2)).text).toHaveLength(7);
  });

  it('^B9 in a label: drawn at its origin with its line, and read back', async () => {
    const label = first('^XA^BY3^FO100,50^B9N,80,Y,N,Y^FD123456^FS^XZ');
    expect(label.warnings).toEqual([]);
    // The bars start at the origin; the number system prints left of them.
    expect(inkBox(label.bitmap, { x: 0, y: 50, width: 813, height: 80 })).toEqual({
      x: 100,
      y: 50,
      width: 51 * 3,
      height: 80,
    });
    expect(inkBox(label.bitmap, { x: 0, y: 130, width: 100, height: 60 })).not.toBeNull();
    expect(inkBox(label.bitmap, { x: 253, y: 130, width: 40, height: 60 })).not.toBeNull();
    const [r] = await decode(label.bitmap, ['UPCE']);
    expect(r?.text).toBe('0012345000065');
  });
});

describe('the other UPC/EAN forms the guide allows', () => {
  it('UPC-A from 11 digits or 12 with its check digit, EAN-13 from 12 or 13: one symbol', async () => {
    for (const [make, short, long, format] of [
      [upcA, '01234500006', '012345000065', 'UPCA'],
      [ean13, '590123412345', '5901234123457', 'EAN13'],
    ] as const) {
      const a = make(short, {}, ctx());
      const b = make(long, {}, ctx());
      expect(b.warnings).toEqual([]);
      expect(sameDots(render(a), render(b))).toBe(true);
      expect((await decode(render(b), [format]))[0]?.text).toMatch(new RegExp(`${long}$`));
    }
  });
});
