import { describe, expect, it } from 'vitest';
import { buildCandidateIndex } from './candidate-index.ts';
import { extractEvidence } from './extract-evidence.ts';
import { matchPiece, type MatchResult } from './match-piece.ts';
import { formatCep, formatCpf, order, tracking, withCpfCheckDigits } from './test-fixtures.ts';

const MARIA_CPF = withCpfCheckDigits('529982247');
const JOAO_CPF = withCpfCheckDigits('111444777');
const index = buildCandidateIndex(
  [
    // One customer with two orders to the same address.
    order({ id: 'PB-1042', name: 'Maria Souza', document: MARIA_CPF, postalCode: '01311-000' }),
    order({ id: 'PB-1043', name: 'Maria Souza', document: MARIA_CPF, postalCode: '01311-000' }),
    order({ id: 'PB-10422', name: 'João Silva', document: JOAO_CPF, postalCode: '20040-002' }),
    // Same name and CEP as João, another person (no document on the order).
    order({ id: 'PB-2000', name: 'JOAO SILVA', postalCode: '20040002' }),
    order({ id: 'PB-3000', name: 'Ana Lima', postalCode: '30130-010' }),
  ],
  [tracking('PB-1042', 'QB400000000BR'), tracking('PB-3000', 'QB400007919BR')],
);
const match = (texts: string[], barcodes: string[] = []): MatchResult =>
  matchPiece(extractEvidence({ texts, barcodes }, index), index);
const decided = (r: MatchResult) => [r.status, r.order, r.candidates];

describe('strong keys', () => {
  it('an order id as a whole token decides, and only that order', () => {
    const result = match(['Pedido PB-1042-2']);
    expect(decided(result)).toEqual(['matched', 'PB-1042', ['PB-1042']]);
    expect(result.order).not.toBe('PB-10422');
    expect(result.evidence).toEqual([{ key: 'orderId', value: 'PB-1042', order: 'PB-1042' }]);
    expect(decided(match(['Pedido PB-10422']))).toEqual(['matched', 'PB-10422', ['PB-10422']]);
  });

  it('a tracking code the service has decides, in a barcode or in the text', () => {
    expect(decided(match([], ['>:QB400007919BR']))).toEqual(['matched', 'PB-3000', ['PB-3000']]);
    expect(decided(match(['QB 400 007 919 BR']))).toEqual(['matched', 'PB-3000', ['PB-3000']]);
  });

  it("the recipient's document decides when exactly one candidate has it", () => {
    for (const text of [`CPF ${formatCpf(JOAO_CPF)}`, JOAO_CPF])
      expect(decided(match([text])), text).toEqual(['matched', 'PB-10422', ['PB-10422']]);
  });

  it('strong keys that agree decide; the weak pair does not overrule them', () => {
    const result = match(['PB-3000', 'JOÃO SILVA', 'CEP 20040-002'], ['QB400007919BR']);
    expect(decided(result)).toEqual(['matched', 'PB-3000', ['PB-3000']]);
    // The name and CEP of the two João Silvas are listed too, for the operator to read.
    expect(result.evidence).toEqual([
      { key: 'orderId', value: 'PB-3000', order: 'PB-3000' },
      { key: 'tracking', value: 'QB400007919BR', order: 'PB-3000' },
      { key: 'name', value: 'JOAO SILVA', order: 'PB-2000' },
      { key: 'name', value: 'João Silva', order: 'PB-10422' },
      { key: 'postalCode', value: '20040002', order: 'PB-10422' },
      { key: 'postalCode', value: '20040002', order: 'PB-2000' },
    ]);
  });

  it('strong keys that disagree are ambiguous, never a guess', () => {
    expect(decided(match(['PB-1042', 'PB-3000']))).toEqual([
      'ambiguous',
      null,
      ['PB-1042', 'PB-3000'],
    ]);
    expect(decided(match(['PB-3000'], ['QB400000000BR']))).toEqual([
      'ambiguous',
      null,
      ['PB-1042', 'PB-3000'],
    ]);
    expect(decided(match(['PB-3000', formatCpf(JOAO_CPF)]))).toEqual([
      'ambiguous',
      null,
      ['PB-10422', 'PB-3000'],
    ]);
  });
});

