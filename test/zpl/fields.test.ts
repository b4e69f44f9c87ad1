import { describe, expect, it } from 'vitest';
import { loadFontsFromPackages } from '../../src/zpl/cli/fonts.ts';
import { ZplEngine } from '../../src/zpl/engine.ts';
import { inkBox, picture } from '../support/zpl-check/index.ts';
import { sameDots } from './corpus/corpus.ts';

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

describe('^BD MaxiCode in a label', () => {
  const at = (zpl: string) => {
    const [label] = engine.render(zpl, { widthMm: 40, heightMm: 40 }).labels;
    if (!label) throw new Error('no label');
    return label;
  };

  it('draws from ^FO, upright whatever ^FW says, about 25 mm square, without a warning', () => {
    const label = at('^XA^FWR^FO20,30^CVY^BD4^FDPACKBENCH MAXICODE^FS^XZ');
    expect(label.warnings).toEqual([]);
    expect(sameDots(label.bitmap, at('^XA^FO20,30^BD4^FDPACKBENCH MAXICODE^FS^XZ').bitmap)).toBe(
      true,
    );
    const box = inkBox(label.bitmap);
    if (!box) throw new Error('no ink');
    // The first module's centre is a third of a module in: ink starts within a module of ^FO.
    expect(box.x - 20).toBeGreaterThanOrEqual(0);
    expect(box.x - 20).toBeLessThan(8);
    expect(box.y - 30).toBeGreaterThanOrEqual(0);
    expect(box.y - 30).toBeLessThan(8);
    // 30 modules across and 33 rows on a hexagonal grid: a little wider than tall.
    expect(box.x + box.width - 20).toBeGreaterThan(190);
    expect(box.x + box.width - 20).toBeLessThan(205);
    expect(box.y + box.height - 30).toBeGreaterThan(185);
    expect(box.y + box.height - 30).toBeLessThan(198);
  });
});

describe('^CF with a height and no width', () => {
  it('scales the font to the height alone, dropping an earlier ^CF width', () => {
    const text = '^FO10,10^FDPACK^FS';
    const after = (zpl: string) => {
      const [label] = engine.render(zpl, SMALL).labels;
      if (!label) throw new Error('no label');
      return label.bitmap;
    };
    const reset = after(`^XA^CF0,60,55^CF0,25${text}^XZ`);
    expect(sameDots(reset, after(`^XA^CF0,25${text}^XZ`))).toBe(true);
    // A width given again is kept until the next ^CF changes it.
    const wide = after(`^XA^CF0,25,40${text}^XZ`);
    expect(sameDots(wide, after(`^XA^CF0,25,40^CF0${text}^XZ`))).toBe(true);
    expect(sameDots(wide, reset)).toBe(false);
  });
});

describe('font 0’s hyphen', () => {
  it('advances 0.9 of the cell width, as the reference’s hyphens do', () => {
    // Labelary: "PL-DPD" at ^A0N,80,50 has its "D" 69 dots after its "L" (L 24, hyphen 45);
    // the hyphen's advance over w, from 84 hyphens of the corpus, is 0.907 (median).
    const starts = (zpl: string): number[] => {
      const [label] = engine.render(zpl, { widthMm: 60, heightMm: 20 }).labels;
      if (!label) throw new Error('no label');
      const out: number[] = [];
      let inked = false;
      for (let x = 0; x < label.bitmap.width; x++) {
        let any = false;
        for (let y = 0; y < label.bitmap.height; y++) any ||= label.bitmap.get(x, y) === 1;
        if (any && !inked) out.push(x);
        inked = any;
      }
      return out;
    };
    const [l, , d] = starts('^XA^FO10,10^A0N,80,50^FDL-D^FS^XZ');
    expect((d ?? 0) - (l ?? 0)).toBeGreaterThanOrEqual(67);
    expect((d ?? 0) - (l ?? 0)).toBeLessThanOrEqual(71);
  });

  it('is a dash about 0.57 of the cell width, centred in an advance of the cell width', () => {
    const [label] = engine.render('^XA^FO10,10^A0N,40,35^FD-^FS^XZ', SMALL).labels;
    if (!label) throw new Error('no label');
    const ink = inkBox(label.bitmap);
    if (!ink) throw new Error('no ink');
    // Labelary: 20 dots of dash at w = 35, 7 dots of room either side.
    expect(ink.width).toBeGreaterThanOrEqual(17);
    expect(ink.width).toBeLessThanOrEqual(23);
    expect(ink.x - 10).toBeGreaterThanOrEqual(5);
    expect(ink.x - 10).toBeLessThanOrEqual(9);
    // Font A (a bitmap font) keeps its own narrow hyphen.
    const [a] = engine.render('^XA^FO10,10^AAN,18,10^FD-^FS^XZ', SMALL).labels;
    expect(inkBox(a?.bitmap ?? label.bitmap)?.width).toBeLessThan(10);
  });
});

