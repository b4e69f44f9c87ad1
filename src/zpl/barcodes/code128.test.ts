import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Orientation } from '../painter.ts';
import { encode } from './bwip.ts';
import { code128, code128Bars, modeNCodewords } from './code128.ts';
import { decode, elementWidths, initDecoder, render, sameDots, upright } from './test-decode.ts';
import type { BarcodeContext } from './types.ts';

const ctx = (w = 2, h = 60): BarcodeContext => ({
  by: { moduleWidth: w, ratio: 3, height: h },
  dpmm: 8,
});
const ORIENTATIONS: Orientation[] = ['N', 'R', 'I', 'B'];

beforeAll(async () => {
  const wasm = createRequire(import.meta.url).resolve('zxing-wasm/reader/zxing_reader.wasm');
  await initDecoder(readFileSync(wasm));
});

describe('^BC mode N codewords (guide Table 6)', () => {
  const values = (data: string): number[] => modeNCodewords(data, []).values;

  it('starts in subset B unless a start code leads', () => {
    expect(values('AB')).toEqual([104, 33, 34]);
    expect(values('>93334')).toEqual([103, 33, 34]);
    expect(values('>:ab')).toEqual([104, 65, 66]);
    expect(values('>;1234')).toEqual([105, 12, 34]);
  });

  it('stays in subset B for digits when no code says otherwise', () => {
    expect(values('1234')).toEqual([104, 17, 18, 19, 20]);
  });

  it('maps the invocation codes to their codeword values', () => {
    expect(values('>;12>6AB>512')).toEqual([105, 12, 100, 33, 34, 99, 12]);
    expect(values('>;12>73334')).toEqual([105, 12, 101, 33, 34]);
    expect(values('A><B>0')).toEqual([104, 33, 30, 34, 30]);
    expect(values('>;>80012')).toEqual([105, 102, 0, 12]);
    expect(values('a>4\u0001b')).toEqual([104, 65, 98, 65, 66]);
    // >6 in subset B is FNC4 (value 100) and keeps subset B.
    expect(values('A>6B')).toEqual([104, 33, 100, 34]);
  });

  it('reads subset A as digit pairs, each the value of one character (guide, ^BC)', () => {
    // C 38 24 36, CODE B, "CODE128", CODE A, then 52 37 51 52: "TEST" in subset A.
    const cw = modeNCodewords('>;382436>6CODE128>752375152', []);
    expect(cw.values).toEqual([
      105, 38, 24, 36, 100, 35, 47, 36, 37, 17, 18, 24, 101, 52, 37, 51, 52,
    ]);
    expect(cw.human).toBe('382436CODE128TEST');
    // The same pair rules as subset C; a SHIFT takes one character of B as it is.
    const w: string[] = [];
    expect(modeNCodewords('>9X331A34>4a', w).values).toEqual([103, 33, 34, 98, 65]);
    expect(w).toHaveLength(2);
  });

  it('applies the subset C digit-pair rules', () => {
    const w: string[] = [];
    expect(modeNCodewords('>;X1234', w).values).toEqual([105, 12, 34]); // non-integer first: ignored
    expect(modeNCodewords('>;121A34', w).values).toEqual([105, 12, 34]); // non-integer second: pair dropped
    expect(modeNCodewords('>;123>6A', w).values).toEqual([105, 12, 100, 33]); // unpaired digit before shift
    expect(w).toHaveLength(3);
  });
});

describe('^BC mode N bars', () => {
  it('are the bars BWIPP draws for the same codewords, check character and stop included', () => {
    const datas = [
      'PB10001',
      '>;12345678',
      '>:ABC>5123',
      '>9AB>4cd',
      'a',
      '>;>800123>6x_y',
      '~`{|}',
    ];
    // Every value 0–102 at least once, in subsets B and C, then the data above.
    const sequences = [
      [104, ...Array.from({ length: 103 }, (_, v) => v)],
      [105, ...Array.from({ length: 103 }, (_, v) => 102 - v)],
      ...datas.map((data) => modeNCodewords(data, []).values),
    ];
    for (const values of sequences) {
      const bwipp = encode(
        'code128',
        values.map((v) => `^${String(v).padStart(3, '0')}`).join(''),
        {
          raw: true,
        },
      );
      expect(bwipp.ok && bwipp.encoding.kind === 'linear' && bwipp.encoding.sbs).toEqual(
        code128Bars(values),
      );
    }
  });
});

