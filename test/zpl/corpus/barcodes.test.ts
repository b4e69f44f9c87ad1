import { describe, expect, it } from 'vitest';
import {
  decodeBarcodes,
  inkBox,
  ocr,
  runsInColumn,
  runsInRow,
} from '../../support/zpl-check/index.ts';
import {
  blackRuns,
  columnSpan,
  elementWidths,
  elementWidthsDown,
  mod10,
  one,
  rowSpan,
} from './corpus.ts';

// Bar codes, each read back by zxing (text and symbology) and measured in dots. Widths come
// from each symbology's own structure (characters × modules, worked out in the comments), times
// the ^BY module width; ZPL draws no quiet zone, so the first bar is at the field origin.

const STOCK = { widthMm: 80, heightMm: 40 }; // 640 × 320 dots
const read = async (zpl: string, stock = STOCK) => {
  const label = one(zpl, stock);
  const found = await decodeBarcodes(label.bitmap);
  return { label, found: found.map((b) => [b.format, b.text, b.symbologyIdentifier]) };
};

describe('^BC Code 128', () => {
  // Every symbol: start (11 modules), one 11-module character per codeword, the check (11) and
  // the stop (13). At ^BY2 each module is 2 dots; bars and spaces are 1–4 modules: 2, 4, 6, 8.
  const width = (codewords: number) => 2 * (11 + 11 * codewords + 11 + 13);

  it.each([
    // mode N, no start code: subset B, one codeword per character
    ['N', '12345678', '12345678', ']C0', 8],
    // >; starts subset C: digit pairs
    ['N', '>;12345678', '12345678', ']C0', 4],
    // >9 starts subset A, which takes digit pairs, each a character's value (33 A, 34 B);
    // >: starts subset B
    ['N', '>93334', 'AB', ']C0', 2],
    ['N', '>:AB', 'AB', ']C0', 2],
    // in A, >5 is CODE C; in C, >6 is CODE B: A B [C] 12 [B] c d
    ['N', '>93334>512>6cd', 'AB12cd', ']C0', 7],
    // from C, >7 is CODE A, whose digit pairs 52 37 51 52 are T E S T
    ['N', '>;1234>752375152', '1234TEST', ']C0', 7],
    // >8 is FNC1: first in the symbol it makes a GS1-128 (zxing: ]C1); 16 digits in C = 8
    ['N', '>;>80109501101530003', '0109501101530003', ']C1', 9],
    // mode A: the printer picks subsets; six digits go to C: A B [C] 12 34 56 [B] C D
    ['A', 'AB123456CD', 'AB123456CD', ']C0', 9],
    // the same data in mode N stays in B: ten codewords
    ['N', 'AB123456CD', 'AB123456CD', ']C0', 10],
    // mode D: GS1 with the parentheses taken out: FNC1 + 8 digit pairs
    ['D', '(01)09501101530003', '0109501101530003', ']C1', 9],
  ] as const)('mode %s %s reads %s (%s), %i codewords wide', async (mode, data, text, id, n) => {
    const { label, found } = await read(`^XA^BY2^FO20,20^BCN,80,N,N,N,${mode}^FD${data}^FS^XZ`);
    expect(found).toEqual([['Code128', text, id]]);
    expect(inkBox(label.bitmap)).toEqual({ x: 20, y: 20, width: width(n), height: 80 });
    const { bars, spaces } = elementWidths(label.bitmap, 60);
    for (const w of [...bars, ...spaces]) expect([2, 4, 6, 8]).toContain(w);
  });

  it('mode U: 19 digits, FNC1, and the mod-10 check digit the printer adds', async () => {
    const digits = '0012345678901234567';
    const { label, found } = await read(`^XA^BY2^FO20,20^BCN,80,N,N,N,U^FD${digits}^FS^XZ`);
    expect(found).toEqual([['Code128', digits + mod10(digits), ']C1']]);
    // Start C, FNC1, 10 digit pairs, check, stop: 13 × 11 + 13 modules.
    expect(inkBox(label.bitmap)?.width).toBe(2 * (13 * 11 + 13));
  });

  it('prints the interpretation line below, above, or not at all', async () => {
    const at = (f: string, g: string) =>
      one(`^XA^BY3^FO20,80^A0N,40,30^BCN,80,${f},${g}^FDPB12345^FS^XZ`, STOCK).bitmap;
    const below = at('Y', 'N');
    const above = at('Y', 'Y');
    const none = at('N', 'N');
    // The first bar (a 2-module bar of the start character, 6 dots) is 80 dots tall, and ^FO
    // is its top whatever the line does: a line above prints above the origin, as Labelary
    // draws it (position.test.ts).
    const firstBar = (b: typeof below) =>
      blackRuns(runsInColumn(b, 21)).map((r) => [r.start, r.length]);
    expect(firstBar(below)).toEqual([[80, 80]]);
    expect(firstBar(none)).toEqual([[80, 80]]);
    expect(firstBar(above)).toEqual([[80, 80]]);
    expect(inkBox(none)).toMatchObject({ y: 80, height: 80 });
    // Below: text under the bars; above: text over them, nothing under.
    expect(inkBox(below, { x: 0, y: 160, width: 640, height: 160 })).not.toBeNull();
    expect(inkBox(above, { x: 0, y: 160, width: 640, height: 160 })).toBeNull();
    expect(inkBox(above, { x: 0, y: 0, width: 640, height: 80 })).not.toBeNull();
    expect(
      await ocr(below, {
        region: { x: 0, y: 160, width: 640, height: 60 },
        whitelist: 'PB0123456789',
      }),
    ).toBe('PB12345');
    expect(
      await ocr(above, {
        region: { x: 0, y: 0, width: 640, height: 80 },
        whitelist: 'PB0123456789',
      }),
    ).toBe('PB12345');
    for (const b of [below, above, none]) {
      expect((await decodeBarcodes(b)).map((d) => d.text)).toEqual(['PB12345']);
    }
  });
});

