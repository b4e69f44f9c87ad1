import { describe, expect, it } from 'vitest';
import { Bitmap } from '@zpl/bitmap.ts';
import { decodeBarcodes, inkBox, ocr, picture, runsInRow } from '../../support/zpl-check/index.ts';
import { SMALL, bytes, engine, negative, one, sameDots, upright } from './corpus.ts';

// The structure commands of issue #19, each on a label of our own, checked by counting dots,
// by Tesseract and by zxing. Expected positions come from the guide's rules, worked by hand
// in the comments; nothing is compared with an earlier picture of the engine.

const box = '^GB10,6,6^FS'; // a solid 10 × 6 box: its ink box is where the field went

describe('^XA … ^XZ', () => {
  it('gives one picture per label, in order, each of the stock size, and draws nothing between', () => {
    const result = engine.render(
      [
        '^XA^FO10,10^GB10,6,6^FS^XZ',
        'text between labels is not a label',
        '^XA^FO100,50^GB10,6,6^FS^XZ',
        '^XA^FO200,100^GB10,6,6^FS^XZ',
      ].join('\n'),
      SMALL,
    );
    expect(result.labels.map((l) => l.index)).toEqual([1, 2, 3]);
    // 50 × 30 mm at 8 dots/mm: 400 × 240 dots.
    for (const label of result.labels) {
      expect([label.bitmap.width, label.bitmap.height]).toEqual([400, 240]);
    }
    expect(result.labels.map((l) => inkBox(l.bitmap))).toEqual([
      { x: 10, y: 10, width: 10, height: 6 },
      { x: 100, y: 50, width: 10, height: 6 },
      { x: 200, y: 100, width: 10, height: 6 },
    ]);
  });
});

describe('field position: ^FO, ^FT, ^LH, ^LT, ^LS', () => {
  it('^FO puts the top-left of a box on its point', () => {
    expect(inkBox(one(`^XA^FO37,21${box}^XZ`).bitmap)).toEqual({
      x: 37,
      y: 21,
      width: 10,
      height: 6,
    });
  });

  it('^FT puts the bottom-left of a box on its point ("origin is at bottom-left corner")', () => {
    // The box's last row is the row above y = 21, as a baseline sits under its text.
    expect(inkBox(one(`^XA^FT37,21${box}^XZ`).bitmap)).toEqual({
      x: 37,
      y: 15,
      width: 10,
      height: 6,
    });
  });

  it('^LH moves every field by the label home, ^FO and ^FT alike', () => {
    expect(inkBox(one(`^XA^LH30,40^FO10,20${box}^XZ`).bitmap)).toMatchObject({ x: 40, y: 60 });
    expect(inkBox(one(`^XA^LH30,40^FT10,20${box}^XZ`).bitmap)).toMatchObject({ x: 40, y: 54 });
  });

  it('^LT moves the whole format down (or up, negative) by its dots', () => {
    expect(inkBox(one(`^XA^LT20^FO10,30${box}^XZ`).bitmap)).toMatchObject({ x: 10, y: 50 });
    expect(inkBox(one(`^XA^LT-10^FO10,30${box}^XZ`).bitmap)).toMatchObject({ x: 10, y: 20 });
  });

  it('^LS shifts every field left by its dots (negative: right)', () => {
    expect(inkBox(one(`^XA^LS20^FO50,10${box}^XZ`).bitmap)).toMatchObject({ x: 30, y: 10 });
    expect(inkBox(one(`^XA^LS-20^FO50,10${box}^XZ`).bitmap)).toMatchObject({ x: 70, y: 10 });
  });
});

