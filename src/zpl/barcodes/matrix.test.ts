// The 2D symbols: QR, Data Matrix, PDF417, Aztec, decoded back by zxing-wasm.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Orientation } from '../painter.ts';
import { aztec } from './aztec.ts';
import { dataMatrix } from './datamatrix.ts';
import { automaticColumns, pdf417 } from './pdf417.ts';
import { pdf417Codewords } from './pdf417-text.ts';
import { parseSwitches, qrCode } from './qr.ts';
import { decode, initDecoder, render, runs, sameDots, upright } from './test-decode.ts';
import type { BarcodeContext, BarcodeLayout } from './types.ts';

const ctx = (w = 2, h = 10, dpmm = 8): BarcodeContext => ({
  by: { moduleWidth: w, ratio: 3, height: h },
  dpmm,
});
const ORIENTATIONS: Orientation[] = ['N', 'R', 'I', 'B'];
const M = 40;

beforeAll(async () => {
  const wasm = createRequire(import.meta.url).resolve('zxing-wasm/reader/zxing_reader.wasm');
  await initDecoder(readFileSync(wasm));
});

describe('^BQ field data switches', () => {
  const parse = (d: string): { level: string; text: string; warnings: number } => {
    const w: string[] = [];
    const s = parseSwitches(d, undefined, w);
    return { level: s.level, text: s.text, warnings: w.length };
  };
  it('reads level, input mode and data', () => {
    expect(parse('QA,0123456789ABCD 2D code')).toEqual({
      level: 'Q',
      text: '0123456789ABCD 2D code',
      warnings: 0,
    });
    expect(parse('MM,AAC-42')).toEqual({ level: 'M', text: 'AC-42', warnings: 0 });
    expect(parse('HM,N123456789012345')).toEqual({
      level: 'H',
      text: '123456789012345',
      warnings: 0,
    });
    expect(parse('LM,B0005a,b,c,N123')).toEqual({ level: 'L', text: 'a,b,c123', warnings: 0 });
  });
  it('takes the first characters as switches even when they are not (as printers do)', () => {
    // Zebra: "Sample" without switches scans as "ple"; a digit mode takes no comma.
    // Without ^BQ's d parameter an unreadable level is H, as Labelary draws it.
    expect(parse('Sample')).toMatchObject({ level: 'H', text: 'ple' });
    expect(parse('9876543210')).toMatchObject({ text: '76543210' });
    expect(parse('D0302E9,QA,abc')).toEqual({ level: 'Q', text: 'abc', warnings: 1 });
  });
});

describe('^BQ QR code', () => {
  it('decodes in every orientation at the error correction level asked for', async () => {
    const layout = qrCode('HA,https://example.com/track/1Z999', {}, ctx());
    const n = render(layout);
    for (const o of ORIENTATIONS) {
      const bmp = render(layout, o);
      expect(sameDots(upright(bmp, o), n)).toBe(true);
      const [r] = await decode(bmp, ['QRCode']);
      expect(r?.format).toBe('QRCode');
      expect(r?.text).toBe('https://example.com/track/1Z999');
      expect(r?.ecLevel).toBe('H');
    }
  });

  it('draws modules magnification dots wide', async () => {
    for (const mag of [1, 2, 3, 5, 10]) {
      const layout = qrCode('LA,PACKBENCH', { magnification: mag }, ctx());
      const bmp = render(layout);
      const [r] = await decode(bmp, ['QRCode']);
      expect(r?.text).toBe('PACKBENCH');
      const modules = 17 + 4 * Number(r?.version);
      expect(layout.width).toBe(modules * mag);
      expect(layout.height).toBe(modules * mag);
      // The finder pattern's top row: 7 dark modules from the field origin.
      expect(runs(bmp, M, M, M + 8 * mag)).toEqual([
        [true, 7 * mag],
        [false, mag],
      ]);
    }
  });

  it('defaults the magnification by resolution and reports model 1', () => {
    const size = (dpmm: number): number => qrCode('QA,1', {}, ctx(2, 10, dpmm)).width / 21;
    expect([size(6), size(8), size(12), size(24)]).toEqual([1, 2, 3, 6]);
    expect(qrCode('QA,1', { model: 1 }, ctx()).warnings[0]).toMatch(/model 1/);
    expect(qrCode('QA,', {}, ctx()).width).toBe(0);
  });

  it('sends text beyond Latin-1 as UTF-8', async () => {
    const [r] = await decode(render(qrCode('MA,\u20ac1', {}, ctx())), ['QRCode']);
    expect(r?.bytes).toEqual(Uint8Array.from([0xe2, 0x82, 0xac, 0x31]));
  });

  it('encodes bytes above 0x7F as themselves', async () => {
    const [r] = await decode(render(qrCode('MA,Gr\xfc\xdfe', {}, ctx())), ['QRCode']);
    expect(r?.bytes).toEqual(Uint8Array.from([0x47, 0x72, 0xfc, 0xdf, 0x65]));
  });
});

