import { describe, expect, it } from 'vitest';
import { loadFontsFromPackages } from '../../src/zpl/cli/fonts.ts';
import { ZplEngine } from '../../src/zpl/engine.ts';
import { inkBox, picture } from '../support/zpl-check/index.ts';

// Fields as real carrier files write them (issue #32): a ^GF whose ^FS was forgotten, and the
// printer settings that come with them, which draw nothing and deserve no warning.

const engine = new ZplEngine(loadFontsFromPackages());
const SMALL = { widthMm: 20, heightMm: 20 }; // 160 × 160 dots

describe('a ^GF without its ^FS', () => {
  it('does not swallow the next field: both print', () => {
    // 1 byte a row, 2 rows, all ink: an 8 × 2 block; then a box with its own position.
    const [label] = engine.render(
      '^XA^FO10,10^GFA,2,2,1,FFFF^FO40,40^GB10,10,10^FS^XZ',
      SMALL,
    ).labels;
    if (!label) throw new Error('no label');
    expect(picture(label.bitmap, { x: 10, y: 10, width: 8, height: 2 })).toEqual([
      '########',
      '########',
    ]);
    expect(inkBox(label.bitmap, { x: 30, y: 30, width: 100, height: 100 })).toEqual({
      x: 40,
      y: 40,
      width: 10,
      height: 10,
    });
  });

  it('a bar code after it keeps its data', () => {
    const [label] = engine.render(
      '^XA^FO0,0^GFA,1,1,1,80^BY2^FO20,20^B3N,N,30,N^FD1^FS^XZ',
      SMALL,
    ).labels;
    if (!label) throw new Error('no label');
    expect(inkBox(label.bitmap, { x: 10, y: 10, width: 150, height: 150 })).toMatchObject({
      x: 20,
      y: 20,
      height: 30,
    });
  });
});

describe('printer settings', () => {
  it.each(['^JMA', '^JMB', '^MCY', '^CVY', '~JO', '^JT1000', '^IDR:*.GRF', '~DN'])(
    '%s draws nothing and warns nothing',
    (setting) => {
      const result = engine.render(`^XA${setting}^FO10,10^GB20,20,20^FS^XZ`, SMALL);
      expect(result.warnings).toEqual([]);
      const [label] = result.labels;
      if (!label) throw new Error('no label');
      expect(label.warnings).toEqual([]);
      expect(inkBox(label.bitmap)).toEqual({ x: 10, y: 10, width: 20, height: 20 });
    },
  );
});