describe('field data: ^FD, ^FV, ^FH, ^FS, ^FX', () => {
  const text = (data: string) => one(`^XA^FO20,20^A0N,60,50${data}^FS^XZ`, SMALL).bitmap;

  it('^FD prints its text, read back by Tesseract', async () => {
    expect(await ocr(text('^FDPACK 42'), { region: { x: 0, y: 0, width: 400, height: 100 } })).toBe(
      'PACK 42',
    );
  });

  it('^FV prints like ^FD', () => {
    expect(sameDots(text('^FVPACK 42'), text('^FDPACK 42'))).toBe(true);
  });

  it('^FH turns _hh (or its own indicator) into the byte hh, in text and in bar codes', async () => {
    expect(sameDots(text('^FH^FD_50_41CK _34_32'), text('^FDPACK 42'))).toBe(true);
    expect(sameDots(text('^FH#^FD#50#41CK #34#32'), text('^FDPACK 42'))).toBe(true);
    // Without ^FH the underscore is data.
    expect(sameDots(text('^FD_50_41CK'), text('^FDPACK'))).toBe(false);
    const code = one('^XA^BY2^FO20,20^BCN,60,N^FH^FDPB_2D_31^FS^XZ');
    expect((await decodeBarcodes(code.bitmap)).map((b) => b.text)).toEqual(['PB-1']);
  });

  it('^FS ends a field; a field left open at ^XZ is printed, as the printer does, and named', () => {
    const label = one('^XA^FO10,10^GB10,6,6^FS\n^FO100,10^GB10,6,6^XZ');
    expect(inkBox(label.bitmap)).toEqual({ x: 10, y: 10, width: 100, height: 6 });
    expect(label.warnings).toEqual([expect.objectContaining({ command: 'GB', line: 2 })]);
  });

  it('^FX is a comment: it draws nothing and says nothing', () => {
    const plain = one(`^XA^FO10,10${box}^XZ`);
    const commented = one(`^XA^FX a comment, with commas, 1,2,3\n^FO10,10${box}^FXtwo^XZ`);
    expect(commented.warnings).toEqual([]);
    expect(sameDots(commented.bitmap, plain.bitmap)).toBe(true);
  });
});

describe('reversing: ^FR, ^LR', () => {
  it('^FR prints a field white where it meets black: every dot of the box is the text inverted', async () => {
    const field = '^FO20,15^A0N,50,40^FDPACK^FS';
    const alone = one(`^XA${field.replace('^FD', '^FR^FD')}^XZ`).bitmap;
    const plain = one(`^XA${field}^XZ`).bitmap;
    // Over white paper ^FR changes nothing.
    expect(sameDots(alone, plain)).toBe(true);
    const over = one(`^XA^FO0,0^GB200,80,80^FS${field.replace('^FD', '^FR^FD')}^XZ`).bitmap;
    let agree = 0; // dots where the reversed field did not flip the box
    for (let y = 0; y < 80; y++) {
      for (let x = 0; x < 200; x++) if (over.get(x, y) === plain.get(x, y)) agree++;
    }
    expect(agree).toBe(0);
    expect(over.get(250, 40)).toBe(0);
    expect(await ocr(negative(over, { x: 0, y: 0, width: 200, height: 80 }))).toBe('PACK');
  });

  it('^LRY reverses every field until ^LRN', () => {
    const both = one('^XA^LRY^FO0,0^GB20,20,20^FS^FO10,0^GB20,20,20^FS^XZ').bitmap;
    expect(runsInRow(both, 5, 0, 40)).toEqual([
      { color: 'black', start: 0, length: 10 },
      { color: 'white', start: 10, length: 10 },
      { color: 'black', start: 20, length: 10 },
      { color: 'white', start: 30, length: 10 },
    ]);
    const off = one('^XA^LRY^FO0,0^GB20,20,20^FS^LRN^FO10,0^GB20,20,20^FS^XZ').bitmap;
    expect(runsInRow(off, 5, 0, 40)).toEqual([
      { color: 'black', start: 0, length: 30 },
      { color: 'white', start: 30, length: 10 },
    ]);
  });
});

