import { describe, expect, it } from 'vitest';
import { buildCandidateIndex } from './candidate-index.ts';
import { extractEvidence, type PieceEvidence } from './extract-evidence.ts';
import {
  breakLastDigit,
  formatCnpj,
  formatCpf,
  order,
  tracking,
  withAccessKeyCheckDigit,
  withCnpjCheckDigits,
  withCpfCheckDigits,
} from './test-fixtures.ts';

const CPF = withCpfCheckDigits('529982247');
const CNPJ = withCnpjCheckDigits('112223330001');
const BAD_CPF = breakLastDigit(withCpfCheckDigits('987654321'));
const index = buildCandidateIndex(
  [
    order({
      id: 'PB-1042',
      name: 'Maria Conceição',
      document: formatCpf(CPF),
      postalCode: '01311-000',
    }),
    order({ id: 'PB-10422', name: 'Loja do Zé Ltda', document: CNPJ, postalCode: '20040002' }),
    order({ id: '1042-2', name: 'Ana', postalCode: '30130-010' }),
    // A document with wrong check digits on the service's side is never matched either.
    order({ id: 'PB-7', name: 'Rui', document: BAD_CPF, postalCode: '40000-000' }),
  ],
  [tracking('PB-1042', 'QB400000000BR'), tracking('PB-10422', 'X12'), tracking('GONE-1', 'QB999')],
);
const read = (texts: string[], barcodes: string[] = []): PieceEvidence =>
  extractEvidence({ texts, barcodes }, index);

describe('order ids as whole tokens', () => {
  it('finds PB-1042 in PB-1042-2 but not in PB-10422', () => {
    expect(read(['Pedido PB-1042-2']).orderIds).toEqual(['1042-2', 'PB-1042']);
    expect(read(['Pedido PB-10422']).orderIds).toEqual(['PB-10422']);
    expect(read(['PB-10422X']).orderIds).toEqual([]);
    expect(read(['XPB-1042']).orderIds).toEqual([]);
    expect(read(['PB-1042é']).orderIds).toEqual([]);
  });

  it('ignores case and reads punctuation and line ends as boundaries', () => {
    expect(read(['pedido: pb-1042.']).orderIds).toEqual(['PB-1042']);
    expect(read(['(Pb-1042)\n']).orderIds).toEqual(['PB-1042']);
    expect(read(['url/pb-1042?x=1']).orderIds).toEqual(['PB-1042']);
    expect(read(['PB 1042', 'PB1042', 'PB_1042']).orderIds).toEqual([]);
  });

  it('reads barcode data with or without its ZPL prefix', () => {
    expect(read([], ['>:PB-1042']).orderIds).toEqual(['PB-1042']);
    expect(read([], ['MM,APB-1042']).orderIds).toEqual(['PB-1042']);
    expect(read([], ['{"order":"PB-10422"}']).orderIds).toEqual(['PB-10422']);
  });
});

describe('tracking codes', () => {
  it('finds only codes the service has for a candidate, whole or spaced', () => {
    expect(read([], ['>:QB400000000BR']).trackingCodes).toEqual(['QB400000000BR']);
    expect(read(['Objeto: qb 400 000 000 br']).trackingCodes).toEqual(['QB400000000BR']);
    expect(read(['QB400000000BRX', 'AQB400000000BR']).trackingCodes).toEqual([]);
    // Short codes are never joined from spaced words; a code of an order that is not a
    // candidate is not evidence.
    expect(read(['X12', 'X 12 QB999']).trackingCodes).toEqual(['X12']);
  });
});

describe('documents', () => {
  it('reads a CPF or CNPJ formatted or bare when a candidate has it', () => {
    for (const text of [`CPF ${formatCpf(CPF)}`, `CPF:${CPF}`, `CNPJ/CPF\n${CPF}`])
      expect(read([text]).documents, text).toEqual([CPF]);
    for (const text of [`CNPJ ${formatCnpj(CNPJ)}`, CNPJ])
      expect(read([text]).documents, text).toEqual([CNPJ]);
  });

  it('ignores invalid check digits, numbers inside longer numbers, and unknown documents', () => {
    expect(read([formatCpf(breakLastDigit(CPF))]).documents).toEqual([]);
    expect(read([`9${CPF}`, `${CPF}1`, `A${CPF}`, `1.${formatCpf(CPF)}`]).documents).toEqual([]);
    expect(read([formatCpf(withCpfCheckDigits('111444777'))]).documents).toEqual([]);
    expect(read([BAD_CPF, formatCpf(BAD_CPF)]).documents).toEqual([]);
  });
});

describe('postal codes', () => {
  it('reads a CEP formatted or bare when a candidate has it', () => {
    expect(read(['CEP 01311-000']).postalCodes).toEqual(['01311000']);
    expect(read(['01.311-000 São Paulo']).postalCodes).toEqual(['01311000']);
    expect(read(['20040002']).postalCodes).toEqual(['20040002']);
    expect(read(['CEP: 99999-999', '013110001', 'A01311000']).postalCodes).toEqual([]);
  });
});

describe('names', () => {
  it('finds a recipient whatever the case, accents, spacing and punctuation', () => {
    for (const text of [
      'MARIA CONCEICAO',
      'Destinatário: maria  conceição',
      'maria-conceição, 01311-000',
      'MARIA CONCEIÇÃO 123',
    ])
      expect(read([text]).names, text).toEqual(['mariaconceicao']);
    expect(read(['LOJA DO ZE LTDA.']).names).toEqual(['lojadozeltda']);
  });

  it('does not take a name out of a longer one on the same line', () => {
    expect(read(['MARIA CONCEICAO LIMA']).names).toEqual([]);
    expect(read(['DONA MARIA CONCEICAO']).names).toEqual([]);
    expect(read(['Rua Ana Neri, 10']).names).toEqual([]);
    expect(read(['MARIA\nCONCEICAO']).names).toEqual([]);
    expect(read(['Para: ANA / 30130-010']).names).toEqual(['ana']);
  });
});

describe('NF-e access keys', () => {
  const body = '3525101122233300018155001000012345100001234';
  const key = withAccessKeyCheckDigit(body);
  const grouped = key.replace(/(\d{4})(?=\d)/g, '$1 ');
  const other = withAccessKeyCheckDigit('3525101122233300018155001000054321100005432');

  it('reads a key bare or in groups of four, only with a valid check digit', () => {
    expect(read([`CHAVE DE ACESSO\n${grouped}`]).accessKeys).toEqual([key]);
    expect(read([], [key]).accessKeys).toEqual([key]);
    expect(read([breakLastDigit(key)]).accessKeys).toEqual([]);
    expect(read([`${key}1`]).accessKeys).toEqual([]);
  });

  it("puts the piece's own key first: the barcode's, else the one printed most", () => {
    expect(read([`Referenciada: ${other}`], [key]).accessKeys).toEqual([key, other]);
    expect(read([`Ref. ${other}`, grouped, `página 2 ${grouped}`]).accessKeys).toEqual([
      key,
      other,
    ]);
  });

  it('does not read postal codes or documents out of a key', () => {
    const evidence = read([grouped]);
    expect(evidence.postalCodes).toEqual([]);
    expect(evidence.documents).toEqual([]);
  });
});
