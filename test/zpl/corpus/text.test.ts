import { describe, expect, it } from 'vitest';
import { inkBox, ocr } from '../../support/zpl-check/index.ts';
import { inkLines, one, sameDots, upright, type Turn } from './corpus.ts';

// Text: font 0 and the bitmap fonts A–H, ^A@, every orientation, ^FB and ^TB. Sizes come from
// the guide's font matrix table (6/8 dot/mm printheads; "Intercharacter Gap and Baseline
// Parameters"): matrix height × width, the blank dots after each character, and the
// baseline. A bitmap font's h and w pick whole magnifications of that matrix.
//
//   font  matrix  gap  baseline        font  matrix  gap  baseline
//   A     9 × 5    1    7              E     28 × 15   5   23
//   B     11 × 7   2   11              F     26 × 13   3   21
//   C, D  18 × 10  2   14              G     60 × 40   8   48
//                                      H     21 × 13   6   21

const WIDE = { widthMm: 100, heightMm: 40 }; // 800 × 320 dots

const MATRIX = {
  A: { height: 9, width: 5, gap: 1, baseline: 7 },
  B: { height: 11, width: 7, gap: 2, baseline: 11 },
  C: { height: 18, width: 10, gap: 2, baseline: 14 },
  D: { height: 18, width: 10, gap: 2, baseline: 14 },
  E: { height: 28, width: 15, gap: 5, baseline: 23 },
  F: { height: 26, width: 13, gap: 3, baseline: 21 },
  G: { height: 60, width: 40, gap: 8, baseline: 48 },
  H: { height: 21, width: 13, gap: 6, baseline: 21 },
} as const;

describe('^A0: the scalable font', () => {
  const ink = (size: string, data = 'HHHHHHHHHH') =>
    inkBox(one(`^XA^FO10,10^A0N,${size}^FD${data}^FS^XZ`, WIDE).bitmap);

  it('scales height and width independently', () => {
    const tall = ink('100,50');
    const square = ink('100,100');
    const flat = ink('50,100');
    // Same h: same height; twice the w: twice the width (within a dot per character).
    expect(tall?.height).toBe(square?.height);
    expect(Math.abs((square?.width ?? 0) - 2 * (tall?.width ?? 0))).toBeLessThanOrEqual(10);
    // Same w: same width; half the h: half the height (within a dot).
    expect(Math.abs((flat?.width ?? 0) - (square?.width ?? 0))).toBeLessThanOrEqual(2);
    expect(Math.abs((flat?.height ?? 0) - (square?.height ?? 0) / 2)).toBeLessThanOrEqual(1);
  });

  it('sits capitals on the baseline, 3/4 of the cell down from ^FO', () => {
    // "The baseline is 3/4 down from the top of the cell": an 80-dot cell has it at 60.
    const h = ink('80,60', 'H');
    expect((h?.y ?? 0) + (h?.height ?? 0)).toBe(10 + 60);
    // ^FT puts that baseline on its y.
    const ft = inkBox(one('^XA^FT10,100^A0N,80,60^FDH^FS^XZ', WIDE).bitmap);
    expect((ft?.y ?? 0) + (ft?.height ?? 0)).toBe(100);
  });

  it('reads back as written, narrow and wide', async () => {
    const label = one(
      '^XA^FO20,20^A0N,80,40^FDPACKBENCH 4711^FS^FO20,150^A0N,50,90^FDPB-42^FS^XZ',
      WIDE,
    );
    expect(await ocr(label.bitmap, { region: { x: 0, y: 0, width: 800, height: 110 } })).toBe(
      'PACKBENCH 4711',
    );
    // Font 0's hyphen is a wide dash with room either side, as the reference prints it
    // (fields.test.ts): it reads as a dash between spaces.
    expect(await ocr(label.bitmap, { region: { x: 0, y: 130, width: 800, height: 90 } })).toMatch(
      /^PB ?[-–—] ?42$/,
    );
  });

  it('^A@ names a font we do not have: it prints in font 0 and says so', () => {
    const named = one('^XA\n^FO20,20^A@N,60,50,E:ARIAL.TTF^FDPACK 42^FS^XZ', WIDE);
    const zero = one('^XA\n^FO20,20^A0N,60,50^FDPACK 42^FS^XZ', WIDE);
    expect(sameDots(named.bitmap, zero.bitmap)).toBe(true);
    expect(named.warnings.map((w) => [w.command, w.line, w.column])).toEqual([['A@', 2, 9]]);
  });
});