describe('^BX Data Matrix', () => {
  it('decodes in every orientation; h is the module size', async () => {
    const layout = dataMatrix('PACKBENCH 0042', { moduleSize: 4, quality: 200 }, ctx());
    const n = render(layout);
    for (const o of ORIENTATIONS) {
      const bmp = render(layout, o);
      expect(sameDots(upright(bmp, o), n)).toBe(true);
      const [r] = await decode(bmp, ['DataMatrix']);
      expect(r?.format).toBe('DataMatrix');
      expect(r?.text).toBe('PACKBENCH 0042');
    }
    expect(layout.width % 4).toBe(0);
    // The L finder: the left column is dark all the way down.
    expect(runs(n, M + layout.height - 1, M, M + layout.width)[0]).toEqual([true, layout.width]);
  });

  it('turns ~1 into FNC1: GS1 Data Matrix', async () => {
    const layout = dataMatrix(
      '~10109501101530003~117250101',
      { moduleSize: 3, quality: 200 },
      ctx(),
    );
    const [r] = await decode(render(layout), ['DataMatrix']);
    expect(r?.symbologyIdentifier).toBe(']d2');
    expect(r?.text).toBe('0109501101530003\u001d17250101');
  });

  it('takes other escapes and another escape character', async () => {
    const [a] = await decode(
      render(dataMatrix('A~d066~M~~', { moduleSize: 3, quality: 200 }, ctx())),
      ['DataMatrix'],
    );
    expect(a?.text).toBe('AB\r~');
    const [b] = await decode(
      render(dataMatrix('_1011234567890123', { moduleSize: 3, quality: 200, escape: '_' }, ctx())),
      ['DataMatrix'],
    );
    expect(b?.symbologyIdentifier).toBe(']d2');
  });

  it('forces sizes, shares the ^BY height out without h, and reports ECC 000-140', async () => {
    const forced = dataMatrix(
      '12345',
      { moduleSize: 2, quality: 200, columns: 20, rows: 20 },
      ctx(),
    );
    expect(forced.width).toBe(40);
    expect((await decode(render(forced), ['DataMatrix']))[0]?.text).toBe('12345');
    const tooSmall = dataMatrix(
      'X'.repeat(60),
      { moduleSize: 2, quality: 200, columns: 10, rows: 10 },
      ctx(),
    );
    expect(tooSmall.width).toBe(0);
    expect(tooSmall.warnings[0]).toMatch(/does not fit 10×10/);
    const byHeight = dataMatrix('ABC', { quality: 200 }, ctx(2, 100));
    expect(byHeight.width).toBe(10 * 10); // 10×10 modules, 100 / 10 dots each
    const ecc0 = dataMatrix('ABC', { moduleSize: 3 }, ctx());
    expect(ecc0.warnings[0]).toMatch(/quality 0/);
    expect((await decode(render(ecc0), ['DataMatrix']))[0]?.text).toBe('ABC');
  });

  it('draws rectangular symbols with a = 2', async () => {
    const layout = dataMatrix('RECT', { moduleSize: 3, quality: 200, aspect: 2 }, ctx());
    expect(layout.width).toBeGreaterThan(layout.height);
    expect((await decode(render(layout), ['DataMatrix']))[0]?.text).toBe('RECT');
  });
});