describe('font 0’s space', () => {
  it('leaves the reference’s room between words', () => {
    const [label] = engine.render('^XA^FO10,10^A0N,35,32^FDs G^FS^XZ', SMALL).labels;
    if (!label) throw new Error('no label');
    // Columns with ink, left to right; the widest run of empty columns inside is the gap.
    const inked: boolean[] = [];
    for (let x = 0; x < label.bitmap.width; x++) {
      let any = false;
      for (let y = 0; y < 60; y++) any ||= label.bitmap.get(x, y) === 1;
      inked.push(any);
    }
    const first = inked.indexOf(true);
    const last = inked.lastIndexOf(true);
    let gap = 0;
    let run = 0;
    for (let x = first; x <= last; x++) {
      run = inked[x] ? 0 : run + 1;
      gap = Math.max(gap, run);
    }
    // Labelary: 11 dots between "Carlos" and "Garcia" at ^A0N,35,32 (9 with Roboto's space).
    expect(gap).toBeGreaterThanOrEqual(10);
    expect(gap).toBeLessThanOrEqual(12);
  });
});

describe('font 0’s advances', () => {
  // Left edges of the ink runs along a row band: one per character of digits and dots.
  const runStarts = (zpl: string): number[] => {
    const [label] = engine.render(zpl, { widthMm: 80, heightMm: 20 }).labels;
    if (!label) throw new Error('no label');
    const starts: number[] = [];
    let inked = false;
    for (let x = 0; x < label.bitmap.width; x++) {
      let any = false;
      for (let y = 0; y < label.bitmap.height; y++) any ||= label.bitmap.get(x, y) === 1;
      if (any && !inked) starts.push(x);
      inked = any;
    }
    return starts;
  };

  it('steps digits 0.479 of the cell width apart, as the reference’s tabular digits', () => {
    const starts = runStarts('^XA^FO10,10^A0N,50,50^FD0000000000^FS^XZ');
    expect(starts).toHaveLength(10);
    // Labelary: 24 dots a digit at w = 50 (Roboto Condensed's own digits: 25).
    for (let i = 1; i < starts.length; i++)
      expect((starts[i] ?? 0) - (starts[i - 1] ?? 0)).toBeOneOf([23, 24, 25]);
    expect((starts[9] ?? 0) - (starts[0] ?? 0)).toBeGreaterThanOrEqual(214);
    expect((starts[9] ?? 0) - (starts[0] ?? 0)).toBeLessThanOrEqual(217);
  });

  it('gives "W" the reference’s wide advance (0.818 w; Roboto Condensed’s is 0.735 w)', () => {
    const [w, a] = runStarts('^XA^FO10,10^A0N,50,50^FDWA^FS^XZ');
    // Ink to ink: the advance less the shift that centres our W in it (Roboto’s gave 37).
    expect((a ?? 0) - (w ?? 0)).toBeGreaterThanOrEqual(38);
    expect((a ?? 0) - (w ?? 0)).toBeLessThanOrEqual(41);
  });

  it('prints a tracking number as long as the reference does', () => {
    // Swiss Post's "99.60.000000.00000000" at ^A0,50 is 472 dots of ink in Labelary (485
    // with Roboto Condensed's advances).
    const starts = runStarts('^XA^FO10,10^A0N,50,50^FD99.60.000000.00000000^FS^XZ');
    expect(starts).toHaveLength(21);
    const [label] = engine.render('^XA^FO10,10^A0N,50,50^FD99.60.000000.00000000^FS^XZ', {
      widthMm: 80,
      heightMm: 20,
    }).labels;
    const ink = label ? inkBox(label.bitmap) : null;
    expect(ink?.width).toBeGreaterThanOrEqual(469);
    expect(ink?.width).toBeLessThanOrEqual(475);
  });
});