describe('the printed area: ^PO, ^PW, ^LL', () => {
  const tiny = { widthMm: 10, heightMm: 10 }; // 80 × 80 dots

  it('^POI turns the label half a turn, ^PON leaves it as designed', async () => {
    expect(inkBox(one('^XA^POI^FO0,0^GB5,3,3^FS^XZ', tiny).bitmap)).toEqual({
      x: 75,
      y: 77,
      width: 5,
      height: 3,
    });
    const zpl = '^FO20,20^A0N,60,50^FDPACK 42^FS';
    const normal = one(`^XA${zpl}^XZ`).bitmap;
    expect(sameDots(one(`^XA^PON${zpl}^XZ`).bitmap, normal)).toBe(true);
    const inverted = one(`^XA^POI${zpl}^XZ`).bitmap;
    expect(sameDots(inverted, normal)).toBe(false);
    expect(
      await ocr(upright(inverted, 'I'), { region: { x: 0, y: 0, width: 400, height: 100 } }),
    ).toBe('PACK 42');
  });

  it('^PW cuts beyond the print width and centres it on the stock; ^LL cuts nothing', () => {
    // 400-dot stock, 120-dot print width: 140 spare dots each side. The reference draws past
    // a short ^LL (see print-area.test.ts).
    const label = one('^XA^PW120^LL70^FO0,0^GB400,240,240^FS^XZ');
    expect(inkBox(label.bitmap)).toEqual({ x: 140, y: 0, width: 120, height: 240 });
    expect(label.warnings).toEqual([]);
  });

  it('^PW and ^LL beyond the stock are named with their line, and the stock still holds', () => {
    const label = one('^XA\n^PW500\n^LL300\n^FO0,0^GB400,240,240^FS^XZ');
    expect(inkBox(label.bitmap)).toEqual({ x: 0, y: 0, width: 400, height: 240 });
    expect(label.warnings.map((w) => [w.command, w.line, w.column])).toEqual([
      ['PW', 2, 1],
      ['LL', 3, 1],
    ]);
  });
});

describe('defaults: ^CF, ^FW', () => {
  it('^CF sets the font that fields without ^A print in', () => {
    const viaCf = one('^XA^CF0,60,50^FO20,20^FDPACK 42^FS^XZ').bitmap;
    const viaA = one('^XA^FO20,20^A0N,60,50^FDPACK 42^FS^XZ').bitmap;
    expect(sameDots(viaCf, viaA)).toBe(true);
    // A bitmap font by ^CF: D magnified twice (18 → 36 dots), as ^ADN,36 prints it.
    expect(
      sameDots(
        one('^XA^CFD,36^FO20,20^FDHE^FS^XZ').bitmap,
        one('^XA^FO20,20^ADN,36^FDHE^FS^XZ').bitmap,
      ),
    ).toBe(true);
  });

  it('^FW turns the fields that name no orientation of their own, text and bar codes', async () => {
    const turned = one('^XA^FWR^FO20,20^A0,60,50^FDPACK 42^FS^XZ', { widthMm: 30, heightMm: 50 });
    const explicit = one('^XA^FO20,20^A0R,60,50^FDPACK 42^FS^XZ', { widthMm: 30, heightMm: 50 });
    expect(sameDots(turned.bitmap, explicit.bitmap)).toBe(true);
    const ink = inkBox(turned.bitmap);
    expect(ink?.height).toBeGreaterThan(ink?.width ?? Infinity);
    expect(await ocr(upright(turned.bitmap, 'R'))).toBe('PACK 42');
    // A field's own orientation wins over ^FW.
    const own = one('^XA^FWR^FO20,20^A0N,60,50^FDPACK 42^FS^XZ');
    expect(sameDots(own.bitmap, one('^XA^FO20,20^A0N,60,50^FDPACK 42^FS^XZ').bitmap)).toBe(true);
    // A bar code without its o parameter follows ^FW too: bars across the label's height.
    const code = one('^XA^FWB^BY2^FO20,20^BC,60,N^FDPB-10001^FS^XZ', { widthMm: 20, heightMm: 50 });
    const ink2 = inkBox(code.bitmap);
    expect(ink2?.width).toBe(60);
    expect((await decodeBarcodes(code.bitmap)).map((b) => [b.format, b.text])).toEqual([
      ['Code128', 'PB-10001'],
    ]);
  });
});