describe('fonts P–V: the scalable font at preset sizes', () => {
  // The guide's matrix table: P 20 × 18, Q 28 × 24, R 35 × 31, S 40 × 35, T 48 × 42,
  // U 59 × 53, V 80 × 71 dots, drawn in the smooth font.
  it.each([
    ['P', 20, 18],
    ['Q', 28, 24],
    ['R', 35, 31],
    ['S', 40, 35],
    ['T', 48, 42],
    ['U', 59, 53],
    ['V', 80, 71],
  ] as const)('^A%sN prints as ^A0N,%i,%i', (font, h, w) => {
    const preset = one(`^XA^FO10,10^A${font}N^FDPACK 42^FS^XZ`, WIDE);
    expect(preset.warnings).toEqual([]);
    expect(
      sameDots(preset.bitmap, one(`^XA^FO10,10^A0N,${h},${w}^FDPACK 42^FS^XZ`, WIDE).bitmap),
    ).toBe(true);
    const capital = inkBox(one(`^XA^FO10,10^A${font}N^FDH^FS^XZ`, WIDE).bitmap);
    expect((capital?.y ?? 0) + (capital?.height ?? 0)).toBe(10 + Math.floor((3 * h) / 4));
  });
});

describe('bitmap fonts A–H', () => {
  const measure = (font: string, size = '') => {
    const draw = (data: string) =>
      inkBox(one(`^XA^FO10,10^A${font}N${size}^FD${data}^FS^XZ`, WIDE).bitmap);
    const single = draw('H');
    const ten = draw('HHHHHHHHHH');
    // Nine advances separate the first H from the tenth.
    return { single, pitch: ((ten?.width ?? 0) - (single?.width ?? 0)) / 9 };
  };

  it.each(Object.entries(MATRIX))(
    'font %s advances matrix width + gap per character and stays inside its cell',
    (font, m) => {
      const { single, pitch } = measure(font);
      expect(pitch).toBe(m.width + m.gap);
      // ^FO is the top-left of the cell: an H starts on the cell's left and ends on the
      // baseline or above it.
      expect(single?.x).toBe(10);
      expect(single?.width).toBeLessThanOrEqual(m.width);
      expect((single?.y ?? 0) + (single?.height ?? 0)).toBeLessThanOrEqual(10 + m.baseline);
      expect(single?.y).toBeGreaterThanOrEqual(10);
    },
  );

  it('magnifies by whole multiples: ^ADN,36,20 is D twice over, ^AD,52 prints as ^AD,54', () => {
    const twice = measure('D', ',36,20');
    expect(twice.pitch).toBe(2 * (10 + 2));
    expect(twice.single?.height).toBeLessThanOrEqual(2 * 14);
    // Height and width magnify apart: ^AAN,27,5 is A three times as tall, as wide as ever.
    const tall = measure('A', ',27,5');
    expect(tall.pitch).toBe(5 + 1);
    expect(tall.single?.height).toBe(3 * (measure('A').single?.height ?? 0));
    const at52 = one('^XA^FO10,10^ADN,52^FDHE 42^FS^XZ', WIDE).bitmap;
    const at54 = one('^XA^FO10,10^ADN,54^FDHE 42^FS^XZ', WIDE).bitmap;
    expect(sameDots(at52, at54)).toBe(true);
  });

  it('reads back as written (D magnified, and the OCR-B font E)', async () => {
    const label = one(
      '^XA^FO20,20^ADN,54,30^FDORDER 42^FS^FO20,120^AEN,56,30^FDLOT 7781^FS^XZ',
      WIDE,
    );
    expect(await ocr(label.bitmap, { region: { x: 0, y: 0, width: 800, height: 90 } })).toBe(
      'ORDER 42',
    );
    expect(await ocr(label.bitmap, { region: { x: 0, y: 110, width: 800, height: 80 } })).toBe(
      'LOT 7781',
    );
  });
});

describe('orientations N, R, I, B', () => {
  // Font D, "HE": cell 18 high, 10 wide + 2 gap, capitals 14 high (the baseline). Ink of H, gap,
  // E: 22 × 14 upright. Turned, the same ink lies as the guide's pictures show.
  const at = (kind: 'FO' | 'FT', o: Turn) =>
    inkBox(one(`^XA^${kind}50,60^AD${o}^FDHE^FS^XZ`, WIDE).bitmap);

  it('^FO is the top-left of the turned cell', () => {
    expect(at('FO', 'N')).toEqual({ x: 50, y: 60, width: 22, height: 14 });
    // R: the cell (18 wide) stands to the right of x = 50, capitals' tops to the right, so the
    // 4 descender dots come first; the text runs down.
    expect(at('FO', 'R')).toEqual({ x: 54, y: 60, width: 14, height: 22 });
    // I: the 24-dot advance runs right to left, so the trailing gap (2) is on the left; the
    // descender rows (4) are on top.
    expect(at('FO', 'I')).toEqual({ x: 52, y: 64, width: 22, height: 14 });
    // B: tops to the left, text running up from the bottom of its 24 dots.
    expect(at('FO', 'B')).toEqual({ x: 50, y: 62, width: 14, height: 22 });
  });

  it('^FT is where the first character sits on its baseline, turned with the text', () => {
    expect(at('FT', 'N')).toEqual({ x: 50, y: 46, width: 22, height: 14 });
    expect(at('FT', 'R')).toEqual({ x: 50, y: 60, width: 14, height: 22 });
    expect(at('FT', 'I')).toEqual({ x: 28, y: 60, width: 22, height: 14 });
    expect(at('FT', 'B')).toEqual({ x: 36, y: 38, width: 14, height: 22 });
  });

  it.each(['N', 'R', 'I', 'B'] as const)(
    'font 0 in %s reads as written once turned back',
    async (o) => {
      const label = one(`^XA^FO40,40^A0${o},60,50^FDPACK 42^FS^XZ`, { widthMm: 60, heightMm: 60 });
      const ink = inkBox(label.bitmap);
      const upright0 = inkBox(one('^XA^FO40,40^A0N,60,50^FDPACK 42^FS^XZ', WIDE).bitmap);
      const sideways = o === 'R' || o === 'B';
      expect([ink?.width, ink?.height]).toEqual(
        sideways ? [upright0?.height, upright0?.width] : [upright0?.width, upright0?.height],
      );
      expect(await ocr(upright(label.bitmap, o))).toBe('PACK 42');
    },
  );
});