describe('^B7 PDF417', () => {
  const text = 'Packbench PDF417 test: 0123456789 ABCDEFGHIJ';

  it('decodes in every orientation; rows are h dots, modules w dots', async () => {
    const layout = pdf417(text, { rowHeight: 3, columns: 4 }, ctx(2));
    const n = render(layout);
    for (const o of ORIENTATIONS) {
      const bmp = render(layout, o);
      expect(sameDots(upright(bmp, o), n)).toBe(true);
      const [r] = await decode(bmp, ['PDF417']);
      expect(r?.format).toBe('PDF417');
      expect(r?.text).toBe(text);
    }
    // Start 17, left indicator 17, 4 columns of 17, right indicator 17, stop 18 modules.
    expect(layout.width).toBe((17 + 17 + 4 * 17 + 17 + 18) * 2);
    expect(layout.height % 3).toBe(0);
    expect(layout.height).toBe(3 * pdf417(text, { rowHeight: 1, columns: 4 }, ctx(2)).height);
    // The start pattern 81111113: an 8-module bar first.
    expect(runs(n, M + 1, M, M + 20)[0]).toEqual([true, 16]);
  });

  it('shares the ^BY height between the rows without h', () => {
    const rows = pdf417(text, { rowHeight: 1, columns: 4 }, ctx(1)).height;
    const layout = pdf417(text, { columns: 4 }, ctx(2, 200));
    expect(layout.height).toBe(rows * Math.floor(200 / rows));
  });

  it('without c or r, stacks about three rows a column, as Labelary does (issue 44)', async () => {
    // A column is 17 modules, plus 69 for start, stop and the row indicators (w = 1).
    const columnsOf = (l: BarcodeLayout): number => (l.width - 69) / 17;
    // The rule by hand: data words plus 2^(s+1), a third of it, square root, rounded.
    expect([100, 270, 40].map((n) => automaticColumns(n, 0))).toEqual([6, 10, 4]);
    expect(automaticColumns(40, 5)).toBe(6); // 40 + 64 words
    for (const data of [text, text.repeat(3), text.repeat(8)]) {
      const layout = pdf417(data, { rowHeight: 2 }, ctx(1));
      const columns = columnsOf(layout);
      const rows = layout.height / 2;
      expect(columns).toBe(automaticColumns(pdf417Codewords(data).length, 0));
      expect(rows / columns).toBeGreaterThan(2);
      expect(rows / columns).toBeLessThan(4.5);
      expect((await decode(render(layout), ['PDF417']))[0]?.text).toBe(data);
    }
    // The security level's error correction words count too: more rows and columns at s = 5.
    const secure = pdf417(text.repeat(3), { rowHeight: 2, security: 5 }, ctx(1));
    expect(columnsOf(secure)).toBeGreaterThan(
      columnsOf(pdf417(text.repeat(3), { rowHeight: 2 }, ctx(1))),
    );
  });

  it('forces columns × rows, or prints nothing when they cannot hold the data', async () => {
    const fixed = pdf417('ABC', { rowHeight: 2, columns: 3, rows: 10 }, ctx(2));
    expect(fixed.height).toBe(10 * 2);
    expect((await decode(render(fixed), ['PDF417']))[0]?.text).toBe('ABC');
    expect(pdf417('ABC', { columns: 30, rows: 40 }, ctx()).warnings.join()).toMatch(/928/);
    expect(pdf417(text.repeat(4), { columns: 1, rows: 3 }, ctx()).width).toBe(0);
  });

  it('adds 2^(s+1) error correction code words for security level s', async () => {
    const rows = (s: number): number =>
      pdf417('ABC', { rowHeight: 1, columns: 1, security: s }, ctx(1)).height;
    // One column: one row per code word. Level 0 has 2 EC code words, level 4 has 32.
    expect(rows(4) - rows(0)).toBe(32 - 2);
    const [r] = await decode(
      render(pdf417(text, { rowHeight: 3, columns: 5, security: 5 }, ctx(2))),
      ['PDF417'],
    );
    expect(r?.text).toBe(text);
    expect(pdf417('ABC', { security: 9 }, ctx()).warnings[0]).toMatch(/security level 9/);
  });

  it('truncates: no right row indicator, a one-module stop', () => {
    const full = pdf417(text, { rowHeight: 3, columns: 4 }, ctx(1));
    const cut = pdf417(text, { rowHeight: 3, columns: 4, truncate: true }, ctx(1));
    expect(full.width - cut.width).toBe(17 + 18 - 1);
  });
});