describe('^FT for bar codes', () => {
  it('is the bottom-left of the bars, with the interpretation line below or above', () => {
    // "origin is at base of bar code, even when an interpretation is present below the bar
    // code, or if the bar code has an interpretation line above": bars from y = 120 to 199.
    for (const g of ['N', 'Y']) {
      const label = one(`^XA^BY2^FT40,200^BCN,80,Y,${g}^FDPB-10001^FS^XZ`, STOCK);
      expect(columnSpan(label.bitmap, 41)).toEqual({ start: 120, end: 200, width: 80 });
      expect(rowSpan(label.bitmap, 150)?.start).toBe(40);
    }
  });
});

describe('linear symbologies', () => {
  it('^B3 Code 39: narrow and wide from ^BY, the mod-43 check digit when asked', async () => {
    // ^BY2,3: narrow 2, wide 6. A character is 3 wide + 6 narrow elements (30 dots) and a
    // narrow gap; *PB39* is 6 characters: 6 × 30 + 5 × 2 = 190.
    const plain = await read('^XA^BY2,3^FO20,20^B3N,N,80,N^FDPB39^FS^XZ');
    expect(plain.found).toEqual([['Code39', 'PB39', ']A0']]);
    expect(rowSpan(plain.label.bitmap, 60)?.width).toBe(190);
    expect(elementWidths(plain.label.bitmap, 60)).toEqual({ bars: [2, 6], spaces: [2, 6] });
    // Check digit: P 25 + B 11 + 3 + 9 = 48, mod 43 = 5 → "5", one character more.
    const checked = await read('^XA^BY2,3^FO20,20^B3N,Y,80,N^FDPB39^FS^XZ');
    expect(checked.found).toEqual([['Code39', 'PB395', ']A1']]);
    expect(rowSpan(checked.label.bitmap, 60)?.width).toBe(190 + 32);
  });

  it('^BA Code 93: (characters + 4) × 9 + 1 modules', async () => {
    // start, P B 9 3, check C, check K, stop: 8 × 9 + the termination bar = 73 modules.
    const { label, found } = await read('^XA^BY2^FO20,20^BAN,80,N^FDPB93^FS^XZ');
    expect(found).toEqual([['Code93', 'PB93', ']G0']]);
    expect(rowSpan(label.bitmap, 60)?.width).toBe(2 * 73);
    for (const w of elementWidths(label.bitmap, 60).bars) expect([2, 4, 6, 8]).toContain(w);
  });

  it.each([
    // start 4 narrow, 5 pairs of (2 wide + 3 narrow) × 2, stop wide + 2 narrow
    ['3', 6, 4 * 2 + 5 * 2 * (2 * 6 + 3 * 2) + (6 + 2 + 2)],
    ['2.5', 5, 4 * 2 + 5 * 2 * (2 * 5 + 3 * 2) + (5 + 2 + 2)],
  ])(
    '^B2 Interleaved 2 of 5 at ratio %s: wide %i dots, %i dots in all',
    async (ratio, wide, total) => {
      const { label, found } = await read(`^XA^BY2,${ratio}^FO20,20^B2N,80,N^FD1234567890^FS^XZ`);
      expect(found).toEqual([['ITF', '1234567890', ']I0']]);
      expect(rowSpan(label.bitmap, 60)?.width).toBe(total);
      expect(elementWidths(label.bitmap, 60)).toEqual({ bars: [2, wide], spaces: [2, wide] });
    },
  );

  it('^BE EAN-13: 95 modules, the check digit computed', async () => {
    const data = '590123412345';
    const { label, found } = await read(`^XA^BY2^FO20,20^BEN,80,N^FD${data}^FS^XZ`);
    expect(found).toEqual([['EAN13', data + mod10(data), ']E0']]);
    expect(rowSpan(label.bitmap, 60)).toEqual({ start: 20, end: 20 + 190, width: 190 });
  });

  it('^BE turned: the field turns about the bars, the guards reach past its origin', async () => {
    // Labelary: ^FO100,50 ^BER,80 puts the bars at x 100…179 and the guards' 13-dot descent
    // (6.5 modules at ^BY2) left of the origin; ^BEI puts it above. N and B start at the origin.
    const box = (o: string) =>
      inkBox(
        one(`^XA^BY2^FO100,50^BE${o},80,N,N^FD590123412345^FS^XZ`, { widthMm: 50, heightMm: 50 })
          .bitmap,
      );
    expect(box('N')).toEqual({ x: 100, y: 50, width: 190, height: 80 + 13 });
    expect(box('R')).toEqual({ x: 100 - 13, y: 50, width: 80 + 13, height: 190 });
    expect(box('I')).toEqual({ x: 100, y: 50 - 13, width: 190, height: 80 + 13 });
    expect(box('B')).toEqual({ x: 100, y: 50, width: 80 + 13, height: 190 });
    const { found } = await read(`^XA^BY2^FO100,50^BER,80,N,N^FD590123412345^FS^XZ`, {
      widthMm: 50,
      heightMm: 50,
    });
    expect(found).toEqual([['EAN13', '5901234123457', ']E0']]);
  });

  it('^B8 EAN-8: 67 modules', async () => {
    const data = '9638507';
    const { label, found } = await read(`^XA^BY2^FO20,20^B8N,80,N^FD${data}^FS^XZ`);
    expect(found).toEqual([['EAN8', data + mod10(data), ']E4']]);
    expect(rowSpan(label.bitmap, 60)?.width).toBe(2 * 67);
  });

  it('^BU UPC-A: 95 modules, read as UPC-A', async () => {
    const data = '03600029145';
    const label = one(`^XA^BY2^FO20,20^BUN,80,N^FD${data}^FS^XZ`, STOCK);
    const found = await decodeBarcodes(label.bitmap, { formats: ['UPCA'] });
    // zxing gives UPC-A as the EAN-13 it is a subset of: a leading 0, then the 12 digits.
    expect(found.map((b) => [b.format, b.text])).toEqual([['UPCA', `0${data}${mod10(data)}`]]);
    expect(rowSpan(label.bitmap, 60)?.width).toBe(2 * 95);
  });
});

