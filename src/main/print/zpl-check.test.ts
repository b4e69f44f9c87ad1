import { describe, expect, it } from 'vitest';
import { checkZpl } from './zpl-check.ts';

const bytes = (text: string) => Buffer.from(text, 'latin1');

describe('checkZpl', () => {
  it('accepts whole labels, however many, with commands around them', () => {
    expect(checkZpl(bytes('^XA^FO10,10^FDhi^FS^XZ'), 'a.zpl')).toEqual({ ok: true, labels: 1 });
    expect(checkZpl(bytes('~DGR:LOGO.GRF,2,1,FF00\r\n^XA^XZ\r\n^xa^xz\r\n'), 'b.zpl')).toEqual({
      ok: true,
      labels: 2,
    });
  });

  it('refuses plain text: no label in it', () => {
    const check = checkZpl(bytes('Dear customer,\nyour parcel is on its way.\n'), 'note.txt');
    expect(check).toMatchObject({ ok: false, code: 'no-label' });
    if (!check.ok)
      expect(check.message).toBe(
        'note.txt is not ZPL: it has no label (^XA … ^XZ) (send it as it is with --raw).',
      );
  });

  it('refuses a PDF, even one with bytes before its header', () => {
    expect(checkZpl(bytes('%PDF-1.7\n%âãÏÓ\n1 0 obj\n^XA^XZ'), 'label.pdf')).toMatchObject({
      ok: false,
      code: 'pdf',
    });
    expect(checkZpl(bytes('\r\n\r\n%PDF-1.4\n'), 'x.pdf')).toMatchObject({
      ok: false,
      code: 'pdf',
    });
  });

  it('refuses ^XA without ^XZ, saying where the label opens', () => {
    const check = checkZpl(bytes('^XA^FO1,1^FDok^FS^XZ\n^XA\n^FO1,1^FDcut^FS'), 'cut.zpl');
    expect(check).toMatchObject({ ok: false, code: 'unterminated' });
    if (!check.ok) expect(check.message).toMatch(/line 2, column 1 has no \^XZ/);
  });

  it('refuses an empty file', () => {
    expect(checkZpl(new Uint8Array(), 'empty.zpl')).toMatchObject({ ok: false, code: 'empty' });
  });
});