describe('a document several candidates share', () => {
  it('does not decide alone: two orders of one customer are ambiguous', () => {
    const result = match([`Maria Souza`, `CPF ${formatCpf(MARIA_CPF)}`, 'CEP 01311-000']);
    expect(decided(result)).toEqual(['ambiguous', null, ['PB-1042', 'PB-1043']]);
    expect(result.evidence).toContainEqual({ key: 'document', value: MARIA_CPF, order: 'PB-1043' });
  });

  it('lets an order id or tracking code among them decide', () => {
    expect(decided(match([formatCpf(MARIA_CPF), 'PB-1043']))).toEqual([
      'matched',
      'PB-1043',
      ['PB-1043'],
    ]);
    expect(decided(match([MARIA_CPF], ['QB400000000BR']))).toEqual([
      'matched',
      'PB-1042',
      ['PB-1042'],
    ]);
  });

  it('contradicts an order outside them', () => {
    expect(decided(match([formatCpf(MARIA_CPF), 'PB-3000']))).toEqual([
      'ambiguous',
      null,
      ['PB-1042', 'PB-1043', 'PB-3000'],
    ]);
  });

  it('narrows name and postal code to them', () => {
    const shared = buildCandidateIndex(
      [
        order({ id: 'A-1', name: 'Ana Lima', document: MARIA_CPF, postalCode: '30130010' }),
        order({ id: 'A-2', name: 'Bruno Lima', document: MARIA_CPF, postalCode: '30130010' }),
        order({ id: 'B-1', name: 'Ana Lima', postalCode: '30130010' }),
      ],
      [],
    );
    const run = (texts: string[]) =>
      matchPiece(extractEvidence({ texts, barcodes: [] }, shared), shared);
    // Without the document, two Ana Limas at one CEP fit: ambiguous.
    expect(decided(run(['ANA LIMA', '30130-010']))).toEqual(['ambiguous', null, ['A-1', 'B-1']]);
    // The document narrows to; the name and CEP pick A-1 among them.
    expect(decided(run(['ANA LIMA', '30130-010', formatCpf(MARIA_CPF)]))).toEqual([
      'matched',
      'A-1',
      ['A-1'],
    ]);
    // The document alone leaves the choice between its two orders.
    expect(decided(run([formatCpf(MARIA_CPF)]))).toEqual(['ambiguous', null, ['A-1', 'A-2']]);
  });
});

describe('shared keys that do not overlap', () => {
  it('are ambiguous among all their orders', () => {
    const other = withCpfCheckDigits('123456780');
    const pairs = buildCandidateIndex(
      [
        order({ id: 'A-1', name: 'Ana Lima', document: MARIA_CPF, postalCode: '30130010' }),
        order({ id: 'A-2', name: 'Ana Lima', document: MARIA_CPF, postalCode: '30130010' }),
        order({ id: 'B-1', name: 'Rui Reis', document: other, postalCode: '40000000' }),
        order({ id: 'B-2', name: 'Rui Reis', document: other, postalCode: '40000000' }),
      ],
      // One tracking code the service lists for two orders: it narrows, as a shared document.
      [tracking('A-2', 'QB123456789BR'), tracking('B-1', 'QB123456789BR')],
    );
    const run = (texts: string[], barcodes: string[] = []) =>
      decided(matchPiece(extractEvidence({ texts, barcodes }, pairs), pairs));
    expect(run([MARIA_CPF, other])).toEqual(['ambiguous', null, ['A-1', 'A-2', 'B-1', 'B-2']]);
    // Overlapping on one order narrows to it, but shared keys never decide on their own: the
    // operator confirms it, unless name and postal code fit it too.
    expect(run([MARIA_CPF], ['QB123456789BR'])).toEqual(['ambiguous', null, ['A-2']]);
    expect(run(['ANA LIMA', '30130-010', MARIA_CPF], ['QB123456789BR'])).toEqual([
      'matched',
      'A-2',
      ['A-2'],
    ]);
  });
});

describe('name and postal code', () => {
  it('fit exactly one order, whatever the spelling', () => {
    for (const texts of [
      ['ANA LIMA', 'CEP 30130-010'],
      ['Destinatário: Ána  Lima', '30130010'],
      ['ana-lima, 30.130-010'],
    ])
      expect(decided(match(texts)), texts.join(' | ')).toEqual(['matched', 'PB-3000', ['PB-3000']]);
  });

  it('must both fit the same order', () => {
    expect(decided(match(['ANA LIMA']))).toEqual(['unmatched', null, []]);
    expect(decided(match(['CEP 30130-010']))).toEqual(['unmatched', null, []]);
    expect(decided(match(['ANA LIMA', formatCep('01311000')]))).toEqual(['unmatched', null, []]);
  });

  it('fitting several orders is ambiguous', () => {
    expect(decided(match(['JOAO SILVA', '20040-002']))).toEqual([
      'ambiguous',
      null,
      ['PB-10422', 'PB-2000'],
    ]);
  });
});

describe('nothing', () => {
  it('is unmatched, and invalid or unknown numbers are not evidence', () => {
    const result = match(['PB-99999', formatCpf(withCpfCheckDigits('123456789')), 'PB-10422X']);
    expect(result).toEqual({ status: 'unmatched', order: null, candidates: [], evidence: [] });
    expect(decided(match([`${JOAO_CPF.slice(0, 10)}${(Number(JOAO_CPF[10]) + 1) % 10}`]))).toEqual([
      'unmatched',
      null,
      [],
    ]);
  });
});