describe('^FB field blocks', () => {
  // Font D (pitch 12, cell 18, capitals 14) in a 240-dot block at x = 20. "HH" is 22 dots of ink
  // (24 with its trailing gap); a space is one more pitch.
  const block = (params: string, data: string) =>
    inkLines(one(`^XA^FO20,20^FB${params}^ADN^FD${data}^FS^XZ`, WIDE).bitmap);
  const words = Array.from({ length: 10 }, () => 'HH').join(' ');

  it('wraps at word breaks within its width; L puts every line at the left', () => {
    // 7 words take 7 × 24 + 6 × 12 = 240 dots: the first line; 3 words on the second.
    expect(block('240,3,0,L', words)).toEqual([
      { x: 20, y: 20, width: 238, height: 14 },
      { x: 20, y: 38, width: 94, height: 14 },
    ]);
  });

  it('R ends each line at the right edge, C centres it, J stretches all but the last', () => {
    const right = block('240,3,0,R', words);
    const centred = block('240,3,0,C', words);
    const justified = block('240,3,0,J', words);
    // The right edge is x = 260; a bitmap font's trailing gap (2 dots) may or may not count.
    for (const line of right) expect(260 - (line.x + line.width)).toBeOneOf([0, 1, 2]);
    const second = centred[1];
    const middle = (second?.x ?? 0) + (second?.width ?? 0) / 2;
    expect(Math.abs(middle - 140)).toBeLessThanOrEqual(2);
    expect(right[1]?.x).toBeGreaterThan(centred[1]?.x ?? Infinity);
    // J: the first line fills the block, the last stays left.
    expect(justified[0]?.x).toBe(20);
    expect(260 - ((justified[0]?.x ?? 0) + (justified[0]?.width ?? 0))).toBeOneOf([0, 1, 2]);
    expect(justified[1]).toEqual({ x: 20, y: 38, width: 94, height: 14 });
  });

  it('breaks at \\& and adds the line spacing between lines', () => {
    // 18-dot lines + 10 dots spacing: tops at 20, 48, 76.
    expect(block('240,3,10,L', 'HH\\&HHHH\\&H')).toEqual([
      { x: 20, y: 20, width: 22, height: 14 },
      { x: 20, y: 48, width: 46, height: 14 },
      { x: 20, y: 76, width: 10, height: 14 },
    ]);
  });

  it('prints text beyond its last line over that line', () => {
    // Three lines of text in a two-line block: HHHHHHHH lands on top of EEEE.
    expect(block('240,2,0,L', 'HH\\&EEEE\\&HHHHHHHH')).toEqual([
      { x: 20, y: 20, width: 22, height: 14 },
      { x: 20, y: 38, width: 94, height: 14 },
    ]);
  });

  it('indents every line after the first by the hanging indent', () => {
    expect(block('240,3,0,L,36', words)[1]?.x).toBe(20 + 36);
  });

  it('reads back as two lines in font 0', async () => {
    const label = one('^XA^FO20,20^FB500,2,10,L^A0N,60,50^FDSHIP TO\\&PACKBENCH^FS^XZ', WIDE);
    expect(await ocr(label.bitmap, { psm: 6 })).toBe('SHIP TO\nPACKBENCH');
  });
});

describe('^TB text blocks', () => {
  it('wraps within its width and cuts what does not fit its height', () => {
    // 100 dots hold 8 pitches of 12: "HHH HHH" (7) per line; 40 dots hold two 18-dot lines.
    const lines = inkLines(
      one('^XA^FO20,20^TBN,100,40^ADN^FDHHH HHH HHH HHH HHH^FS^XZ', WIDE).bitmap,
    );
    expect(lines).toEqual([
      { x: 20, y: 20, width: 82, height: 14 },
      { x: 20, y: 38, width: 82, height: 14 },
    ]);
  });

  it('turns with its own orientation', async () => {
    const label = one('^XA^FO40,20^TBR,400,70^A0,60,50^FDPACK 42^FS^XZ', {
      widthMm: 40,
      heightMm: 60,
    });
    expect(await ocr(upright(label.bitmap, 'R'))).toBe('PACK 42');
  });
});
