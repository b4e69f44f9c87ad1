import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Orientation } from '../painter.ts';
import {
  decode,
  elementWidths,
  initDecoder,
  render,
  runs,
  sameDots,
  upright,
} from './test-decode.ts';
import type { BarcodeContext } from './types.ts';
import { ean13, ean8, upcA } from './upcean.ts';

const ctx = (w = 2, h = 60, dpmm = 8): BarcodeContext => ({
  by: { moduleWidth: w, ratio: 3, height: h },
  dpmm,
});
const ORIENTATIONS: Orientation[] = ['N', 'R', 'I', 'B'];
const M = 40; // the render margin
const bars = (r: Array<[boolean, number]>): number => r.filter(([dark]) => dark).length;

beforeAll(async () => {
  const wasm = createRequire(import.meta.url).resolve('zxing-wasm/reader/zxing_reader.wasm');
  await initDecoder(readFileSync(wasm));
});

describe('^BE EAN-13', () => {
  it('decodes in every orientation with the computed check digit', async () => {
    const layout = ean13('590123412345', {}, ctx(2));
    const n = render(layout);
    for (const o of ORIENTATIONS) {
      const bmp = render(layout, o);
      expect(sameDots(upright(bmp, o), n)).toBe(true);
      const [r] = await decode(bmp, ['EAN13']);
      expect(r?.format).toBe('EAN13');
      expect(r?.text).toBe('5901234123457');
    }
  });

  it('is 95 modules of w dots, guard bars 6.5 modules longer than data bars', () => {
    for (const w of [1, 2, 3, 4]) {
      const layout = ean13('590123412345', { line: false }, ctx(w, 50));
      // The symbol box is the bars alone: fields turn about it (Labelary's ^BER).
      expect(layout.symbol).toEqual({ x: 0, y: 0, width: 95 * w, height: 50 });
      const descent = Math.round(6.5 * w); // 13 dots at ^BY2, as Labelary draws them
      expect(layout.height).toBe(50 + descent);
      const bmp = render(layout);
      const widths = elementWidths(bmp, M + 10);
      expect(widths.reduce((a, b) => a + b, 0)).toBe(95 * w);
      for (const e of widths) expect([w, 2 * w, 3 * w, 4 * w]).toContain(e);
      expect(bars(runs(bmp, M + 10))).toBe(30);
      // Below the data bars only the guards go on: 2 + 2 + 2 bars.
      expect(bars(runs(bmp, M + 50))).toBe(6);
      expect(bars(runs(bmp, M + 50 + descent - 1))).toBe(6);
      expect(bars(runs(bmp, M + 50 + descent))).toBe(0);
    }
  });

  it('splits the digits around the guards, the first one left of the bars', () => {
    const w = 3;
    const layout = ean13('590123412345', {}, ctx(w, 80));
    expect(layout.symbol.x).toBe(12 * w);
    expect(layout.text.map((t) => t.text).join('')).toBe('5901234123457');
    const xs = layout.text.map((t) => (t.x - layout.symbol.x) / w);
    // The leading digit 12 modules left of the bars, where Labelary prints it.
    expect(xs).toEqual([-12, 3, 10, 17, 24, 31, 38, 50, 57, 64, 71, 78, 85]);
    for (const t of layout.text) {
      expect(t).toMatchObject({ y: 80 + 2 * w, width: 7 * w, height: 9 * w, font: 'OCR-B' });
    }
    expect(layout.height).toBe(80 + 2 * w + 9 * w);
    // Under 3 dots per module at 8 dpmm the guide prints font A.
    expect(ean13('590123412345', {}, ctx(2)).text[0]?.font).toBe('A');
    expect(ean13('590123412345', {}, ctx(2, 60, 6)).text[0]?.font).toBe('OCR-B');
  });

  it('prints the line above as one centred line of all 13 digits, as Labelary does', () => {
    const w = 2;
    const layout = ean13('123456789012', { lineAbove: true }, ctx(w, 100));
    expect(layout.text).toHaveLength(1);
    expect(layout.text[0]).toMatchObject({ text: '1234567890128', x: 0, y: 0, align: 'center' });
    expect(layout.text[0]?.width).toBe(95 * w);
    // The bars start 8 dots (one millimetre) under the line's cell, as Code 128's.
    expect(layout.symbol).toEqual({ x: 0, y: 9 * w + 8, width: 95 * w, height: 100 });
  });

  it('pads short data on the left, reports a wrong check digit and refuses letters', async () => {
    const short = ean13('12345', {}, ctx());
    expect(short.warnings[0]).toMatch(/12 digits, got 5; zeros are added on the left/);
    const [r] = await decode(render(short), ['EAN13']);
    expect(r?.text).toBe(`0000000123457`);
    expect(ean13('5901234123457', {}, ctx()).warnings).toEqual([]);
    expect(ean13('5901234123458', {}, ctx()).warnings[0]).toMatch(
      /check digit 8 is wrong .* prints 7/,
    );
    const letters = ean13('59012341234A', {}, ctx());
    expect(letters.width).toBe(0);
    expect(letters.warnings[0]).toMatch(/\^BE cannot encode "A": EAN-13 takes digits only/);
  });
});

describe('^B8 EAN-8', () => {
  it('decodes, 67 modules, 4 + 4 digits', async () => {
    const layout = ean8('1234567', {}, ctx(2));
    for (const o of ORIENTATIONS) {
      const [r] = await decode(render(layout, o), ['EAN8']);
      expect(r?.text).toBe('12345670');
    }
    expect(layout.symbol.width).toBe(67 * 2);
    expect(layout.symbol.x).toBe(0);
    expect(layout.text.map((t) => t.x / 2)).toEqual([3, 10, 17, 24, 36, 43, 50, 57]);
  });
});

describe('^BU UPC-A', () => {
  it('decodes and extends the first and last digit to guard length', async () => {
    const w = 2;
    const layout = upcA('01234567890', {}, ctx(w, 50));
    for (const o of ORIENTATIONS) {
      const [r] = await decode(render(layout, o), ['UPCA']);
      expect(r?.format).toBe('UPCA');
      // zxing-cpp reports UPC-A in its EAN-13 form, with the leading 0.
      expect(r?.text).toBe('0012345678905');
    }
    const bmp = render(upcA('01234567890', { line: false }, ctx(w, 50)));
    // Guards (2 + 2 + 2) and the two outer digits (2 bars each).
    expect(bars(runs(bmp, M + 52))).toBe(10);
    expect(layout.text.map((t) => t.text).join('')).toBe('012345678905');
    expect(layout.text.map((t) => (t.x - layout.symbol.x) / w)).toEqual([
      -8, 10, 17, 24, 31, 38, 50, 57, 64, 71, 78, 96,
    ]);
  });

  it('leaves the check digit out of the interpretation line with e = N', () => {
    const layout = upcA('01234567890', { checkDigit: false }, ctx());
    expect(layout.text.map((t) => t.text).join('')).toBe('01234567890');
  });

  it('takes 11 digits, padding short data', async () => {
    const layout = upcA('12345', {}, ctx());
    expect(layout.warnings[0]).toMatch(/11 digits, got 5/);
    const [r] = await decode(render(layout), ['UPCA']);
    expect(r?.text).toBe('0000000123457');
  });
});