describe('^CI character sets 0, 27, 28', () => {
  // É is byte 0x90 in code page 850 (^CI0), 0xC9 in code page 1252 (^CI27), C3 89 in UTF-8
  // (^CI28). Spelled three ways, it must print as one and the same letter.
  const field = (ci: number, e: number[]) =>
    one(bytes(`^XA^CI${ci}^FO20,20^A0N,60,50^FDCAF`, e, '^FS^XZ')).bitmap;

  it('prints the same É from each set, and not an E', async () => {
    const cp850 = field(0, [0x90]);
    const cp1252 = field(27, [0xc9]);
    const utf8 = field(28, [0xc3, 0x89]);
    expect(sameDots(cp850, cp1252)).toBe(true);
    expect(sameDots(cp1252, utf8)).toBe(true);
    expect(sameDots(utf8, one('^XA^FO20,20^A0N,60,50^FDCAFE^FS^XZ').bitmap)).toBe(false);
    // The accent is ink above the capitals: the É field reaches higher than CAFE does.
    const plain = inkBox(one('^XA^FO20,20^A0N,60,50^FDCAFE^FS^XZ').bitmap);
    expect(inkBox(utf8)?.y).toBeLessThan(plain?.y ?? 0);
    expect(await ocr(utf8, { region: { x: 0, y: 0, width: 400, height: 100 } })).toMatch(
      /^CAF[EÉ]$/,
    );
  });

  it('^CI29 and ^CI30 read UTF-16, big- and little-endian', () => {
    const utf16 = (text: string, bigEndian: boolean) =>
      [...text].flatMap((c) => {
        const u = c.charCodeAt(0);
        return bigEndian ? [u >> 8, u & 0xff] : [u & 0xff, u >> 8];
      });
    const utf8 = field(28, [0xc3, 0x89]);
    for (const [ci, bigEndian] of [
      [29, true],
      [30, false],
    ] as const) {
      const label = one(
        bytes(`^XA^CI${ci}^FO20,20^A0N,60,50^FD`, utf16('CAFÉ', bigEndian), '^FS^XZ'),
      );
      expect(label.warnings).toEqual([]);
      expect(sameDots(label.bitmap, utf8)).toBe(true);
    }
  });

  it('^CI28 with ^FH escapes gives the UTF-8 characters; ^CI27 reads the same bytes as two letters', () => {
    const escaped = one('^XA^CI28^FO20,20^A0N,60,50^FH^FDCAF_C3_89^FS^XZ').bitmap;
    expect(sameDots(escaped, field(28, [0xc3, 0x89]))).toBe(true);
    const asCp1252 = one('^XA^CI27^FO20,20^A0N,60,50^FH^FDCAF_C3_89^FS^XZ').bitmap;
    // Ã‰ is wider than É.
    expect(inkBox(asCp1252)?.width).toBeGreaterThan(inkBox(escaped)?.width ?? Infinity);
  });
});

describe('prefixes: ^CC and ~CC', () => {
  it('^CC+ makes + the format prefix, across labels, until changed back', () => {
    const result = engine.render(
      '^XA^CC+\n+FO10,10+GB5,5,5+FS+XZ\n+XA+FO20,20+GB5,5,5+FS+XZ+CC^^XA^FO30,30^GB5,5,5^FS^XZ',
      SMALL,
    );
    expect(result.labels.map((l) => [inkBox(l.bitmap), l.warnings])).toEqual([
      [{ x: 10, y: 10, width: 5, height: 5 }, []],
      [{ x: 20, y: 20, width: 5, height: 5 }, []],
      [{ x: 30, y: 30, width: 5, height: 5 }, []],
    ]);
  });

  it('^CT/~CT change the tilde, ^CD/~CD the parameter delimiter', () => {
    // After ^CD; a comma is no delimiter: ^FO10,10 would be x = "10,10", y missing. After ^CT#
    // the control prefix is #, so the delimiter goes back to a comma with #CD, (a control
    // command) and ~JA, ~SD are written #JA, #SD.
    const result = engine.render(
      '^XA^CT#^CD;^FO10;30^GB5;5;5^FS#JA^XZ\n#CD,^XA^FO20,20^GB5,5,5^FS#SD15^XZ',
      SMALL,
    );
    expect(result.labels.map((l) => [inkBox(l.bitmap), l.warnings])).toEqual([
      [{ x: 10, y: 30, width: 5, height: 5 }, []],
      [{ x: 20, y: 20, width: 5, height: 5 }, []],
    ]);
  });

  it('~CC# does the same as a control command', () => {
    const result = engine.render('~CC#\n#XA#FO10,10#GB5,5,5#FS#XZ', SMALL);
    expect(result.labels.map((l) => [inkBox(l.bitmap), l.warnings])).toEqual([
      [{ x: 10, y: 10, width: 5, height: 5 }, []],
    ]);
  });
});

