import { describe, expect, it } from 'vitest';
import { Bitmap } from '../../src/zpl/bitmap.ts';
import { loadFontsFromPackages } from '../../src/zpl/cli/fonts.ts';
import { ZplEngine, stockDots } from '../../src/zpl/engine.ts';
import { decodeBarcodes, inkBox, ocr, picture, runsInRow } from '../support/zpl-check/index.ts';

// The engine end to end, checked by tools that do not trust it: zxing reads the bar codes back
// (text and symbology), Tesseract reads the text, and dot counting measures boxes and bars.

const engine = new ZplEngine(loadFontsFromPackages());
const one = (zpl: string, stock = {}) => {
  const result = engine.render(zpl, stock);
  const label = result.labels[0];
  if (!label) throw new Error('no label rendered');
  return label;
};

describe('the stock', () => {
  it.each([
    [6, 610, 914],
    [8, 813, 1219],
    [12, 1219, 1829],
    [24, 2438, 3658],
  ] as const)('4×6 in at %i dots/mm is exactly %i × %i dots', (dpmm, width, height) => {
    expect(stockDots({ dpmm })).toEqual({ dpmm, width, height });
    const label = one('^XA^FO0,0^GB10,10,10^FS^XZ', { dpmm });
    expect([label.bitmap.width, label.bitmap.height]).toEqual([width, height]);
  });

  it('gives one picture per ^XA … ^XZ, in order', () => {
    const result = engine.render('^XA^FO10,10^GB5,5,5^FS^XZ\n^XA^FO20,20^GB5,5,5^FS^XZ');
    expect(result.labels.map((l) => l.index)).toEqual([1, 2]);
    expect(inkBox(result.labels[0]?.bitmap ?? new Bitmap(1, 1))).toEqual({
      x: 10,
      y: 10,
      width: 5,
      height: 5,
    });
    expect(inkBox(result.labels[1]?.bitmap ?? new Bitmap(1, 1))).toMatchObject({ x: 20, y: 20 });
  });

  it('cuts at ^PW, centred on the stock; a short ^LL cuts nothing (print-area.test.ts)', () => {
    const label = one('^XA^PW101^LL50^FO0,0^GB400,400,400^FS^XZ');
    expect(inkBox(label.bitmap)).toEqual({ x: 356, y: 0, width: 101, height: 400 });
  });
});

describe('positions', () => {
  it('adds ^LH to every field, shifts with ^LS and ^LT', () => {
    const box = '^FO10,20^GB4,4,4^FS';
    expect(inkBox(one(`^XA^LH30,40${box}^XZ`).bitmap)).toMatchObject({ x: 40, y: 60 });
    expect(inkBox(one(`^XA^LS5${box}^XZ`).bitmap)).toMatchObject({ x: 5, y: 20 });
    expect(inkBox(one(`^XA^LT7${box}^XZ`).bitmap)).toMatchObject({ x: 10, y: 27 });
  });

  it('^FT puts the first baseline at the origin, ^FO the top of the cell', () => {
    const fo = inkBox(one('^XA^FO100,100^A0N,50,50^FDH^FS^XZ').bitmap);
    const ft = inkBox(one('^XA^FT100,100^A0N,50,50^FDH^FS^XZ').bitmap);
    // An H sits on the baseline: ^FT's ink ends at y = 100.
    expect((ft?.y ?? 0) + (ft?.height ?? 0)).toBe(100);
    // ^FO: the cell's top at y = 100; an H's top is the cell's top within a dot.
    expect(Math.abs((fo?.y ?? 0) - 100)).toBeLessThanOrEqual(1);
  });

  it('^POI turns the whole label upside down', () => {
    const label = one('^XA^POI^FO0,0^GB10,10,10^FS^XZ', { widthMm: 10, heightMm: 10 });
    expect(inkBox(label.bitmap)).toEqual({ x: 70, y: 70, width: 10, height: 10 });
  });
});

