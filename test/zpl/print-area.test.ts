import { describe, expect, it } from 'vitest';
import { loadFontsFromPackages } from '../../src/zpl/cli/fonts.ts';
import { ZplEngine } from '../../src/zpl/engine.ts';
import { inkBox } from '../support/zpl-check/index.ts';

// Where the printed area sits on the stock (issue #32): Labelary, which integrators check their
// labels against, centres a print width narrower than the stock, draws past a short ^LL, and
// turns the whole sheet for ^POI. Each label here is ours, written for the behaviour.

const engine = new ZplEngine(loadFontsFromPackages());
// 10 × 10 mm at 8 dpmm: 80 × 80 dots.
const SMALL = { widthMm: 10, heightMm: 10 };
const only = (zpl: string) => {
  const [label, ...rest] = engine.render(zpl, SMALL).labels;
  if (!label || rest.length > 0) throw new Error('expected exactly one label');
  return label;
};

describe('^PW narrower than the stock', () => {
  it('is centred: half the spare dots (rounded down) on the left', () => {
    // 80 - 60 = 20 spare dots: 10 on each side.
    expect(inkBox(only('^XA^PW60^FO0,0^GB5,5,5^FS^XZ').bitmap)).toMatchObject({ x: 10, y: 0 });
    // 80 - 67 = 13 spare dots: 6 on the left.
    expect(inkBox(only('^XA^PW67^FO2,3^GB5,5,5^FS^XZ').bitmap)).toMatchObject({ x: 8, y: 3 });
  });

  it('centres fields drawn before the ^PW too, and an ^IL image', () => {
    expect(inkBox(only('^XA^FO0,0^GB5,5,5^FS^PW60^XZ').bitmap)).toMatchObject({ x: 10, y: 0 });
    const image = '~DGR:DOT.GRF,1,1,80\n';
    expect(inkBox(only(`${image}^XA^PW60^ILR:DOT.GRF^FS^XZ`).bitmap)).toEqual({
      x: 10,
      y: 0,
      width: 1,
      height: 1,
    });
  });

  it('still cuts what lies past the print width, then centres what is left', () => {
    const box = inkBox(only('^XA^PW60^FO40,0^GB40,5,5^FS^XZ').bitmap);
    expect(box).toEqual({ x: 50, y: 0, width: 20, height: 5 });
  });

  it('as wide as the stock (or wider) changes nothing', () => {
    expect(inkBox(only('^XA^PW80^FO0,0^GB5,5,5^FS^XZ').bitmap)).toMatchObject({ x: 0 });
    const wide = engine.render('^XA^PW200^FO0,0^GB5,5,5^FS^XZ', SMALL);
    const picture = wide.labels[0]?.bitmap;
    if (!picture) throw new Error('no label');
    expect(inkBox(picture)).toMatchObject({ x: 0 });
    expect(wide.labels[0]?.warnings.map((w) => w.code)).toContain('too_wide');
  });
});

describe('^LL shorter than the stock', () => {
  it('does not cut the fields below it', () => {
    expect(inkBox(only('^XA^LL20^FO0,50^GB5,20,5^FS^XZ').bitmap)).toEqual({
      x: 0,
      y: 50,
      width: 5,
      height: 20,
    });
  });
});

describe('^POI', () => {
  it('turns the whole sheet, a centred print width included', () => {
    // ^PW60: the box at 0,0 lands at 10,0 on the stock; turned: 80 - 10 - 5 = 65, 80 - 5 = 75.
    expect(inkBox(only('^XA^PW60^POI^FO0,0^GB5,5,5^FS^XZ').bitmap)).toEqual({
      x: 65,
      y: 75,
      width: 5,
      height: 5,
    });
  });
});
