// splitZpl's shapes and codes: what is a label, what is another block, what is refused, and
// what a label's piece carries (only the downloads it uses, read back from the piece's text).
import { describe, expect, it } from 'vitest';
import { engine } from '../render/test-engine.ts';
import { splitZpl } from './index.ts';
import { logo, marketplaceDay, recallLabel, shipFormat } from './test-day.ts';

const LABEL = '^XA^FO10,10^A0N,30^FDhello^FS^XZ\n';

describe('refusals and other blocks', () => {
  it('an empty input, or only white space, is refused as empty', () => {
    expect(splitZpl('')).toEqual({ pieces: [], labels: 0, error: { code: 'empty', params: {} } });
    expect(splitZpl(' \r\n\t').error?.code).toBe('empty');
    expect(splitZpl(new Uint8Array([0xef, 0xbb, 0xbf, 0x0a])).error?.code).toBe('empty');
  });

  it('a file with no label at all is refused as no_labels, its blocks still listed', () => {
    const split = splitZpl('^XA^MMT^PW812^LH0,0^XZ\n' + shipFormat());
    expect(split.error).toEqual({ code: 'no_labels', params: { formats: 2 } });
    expect(split.labels).toBe(0);
    expect(split.pieces.map((p) => [p.kind, p.index, p.error?.code])).toEqual([
      ['other', null, 'configuration_block'],
      ['other', null, 'format_definition'],
    ]);
    expect(split.pieces[1]?.error?.params).toEqual({ name: 'SHIP.ZPL' });
    expect(splitZpl('just some text, no ZPL').error?.code).toBe('no_labels');
  });

  it('more labels than the limit is one refusal, nothing split', () => {
    const zpl = LABEL.repeat(5);
    expect(splitZpl(zpl, { maxLabels: 5 }).labels).toBe(5);
    expect(splitZpl(zpl, { maxLabels: 4 })).toEqual({
      pieces: [],
      labels: 5,
      error: { code: 'too_many_labels', params: { labels: 5, limit: 4 } },
    });
  });

  it('the default limit is 20,000 labels', () => {
    const zpl = '^XA^FDx^FS^XZ'.repeat(20_001);
    const split = splitZpl(zpl);
    expect(split.error).toEqual({
      code: 'too_many_labels',
      params: { labels: 20_001, limit: 20_000 },
    });
  });

  it('a label without ^XZ at the end is a refused label, with its place', () => {
    const split = splitZpl(LABEL + '\n^XA^FO10,10^FDnever ends');
    expect(split.error).toBeNull();
    expect(split.pieces.map((p) => [p.kind, p.index])).toEqual([
      ['label', 1],
      ['label', 2],
    ]);
    expect(split.pieces[1]?.error).toEqual({
      code: 'unterminated',
      params: { line: 3, column: 1 },
    });
    expect(split.pieces[0]?.error).toBeNull();
  });

  it('a block of settings only is other, and its settings reach the label after it', () => {
    const split = splitZpl('^XA^MMT^PW400^LH30,40^XZ\n' + LABEL);
    const [config, label] = split.pieces;
    expect(config).toMatchObject({ kind: 'other', index: null, line: 1, column: 1 });
    expect(config?.error?.code).toBe('configuration_block');
    expect(label).toMatchObject({ kind: 'label', index: 1, line: 2, column: 1, error: null });
    expect(label?.zpl).toContain('^PW400^LH30,40');
    expect(label?.zpl).toContain('^MMT');
  });
});

