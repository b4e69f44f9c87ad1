import { describe, expect, it } from 'vitest';
import { splitZplLabels } from './structure.ts';

describe('splitZplLabels', () => {
  it('finds every label of a multi-label file, in either case', () => {
    const text = '^XA^FO50,50^FDone^FS^XZ\r\n^xa^FDtwo^FS^xz\n';
    expect(splitZplLabels(text)).toEqual({
      labels: ['^XA^FO50,50^FDone^FS^XZ', '^xa^FDtwo^FS^xz'],
      problems: [],
    });
  });

  it('reports a file with no label at all', () => {
    expect(splitZplLabels('hello printer').problems).toEqual([
      { kind: 'no_labels' },
      { kind: 'text_outside_label', offset: 0, text: 'hello printer' },
    ]);
    expect(splitZplLabels('').problems).toEqual([{ kind: 'no_labels' }]);
  });

  it('reports a label without ^XZ and a stray ^XZ', () => {
    expect(splitZplLabels('^XA^FDok^XZ^XA^FDcut off').problems).toEqual([
      { kind: 'unterminated_label', offset: 11 },
    ]);
    expect(splitZplLabels('^XZ^XA^XZ').problems).toEqual([
      { kind: 'end_without_start', offset: 0 },
    ]);
  });

  it('reports text between labels without losing the labels', () => {
    const result = splitZplLabels('^XA^XZ junk ^XA^XZ');
    expect(result.labels).toHaveLength(2);
    expect(result.problems).toEqual([{ kind: 'text_outside_label', offset: 6, text: 'junk' }]);
  });
});
