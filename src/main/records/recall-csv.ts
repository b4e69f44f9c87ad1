import type { RecallRow } from './recall.ts';

// A recall as a sortable spreadsheet (FSMA 204 asks for one within 24 hours): one row per order
// and lot, ISO dates, UTF-8 with a byte order mark so a spreadsheet opens accents as written,
// CRLF line ends, and no cell a spreadsheet would run as a formula.

export const RECALL_COLUMNS = [
  'order',
  'sku',
  'gtin',
  'lot',
  'expiry',
  'quantity',
  'customer',
  'city',
  'packed_at',
  'station',
  'packer',
  'label_delivered',
  'invoice_delivered',
] as const;

export const BOM = '\uFEFF';

/** A CSV field: quoted when it must be, and never read as a formula by a spreadsheet. */
export function csvField(value: string | number | boolean | null): string {
  if (value === null) return '';
  let text = String(value).replaceAll(String.fromCharCode(29), '<GS>');
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function recallCsv(rows: readonly RecallRow[]): string {
  const lines = [RECALL_COLUMNS.join(',')];
  for (const r of rows)
    lines.push(
      [
        r.order,
        r.sku,
        r.gtin,
        r.lot,
        r.expiry,
        r.quantity,
        r.customer,
        r.city,
        r.packedAt,
        r.station,
        r.packer,
        r.labelDelivered,
        r.invoiceDelivered,
      ]
        .map(csvField)
        .join(','),
    );
  return `${BOM}${lines.join('\r\n')}\r\n`;
}