describe('^BY defaults', () => {
  it('module width, ratio and height stay in force for the fields that follow', async () => {
    // ^BY3,2,70: Code 39 narrow 3, wide 6; ^BC without h is 70 dots tall.
    const label = one('^XA^BY3,2,70^FO20,20^B3N,N,,N^FDAB^FS^FO20,150^BCN,,N^FDPB^FS^XZ', STOCK);
    expect(elementWidths(label.bitmap, 50)).toEqual({ bars: [3, 6], spaces: [3, 6] });
    expect(columnSpan(label.bitmap, 21, 0, 120)).toMatchObject({ start: 20, width: 70 });
    expect(columnSpan(label.bitmap, 21, 120, 320)).toMatchObject({ start: 150, width: 70 });
    for (const w of elementWidths(label.bitmap, 180).bars) expect([3, 6, 9, 12]).toContain(w);
    expect((await decodeBarcodes(label.bitmap)).map((b) => [b.format, b.text])).toEqual([
      ['Code39', 'AB'],
      ['Code128', 'PB'],
    ]);
  });
});

describe('every rotation, read back and measured', () => {
  it.each(['N', 'R', 'I', 'B'] as const)('Code 128, Code 39 and EAN-13 in %s', async (o) => {
    const label = one(
      `^XA^BY2,3^FO40,40^B3${o},N,80,N^FDPB39^FS^FO300,40^BE${o},80,N^FD590123412345^FS` +
        `^FO40,350^BC${o},80,N^FDPB-10001^FS^XZ`,
      { widthMm: 80, heightMm: 80 },
    );
    const found = (await decodeBarcodes(label.bitmap)).map((b) => [b.format, b.text]).sort();
    expect(found).toEqual([
      ['Code128', 'PB-10001'],
      ['Code39', 'PB39'],
      ['EAN13', '5901234123457'],
    ]);
    // Across the bars (a row for N and I, a column for R and B): still 2 and 6 dots, 190 in all.
    const code39 = inkBox(label.bitmap, { x: 0, y: 0, width: 280, height: 320 });
    if (o === 'N' || o === 'I') {
      const y = (code39?.y ?? 0) + 40;
      expect(rowSpan(label.bitmap, y, 0, 280)?.width).toBe(190);
      expect(elementWidths(label.bitmap, y, 0, 280)).toEqual({ bars: [2, 6], spaces: [2, 6] });
    } else {
      const x = (code39?.x ?? 0) + 40;
      expect(columnSpan(label.bitmap, x, 0, 320)?.width).toBe(190);
      expect(elementWidthsDown(label.bitmap, x, 0, 320)).toEqual({ bars: [2, 6], spaces: [2, 6] });
      // The bars are 80 dots long, across the label.
      expect(code39?.width).toBe(80);
    }
  });

  it.each(['R', 'I', 'B'] as const)('PDF417, Data Matrix and Aztec in %s', async (o) => {
    const label = one(
      `^XA^BY2^FO30,30^B7${o},4,3^FDPACKBENCH 417^FS^FO30,450^BX${o},6,200^FDPACKBENCH DM^FS^FO300,450^BO${o},5^FDPACKBENCH AZ^FS^XZ`,
      { widthMm: 80, heightMm: 80 },
    );
    const found = (await decodeBarcodes(label.bitmap)).map((b) => [b.format, b.text]).sort();
    expect(found).toEqual([
      ['Aztec', 'PACKBENCH AZ'],
      ['DataMatrix', 'PACKBENCH DM'],
      ['PDF417', 'PACKBENCH 417'],
    ]);
  });
});

