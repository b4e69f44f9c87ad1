import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { tempDir } from '../outbox/helpers.ts';
import { runFiles } from './run-files.ts';
import { realPdf } from '../support/pdf.ts';

// `npm run -s files -- match` as an integrator runs it: a day's labels and invoices against the
// orders and trackings as the service lists them. Each piece is matched by what it says (its
// text, its bar codes' data as printed), never guessed; copies and files already delivered are
// duplicates.

const dir = tempDir('packbench-files-match-');
afterAll(() => dir.remove());

const files = (args: string[]) => runFiles(dir.path, args);

const order = (id: string, name: string, postal: string, invoice: Uint8Array | null = null) => ({
  id,
  status: 'picking',
  warehouse: 'SP01',
  customer: { name, email: `${id.toLowerCase()}@example.com` },
  shipping_address: {
    line1: 'Rua A, 1',
    city: 'São Paulo',
    state: 'SP',
    postal_code: postal,
    country: 'BR',
  },
  items: [{ sku: 'SKU-1', quantity: 1 }],
  created_at: '2026-11-28T08:00:00Z',
  updated_at: '2026-11-28T08:00:00Z',
  invoice: invoice
    ? {
        file_name: 'nf.pdf',
        content_type: 'application/pdf',
        size: invoice.length,
        sha256: createHash('sha256').update(invoice).digest('hex'),
        received_at: '2026-11-28T08:00:00Z',
      }
    : null,
  labels: [],
});

interface Piece {
  source: string;
  kind: string;
  status: string;
  order: string | null;
  candidates: string[];
  evidence: { key: string; value: string; order: string | null }[];
  file: string | null;
  duplicateOf?: { source: string; index: number };
  deliveredAs?: string;
}

describe('npm run -s files -- match', () => {
  it('matches each piece by its evidence; ambiguous, unmatched and duplicates said so', async () => {
    const delivered = realPdf('DANFE NF-e 9001 Pedido PB-1044');
    writeFileSync(
      join(dir.path, 'orders.json'),
      JSON.stringify({
        data: [
          order('PB-1042', 'Maria Souza', '01311-000'),
          order('PB-1043', 'João Lima', '20040-002'),
          // Two orders of one customer: her name and postal code alone cannot tell them apart.
          order('PB-1050', 'Ana Prado', '30130-100'),
          order('PB-1051', 'Ana Prado', '30130-100'),
          order('PB-1044', 'Rui Alves', '40010-000', delivered),
        ],
        page: 1,
        page_size: 50,
        total: 5,
      }),
    );
    writeFileSync(
      join(dir.path, 'trackings.json'),
      JSON.stringify({
        data: [{ id: 'T-1', order: 'PB-1043', carrier: 'correios', code: 'QB400000001BR' }],
      }),
    );
    const field = (y: number, text: string) => `^FO20,${y}^A0N,30,30^FD${text}^FS`;
    writeFileSync(
      join(dir.path, 'day.zpl'),
      [
        `^XA${field(20, 'Pedido PB-1042')}${field(60, 'Maria Souza')}^XZ`,
        // The tracking code only in the bar code, behind a Code 128 subset prefix.
        `^XA^FO20,20^BY2^BCN,80,N,N^FD>:QB400000001BR^FS^XZ`,
        `^XA${field(20, 'ANA PRADO')}${field(60, 'CEP 30130-100')}^XZ`,
        `^XA${field(20, 'Nobody we know')}^XZ`,
        '^XA^MMT^PW800^XZ',
      ].join('\n'),
    );
    const invoice = realPdf('DANFE NF-e 1042 Pedido PB-1042 Maria Souza');
    writeFileSync(join(dir.path, 'nf-1042.pdf'), invoice);
    writeFileSync(join(dir.path, 'nf-1042-copy.pdf'), invoice);
    writeFileSync(join(dir.path, 'nf-1044.pdf'), delivered);

    const run = await files([
      'match',
      'day.zpl',
      'nf-1042.pdf',
      'nf-1042-copy.pdf',
      'nf-1044.pdf',
      '--orders',
      'orders.json',
      '--trackings',
      'trackings.json',
      '--out',
      'matched',
      '--json',
    ]);
    const { pieces } = JSON.parse(run.out) as { pieces: Piece[] };
    const at = (p: Piece) => p.source.slice(dir.path.length + 1);
    expect(pieces.map((p) => [at(p), p.kind, p.status, p.order, p.candidates])).toEqual([
      ['day.zpl', 'label', 'matched', 'PB-1042', ['PB-1042']],
      ['day.zpl', 'label', 'matched', 'PB-1043', ['PB-1043']],
      ['day.zpl', 'label', 'ambiguous', null, ['PB-1050', 'PB-1051']],
      ['day.zpl', 'label', 'unmatched', null, []],
      ['day.zpl', 'other', 'other', null, []],
      ['nf-1042.pdf', 'invoice', 'matched', 'PB-1042', ['PB-1042']],
      ['nf-1042-copy.pdf', 'invoice', 'duplicate', 'PB-1042', ['PB-1042']],
      ['nf-1044.pdf', 'invoice', 'duplicate', 'PB-1044', ['PB-1044']],
    ]);
    expect(pieces[0]?.evidence).toContainEqual({
      key: 'orderId',
      value: 'PB-1042',
      order: 'PB-1042',
    });
    expect(pieces[1]?.evidence).toContainEqual({
      key: 'tracking',
      value: 'QB400000001BR',
      order: 'PB-1043',
    });
    expect(pieces[6]?.duplicateOf).toEqual({ source: join(dir.path, 'nf-1042.pdf'), index: 1 });
    expect(pieces[7]?.deliveredAs).toBe(createHash('sha256').update(delivered).digest('hex'));
    expect(run.code).toBe(3);
    expect(run.err.trim()).toBe('5 of 8 piece(s) not matched to one order.');
    // Matched pieces are written under their order's name, the bytes as they came.
    expect(pieces.filter((p) => p.file).map((p) => p.file?.slice(dir.path.length + 1))).toEqual([
      'matched/PB-1042-label.zpl',
      'matched/PB-1043-label.zpl',
      'matched/PB-1042-invoice.pdf',
    ]);
    expect(readFileSync(join(dir.path, 'matched/PB-1042-invoice.pdf'))).toEqual(
      Buffer.from(invoice),
    );
  });

  it('exit 1 with one sentence when the orders file cannot be read, 2 without --orders', async () => {
    writeFileSync(join(dir.path, 'one.zpl'), '^XA^FO20,20^A0N,30,30^FDPB-1042^FS^XZ');
    const missing = await files(['match', 'one.zpl', '--orders', 'nowhere.json']);
    expect([missing.code, missing.out, missing.err.trim()]).toEqual([
      1,
      '',
      `The orders file ${join(dir.path, 'nowhere.json')} does not exist.`,
    ]);
    writeFileSync(join(dir.path, 'broken.json'), '{"data": [{"id": 7}]}');
    const broken = await files(['match', 'one.zpl', '--orders', 'broken.json', '--json']);
    expect(broken.code).toBe(1);
    expect(broken.err.trim()).toMatch(/has an entry that is no order \(number 1\)/);
    const usage = await files(['match', 'one.zpl']);
    expect(usage.code).toBe(2);
    expect(usage.err).toContain('--orders ORDERS.json');
  });
});
