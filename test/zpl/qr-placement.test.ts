import { describe, expect, it } from 'vitest';
import { parseSwitches } from '../../src/zpl/barcodes/qr.ts';
import { loadFontsFromPackages } from '../../src/zpl/cli/fonts.ts';
import { ZplEngine } from '../../src/zpl/engine.ts';
import { decodeBarcodes, inkBox } from '../support/zpl-check/index.ts';

// Where a ^BQ symbol lands and what manual alphanumeric data holds (issue #32), as Labelary,
// the viewer integrators check against, draws it. Our own labels; zxing reads them back.

const engine = new ZplEngine(loadFontsFromPackages());
const SMALL = { widthMm: 50, heightMm: 80 }; // 400 × 640 dots
const only = (zpl: string) => {
  const [label, ...rest] = engine.render(zpl, SMALL).labels;
  if (!label || rest.length > 0) throw new Error('expected exactly one label');
  return label.bitmap;
};

describe('^BQ placement', () => {
  it('^FO: the symbol starts the ^BY height below the origin', () => {
    // "HELLO WORLD" at M: version 1, 21 modules of 5 dots.
    expect(inkBox(only('^XA^FO40,20^BQN,2,5^FDMA,HELLO WORLD^FS^XZ'))).toEqual({
      x: 40,
      y: 30, // the power-up ^BY height, 10 dots
      width: 105,
      height: 105,
    });
    expect(inkBox(only('^XA^BY3,2,100^FO40,20^BQN,2,5^FDMA,HELLO WORLD^FS^XZ'))).toMatchObject({
      x: 40,
      y: 120,
    });
  });

  it('^FT: the origin is N - 18 modules below the bottom of an N-module symbol', () => {
    // 21 modules: 3 modules (15 dots) below, so the last row of ink is y = 400 - 15 - 1.
    expect(inkBox(only('^XA^FT40,400^BQN,2,5^FDMA,HELLO WORLD^FS^XZ'))).toEqual({
      x: 40,
      y: 280,
      width: 105,
      height: 105,
    });
    // 25 modules (version 2, "HELLO WORLD" at H): 7 modules below.
    const box = inkBox(only('^XA^FT40,400^BQN,2,4^FDHA,HELLO WORLD^FS^XZ'));
    expect(box).toEqual({ x: 40, y: 400 - 7 * 4 - 100, width: 100, height: 100 });
  });
});

describe('^BQ manual alphanumeric data', () => {
  it('leaves out what alphanumeric mode cannot hold, and says so', () => {
    const warnings: string[] = [];
    const parsed = parseSwitches('MM,A3SPOST12|2514EE|JAN', undefined, warnings);
    expect(parsed.text).toBe('3SPOST122514EEJAN');
    expect(warnings.join()).toMatch(/2 character\(s\)/);
  });

  it('the symbol holds the characters that are left', async () => {
    const bitmap = only('^XA^FO20,20^BQN,2,4^FDMM,APB12|3000|JOHN DOE^FS^XZ');
    const found = await decodeBarcodes(bitmap);
    expect(found.map((f) => [f.format, f.text])).toEqual([['QRCode', 'PB123000JOHN DOE']]);
  });

  it('a following segment after ",N" still reads as its own mode', () => {
    const parsed = parseSwitches('MM,AAB|C,N12x3', undefined, []);
    expect(parsed.text).toBe('ABC123');
  });
});