describe('graphics', () => {
  it('^GB draws the outline the guide describes, exact to the dot', () => {
    const label = one('^XA^FO10,10^GB20,10,2^FS^XZ', { widthMm: 5, heightMm: 5 });
    expect(picture(label.bitmap, { x: 10, y: 10, width: 20, height: 10 })).toEqual([
      '####################',
      '####################',
      ...Array.from({ length: 6 }, () => '##................##'),
      '####################',
      '####################',
    ]);
  });

  it('^FR inverts what lies under the field, ^LR every field', () => {
    const zpl = '^FO0,0^GB20,20,20^FS^FO10,0^FR^GB20,20,20^FS';
    const label = one(`^XA${zpl}^XZ`, { widthMm: 5, heightMm: 5 });
    expect(runsInRow(label.bitmap, 5, 0, 40)).toEqual([
      { color: 'black', start: 0, length: 10 },
      { color: 'white', start: 10, length: 10 },
      { color: 'black', start: 20, length: 10 },
      { color: 'white', start: 30, length: 10 },
    ]);
  });

  it('^GF draws its bitmap bit for bit, in hex and in compressed ASCII alike', () => {
    const hex = one('^XA^FO5,5^GFA,4,4,2,F00F0FF0^FS^XZ', { widthMm: 5, heightMm: 5 });
    const packed = one('^XA^FO5,5^GFA,4,4,2,F00F0FF0^FS^XZ'.replace('F00F0FF0', 'FH0F0FF0'), {
      widthMm: 5,
      heightMm: 5,
    });
    expect(picture(hex.bitmap, { x: 5, y: 5, width: 16, height: 2 })).toEqual([
      '####........####',
      '....########....',
    ]);
    expect(packed.bitmap.data).toEqual(hex.bitmap.data);
  });

  it('recalls a ~DG image with ^XG, magnified', () => {
    const label = one('~DGR:LOGO.GRF,2,1,C3\n81^XA^FO10,10^XGR:LOGO.GRF,2,2^FS^XZ', {
      widthMm: 5,
      heightMm: 5,
    });
    expect(picture(label.bitmap, { x: 10, y: 10, width: 16, height: 4 })).toEqual([
      '####........####',
      '####........####',
      '##............##',
      '##............##',
    ]);
  });
});

describe('bar codes, read back by zxing', () => {
  it.each(['N', 'R', 'I', 'B'])('Code 128 reads in orientation %s', async (o) => {
    const label = one(`^XA^BY2^FO100,100^BC${o},100,Y,N,N^FDPB-10001^FS^XZ`);
    const found = await decodeBarcodes(label.bitmap);
    expect(found.map((b) => [b.format, b.text])).toEqual([['Code128', 'PB-10001']]);
  });

  it('QR, Data Matrix, PDF417, EAN-13 and Code 39 on one label, each read as itself', async () => {
    const label = one(
      [
        '^XA^BY2',
        '^FO40,40^BQN,2,5^FDQA,https://packbench.example/PB-1^FS',
        '^FO450,40^BXN,8,200^FDPACKBENCH-DM^FS',
        '^FO40,400^B7N,6,3^FDPDF417 PACKBENCH^FS',
        '^FO40,700^BEN,100,Y,N^FD590123412345^FS',
        '^FO40,950^B3N,N,100,Y,N^FDPB39^FS',
        '^XZ',
      ].join('\n'),
    );
    const found = (await decodeBarcodes(label.bitmap)).map((b) => [b.format, b.text]).sort();
    expect(found).toEqual(
      [
        ['QRCode', 'https://packbench.example/PB-1'],
        ['DataMatrix', 'PACKBENCH-DM'],
        ['PDF417', 'PDF417 PACKBENCH'],
        ['EAN13', '5901234123457'],
        ['Code39', 'PB39'],
      ].sort(),
    );
  });

  it('keeps ^BY module width exact: every Code 128 bar is 3, 6, 9 or 12 dots at ^BY3', () => {
    const label = one('^XA^BY3^FO50,50^BCN,80,N^FDPACKBENCH^FS^XZ');
    const bars = runsInRow(label.bitmap, 90).filter((r) => r.color === 'black');
    expect(bars.length).toBeGreaterThan(10);
    for (const bar of bars) expect([3, 6, 9, 12]).toContain(bar.length);
  });
});

