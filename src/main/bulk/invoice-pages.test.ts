import { describe, expect, it } from 'vitest';
import {
  breakLastDigit,
  danfeAccessKey,
  dottedNumber,
  groupedByFour,
} from '../../shared/bulk/test-fixtures.ts';
import { groupInvoicePages } from './invoice-pages.ts';

// Keys of one issuer, numbers 1042, 1043, 1044: what one ERP prints in a day.
const key = danfeAccessKey;
const grouped = groupedByFour;
const dotted = dottedNumber;

/** A DANFE page's header block as pdf.js reads it. */
function danfe(n: number, sheet: string | null, options: { key?: string | null } = {}): string {
  const k = options.key === undefined ? key(n) : options.key;
  return [
    'DANFE',
    'Documento Auxiliar da Nota Fiscal Eletrônica',
    '0 - ENTRADA 1 - SAÍDA 1',
    `Nº ${dotted(n)}`,
    'SÉRIE 001',
    sheet === null ? '' : `FOLHA ${sheet}`,
    'CHAVE DE ACESSO',
    k === null ? '' : grouped(k),
    'Loja Exemplo Ltda, Rua das Flores, Nº 123, São Paulo',
    `Pedido PB-${n}`,
  ].join('\n');
}

const pagesOf = (texts: string[]) => groupInvoicePages(texts).map((g) => g.pages);

describe('groupInvoicePages', () => {
  it('splits a day of DANFEs by key, number and sheet, a two-page one kept whole', () => {
    const groups = groupInvoicePages([
      danfe(1042, '1/1'),
      danfe(1043, '1/2'),
      danfe(1043, '2/2'),
      danfe(1044, '1/1'),
    ]);
    expect(groups).toEqual([
      { pages: [1], key: key(1042) },
      { pages: [2, 3], key: key(1043) },
      { pages: [4], key: key(1044) },
    ]);
  });

  it('a key alone tells invoices apart, and keeps a key that runs on together', () => {
    const bare = (n: number) => `CHAVE DE ACESSO ${key(n)} Pedido PB-${n}`;
    expect(pagesOf([bare(1), bare(1), bare(2)])).toEqual([[1, 2], [3]]);
  });

  it('a number alone tells invoices apart: "NF-e Nº", "Número da NF-e", "Nº 000.000.000"', () => {
    expect(pagesOf(['NF-e Nº 1042', 'NF-e Nº: 1043'])).toEqual([[1], [2]]);
    expect(pagesOf(['Número da NF-e: 7', 'Número da NF-e: 7', 'Número da nota 8'])).toEqual([
      [1, 2],
      [3],
    ]);
    expect(pagesOf(['Nº 000.001.042', 'N° 000.001.043'])).toEqual([[1], [2]]);
    // Leading zeros are the same number.
    expect(pagesOf(['NF-e Nº 001042', 'NF-e Nº 1.042', 'NF-e Nº 1043'])).toEqual([[1, 2], [3]]);
  });

  it('"page x of y" alone tells invoices apart, in Portuguese, Spanish-style and English', () => {
    expect(pagesOf(['Página 1 de 2', 'Página 2 de 2', 'Página 1 de 1'])).toEqual([[1, 2], [3]]);
    expect(pagesOf(['Page 1 of 1', 'Page 1 of 2', 'Page 2 of 2'])).toEqual([[1], [2, 3]]);
    expect(pagesOf(['FL. 1/1', 'Pág. 1/1', 'Folha 1 de 1'])).toEqual([[1], [2], [3]]);
  });

  it('a page that carries no key still continues its invoice by its sheet and number', () => {
    expect(
      pagesOf([danfe(1042, '1/2'), danfe(1042, '2/2', { key: null }), danfe(1043, '1/1')]),
    ).toEqual([[1, 2], [3]]);
  });

  it('a key with a wrong check digit is no key', () => {
    const texts = [
      `CHAVE DE ACESSO ${breakLastDigit(key(1))}`,
      `CHAVE DE ACESSO ${breakLastDigit(key(2))}`,
    ];
    expect(groupInvoicePages(texts)).toEqual([{ pages: [1, 2], key: null }]);
  });

  it('an address "Nº 123" is not an invoice number', () => {
    expect(pagesOf(['Rua A, Nº 123', 'Rua B, Nº 456'])).toEqual([[1, 2]]);
  });

  describe('keeps the PDF whole when the pages cannot be told apart', () => {
    it.each([
      ['a page that says nothing', [danfe(1042, '1/1'), 'Observações', danfe(1043, '1/1')]],
      ['no page says anything', ['Fatura', 'Fatura']],
      ['a key and a sheet that disagree', [danfe(1042, '1/1'), danfe(1043, '2/2')]],
      ['the same key on page 1 of 1 twice', [danfe(1042, '1/1'), danfe(1042, '1/1')]],
      [
        'a count that does not add up',
        [danfe(1042, '1/3'), danfe(1042, '2/3'), danfe(1043, '1/1')],
      ],
      ['a sheet that skips', [danfe(1042, '1/3'), danfe(1042, '3/3'), danfe(1043, '1/1')]],
      ['two sheet counts on one page', ['Página 1 de 1 FOLHA 1/2', 'Página 1 de 1']],
      [
        'the same invoice again later',
        [danfe(1042, '1/1'), danfe(1043, '1/1'), danfe(1042, '1/1')],
      ],
      [
        'two keys in one sheet run',
        [danfe(1042, '1/3'), danfe(1042, '2/3', { key: null }), danfe(1043, '3/3')],
      ],
      ['a first page that is page 2', ['Página 2 de 2', 'Página 1 de 1']],
    ])('%s', (_, texts) => {
      const groups = groupInvoicePages(texts);
      expect(groups).toHaveLength(1);
      expect(groups[0]?.pages).toEqual(texts.map((_t, i) => i + 1));
    });
  });

  it('one page, or a one-invoice PDF, is one group with its key; no page is none', () => {
    expect(groupInvoicePages([danfe(1042, '1/1')])).toEqual([{ pages: [1], key: key(1042) }]);
    expect(groupInvoicePages([danfe(1043, '1/2'), danfe(1043, '2/2')])).toEqual([
      { pages: [1, 2], key: key(1043) },
    ]);
    expect(groupInvoicePages([])).toEqual([]);
  });
});
