import { describe, expect, it } from 'vitest';
import { resolveFont, type FontContext } from './resolve.ts';

const AT_8: FontContext = { dpmm: 8 };

describe('resolveFont: bitmap fonts', () => {
  it('uses the base matrix, gap and baseline from the guide at magnification 1', () => {
    const a = resolveFont({ name: 'A' }, AT_8);
    expect(a).toMatchObject({
      kind: 'bitmap',
      face: 'mono',
      cellHeight: 9,
      cellWidth: 5,
      gap: 1,
      baseline: 7,
      magnificationX: 1,
      magnificationY: 1,
    });
    const g = resolveFont({ name: 'G' }, AT_8);
    expect([g.cellHeight, g.cellWidth, g.gap, g.baseline]).toEqual([60, 40, 8, 48]);
  });

  it('rounds h and w to whole magnifications: ^AD,52 prints like ^AD,54 (the guide)', () => {
    const d52 = resolveFont({ name: 'D', height: 52 }, AT_8);
    const d54 = resolveFont({ name: 'D', height: 54 }, AT_8);
    expect(d52).toEqual(d54);
    // Only h given: the width follows the same magnification.
    expect([d52.cellHeight, d52.cellWidth, d52.baseline, d52.gap]).toEqual([54, 30, 42, 6]);
  });

  it('magnifies height and width independently when both are given', () => {
    const d = resolveFont({ name: 'D', height: 36, width: 50 }, AT_8);
    expect([d.magnificationY, d.magnificationX]).toEqual([2, 5]);
    expect([d.cellHeight, d.cellWidth, d.gap]).toEqual([36, 50, 10]);
    // Only w given: the height follows.
    const w = resolveFont({ name: 'A', width: 15 }, AT_8);
    expect([w.cellHeight, w.cellWidth]).toEqual([27, 15]);
  });

  it('keeps magnification within 1 to 10', () => {
    expect(resolveFont({ name: 'A', height: 2 }, AT_8).cellHeight).toBe(9);
    expect(resolveFont({ name: 'A', height: 500, width: 500 }, AT_8).cellWidth).toBe(50);
  });

  it('takes the ^CF height and width when ^A gives neither, rounded to the new font', () => {
    // The guide's example: ^CFD,26,10 then ^AA with no sizes magnifies A by the ^CF values.
    const a = resolveFont({ name: 'A' }, { dpmm: 8, defaultHeight: 26, defaultWidth: 10 });
    expect([a.magnificationY, a.magnificationX]).toEqual([3, 2]);
  });

  it('changes E and H with the print head density and leaves the others alone', () => {
    expect(resolveFont({ name: 'E' }, { dpmm: 6 }).cellHeight).toBe(21);
    expect(resolveFont({ name: 'E' }, AT_8).cellHeight).toBe(28);
    expect(resolveFont({ name: 'E' }, { dpmm: 12 }).cellWidth).toBe(20);
    expect(resolveFont({ name: 'H' }, { dpmm: 24 }).cellHeight).toBe(34);
    expect(resolveFont({ name: 'D' }, { dpmm: 12 }).cellHeight).toBe(18);
  });

  it('treats C and D as one font and B and H as capitals only', () => {
    expect(resolveFont({ name: 'C' }, AT_8)).toEqual(resolveFont({ name: 'D' }, AT_8));
    expect(resolveFont({ name: 'B' }, AT_8).uppercaseOnly).toBe(true);
    expect(resolveFont({ name: 'H' }, AT_8).uppercaseOnly).toBe(true);
    expect(resolveFont({ name: 'F' }, AT_8).uppercaseOnly).toBe(false);
  });
});

describe('resolveFont: font 0 and its stand-ins', () => {
  it('scales h and w independently, baseline at 3/4 of the cell rounded down', () => {
    const f = resolveFont({ name: '0', height: 50, width: 30 }, AT_8);
    expect(f).toMatchObject({
      name: '0',
      kind: 'scalable',
      face: 'condensed',
      cellHeight: 50,
      cellWidth: 30,
      baseline: 37,
      gap: 0,
      substituted: false,
    });
  });

  it('makes a missing width equal the height', () => {
    expect(resolveFont({ name: '0', height: 40 }, AT_8).cellWidth).toBe(40);
  });

  it('takes a missing height from ^CF, else from the width', () => {
    const ctx = { dpmm: 8, defaultHeight: 25, defaultWidth: 20 } as const;
    expect(resolveFont({ name: '0', width: 60 }, ctx).cellHeight).toBe(25);
    expect(resolveFont({ name: '0', width: 60 }, AT_8).cellHeight).toBe(60);
    const both = resolveFont({ name: '0' }, ctx);
    expect([both.cellHeight, both.cellWidth]).toEqual([25, 20]);
    const none = resolveFont({ name: '0' }, AT_8);
    expect([none.cellHeight, none.cellWidth]).toEqual([15, 12]);
  });

  it('keeps scalable sizes at 10 dots or more (the guide: 10 to 32000)', () => {
    const f = resolveFont({ name: '0', height: 4, width: 2 }, AT_8);
    expect([f.cellHeight, f.cellWidth]).toEqual([10, 10]);
  });

  it('falls back to font 0 for ^A@ and fonts we do not have, and says so', () => {
    for (const name of ['@', '1', 'Z', 'J']) {
      const f = resolveFont({ name, height: 30 }, AT_8);
      expect(f).toMatchObject({ name: '0', substituted: true, cellHeight: 30, cellWidth: 30 });
    }
  });

  it('draws P–V with the scalable face at their matrix, magnified in whole steps', () => {
    const p = resolveFont({ name: 'P' }, AT_8);
    expect(p).toMatchObject({ kind: 'scalable', cellHeight: 20, cellWidth: 18, baseline: 15 });
    const v = resolveFont({ name: 'V', height: 160 }, AT_8);
    expect([v.cellHeight, v.cellWidth]).toEqual([160, 142]);
  });
});
