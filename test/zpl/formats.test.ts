import { describe, expect, it } from 'vitest';
import type { Bitmap } from '../../src/zpl/bitmap.ts';
import { loadFontsFromPackages } from '../../src/zpl/cli/fonts.ts';
import { ZplEngine } from '../../src/zpl/engine.ts';
import { inkBox } from '../support/zpl-check/index.ts';
import { sameDots } from './corpus/corpus.ts';

// One file, several formats (issue #32): which formats make a label, and what a format leaves
// to the next. A printer prints nothing for a format of settings, and keeps its settings
// (^CI, ^LH, ^BY, ^CF, ^FW, ^PW, ^PO…) until they change; Labelary shows the same.

const engine = new ZplEngine(loadFontsFromPackages());
const SMALL = { widthMm: 20, heightMm: 20 }; // 160 × 160 dots
const render = (zpl: string | Uint8Array) => engine.render(zpl, SMALL);
const pictures = (zpl: string | Uint8Array): Bitmap[] => render(zpl).labels.map((l) => l.bitmap);
const only = (zpl: string | Uint8Array): Bitmap => {
  const [label, ...rest] = pictures(zpl);
  if (!label || rest.length > 0) throw new Error('expected exactly one label');
  return label;
};
const BOX = '^FO10,10^GB20,20,20^FS';

describe('formats that print nothing make no label', () => {
  it('a format of printer settings only is skipped; the next is label 1', () => {
    const result = render(`^XA^MCY^PR4^MD10^XZ^XA${BOX}^XZ`);
    expect(result.labels.map((l) => l.index)).toEqual([1]);
    const [label] = result.labels;
    if (!label) throw new Error('no label');
    expect(inkBox(label.bitmap)).toMatchObject({ x: 10 });
  });

  it('a file of settings only has no label, and its warnings are still the file’s', () => {
    const result = render('^XA^PW2000^XZ');
    expect(result.labels).toEqual([]);
    expect(result.warnings.map((w) => w.code)).toContain('too_wide');
  });

  it('a field with empty data still makes a (blank) label, as on a printer', () => {
    expect(render('^XA^FO10,10^FD^FS^XZ').labels).toHaveLength(1);
  });

  it('^DF only stores a format; each ^XF prints it once', () => {
    const stored = '^XA^DFR:BOX.ZPL^FS^FO10,10^GB20,20,20^FS^FO50,50^A0N,20,20^FN1^FS^XZ';
    const recall = (text: string) => `^XA^XFR:BOX.ZPL^FS^FN1^FD${text}^FS^XZ`;
    const labels = pictures(`${stored}${recall('A')}${recall('B')}`);
    expect(labels).toHaveLength(2);
    for (const label of labels)
      expect(inkBox(label, { x: 0, y: 0, width: 40, height: 40 })).toEqual({
        x: 10,
        y: 10,
        width: 20,
        height: 20,
      });
    expect(sameDots(labels[0] as Bitmap, labels[1] as Bitmap)).toBe(false);
  });
});

describe('settings carry from one format to the next', () => {
  const utf8 = (zpl: string) => new TextEncoder().encode(zpl);
  const text = '^FO10,10^A0N,40,40^FDÉé^FS';

  it('^CI28 set in a settings-only format reads the next format’s UTF-8', () => {
    const carried = only(utf8(`^XA^CI28^XZ^XA${text}^XZ`));
    expect(sameDots(carried, only(utf8(`^XA^CI28${text}^XZ`)))).toBe(true);
    // Without it the same bytes are read as four Latin-1 characters: another picture.
    expect(sameDots(carried, only(utf8(`^XA${text}^XZ`)))).toBe(false);
  });

  it('^LH, ^PW and ^PO carry', () => {
    const [first, second] = pictures(`^XA^LH30,40${BOX}^XZ^XA${BOX}^XZ`);
    expect(inkBox(first as Bitmap)).toEqual(inkBox(second as Bitmap));
    expect(inkBox(second as Bitmap)).toMatchObject({ x: 40, y: 50 });
    // ^PW100 on 160 dots: 30 dots in; ^POI then turns the sheet: 160 - 30 - 10 - 20 = 100.
    const [, narrow] = pictures(`^XA^PW100^POI^XZ^XA^MCY^XZ^XA${BOX}^XZ^XA${BOX}^XZ`);
    expect(inkBox(narrow as Bitmap)).toMatchObject({ x: 100, y: 130 });
  });

  it('^BY, ^CF and ^FW carry', () => {
    const bars = '^FO10,10^B3N,N,,N^FD1^FS';
    const [set, carried] = pictures(`^XA^BY3,3,50${bars}^XZ^XA${bars}^XZ`);
    expect(sameDots(set as Bitmap, carried as Bitmap)).toBe(true);
    expect(inkBox(carried as Bitmap)).toMatchObject({ height: 50 });
    const words = '^FO10,10^FDAB^FS';
    const fonts = pictures(`^XA^CF0,60^FWR^XZ^XA${words}^XZ`);
    expect(sameDots(fonts[0] as Bitmap, only(`^XA^CF0,60^FWR${words}^XZ`))).toBe(true);
  });

  it('a label changed on its own changes the next too, until set again', () => {
    const [a, b, c] = pictures(`^XA${BOX}^XZ^XA^LH5,5${BOX}^XZ^XA^LH0,0${BOX}^XZ`);
    expect(inkBox(a as Bitmap)).toMatchObject({ x: 10 });
    expect(inkBox(b as Bitmap)).toMatchObject({ x: 15 });
    expect(inkBox(c as Bitmap)).toMatchObject({ x: 10 });
  });
});
