// The packing slip read back by pdf.js: every field in each language, accents intact, the
// lots of a pack, and a long order over several pages with the table's header on each.
import { beforeAll, describe, expect, it } from 'vitest';
import type { DocumentFonts } from '../../src/main/documents/fonts.ts';
import { loadFontsFromPackages } from '../../src/main/documents/package-fonts.ts';
import { renderPackingSlip } from '../../src/main/documents/slip-pdf.ts';
import { renderTestPage } from '../../src/main/documents/test-page.ts';
import { documentsSentences } from '../../src/shared/i18n/sections/documents.ts';
import { AT, count, pageTexts, productNames, sampleOrder, samplePack, ZONE } from './fixtures.ts';

let fonts: DocumentFonts;
beforeAll(async () => {
  fonts = await loadFontsFromPackages();
});

const context = (lang: 'en' | 'pt-BR' | 'es', paper: 'a4' | 'letter' = 'a4') => ({
  fonts,
  at: AT,
  timeZone: ZONE,
  station: 'Bancada Três',
  packer: 'Íñigo',
  lang,
  paper,
});

// What a person who reads each language expects to see, written out here rather than taken
// from the code: the catalogue's words, and dates and numbers in the language's own form.
const EXPECTED = {
  en: {
    words: ['Packing slip', 'Order SO-2027-0042', 'CUSTOMER', 'SHIP TO', 'NOTES'],
    carrier: 'CARRIER',
    orderDate: 'March 15, 2027',
    printed: 'March 16, 2027',
    time: '11:05',
    country: 'Brazil',
    lots: ['Lot L2027A · exp. 09/30/2027 · × 1', 'Lot B-77 · exp. 01/31/2028 · × 1'],
    noExpiry: 'Lot C-12 · exp. no expiry · × 1',
    packedBy: 'Packed at Bancada Três by Íñigo',
    quantities: ['4', '1,200', '7'],
    total: '1,211 units in 3 lines',
    page: 'Page 1 of 1',
  },
  'pt-BR': {
    words: [
      'Romaneio de embalagem',
      'Pedido SO-2027-0042',
      'CLIENTE',
      'ENTREGAR EM',
      'OBSERVAÇÕES',
    ],
    carrier: 'TRANSPORTADORA',
    orderDate: '15 de março de 2027',
    printed: '16 de março de 2027',
    time: '11:05',
    country: 'Brasil',
    lots: ['Lote L2027A · val. 30/09/2027 · × 1', 'Lote B-77 · val. 31/01/2028 · × 1'],
    noExpiry: 'Lote C-12 · val. sem validade · × 1',
    packedBy: 'Embalado em Bancada Três por Íñigo',
    quantities: ['4', '1.200', '7'],
    total: '1.211 unidades em 3 linhas',
    page: 'Página 1 de 1',
  },
  es: {
    words: ['Lista de empaque', 'Pedido SO-2027-0042', 'CLIENTE', 'ENVIAR A', 'NOTAS'],
    carrier: 'TRANSPORTISTA',
    orderDate: '15 de marzo de 2027',
    printed: '16 de marzo de 2027',
    time: '11:05',
    country: 'Brasil',
    lots: ['Lote L2027A · venc. 30/09/2027 · × 1', 'Lote B-77 · venc. 31/01/2028 · × 1'],
    noExpiry: 'Lote C-12 · venc. sin vencimiento · × 1',
    packedBy: 'Empacado en Bancada Três por Íñigo',
    quantities: ['4', '1200', '7'],
    total: '1211 unidades en 3 líneas',
    page: 'Página 1 de 1',
  },
} as const;

