import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { afterAll, describe, expect, it } from 'vitest';
import { danfeAccessKey, dottedNumber, groupedByFour } from '@shared/bulk/test-fixtures.ts';
import { tempDir } from '../outbox/helpers.ts';
import { pdfText } from '../paperwork/pdf-text.ts';
import { runFiles } from './run-files.ts';

// `npm run -s files -- split` on an ERP's day of DANFEs in one PDF (issue #39): one PDF per
// invoice, a two-page DANFE kept whole. Each written PDF is judged apart from the code: its page
// count by pdfinfo, its words by pdf.js (text still text), its fonts by pdffonts.

const dir = tempDir('packbench-files-pdf-split-');
afterAll(() => dir.remove());
const files = (args: string[]) => runFiles(dir.path, args);

const key = danfeAccessKey;
const grouped = groupedByFour;
const dotted = dottedNumber;

interface Danfe {
  number: number;
  order: string;
  pages: number;
}

/** DANFE-style pages, their header block on each, drawn with a standard font. */
async function danfes(invoices: readonly Danfe[]): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  for (const { number, order, pages } of invoices)
    for (let sheet = 1; sheet <= pages; sheet += 1) {
      const page = pdf.addPage([595, 842]);
      const lines = [
        'DANFE',
        'Documento Auxiliar da Nota Fiscal Eletrônica',
        `Nº ${dotted(number)}   SÉRIE 001   FOLHA ${sheet}/${pages}`,
        'CHAVE DE ACESSO',
        grouped(key(number)),
        `Pedido ${order}`,
        `Item ${sheet} of invoice ${number}`,
      ];
      lines.forEach((line, i) => page.drawText(line, { x: 40, y: 800 - i * 24, size: 11, font }));
    }
  return pdf.save();
}

interface Piece {
  source: string;
  kind: string;
  index: number | null;
  pages: number[] | null;
  file: string | null;
  sha256: string | null;
  error: string | null;
}

const pageCount = (file: string) =>
  Number(/^Pages:\s+(\d+)/m.exec(execFileSync('pdfinfo', [file], { encoding: 'utf8' }))?.[1]);
const fonts = (file: string) =>
  execFileSync('pdffonts', [file], { encoding: 'utf8' }).split('\n').slice(2).filter(Boolean);

describe('npm run -s files -- split, a PDF of several invoices', () => {
  it('writes one PDF per invoice, a two-page DANFE whole, text and fonts kept', async () => {
    const day = await danfes([
      { number: 1042, order: 'PB-1042', pages: 1 },
      { number: 1043, order: 'PB-1043', pages: 2 },
      { number: 1044, order: 'PB-1044', pages: 1 },
    ]);
    writeFileSync(join(dir.path, 'day.pdf'), day);
    const run = await files(['split', 'day.pdf', '--out', 'out', '--json']);
    expect(run.err).toBe('');
    expect(run.code).toBe(0);
    const { pieces } = JSON.parse(run.out) as { pieces: Piece[] };
    expect(pieces.map((p) => [p.kind, p.index, p.pages, p.error])).toEqual([
      ['invoice', 1, [1], null],
      ['invoice', 2, [2, 3], null],
      ['invoice', 3, [4], null],
    ]);
    const expected = [
      { number: 1042, order: 'PB-1042', sheets: 1 },
      { number: 1043, order: 'PB-1043', sheets: 2 },
      { number: 1044, order: 'PB-1044', sheets: 1 },
    ];
    for (const [i, piece] of pieces.entries()) {
      const want = expected[i];
      const file = piece.file ?? '';
      const bytes = readFileSync(file);
      expect(piece.source).toBe(join(dir.path, 'day.pdf'));
      expect(createHash('sha256').update(bytes).digest('hex')).toBe(piece.sha256);
      expect(pageCount(file)).toBe(want?.sheets);
      // pdf.js finds the words: still text, and only this invoice's.
      const text = await pdfText(bytes);
      expect(text).toContain(`Pedido ${want?.order}`);
      expect(text).toContain(grouped(key(want?.number ?? 0)));
      for (let sheet = 1; sheet <= (want?.sheets ?? 0); sheet += 1)
        expect(text).toContain(`Item ${sheet} of invoice ${want?.number}`);
      for (const other of expected.filter((e) => e !== want))
        expect(text).not.toContain(other.order);
      // The font came along with the pages (pdffonts lists one Helvetica, not embedded as today).
      expect(fonts(file)).toEqual([expect.stringMatching(/^Helvetica\s+Type 1\s+WinAnsi\s+no/)]);
    }
  });

  it('writes a PDF of one invoice byte for byte, even of two pages', async () => {
    const single = await danfes([{ number: 2001, order: 'PB-2001', pages: 2 }]);
    writeFileSync(join(dir.path, 'one.pdf'), single);
    const run = await files(['split', 'one.pdf', '--out', 'out-one', '--json']);
    expect(run.code).toBe(0);
    const { pieces } = JSON.parse(run.out) as { pieces: Piece[] };
    expect(pieces.map((p) => [p.kind, p.index, p.pages])).toEqual([['invoice', 1, [1, 2]]]);
    expect(readFileSync(pieces[0]?.file ?? '')).toEqual(Buffer.from(single));
  });

  it('matches each split invoice to its order', async () => {
    const day = await danfes([
      { number: 3042, order: 'PB-3042', pages: 1 },
      { number: 3043, order: 'PB-3043', pages: 2 },
      { number: 3044, order: 'PB-3044', pages: 1 },
    ]);
    writeFileSync(join(dir.path, 'match-day.pdf'), day);
    const order = (id: string, n: number) => ({
      id,
      status: 'picking',
      warehouse: 'SP01',
      customer: { name: `Cliente ${n}`, email: `c${n}@example.com` },
      shipping_address: {
        line1: 'Rua A, 1',
        city: 'São Paulo',
        state: 'SP',
        postal_code: '01311-000',
        country: 'BR',
      },
      items: [{ sku: 'SKU-1', quantity: 1 }],
      created_at: '2026-11-28T08:00:00Z',
      updated_at: '2026-11-28T08:00:00Z',
      invoice: null,
      labels: [],
    });
    writeFileSync(
      join(dir.path, 'orders.json'),
      JSON.stringify({
        data: [order('PB-3042', 1), order('PB-3043', 2), order('PB-3044', 3)],
        page: 1,
        page_size: 50,
        total: 3,
      }),
    );
    const run = await files(['match', 'match-day.pdf', '--orders', 'orders.json', '--json']);
    expect(run.code).toBe(0);
    const { pieces } = JSON.parse(run.out) as {
      pieces: (Piece & { status: string; order: string | null })[];
    };
    expect(pieces.map((p) => [p.index, p.pages, p.status, p.order])).toEqual([
      [1, [1], 'matched', 'PB-3042'],
      [2, [2, 3], 'matched', 'PB-3043'],
      [3, [4], 'matched', 'PB-3044'],
    ]);
  });
});
