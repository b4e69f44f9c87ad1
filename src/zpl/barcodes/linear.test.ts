// Code 39, Code 93 and Interleaved 2 of 5: decoded back by zxing-wasm, every element measured.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Orientation } from '../painter.ts';
import { code39 } from './code39.ts';
import { code93 } from './code93.ts';
import { interleaved2of5 } from './interleaved2of5.ts';
import { decode, elementWidths, initDecoder, render, sameDots, upright } from './test-decode.ts';
import type { BarcodeContext } from './types.ts';

const ctx = (w = 2, ratio = 3, h = 60): BarcodeContext => ({
  by: { moduleWidth: w, ratio, height: h },
  dpmm: 8,
});
const ORIENTATIONS: Orientation[] = ['N', 'R', 'I', 'B'];
const sum = (a: number[]): number => a.reduce((x, y) => x + y, 0);

beforeAll(async () => {
  const wasm = createRequire(import.meta.url).resolve('zxing-wasm/reader/zxing_reader.wasm');
  await initDecoder(readFileSync(wasm));
});

describe('^B3 Code 39', () => {
  it('decodes in every orientation', async () => {
    const layout = code39('PACK-42', {}, ctx(2, 2.5));
    const n = render(layout);
    for (const o of ORIENTATIONS) {
      const bmp = render(layout, o);
      expect(sameDots(upright(bmp, o), n)).toBe(true);
      const [r] = await decode(bmp, ['Code39']);
      expect(r?.format).toBe('Code39');
      expect(r?.text).toBe('PACK-42');
    }
    expect(layout.text[0]?.text).toBe('*PACK-42*');
  });

  it('draws narrow elements w dots and wide ones floor(r × w) dots', async () => {
    for (const w of [1, 2, 3, 5]) {
      for (const ratio of [2, 2.2, 2.5, 2.7, 3]) {
        const layout = code39('AB12', { line: false }, ctx(w, ratio, 40));
        const widths = elementWidths(render(layout), 50);
        const wide = Math.floor((Math.round(ratio * 10) * w) / 10);
        const narrowOnly = wide === w;
        for (const e of widths) expect([w, wide]).toContain(e);
        // 6 characters (with the * start and stop), 9 elements each, 3 of them wide, and
        // a narrow gap between characters.
        expect(widths).toHaveLength(6 * 9 + 5);
        if (!narrowOnly) expect(widths.filter((e) => e === wide)).toHaveLength(18);
        expect(sum(widths)).toBe(6 * (3 * wide + 6 * w) + 5 * w);
        if (w >= 2) {
          const [r] = await decode(render(layout), ['Code39']);
          expect(r?.text).toBe('AB12');
        }
      }
    }
  });

  it('adds the mod 43 check character on request', async () => {
    const layout = code39('CODE39', { checkDigit: true }, ctx());
    // C12 + O24 + D13 + E14 + 3 + 9 = 75; 75 mod 43 = 32, "W".
    const [r] = await decode(render(layout), ['Code39']);
    expect(r?.text).toBe('CODE39W');
    expect(layout.text[0]?.text).toBe('*CODE39W*');
  });

  it('refuses characters outside Code 39 and draws nothing', () => {
    const layout = code39('abc*', {}, ctx());
    expect(layout.width).toBe(0);
    expect(layout.warnings[0]).toMatch(/cannot encode "a", "b", "c", "\*"/);
  });
});

describe('^BA Code 93', () => {
  it('decodes in every orientation, modules w dots wide', async () => {
    const layout = code93('ZPL-93 OK', { line: false }, ctx(2));
    const n = render(layout);
    for (const o of ORIENTATIONS) {
      const bmp = render(layout, o);
      expect(sameDots(upright(bmp, o), n)).toBe(true);
      const [r] = await decode(bmp, ['Code93']);
      expect(r?.format).toBe('Code93');
      expect(r?.text).toBe('ZPL-93 OK');
    }
    for (const w of [1, 3]) {
      const widths = elementWidths(render(code93('ZPL-93 OK', { line: false }, ctx(w))), 50);
      for (const e of widths) expect([w, 2 * w, 3 * w, 4 * w]).toContain(e);
      // start, 9 data, C, K, stop: 9 modules each, and the 1-module termination bar.
      expect(sum(widths)).toBe((9 * (1 + 9 + 2 + 1) + 1) * w);
    }
  });

  it("takes & ' ( ) as the shift characters for full ASCII", async () => {
    const layout = code93(')Z)P)L(A', {}, ctx(2));
    const [r] = await decode(render(layout), ['Code93']);
    expect(r?.text).toBe('zpl!');
    expect(layout.text[0]?.text).toBe('zpl!');
    expect(code93('AB', { checkDigit: true }, ctx()).text[0]?.text).toHaveLength(4);
  });

  it('refuses characters Code 93 cannot hold', () => {
    const layout = code93('abc', {}, ctx());
    expect(layout.width).toBe(0);
    expect(layout.warnings[0]).toMatch(/\^BA cannot encode "a"/);
  });
});

describe('^B2 Interleaved 2 of 5', () => {
  const check = (d: string): number => {
    let s = 0;
    [...d].reverse().forEach((c, i) => (s += Number(c) * (i % 2 === 0 ? 3 : 1)));
    return (10 - (s % 10)) % 10;
  };

  it('decodes in every orientation', async () => {
    const layout = interleaved2of5('12345678', {}, ctx(2, 3));
    const n = render(layout);
    for (const o of ORIENTATIONS) {
      const bmp = render(layout, o);
      expect(sameDots(upright(bmp, o), n)).toBe(true);
      const [r] = await decode(bmp, ['ITF']);
      expect(r?.format).toBe('ITF');
      expect(r?.text).toBe('12345678');
    }
  });

  it('draws narrow w and wide floor(r × w) dots', () => {
    for (const [w, ratio] of [
      [2, 2],
      [3, 2.4],
      [4, 2.9],
      [9, 2.4],
    ] as const) {
      const widths = elementWidths(
        render(interleaved2of5('123456', { line: false }, ctx(w, ratio, 30))),
        50,
      );
      const wide = Math.floor((Math.round(ratio * 10) * w) / 10);
      for (const e of widths) expect([w, wide]).toContain(e);
      // start 4N, 6 digits of 2W + 3N, stop W + 2N.
      expect(sum(widths)).toBe(4 * w + 6 * (2 * wide + 3 * w) + wide + 2 * w);
    }
  });

  it('adds a leading zero to an odd count, after the check digit', async () => {
    const odd = interleaved2of5('1234567', {}, ctx());
    expect(odd.warnings[0]).toMatch(/leading 0/);
    expect(odd.text[0]?.text).toBe('01234567');
    const [r] = await decode(render(odd), ['ITF']);
    expect(r?.text).toBe('01234567');

    const checked = interleaved2of5('1234567', { checkDigit: true }, ctx());
    expect(checked.warnings).toEqual([]);
    expect(checked.text[0]?.text).toBe(`1234567${check('1234567')}`);
    const [c] = await decode(render(checked), ['ITF']);
    expect(c?.text).toBe(`1234567${check('1234567')}`);
  });

  it('leaves out non-digits and draws the digits, as Labelary does', async () => {
    const layout = interleaved2of5('>;903844', {}, ctx());
    expect(layout.warnings[0]).toMatch(/digits only/);
    expect((await decode(render(layout), ['ITF']))[0]?.text).toBe('903844');
    expect(interleaved2of5('AB', {}, ctx()).width).toBe(0);
  });
});