describe('the packing slip, read back with pdf.js', () => {
  it.each(['en', 'pt-BR', 'es'] as const)(
    '%s: every field of the order and the pack, accents intact',
    async (lang) => {
      // Quantities unlike the SKUs' numbers and the lines' places, one with thousands.
      const sample = sampleOrder(3);
      const quantities = [4, 1200, 7];
      const order = {
        ...sample,
        items: sample.items.map((item, i) => ({ ...item, quantity: quantities[i] ?? 0 })),
      };
      const slip = await renderPackingSlip(
        { order, productNames: productNames(order), pack: samplePack },
        context(lang),
      );
      expect(slip.pages).toBe(1);
      const [text = ''] = await pageTexts(slip.bytes);
      const want = EXPECTED[lang];
      for (const word of want.words) expect(text).toContain(word);
      // The order number twice: the heading and the line under its bar code (plus the footer).
      expect(count(text, 'SO-2027-0042')).toBeGreaterThanOrEqual(3);
      // Customer and address, as the API gave them.
      for (const field of [
        'Conceição Muñoz',
        '123.456.789-00',
        'conceicao@example.com',
        '+55 11 98765-4321',
        'Avenida Paulista, 1578',
        'Conjunto 42',
        'Bela Vista',
        'São Paulo – SP 01310-200',
        want.country,
        'WH-SP1',
        'Añadir una tarjeta de regalo; entregar pela manhã.',
      ])
        expect(text).toContain(field);
      expect(text).toContain(want.orderDate);
      expect(text).toContain(want.printed);
      expect(text).toContain(want.time);
      expect(text).toContain(want.packedBy);
      // The carrier under its heading, in the language.
      expect(text).toContain(`${want.carrier} Correios SEDEX`);
      // Every line: name, SKU and quantity (read just after its SKU, in the language's own
      // form); the lots packed, one lot scanned twice counted once.
      for (const [i, item] of order.items.entries()) {
        expect(text).toContain(`Loção hidratante nº ${i + 1} ${item.sku} ${want.quantities[i]} `);
        expect(count(text, `${item.sku} `)).toBe(1);
      }
      for (const lot of want.lots) expect(text).toContain(lot);
      expect(text).toContain(want.noExpiry);
      expect(count(text, 'L2027A')).toBe(1);
      expect(text).toContain(want.total);
      expect(text).toContain(want.page);
      // The table's header, in the language (drawn in capitals).
      const words = documentsSentences[lang].slip;
      for (const title of [words.product, words.sku, words.quantity, words.lots])
        expect(text).toContain(title.toUpperCase());
    },
  );

  it('without a pack there is no lots column, and a line without a name says so', async () => {
    const order = sampleOrder(2);
    const slip = await renderPackingSlip(
      { order, productNames: new Map([['SKU-001', 'Sabonete de açaí']]) },
      context('pt-BR'),
    );
    const [text = ''] = await pageTexts(slip.bytes);
    expect(text).toContain('Sabonete de açaí');
    expect(text).toContain('nome desconhecido');
    expect(text).not.toContain('LOTES E VALIDADE');
    expect(text).not.toContain('Lote ');
  });

  it('a 60-line order flows over several pages, the header and "page n of m" on each', async () => {
    const order = sampleOrder(60);
    const slip = await renderPackingSlip(
      { order, productNames: productNames(order), pack: samplePack },
      context('es', 'letter'),
    );
    const pages = await pageTexts(slip.bytes);
    expect(slip.pages).toBe(pages.length);
    expect(pages.length).toBeGreaterThan(1);
    pages.forEach((text, i) => {
      for (const title of ['PRODUCTO', 'SKU', 'CANT.', 'LOTES Y VENCIMIENTO'])
        expect(text, `page ${i + 1}`).toContain(title);
      expect(text).toContain(`Página ${i + 1} de ${pages.length}`);
      if (i > 0) expect(text).toContain('Pedido SO-2027-0042 (continuación)');
    });
    // Every line exactly once over all the pages, in the order's order.
    const all = pages.join(' ');
    const positions = order.items.map((item) => all.indexOf(`${item.sku} `));
    for (const item of order.items) {
      expect(count(all, `${item.sku} `)).toBe(1);
      expect(all).toContain(`${item.sku} ${item.quantity} `);
    }
    expect(positions).toEqual([...positions].sort((a, b) => a - b));
    expect(all).toContain('1830 unidades en 60 líneas');
  });

  it('the test page names the station, the queue and the time', async () => {
    const page = await renderTestPage({
      station: 'Bancada Três',
      queue: 'cups:Escritório_Laser',
      at: AT,
      timeZone: ZONE,
      lang: 'pt-BR',
      paper: 'a4',
      fonts,
    });
    expect(page.pages).toBe(1);
    const [text = ''] = await pageTexts(page.bytes);
    for (const field of [
      'Página de teste',
      'Bancada Três',
      'cups:Escritório_Laser',
      '16 de março de 2027',
      '11:05',
      'São Paulo, Añadir, ação',
    ])
      expect(text).toContain(field);
  });
});