describe('^BO Aztec', () => {
  it('takes the smallest symbol that holds the data, compact ones first', async () => {
    // "PACKBENCH" with 23 % error correction fits a compact symbol of 1 layer (15 × 15
    // modules); the smallest full-range symbol is 19 × 19.
    const layout = aztec('PACKBENCH', { magnification: 1, size: 23 }, ctx());
    expect(layout.width).toBe(15);
    expect((await decode(render(layout), ['Aztec']))[0]?.text).toBe('PACKBENCH');
    // More data than four compact layers hold: a full-range symbol.
    const big = aztec('PACKBENCH AZTEC '.repeat(12), { magnification: 1 }, ctx());
    expect(big.width).toBeGreaterThan(27);
    expect((await decode(render(big), ['Aztec']))[0]?.text).toBe('PACKBENCH AZTEC '.repeat(12));
  });

  it('decodes in every orientation with modules of magnification dots', async () => {
    const layout = aztec('PACKBENCH AZTEC', { magnification: 4 }, ctx());
    const n = render(layout);
    for (const o of ORIENTATIONS) {
      const bmp = render(layout, o);
      expect(sameDots(upright(bmp, o), n)).toBe(true);
      const [r] = await decode(bmp, ['Aztec']);
      expect(r?.format).toBe('Aztec');
      expect(r?.text).toBe('PACKBENCH AZTEC');
    }
    expect(layout.width % 4).toBe(0);
  });

  // A compact symbol's mode message, read off its dots: 28 bits on the ring 5 modules from
  // the centre (ISO/IEC 24778 7.2), the first 2 its layers − 1 and the next 6 its data
  // codewords − 1. Labelary's encoder (a block encoder, not a shortest-stream optimiser)
  // takes one codeword more than bwip-js's for this field data, so every module differs.
  const compactModeMessage = (layout: BarcodeLayout): { layers: number; words: number } => {
    const bmp = render(layout, 'N', 0);
    const c = (layout.width - 1) / 2;
    const dot = (x: number, y: number): number => bmp.get(x, y);
    const bits: number[] = [];
    for (let i = 0; i < 7; i++) bits.push(dot(c - 3 + i, c - 5));
    for (let i = 0; i < 7; i++) bits.push(dot(c + 5, c - 3 + i));
    const value = (b: number[]): number => b.reduce((a, v) => a * 2 + v, 0);
    return { layers: value(bits.slice(0, 2)) + 1, words: value(bits.slice(2, 8)) + 1 };
  };
  const PART = 'Part:123;Warehouse:BYZA;Position:12-12-1';

  it('encodes the data as Labelary does: a compact 3-layer symbol of 34 data codewords', async () => {
    const layout = aztec(PART, { magnification: 1, size: 23 }, ctx());
    expect(layout.width).toBe(23);
    expect(compactModeMessage(layout)).toEqual({ layers: 3, words: 34 });
    expect((await decode(render(layout), ['Aztec']))[0]?.text).toBe(PART);
  });

  it('picks the size whose error correction is at least d % of its codewords, rounded down', async () => {
    // 70 %: full range, 5 layers (37 modules with its reference grid), 86 of 120 codewords
    // for error correction; 95 %: 15 layers (79 modules), 501 of 528 (94.9 %).
    const at70 = aztec(PART, { magnification: 1, size: 70 }, ctx());
    expect(at70.width).toBe(37);
    expect((await decode(render(at70), ['Aztec']))[0]?.text).toBe(PART);
    const at95 = aztec(PART, { magnification: 1, size: 95 }, ctx());
    expect(at95.width).toBe(79);
    expect((await decode(render(at95), ['Aztec']))[0]?.text).toBe(PART);
  });

  it('still reads back for every kind of character: shifts, latches, punctuation pairs, bytes', async () => {
    for (const text of [
      'aB. cD, e: f\r\nG~1.5,6 Zz{}\u00e9\u00ff',
      'lower UPPER 0123 lower X y',
      '12,34.56 ab AB',
      'A\u0001b\u0014\u0015\u0016cd!!',
    ]) {
      const layout = aztec(text, { magnification: 2 }, ctx());
      const [r] = await decode(render(layout), ['Aztec']);
      expect(r?.text).toBe(text);
    }
  });

  it('takes the symbol size and type from d, and e for a menu symbol', async () => {
    expect(aztec('A', { magnification: 1, size: 101 }, ctx()).width).toBe(15);
    expect(aztec('A', { magnification: 1, size: 104 }, ctx()).width).toBe(27);
    expect(aztec('A', { magnification: 1, size: 201 }, ctx()).width).toBe(19);
    expect(aztec('25', { magnification: 1, size: 300 }, ctx()).width).toBe(11);
    expect(aztec('X', { size: 300 }, ctx()).width).toBe(0);
    // A menu symbol differs from the plain one only in its mode message, and still reads.
    const menu = aztec('MENU', { magnification: 3, menu: true }, ctx());
    const plain = aztec('MENU', { magnification: 3 }, ctx());
    expect(sameDots(render(menu), render(plain))).toBe(false);
    expect((await decode(render(menu), ['Aztec']))[0]?.text).toBe('MENU');
    expect(aztec('A', {}, ctx(2, 10, 12)).width % 3).toBe(0);
  });
});
