import { describe, expect, it } from 'vitest';
import {
  aesOwnerPasswordPdf,
  classicXrefPdf,
  emptyFile,
  garbageAfterHeaderPdf,
  leadingJunkPdf,
  ownerPasswordPdf,
  pngRenamedAsPdf,
  truncatedPdf,
  userPasswordPdf,
  xrefStreamPdf,
} from '../support/pdf-variants.ts';
import { checkFile } from '../../src/shared/files/check-file.ts';
import { inspectFile, MAX_FILE_BYTES } from '../../src/shared/files/file-rules.ts';

// The same pdf.js as the window, in its Node build.
const pdfjs = () => import('pdfjs-dist/legacy/build/pdf.mjs');
const text = (s: string) => new TextEncoder().encode(s);

describe('checkFile: files as they arrive from ERPs, scanners and label designers', () => {
  it.each([
    ['classic xref table', classicXrefPdf('NF-e 1')],
    ['three pages', classicXrefPdf('NF-e 3', 3)],
    ['xref stream (PDF 1.5)', xrefStreamPdf('NF-e 2')],
    ['junk before %PDF-', leadingJunkPdf('NF-e 4')],
    ['owner password only (RC4)', ownerPasswordPdf('NF-e 5')],
    ['owner password only (AES)', aesOwnerPasswordPdf('NF-e 6')],
  ])('accepts a PDF with a %s', async (_, bytes) => {
    expect(await checkFile('nf.pdf', bytes, pdfjs)).toMatchObject({ ok: true, kind: 'invoice' });
  });

  it('says an owner-password PDF is encrypted before pdf.js shows it opens', () => {
    expect(inspectFile('nf.pdf', ownerPasswordPdf('x'))).toMatchObject({ encrypted: true });
    expect(inspectFile('nf.pdf', classicXrefPdf('x'))).toMatchObject({ encrypted: false });
  });

  it.each([0.1, 0.25, 0.5, 0.75, 0.98, 0.999])(
    'refuses a PDF cut at %s of its length',
    async (at) => {
      expect(await checkFile('cut.pdf', truncatedPdf('NF-e', at), pdfjs)).toEqual({
        ok: false,
        reason: 'damaged',
      });
    },
  );

  it.each([
    ['a user password', 'locked.pdf', userPasswordPdf('NF-e', 'secret'), 'needsPassword'],
    ['garbage after a valid header', 'junk.pdf', garbageAfterHeaderPdf(1), 'damaged'],
    ['a PNG renamed .pdf', 'scan.pdf', pngRenamedAsPdf(), 'notPdf'],
    ['no bytes', 'empty.pdf', emptyFile(), 'empty'],
    ['more than the limit', 'big.pdf', new Uint8Array(MAX_FILE_BYTES + 1), 'tooLarge'],
    ['a label where an invoice is expected', 'nf.zpl', text('^XA^XZ'), 'notPdf', 'invoice'],
    ['an unterminated label', 'cut.zpl', text('^XA^FDno end'), 'noZpl'],
    ['text that is not ZPL', 'notes.txt', text('hello'), 'noZpl'],
    ['a photo', 'photo.png', pngRenamedAsPdf(), 'unknownType'],
  ] as const)('refuses a file with %s', async (_, name, bytes, reason, expect_?: 'invoice') => {
    expect(await checkFile(name, bytes, pdfjs, expect_)).toEqual({ ok: false, reason });
  });

  it('takes ZPL by its ^XA…^XZ, whatever the extension of a label file', async () => {
    expect(await checkFile('label.zpl', text('^XA^FDok^FS^XZ'), pdfjs)).toMatchObject({
      ok: true,
      kind: 'label',
    });
    expect(await checkFile('LABEL.PRN', text('^xa^xz^XA^XZ'), pdfjs)).toMatchObject({
      ok: true,
      kind: 'label',
    });
  });

  it('never loads pdf.js for a label', async () => {
    const never = () => Promise.reject(new Error('pdf.js loaded'));
    expect(await checkFile('l.zpl', text('^XA^XZ'), never)).toMatchObject({ ok: true });
  });
});