describe('^BQ QR Code', () => {
  // Size: 17 + 4 × version modules. "HELLO WORLD" (11 alphanumeric characters) fits version 1
  // at L, M and Q (capacities 25, 20, 16) but needs version 2 at H (capacity 10).
  it.each([
    ['L', 21],
    ['M', 21],
    ['Q', 21],
    ['H', 25],
  ])('error level %s: %i modules of 4 dots, finders 7 modules wide', async (level, modules) => {
    const { label, found } = await read(`^XA^FO20,20^BQN,2,4^FD${level}A,HELLO WORLD^FS^XZ`);
    expect(found).toEqual([['QRCode', 'HELLO WORLD', ']Q1']]);
    // A QR code sits the ^BY height (10 dots at power-up) below its ^FO, as Labelary draws it.
    expect(inkBox(label.bitmap)).toEqual({ x: 20, y: 30, width: 4 * modules, height: 4 * modules });
    // The top row of the top-left finder: 7 black modules, then a white one.
    expect(runsInRow(label.bitmap, 31, 20, 52)[0]).toEqual({
      color: 'black',
      start: 20,
      length: 28,
    });
  });

  it.each([
    ['automatic', 'MA,PB-10001 Box 3', 'PB-10001 Box 3'],
    ['manual numeric', 'MM,N0123456789012345', '0123456789012345'],
    ['manual alphanumeric', 'MM,AHELLO WORLD', 'HELLO WORLD'],
    ['manual bytes with a count', 'MM,B0005hello', 'hello'],
  ])('data mode %s', async (_, data, text) => {
    const { found } = await read(`^XA^FO20,20^BQN,2,4^FD${data}^FS^XZ`);
    expect(found).toEqual([['QRCode', text, ']Q1']]);
  });

  it('magnification sets the module in dots', async () => {
    for (const m of [2, 6]) {
      const { label, found } = await read(`^XA^FO20,20^BQN,2,${m}^FDLA,HELLO WORLD^FS^XZ`);
      expect(found.map((f) => f[1])).toEqual(['HELLO WORLD']);
      expect(inkBox(label.bitmap)).toMatchObject({ width: 21 * m, height: 21 * m });
    }
  });
});

