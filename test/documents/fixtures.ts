// Orders, packs and a reader for the documents tests: an order as the API returns it (the
// sandbox's shape, with accents a Brazilian or Spanish customer has), a pack record as the
// station exports it, and the PDF's text read back by pdf.js, an independent reader.
import type { Order } from '../../src/shared/api/schemas.ts';
import type { SlipPack } from '../../src/main/documents/pack-record.ts';

/** 16 March 2027, 14:05 UTC (11:05 in São Paulo). */
export const AT = Date.UTC(2027, 2, 16, 14, 5);
export const ZONE = 'America/Sao_Paulo';

export function sampleOrder(lines = 3): Order {
  return {
    id: 'SO-2027-0042',
    status: 'picking',
    warehouse: 'WH-SP1',
    customer: {
      name: 'Conceição Muñoz',
      document: '123.456.789-00',
      email: 'conceicao@example.com',
      phone: '+55 11 98765-4321',
    },
    shipping_address: {
      street: 'Avenida Paulista',
      number: '1578',
      complement: 'Conjunto 42',
      district: 'Bela Vista',
      city: 'São Paulo',
      state: 'SP',
      postal_code: '01310-200',
      country: 'BR',
    },
    items: Array.from({ length: lines }, (_, i) => ({
      sku: `SKU-${String(i + 1).padStart(3, '0')}`,
      quantity: i + 1,
    })),
    carrier: 'Correios SEDEX',
    notes: 'Añadir una tarjeta de regalo; entregar pela manhã.',
    created_at: '2027-03-15T10:30:00Z',
    updated_at: '2027-03-15T10:31:00Z',
    invoice: null,
    labels: [],
  };
}

export const productNames = (order: Order) =>
  new Map(order.items.map((item, i) => [item.sku, `Loção hidratante nº ${i + 1}`]));

/** Two lots of the first line (one of them scanned twice), the second line without a lot. */
export const samplePack: SlipPack = {
  orderId: 'SO-2027-0042',
  station: 'bench-3',
  account: 'maria',
  units: [
    { sku: 'SKU-001', quantity: 1, lot: 'L2027A', expiry: '2027-09-30' },
    { sku: 'SKU-002', quantity: 1, lot: 'B-77', expiry: '2028-01-31' },
    { sku: 'SKU-002', quantity: 1, lot: 'C-12', expiry: null },
    { sku: 'SKU-003', quantity: 2, lot: null, expiry: null },
    { sku: 'SKU-003', quantity: 1, lot: null, expiry: null },
  ],
};

/** Each page's text as pdf.js extracts it, runs of white space made one space. */
export async function pageTexts(bytes: Uint8Array): Promise<string[]> {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const task = pdfjs.getDocument({ data: bytes.slice(), verbosity: 0 });
  const doc = await task.promise;
  try {
    const pages: string[] = [];
    for (let n = 1; n <= doc.numPages; n++) {
      const content = await (await doc.getPage(n)).getTextContent();
      const text = content.items.map((item) => ('str' in item ? item.str : '')).join(' ');
      pages.push(text.replace(/\s+/g, ' ').trim());
    }
    return pages;
  } finally {
    await task.destroy();
  }
}

/** How many times `needle` occurs in `text`. */
export const count = (text: string, needle: string) => text.split(needle).length - 1;