describe('^BC drawing', () => {
  it('decodes as Code 128 in every orientation, rotated exactly', async () => {
    const layout = code128('Packbench-42', {}, ctx(2));
    const n = render(layout, 'N');
    for (const o of ORIENTATIONS) {
      const bmp = render(layout, o);
      expect(sameDots(upright(bmp, o), n)).toBe(true);
      const [result] = await decode(bmp, ['Code128']);
      expect(result?.format).toBe('Code128');
      expect(result?.text).toBe('Packbench-42');
    }
  });

  it('draws every bar 1 to 4 modules wide and the whole symbol 11 modules a character + 13', async () => {
    for (const w of [1, 2, 3, 4, 7]) {
      const data = 'ZPL 128';
      const layout = code128(data, { line: false }, ctx(w, 40));
      const bmp = render(layout);
      const widths = elementWidths(bmp, 60);
      for (const e of widths) expect([w, 2 * w, 3 * w, 4 * w]).toContain(e);
      // start + 7 data + check, 11 modules each, and the 13-module stop.
      expect(widths.reduce((a, b) => a + b, 0)).toBe((11 * (1 + data.length + 1) + 13) * w);
      expect(layout.symbol).toEqual({ x: 0, y: 0, width: (11 * 9 + 13) * w, height: 40 });
      expect(layout.height).toBe(40);
      const [result] = await decode(bmp, ['Code128']);
      expect(result?.text).toBe(data);
    }
  });

  it('puts the interpretation line below or above the bars', () => {
    // 6 dots between bars and line below, 8 above, at 8 dots/mm (as Labelary leaves them).
    const below = code128('ABC', { height: 50 }, ctx(2));
    expect(below.text).toEqual([
      {
        text: 'ABC',
        x: 0,
        y: 56,
        width: below.width,
        height: 18,
        charWidth: 10,
        align: 'center',
        font: 'A',
      },
    ]);
    expect(below.height).toBe(50 + 6 + 18);
    expect(below.symbol.y).toBe(0);
    const above = code128(
      'ABC',
      { height: 50, lineAbove: true },
      { ...ctx(2), font: { height: 30, width: 20 } },
    );
    expect(above.text[0]).toMatchObject({ y: 0, height: 30, font: 'field' });
    expect(above.symbol.y).toBe(30 + 8);
    expect(code128('ABC', { line: false }, ctx()).text).toEqual([]);
  });

  it('encodes explicit subsets exactly: >;12345678 is 4 pairs in C', async () => {
    const layout = code128('>;12345678', { line: false }, ctx(1, 30));
    expect(layout.symbol.width).toBe(11 * (1 + 4 + 1) + 13);
    const [result] = await decode(render(layout), ['Code128']);
    expect(result?.text).toBe('12345678');
  });

  it('adds no UCC check digit to data with letters, as Labelary prints it', () => {
    const plain = code128('PX6719400000', {}, ctx(1, 40));
    expect(code128('PX6719400000', { uccCheckDigit: true }, ctx(1, 40)).width).toBe(plain.width);
    expect(code128('6719400000', { uccCheckDigit: true }, ctx(1, 40)).width).toBeGreaterThan(
      code128('6719400000', {}, ctx(1, 40)).width,
    );
  });

  it('appends the UCC mod 10 check digit with e = Y (guide example)', async () => {
    // ^BY4^BCN,256,Y,N,Y,N^FD>;>80012345123451234512: 19 digits + check = 10 pairs in C.
    const layout = code128('>;>80012345123451234512', { uccCheckDigit: true }, ctx(1, 40));
    expect(layout.symbol.width).toBe(11 * (1 + 1 + 10 + 1) + 13);
    const [result] = await decode(render(layout), ['Code128']);
    expect(result?.symbologyIdentifier).toBe(']C1');
    expect(result?.text).toBe('00123451234512345120');
    expect(layout.text[0]?.text).toBe('00123451234512345120');
  });

  it('mode U: 19 digits, FNC1, check digit', async () => {
    const layout = code128('0012345123451234512', { mode: 'U' }, ctx(1, 40));
    const [result] = await decode(render(layout), ['Code128']);
    expect(result?.symbologyIdentifier).toBe(']C1');
    expect(result?.text).toBe('00123451234512345120');
    expect(layout.text[0]?.text).toBe('(00)123451234512345120');
    expect(code128('123', { mode: 'U' }, ctx()).warnings.join()).toMatch(/19 digits, got 3/);
  });

  it('mode D: GS1-128 with FNC1, parentheses only in the interpretation line', async () => {
    const layout = code128('(00)10084423 7449200940', { mode: 'D' }, ctx(1, 40));
    const [result] = await decode(render(layout), ['Code128']);
    expect(result?.symbologyIdentifier).toBe(']C1');
    expect(result?.text).toBe('00100844237449200940');
    expect(layout.text[0]?.text).toBe('(00)10084423 7449200940');
  });

  it('mode D: chained AIs separated by >8, check digits computed when one short', async () => {
    const layout = code128('(01)0950110153000>8(10)ABC12>8(21)77', { mode: 'D' }, ctx(1, 40));
    const [result] = await decode(render(layout), ['Code128']);
    expect(result?.symbologyIdentifier).toBe(']C1');
    expect(result?.text).toBe('0109501101530003\u001d10ABC12\u001d2177');
    expect(layout.text[0]?.text).toBe('(01)09501101530003(10)ABC12(21)77');
  });

  it('mode A picks subsets itself and keeps >8 as FNC1', async () => {
    const layout = code128('>80204017773003486100008535>8910001', { mode: 'A' }, ctx(1, 40));
    const [result] = await decode(render(layout), ['Code128']);
    expect(result?.symbologyIdentifier).toBe(']C1');
    expect(result?.text).toBe('0204017773003486100008535\u001d910001');
  });

  it('mode A prints a subset code (">;") as data, as Labelary does', async () => {
    const digits = '9632080400200044387502171053828143';
    const auto = code128(`>;${digits}`, { mode: 'A' }, ctx(1, 40));
    const [result] = await decode(render(auto), ['Code128']);
    expect(result?.text).toBe(`>;${digits}`);
    // Three characters wider than mode N's reading (">;" and a switch to subset C).
    expect(auto.width - code128(`>;${digits}`, {}, ctx(1, 40)).width).toBe(33);
  });

  it('reports characters a subset cannot hold and draws the rest', () => {
    const layout = code128('>9ab3334', {}, ctx());
    expect(layout.warnings.join()).toMatch(/cannot encode "a"/);
    expect(code128('', {}, ctx()).width).toBe(0);
  });
});