describe('2D symbols', () => {
  it('^BX Data Matrix: h dots a module, the size the data needs or the one asked for', async () => {
    // "12345678": four digit-pair codewords, the 12 × 12 symbol (5 data codewords).
    const auto = await read('^XA^FO20,20^BXN,6,200^FD12345678^FS^XZ');
    expect(auto.found).toEqual([['DataMatrix', '12345678', ']d1']]);
    expect(inkBox(auto.label.bitmap)).toEqual({ x: 20, y: 20, width: 72, height: 72 });
    // The finder's solid left column and bottom row.
    expect(columnSpan(auto.label.bitmap, 20)).toEqual({ start: 20, end: 92, width: 72 });
    expect(blackRuns(runsInRow(auto.label.bitmap, 91))).toEqual([
      { color: 'black', start: 20, length: 72 },
    ]);
    // 18 × 18 when asked, 5 dots a module.
    const asked = await read('^XA^FO20,20^BXN,5,200,18,18^FDPACKBENCH^FS^XZ');
    expect(asked.found).toEqual([['DataMatrix', 'PACKBENCH', ']d1']]);
    expect(inkBox(asked.label.bitmap)).toEqual({ x: 20, y: 20, width: 90, height: 90 });
  });

  it('^B7 PDF417: 69 + 17 × columns modules across, rows × h dots down', async () => {
    // c = 3: start 17 + left indicator 17 + 3 × 17 + right indicator 17 + stop 18 = 120
    // modules of 2 dots. Rows are h dots as Labelary draws them (the guide's "h × module"
    // doubles FedEx's symbol): 6 dots × 10 rows = 60.
    const { label, found } = await read('^XA^BY2^FO20,20^B7N,6,3,3,10^FDPDF417 PACKBENCH^FS^XZ');
    expect(found).toEqual([['PDF417', 'PDF417 PACKBENCH', ']L2']]);
    expect(inkBox(label.bitmap)).toEqual({ x: 20, y: 20, width: 240, height: 60 });
    // The start pattern opens with a bar of 8 modules.
    expect(runsInRow(label.bitmap, 25, 20)[0]).toEqual({ color: 'black', start: 20, length: 16 });
  });

  it("^BO Aztec: m dots a module, the bull's-eye rings one module each", async () => {
    const { label, found } = await read('^XA^FO20,20^BON,5^FDPACKBENCH^FS^XZ');
    expect(found).toEqual([['Aztec', 'PACKBENCH', ']z0']]);
    const ink = inkBox(label.bitmap);
    const modules = (ink?.width ?? 0) / 5;
    expect(ink?.height).toBe(ink?.width);
    // Compact symbols are 15, 19, 23 or 27 modules; full-range ones from 19 up, by 4 (or 6).
    expect(Number.isInteger(modules) && modules >= 15 && modules % 2 === 1).toBe(true);
    // Across the centre: the centre module and the 4 rings each side, 5 dots each.
    const centre = (ink?.y ?? 0) + ((modules - 1) / 2) * 5 + 2;
    const middle = (ink?.x ?? 0) + ((modules - 1) / 2) * 5;
    const runs = runsInRow(label.bitmap, centre, middle - 20, middle + 25);
    expect(runs.map((r) => [r.color, r.length])).toEqual([
      ['black', 5],
      ['white', 5],
      ['black', 5],
      ['white', 5],
      ['black', 5],
      ['white', 5],
      ['black', 5],
      ['white', 5],
      ['black', 5],
    ]);
  });
});
