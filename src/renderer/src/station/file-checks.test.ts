import { describe, expect, it } from 'vitest';
import { checkFile } from './file-checks.ts';

const bytes = (text: string) => new TextEncoder().encode(text);
const PNG = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

describe('checkFile', () => {
  it.each([
    ['nf.pdf', bytes('%PDF-1.7\n...\n%%EOF'), { ok: true, kind: 'invoice' }],
    ['label.zpl', bytes('^XA^FDok^FS^XZ'), { ok: true, kind: 'label' }],
    ['label.prn', bytes('^xa^xz^XA^XZ'), { ok: true, kind: 'label' }],
    ['scan.pdf', PNG, { ok: false, reason: 'notPdf' }],
    ['empty.pdf', new Uint8Array(), { ok: false, reason: 'empty' }],
    [
      'locked.pdf',
      bytes('%PDF-1.7\n1 0 obj\ntrailer << /Encrypt 5 0 R >>\n%%EOF'),
      { ok: false, reason: 'encrypted' },
    ],
    ['cut.zpl', bytes('^XA^FDno end'), { ok: false, reason: 'noZpl' }],
    ['notes.txt', bytes('hello'), { ok: false, reason: 'noZpl' }],
    ['photo.png', PNG, { ok: false, reason: 'unknownType' }],
  ])('%s', (name, data, verdict) => {
    expect(checkFile(name, data)).toEqual(verdict);
  });

  it('refuses files over the limit', () => {
    expect(checkFile('big.pdf', new Uint8Array(21 * 1024 * 1024))).toEqual({
      ok: false,
      reason: 'tooLarge',
    });
  });
});