describe('stored formats and images: ^DF, ^XF, ^FN, ~DG, ^XG, ^IL', () => {
  it('^DF stores a format (no label of its own), ^XF recalls it with ^FN text and bar code data', async () => {
    const result = engine.render(
      [
        '^XA^DFR:SHIP.ZPL^FS',
        '^FO20,20^A0N,60,50^FN1^FS',
        '^BY2^FO20,120^BCN,60,N^FN2^FS',
        '^XZ',
        '^XA^XFR:SHIP.ZPL^FS',
        '^FN1^FDPACK 77^FS',
        '^FN2^FDPB-77^FS',
        '^XZ',
      ].join('\n'),
      SMALL,
    );
    // The storing format prints nothing, so it is no label (see formats.test.ts).
    expect(result.labels).toHaveLength(1);
    const [recalled] = result.labels;
    const bitmap = recalled?.bitmap ?? new Bitmap(1, 1);
    expect(recalled?.warnings).toEqual([]);
    expect(await ocr(bitmap, { region: { x: 0, y: 0, width: 400, height: 100 } })).toBe('PACK 77');
    expect((await decodeBarcodes(bitmap)).map((b) => [b.format, b.text])).toEqual([
      ['Code128', 'PB-77'],
    ]);
  });

  it('~DG stores an image that ^XG recalls magnified, dot for dot', () => {
    // 2 bytes a row, 2 rows: F00F / 0FF0.
    const stored = '~DGR:LOGO.GRF,4,2,F00F0FF0\n';
    const at1 = one(`${stored}^XA^FO10,10^XGR:LOGO.GRF,1,1^FS^XZ`).bitmap;
    expect(picture(at1, { x: 10, y: 10, width: 16, height: 2 })).toEqual([
      '####........####',
      '....########....',
    ]);
    expect(inkBox(at1)).toEqual({ x: 10, y: 10, width: 16, height: 2 });
    // ×3 across, ×2 down: every dot becomes 3 × 2.
    const at32 = one(`${stored}^XA^FO10,10^XGR:LOGO.GRF,3,2^FS^XZ`).bitmap;
    const row1 = '#'.repeat(12) + '.'.repeat(24) + '#'.repeat(12);
    const row2 = '.'.repeat(12) + '#'.repeat(24) + '.'.repeat(12);
    expect(picture(at32, { x: 10, y: 10, width: 48, height: 4 })).toEqual([row1, row1, row2, row2]);
    expect(inkBox(at32)).toEqual({ x: 10, y: 10, width: 48, height: 4 });
  });

  it('^IM draws a stored image as it is, at the field origin', () => {
    const label = one('~DGR:LOGO.GRF,4,2,F00F0FF0\n^XA^FO30,40^IMR:LOGO.GRF^FS^XZ');
    expect(picture(label.bitmap, { x: 30, y: 40, width: 16, height: 2 })).toEqual([
      '####........####',
      '....########....',
    ]);
    expect(inkBox(label.bitmap)).toEqual({ x: 30, y: 40, width: 16, height: 2 });
  });

  it('^IL lays a stored image at the top-left of the label, under the fields that follow', () => {
    const label = one('~DGR:FORM.GRF,4,2,F00F0FF0\n^XA^ILR:FORM.GRF^FO20,20^GB4,4,4^FS^XZ');
    expect(picture(label.bitmap, { x: 0, y: 0, width: 16, height: 2 })).toEqual([
      '####........####',
      '....########....',
    ]);
    expect(inkBox(label.bitmap, { x: 16, y: 0, width: 100, height: 100 })).toEqual({
      x: 20,
      y: 20,
      width: 4,
      height: 4,
    });
    expect(label.warnings).toEqual([]);
  });
});

describe('printer settings', () => {
  it('^PQ ^MM ^MN ^MT ^MD ^PR ~SD ^JU ^PM ^PON draw nothing and say nothing', () => {
    const fields = `^FO10,10${box}^FO20,40^A0N,40,40^FDOK^FS`;
    const settings = one(`^XA^PQ2,0,1,Y^MMT^MNY^MTD^MD10^PR4,4,4~SD15^JUS^PMN^PON${fields}^XZ`);
    expect(settings.warnings).toEqual([]);
    expect(sameDots(settings.bitmap, one(`^XA${fields}^XZ`).bitmap)).toBe(true);
  });
});
