import { describe, expect, it } from 'vitest';
import { engine, first, inkBox, sameDots } from './test-engine.ts';

// Issue 44, behaviour 1: ^XZ ends a field whose ^FS was forgotten, and the printer draws it (the
// guide: ^XZ ends the format; a field is drawn once its data is complete). A graphic's data is
// complete when its byte count is reached, text's and a bar code's at the next command.

describe('a field ended by ^XZ instead of ^FS', () => {
  it('^GFA alone in a format is a label: its dots at 0,0, where ^FS would have put them', () => {
    // 4 rows of 2 bytes, all black: a 16 × 4 block.
    const result = engine.render('^XA^GFA,8,8,2,FFFFFFFFFFFFFFFF^XZ');
    expect(result.labels).toHaveLength(1);
    const label = result.labels[0];
    expect(label && inkBox(label.bitmap)).toEqual({ x: 0, y: 0, width: 16, height: 4 });
    expect(label?.warnings).toEqual([expect.objectContaining({ command: 'GF', line: 1 })]);
  });

  it('a positioned ^GFA with compressed hex ends at ^XZ on the next line', () => {
    // "I" repeats F three times (G = 1, H = 2, I = 3): FFF0, a row of 2 bytes.
    const label = first('^XA^FO40,30\n^GFA,4,4,2,IF0\nIF0^XZ');
    expect(inkBox(label.bitmap)).toEqual({ x: 40, y: 30, width: 12, height: 2 });
  });

  it('text, a box and a bar code ended by ^XZ print as they would with ^FS', () => {
    for (const field of [
      '^FO20,20^A0N,40,30^FDPACK 42',
      '^FO20,20^GB60,30,4',
      '^BY2^FO20,20^BCN,50,Y,N^FD12345678',
    ]) {
      const open = first(`^XA${field}^XZ`);
      const closed = first(`^XA${field}^FS^XZ`);
      expect(inkBox(open.bitmap)).not.toBeNull();
      expect(sameDots(open.bitmap, closed.bitmap)).toBe(true);
      expect(open.warnings.map((w) => w.message)).toEqual([expect.stringContaining('^FS')]);
    }
  });

  it('only the open field is ended: the fields before it print once', () => {
    const label = first('^XA^FO10,10^GB10,6,6^FS\n^FO100,10^GB10,6,6^XZ');
    expect(inkBox(label.bitmap)).toEqual({ x: 10, y: 10, width: 100, height: 6 });
    expect(inkBox(label.bitmap, { x: 30, y: 0, width: 60, height: 30 })).toBeNull();
  });

  it('field data after a graphic starts a text field: both print, the text at 0,0', () => {
    // The graphic's ^FS forgotten (or swallowed by a ^GFB whose bytes never came).
    const label = first('^XA^FO100,200^GFA,4,4,2,FFFFFFFF^A0N,30,30^FDPACK^FS^XZ');
    expect(inkBox(label.bitmap, { x: 90, y: 190, width: 40, height: 20 })).toEqual({
      x: 100,
      y: 200,
      width: 16,
      height: 2,
    });
    const text = first('^XA^FO0,0^A0N,30,30^FDPACK^FS^XZ');
    const area = { x: 0, y: 0, width: 90, height: 60 };
    expect(inkBox(label.bitmap, area)).toEqual(inkBox(text.bitmap, area));
  });
});
