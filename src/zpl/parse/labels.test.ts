import { describe, expect, it } from 'vitest';
import { splitLabels } from './labels.ts';
import { tokenize } from './tokenize.ts';

const split = (zpl: string) => splitLabels(tokenize(new TextEncoder().encode(zpl)).commands);

describe('splitLabels', () => {
  it('returns several labels in order, without their ^XA/^XZ, with where each starts', () => {
    const { labels, outside, warnings } = split(
      '^XA^FO10,10^FDone^FS^XZ\n^XA^FO20,20^FDtwo^FS^XZ\n^XA^XZ',
    );
    expect(warnings).toEqual([]);
    expect(outside).toEqual([]);
    expect(labels.map((l) => [l.line, l.column, l.commands.map((c) => c.name)])).toEqual([
      [1, 1, ['FO', 'FD', 'FS']],
      [2, 1, ['FO', 'FD', 'FS']],
      [3, 1, []],
    ]);
    expect(labels.map((l) => [l.start.name, l.end?.name, l.end?.column])).toEqual([
      ['XA', 'XZ', 21],
      ['XA', 'XZ', 21],
      ['XA', 'XZ', 4],
    ]);
  });

  it('keeps commands between labels in order, as each label’s preamble and in outside', () => {
    const { labels, outside } = split(
      '^FXlogo\n~DGR:LOGO.GRF,2,1,FF00\n^XA^XGR:LOGO.GRF^FS^XZ\n~SD20\n^XA^FDx^FS^XZ\n~JA',
    );
    expect(labels.map((l) => l.preamble.map((c) => c.name))).toEqual([['FX', 'DG'], ['SD']]);
    expect(outside.map((c) => c.prefix + c.name)).toEqual(['^FX', '~DG', '~SD', '~JA']);
  });

  it('keeps control commands inside a label with the label', () => {
    const { labels, outside } = split('^XA~SD15^FDx^FS^XZ');
    expect(labels[0]?.commands.map((c) => c.prefix + c.name)).toEqual(['~SD', '^FD', '^FS']);
    expect(outside).toEqual([]);
  });

  it('returns a label without ^XZ as it stands, with a warning at its ^XA', () => {
    const { labels, warnings } = split('^XA^FDdone^FS^XZ\n\n  ^XA^FO5,5^FDpartial');
    expect(labels).toHaveLength(2);
    expect(labels[1]).toMatchObject({ line: 3, column: 3, end: null });
    expect(labels[1]?.commands.map((c) => c.name)).toEqual(['FO', 'FD']);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatchObject({ command: 'XA', line: 3, column: 3 });
    expect(warnings[0]?.message).toContain('^XA at line 3, column 3 has no ^XZ');
  });

  it('reads an ^XA inside an open label as part of it, with a warning', () => {
    const { labels, warnings } = split('^XA^FDa^FS\n^XA^FDb^FS^XZ');
    expect(labels).toHaveLength(1);
    expect(labels[0]?.commands.map((c) => c.name)).toEqual(['FD', 'FS', 'XA', 'FD', 'FS']);
    expect(warnings).toEqual([expect.objectContaining({ command: 'XA', line: 2, column: 1 })]);
    expect(warnings[0]?.message).toContain('(^XA at line 1, column 1, no ^XZ yet)');
  });

  it('warns about an ^XZ that closes nothing and keeps it outside', () => {
    const { labels, outside, warnings } = split('^XA^XZ^XZ');
    expect(labels).toHaveLength(1);
    expect(outside.map((c) => c.name)).toEqual(['XZ']);
    expect(warnings).toEqual([
      {
        command: 'XZ',
        line: 1,
        column: 7,
        message: '^XZ at line 1, column 7 ends no label (no ^XA before it)',
      },
    ]);
  });

  it('follows a changed caret: /XA … /XZ is a label after ^CC/', () => {
    const { labels, outside } = split('^CC/\n/XA/FO1,1/FDx/FS/XZ');
    expect(outside.map((c) => c.name)).toEqual(['CC']);
    expect(labels[0]?.commands.map((c) => c.name)).toEqual(['FO', 'FD', 'FS']);
  });

  it('returns nothing for no commands', () => {
    expect(splitLabels([])).toEqual({ labels: [], outside: [], warnings: [] });
  });
});
