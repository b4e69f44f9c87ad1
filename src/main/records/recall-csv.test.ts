import { describe, expect, it } from 'vitest';
import { recallCsv } from './recall-csv.ts';
import type { RecallRow } from './recall.ts';

const row: RecallRow = {
  order: 'PB-1',
  sku: 'ACM-0025',
  gtin: '07891000010257',
  lot: 'L-2406B',
  expiry: '2026-03-01',
  quantity: 2,
  customer: 'Ana "Loja", Souza',
  city: 'São Paulo',
  packedAt: '2026-01-05T14:03:00.000Z',
  station: 'bench-3',
  packer: '=cmd|calc',
  labelDelivered: true,
  invoiceDelivered: false,
};

describe('recallCsv', () => {
  it('writes a BOM, a header, CRLF rows, quotes what must be and defuses formulas', () => {
    const csv = recallCsv([row, { ...row, lot: null, expiry: null, customer: null }]);
    expect(csv.startsWith('\uFEFF')).toBe(true);
    expect(csv.slice(1).split('\r\n')).toEqual([
      'order,sku,gtin,lot,expiry,quantity,customer,city,packed_at,station,packer,label_delivered,invoice_delivered',
      'PB-1,ACM-0025,07891000010257,L-2406B,2026-03-01,2,"Ana ""Loja"", Souza",São Paulo,2026-01-05T14:03:00.000Z,bench-3,\'=cmd|calc,true,false',
      "PB-1,ACM-0025,07891000010257,,,2,,São Paulo,2026-01-05T14:03:00.000Z,bench-3,'=cmd|calc,true,false",
      '',
    ]);
    expect(new TextEncoder().encode(csv).slice(0, 3)).toEqual(new Uint8Array([0xef, 0xbb, 0xbf]));
  });
});