describe('what a label carries', () => {
  const day = marketplaceDay(3);

  it('only the downloads it uses, by name, once', () => {
    const labels = splitZpl(day).pieces.filter((p) => p.kind === 'label');
    expect(labels).toHaveLength(3);
    for (const piece of labels) {
      expect(piece.zpl.match(/~DGR:LOGO\.GRF/g)).toHaveLength(1);
      expect(piece.zpl).not.toContain('UNUSED');
      expect(piece.zpl.match(/\^DFR:SHIP\.ZPL/g)).toHaveLength(1);
    }
  });

  it('a label that uses nothing stored carries nothing stored', () => {
    const split = splitZpl(logo('LOGO', 1) + shipFormat() + recallLabel(1) + LABEL);
    const last = split.pieces.at(-1);
    expect(last?.index).toBe(2);
    expect(last?.zpl).not.toContain('~DG');
    expect(last?.zpl).not.toContain('^DF');
  });

  it('the last download of a name, the one the label sees', () => {
    const zpl = logo('LOGO', 1) + logo('LOGO', 2) + '^XA^FO0,0^XGR:LOGO.GRF^FS^XZ\n';
    const piece = splitZpl(zpl).pieces[0];
    expect(piece?.zpl).toContain(logo('LOGO', 2).trim());
    expect(piece?.zpl).not.toContain(logo('LOGO', 1).trim());
  });

  it('a ~DY font a label names with ^A@ travels with it; one it does not name stays out', () => {
    const zpl =
      '~DYE:SANS.TTF,B,T,4,,ABCD\n~DYE:OTHER.TTF,B,T,4,,WXYZ\n' +
      '^XA^FO10,10^A@N,30,30,E:SANS.TTF^FDtext^FS^XZ\n';
    const piece = splitZpl(zpl).pieces[0];
    expect(piece?.zpl).toContain('~DYE:SANS.TTF');
    expect(piece?.zpl).not.toContain('OTHER');
  });

  it('a ^CW alias is carried, and the font it names travels with the labels using it', () => {
    const zpl =
      '~DYE:SANS.TTF,B,T,4,,ABCD\n^XA^CWQ,E:SANS.TTF^XZ\n' +
      '^XA^FO10,10^AQN,30^FDaliased^FS^XZ\n^XA^FO10,10^A0N,30^FDplain^FS^XZ\n';
    const [, aliased, plain] = splitZpl(zpl).pieces;
    expect(aliased?.zpl).toContain('~DYE:SANS.TTF');
    expect(aliased?.zpl).toContain('^CWQ,E:SANS.TTF');
    expect(plain?.zpl).not.toContain('~DY');
  });

  it('an ^XA inside a label still open is part of that label, as the engine reads it', () => {
    const zpl = '^XA^FO10,10^FDa^FS^XA^FO10,50^FDb^FS^XZ\n' + LABEL;
    const split = splitZpl(zpl);
    expect(split.pieces.map((p) => p.index)).toEqual([1, 2]);
    expect(engine.render(split.pieces[0]?.zpl ?? '').labels).toHaveLength(1);
  });

  it('an ^XA inside field data (another caret) or binary data starts no label', () => {
    const zpl =
      '^CC+\n+XA+FO10,10+FDnot ^XA a label ^XZ+FS+XZ\n+CC^\n' +
      '^XA^FO10,10^GFB,6,6,2,^XA^XZ^FS^XZ\n';
    const split = splitZpl(zpl);
    expect(split.pieces.map((p) => p.kind)).toEqual(['label', 'label']);
    expect(split.pieces[0]?.zpl).toContain('+FDnot ^XA a label ^XZ+FS');
    // The second piece starts back under the caret: its commands are read as written.
    expect(engine.render(split.pieces[1]?.zpl ?? '').labels).toHaveLength(1);
  });

  it('a day of 500 labels: 500 pieces, each with the logo and the format once', () => {
    const split = splitZpl(marketplaceDay(500));
    const labels = split.pieces.filter((p) => p.kind === 'label');
    expect(split.labels).toBe(500);
    expect(labels.map((p) => p.index)).toEqual(labels.map((_p, i) => i + 1));
    for (const piece of labels) {
      expect(piece.zpl.match(/~DG/g)).toHaveLength(1);
      expect((piece.zpl.match(/\^DF/g) ?? []).length).toBeLessThanOrEqual(1);
    }
  });

  it('bytes and zpl are the same piece', () => {
    for (const piece of splitZpl(marketplaceDay(4)).pieces)
      expect(new TextEncoder().encode(piece.zpl)).toEqual(piece.bytes);
  });

  it('takes bytes as well as text', () => {
    const text = marketplaceDay(2);
    const a = splitZpl(text).pieces.map((p) => p.zpl);
    const b = splitZpl(new TextEncoder().encode(text)).pieces.map((p) => p.zpl);
    expect(b).toEqual(a);
  });
});