describe('text, read back by Tesseract', () => {
  it('font 0 and a bitmap font read as written', async () => {
    const label = one(
      '^XA^FO20,20^A0N,60,50^FDSHIP TO 4711^FS^FO20,120^ADN,36,20^FDORDER 42^FS^XZ',
    );
    expect(await ocr(label.bitmap, { region: { x: 0, y: 0, width: 813, height: 100 } })).toBe(
      'SHIP TO 4711',
    );
    expect(await ocr(label.bitmap, { region: { x: 0, y: 110, width: 813, height: 80 } })).toBe(
      'ORDER 42',
    );
  });

  it('^FH escapes and ^CI28 give the characters of the field data', async () => {
    const escaped = one('^XA^CI28^FO20,20^A0N,60,50^FH^FDCAF_C3_89 N_C2_BA1^FS^XZ');
    const typed = one('^XA^CI28^FO20,20^A0N,60,50^FDCAFÉ Nº1^FS^XZ');
    const asCp850 = one('^XA^CI0^FO20,20^A0N,60,50^FH^FDCAF_C3_89 N_C2_BA1^FS^XZ');
    expect(escaped.bitmap.data).toEqual(typed.bitmap.data);
    expect(escaped.bitmap.data).not.toEqual(asCp850.bitmap.data);
    // Tesseract reads the word (it often drops the accent, so that is checked by the dots above).
    expect(await ocr(escaped.bitmap, { region: { x: 0, y: 0, width: 813, height: 100 } })).toMatch(
      /^CAF[EÉ] N/,
    );
  });

  it('^FB wraps within its width and centres each line', () => {
    const label = one('^XA^FO100,100^FB200,3,0,C^A0N,40,40^FDone two three four five^FS^XZ');
    const ink = inkBox(label.bitmap);
    expect(ink?.x).toBeGreaterThanOrEqual(100);
    expect((ink?.x ?? 0) + (ink?.width ?? 0)).toBeLessThanOrEqual(300);
    // Three lines of 40-dot cells: the block is taller than two lines.
    expect(ink?.height).toBeGreaterThan(80);
  });
});

describe('warnings', () => {
  it('names an unknown command with its line and column, and still draws the rest', () => {
    const label = one('^XA\n^FO10,10^GB5,5,5^FS\n  ^ZZ1\n^XZ');
    expect(label.warnings).toEqual([
      {
        command: 'ZZ',
        line: 3,
        column: 3,
        message: '^ZZ is not supported; it was skipped',
        code: 'unsupported',
      },
    ]);
    expect(inkBox(label.bitmap)).toMatchObject({ x: 10, y: 10 });
  });

  it('draws nothing for a bar code it does not know, rather than its data as text', () => {
    const label = one('^XA^FO10,10^B1N,N,100^FD12345^FS^XZ');
    expect(label.warnings.map((w) => [w.command, w.code])).toEqual([['B1', 'unsupported']]);
    expect(inkBox(label.bitmap)).toBeNull();
  });

  it('accepts printer settings without a word', () => {
    const label = one('^XA^PQ2^MMT^MNY^MTD^MD10^PR4~SD15^JUS^PMN^PON^FO1,1^GB2,2,2^FS^XZ');
    expect(label.warnings).toEqual([]);
  });

  it('fills a stored format (^DF) from the recalling one (^XF with ^FN)', async () => {
    const result = engine.render(
      '^XA^DFR:SHIP.ZPL^FS^FO20,20^A0N,60,50^FN1^FS^XZ\n^XA^XFR:SHIP.ZPL^FS^FN1^FDPACK 77^FS^XZ',
    );
    // The storing format prints nothing: the recalled one is the only label.
    expect(result.labels).toHaveLength(1);
    const recalled = result.labels[0];
    expect(
      await ocr(recalled?.bitmap ?? new Bitmap(1, 1), {
        region: { x: 0, y: 0, width: 813, height: 100 },
      }),
    ).toBe('PACK 77');
  });
});
