import { describe, expect, it } from 'vitest';
import { decodeBarcodes, inkBox } from '../../support/zpl-check/index.ts';
import { SMALL, engine, one } from './corpus.ts';

// What the engine does not draw, it names: the command (without its ^ or ~), the line and the
// column of its prefix, 1-based. Everything else on the label still prints.

const where = (warnings: { command: string; line: number; column: number }[]) =>
  warnings.map((w) => [w.command, w.line, w.column]);

describe('commands the engine does not draw', () => {
  it('skips each notable one with a warning naming it, and draws the rest', async () => {
    const zpl = [
      '^XA', //                                           line 1
      '^FO10,10^GB20,20,20^FS', //                        2
      '^FPH,2', //                                        3 field parameter (vertical text)
      '^FO40,10^GSN,20,20^FS', //                         4 graphic symbol: at column 9
      '^CWX,E:ARIAL.TTF', //                              5 font identifier
      '~DUR:FONT.FNT,4,00000000', //                      6 unbounded TrueType download
      '^FO40,40^GFC,4,4,1,0000^FS', //                    7 compressed binary: at column 9
      '^BY2^FO20,100^BCN,60,N^FDPB-1^FS', //              8 still drawn
      '  ^ZZ9', //                                        9 unknown: at column 3
      '^XZ',
    ].join('\n');
    const label = one(zpl);
    expect(where(label.warnings)).toEqual([
      ['FP', 3, 1],
      ['GS', 4, 9],
      ['CW', 5, 1],
      ['DU', 6, 1],
      ['GF', 7, 9],
      ['ZZ', 9, 3],
    ]);
    expect(label.warnings.find((w) => w.command === 'ZZ')?.message).toBe(
      '^ZZ is not supported; it was skipped',
    );
    expect(label.warnings.find((w) => w.command === 'DU')?.message).toMatch(/^~DU /);
    expect(inkBox(label.bitmap, { x: 0, y: 0, width: 35, height: 35 })).toEqual({
      x: 10,
      y: 10,
      width: 20,
      height: 20,
    });
    expect((await decodeBarcodes(label.bitmap)).map((b) => b.text)).toEqual(['PB-1']);
  });

  it.each(['B1', 'BB', 'BD', 'BF', 'BZ'])('bar code ^%s is skipped and named', (name) => {
    const label = one(`^XA\n^FO10,10^GB5,5,5^FS\n^FO20,20^${name}N^FD12345^FS\n^XZ`);
    expect(where(label.warnings).filter(([c]) => c === name)).toEqual([[name, 3, 9]]);
    expect(inkBox(label.bitmap, { x: 0, y: 0, width: 15, height: 15 })).toMatchObject({
      x: 10,
      y: 10,
    });
  });

  it('^BQ model 1 is drawn as model 2, and says so', async () => {
    const label = one('^XA\n^FO20,20^BQN,1,4^FDMA,PB-10001^FS^XZ');
    expect(where(label.warnings)).toEqual([['BQ', 2, 9]]);
    expect((await decodeBarcodes(label.bitmap)).map((b) => [b.format, b.text])).toEqual([
      ['QRCode', 'PB-10001'],
    ]);
  });
});

describe('warnings in a file of several labels', () => {
  it('go with the label they belong to, each at its own line', () => {
    const result = engine.render(
      [
        '^XA^FO10,10^GB5,5,5^FS^XZ', //  line 1: clean
        '^XA', //                         2
        '^FO10,10^GB5,5,5^FS', //         3
        '^QQ1', //                        4
        '^XZ', //                         5
        '^XA^FO10,10^GB5,5,5^FS', //      6
        '^FO1,1^YY^FS^XZ', //             7
      ].join('\n'),
      SMALL,
    );
    expect(result.labels.map((l) => where(l.warnings))).toEqual([
      [],
      [['QQ', 4, 1]],
      [['YY', 7, 7]],
    ]);
    expect(result.warnings).toEqual([]);
    // The second format prints nothing, so it is no label; its warning is still said.
    expect(engine.lint('^XA^FO10,10^GB5,5,5^FS^XZ\n^XA\n^QQ1\n^XZ', SMALL)).toEqual({
      labels: 1,
      warnings: [expect.objectContaining({ command: 'QQ', line: 3, column: 1 })],
    });
  });

  it('a format left open is named at its ^XA and still drawn', () => {
    const result = engine.render('^XA^FO10,10^GB5,5,5^FS^XZ\n^XA\n^FO20,20^GB5,5,5^FS\n', SMALL);
    expect(result.labels).toHaveLength(2);
    expect(inkBox(result.labels[1]?.bitmap ?? one('^XA^XZ').bitmap)).toMatchObject({
      x: 20,
      y: 20,
    });
    const all = [...result.warnings, ...result.labels.flatMap((l) => l.warnings)];
    expect(where(all)).toEqual([['XA', 2, 1]]);
  });
});
