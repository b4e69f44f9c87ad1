import { describe, expect, it } from 'vitest';
import { realPdf } from '@test/support/pdf.ts';
import { checkPdf, checkedJobs, parseMedia } from './document.ts';
import { PrintError } from './errors.ts';
import type { PrintJob } from './job.ts';
import { openPrinter } from './printer.ts';
import type { PrinterTarget } from './target.ts';

// What is refused before a printer is asked anything. A PDF's wholeness is judged by the
// station's own file rules; here, that a refusal names the file and says nothing was sent.

const pdf = realPdf('slip');
const cut = pdf.subarray(0, pdf.length - 40);
const cups: PrinterTarget = { kind: 'cups', queue: 'Office' };
const tcp: PrinterTarget = { kind: 'tcp', host: '127.0.0.1', port: 9 };
const windows: PrinterTarget = { kind: 'windows', printer: 'HP Office' };

const refusal = (fn: () => unknown): PrintError => {
  try {
    fn();
  } catch (error) {
    if (error instanceof PrintError) return error;
    throw error;
  }
  throw new Error('not refused');
};

describe('checkPdf', () => {
  it('takes a whole PDF, with a few bytes before its header as readers do', () => {
    expect(() => checkPdf(pdf, 'slip.pdf')).not.toThrow();
    expect(() => checkPdf(Buffer.concat([Buffer.from('\r\n'), pdf]), 'slip.pdf')).not.toThrow();
  });

  it.each([
    [
      'a ZPL label',
      Buffer.from('^XA^FDhello^FS^XZ'),
      /label\.zpl is not a PDF \(it has no %PDF- header\)/,
    ],
    ['nothing', Buffer.alloc(0), /is not a PDF/],
    ['a PDF cut short', cut, /is not a whole PDF \(no %%EOF and cross-reference at its end/],
    [
      'a header and garbage',
      Buffer.from('%PDF-1.7\n1 0 obj\n<<>>\nendobj\n'),
      /is not a whole PDF/,
    ],
  ])('refuses %s with not-pdf and one sentence', (_what, bytes, message) => {
    const error = refusal(() => checkPdf(bytes, 'label.zpl'));
    expect(error.code).toBe('not-pdf');
    expect(error.message).toMatch(message);
    expect(error.message).toMatch(/; nothing was sent\.$/);
  });
});

describe('checkedJobs', () => {
  const document = (bytes: Uint8Array = pdf): PrintJob => ({
    name: 'slip.pdf',
    bytes,
    document: { media: 'A4', copies: 2 },
  });

  it('lets a PDF through to a CUPS queue or a Windows printer, and a label to tcp:// or CUPS', () => {
    expect(checkedJobs(cups, [document()])).toHaveLength(1);
    expect(checkedJobs(windows, [document()])).toHaveLength(1);
    const label = { name: 'a.zpl', bytes: Buffer.from('^XA^XZ') };
    expect(checkedJobs(tcp, [label])).toHaveLength(1);
    expect(checkedJobs(cups, [label])).toHaveLength(1);
  });

  it('refuses a document to a label printer’s raw port, before judging the PDF', () => {
    const error = refusal(() => checkedJobs(tcp, [document(Buffer.from('%PDF-1.7'))]));
    expect(error.code).toBe('not-a-document-printer');
    expect(error.message).toBe(
      "slip.pdf is a PDF, not ZPL: tcp://127.0.0.1:9 is a label printer's raw port, which cannot " +
        'print a document (send it to a document printer, cups:QUEUE); nothing was sent.',
    );
  });

  it('refuses a label to a Windows printer, which prints documents only', () => {
    const error = refusal(() =>
      checkedJobs(windows, [{ name: 'box.zpl', bytes: Buffer.from('^XA^XZ') }]),
    );
    expect(error.code).toBe('not-a-label-printer');
    expect(error.message).toMatch(/^box\.zpl is a label: windows:HP Office prints documents/);
  });

  it('refuses a document that is not a whole PDF, and checks jobs made from the status too', () => {
    expect(refusal(() => checkedJobs(cups, [document(cut)])).code).toBe('not-pdf');
    const made = checkedJobs(windows, () => [{ name: 'test label', bytes: Buffer.from('^XA^XZ') }]);
    expect(typeof made).toBe('function');
    if (typeof made !== 'function') return;
    const status = {
      online: true,
      paused: false,
      paperOut: false,
      headOpen: false,
      ribbonOut: false,
      bufferFull: false,
      labelsRemaining: 0,
    };
    expect(refusal(() => made(status)).code).toBe('not-a-label-printer');
  });

  it('throws a programming error for copies or media the station never offers', () => {
    expect(() =>
      checkedJobs(cups, [{ name: 'a.pdf', bytes: pdf, document: { copies: 0 } }]),
    ).toThrow(RangeError);
    expect(() =>
      checkedJobs(cups, [{ name: 'a.pdf', bytes: pdf, document: { copies: 1.5 } }]),
    ).toThrow(RangeError);
    expect(() =>
      checkedJobs(cups, [
        { name: 'a.pdf', bytes: pdf, document: { media: 'A3' as unknown as 'A4' } },
      ]),
    ).toThrow(/media must be one of A4, Letter/);
  });

  it('openPrinter refuses before it asks the printer anything: nothing listens on tcp://…:9', async () => {
    const printer = openPrinter(tcp, { timeoutMs: 200 });
    await expect(printer.print([document()])).rejects.toMatchObject({
      code: 'not-a-document-printer',
    });
  });
});

describe('parseMedia', () => {
  it('reads A4 and Letter in any case, and nothing else', () => {
    expect(parseMedia('A4')).toBe('A4');
    expect(parseMedia('a4')).toBe('A4');
    expect(parseMedia(' letter ')).toBe('Letter');
    expect(parseMedia('Legal')).toBeNull();
    expect(parseMedia('')).toBeNull();
  });
});
