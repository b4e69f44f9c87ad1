// A piece built from one generated order's data is matched to that order and never to another.
// The expected outcome is worked out here from the generated orders alone (who shares the
// document, who shares name and CEP), not by asking the matcher's index.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildCandidateIndex } from './candidate-index.ts';
import { extractEvidence } from './extract-evidence.ts';
import { matchPiece } from './match-piece.ts';
import { formatCep, formatCpf, order, tracking, withCpfCheckDigits } from './test-fixtures.ts';

const FIRST = ['Maria', 'João', 'Ana', 'José', 'Conceição', 'Luíza', 'Pedro', 'Bruna'];
const LAST = ['Souza', 'Silva', 'Araújo', 'Lima', "D'Ávila", 'Gonçalves', 'Ribeiro'];
const PREFIXES = ['PB', 'MLB', 'Shop', 'NF'];
// Small pools, so that orders often share a document, a CEP or a name.
const CPFS = ['529982247', '111444777', '123456780', '987654321'].map(withCpfCheckDigits);
const CEPS = ['01311000', '20040002', '30130010'];

interface Generated {
  id: string;
  name: string;
  document: string;
  cep: string;
  code: string;
}

const generatedOrder = fc.record({
  prefix: fc.constantFrom(...PREFIXES),
  name: fc.array(fc.constantFrom(...FIRST, ...LAST), { minLength: 2, maxLength: 3 }),
  document: fc.constantFrom(...CPFS),
  cep: fc.constantFrom(...CEPS),
});
const day = fc
  .uniqueArray(fc.integer({ min: 1, max: 99_999 }), { minLength: 1, maxLength: 30 })
  .chain((numbers) =>
    fc.tuple(
      fc.tuple(...numbers.map(() => generatedOrder)).map((orders) =>
        orders.map((o, i): Generated => ({
          id: `${o.prefix}-${numbers[i]}`,
          name: o.name.join(' '),
          document: o.document,
          cep: o.cep,
          code: `QB${String(100_000_000 + (numbers[i] as number) * 7919).slice(-9)}BR`,
        })),
      ),
      fc.nat({ max: numbers.length - 1 }),
    ),
  );

/** The name as a label might print it: case, accents and spacing changed. */
const respell = (name: string, upper: boolean, plain: boolean, spaces: number) => {
  let text = plain ? name.normalize('NFD').replace(/[\u0300-\u036f]/g, '') : name;
  text = upper ? text.toUpperCase() : text.toLowerCase();
  return text.replace(/ /g, ' '.repeat(spaces));
};
const nameKey = (name: string) =>
  name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');

const piece = fc.record({
  key: fc.constantFrom('orderId', 'tracking', 'document', 'nameAndCep', 'orderIdAndName'),
  upper: fc.boolean(),
  plain: fc.boolean(),
  spaces: fc.integer({ min: 1, max: 3 }),
  formatted: fc.boolean(),
  before: fc.constantFrom('', 'Pedido ', 'pedido: ', '(', '#', 'url/'),
  after: fc.constantFrom('', '-2', ')', '.', '/1', ' — volume 1'),
});

describe('a piece made from one order', () => {
  it('is matched to that order, or ambiguous among orders that share its data; never another', () => {
    fc.assert(
      fc.property(day, piece, ([orders, pick], p) => {
        const target = orders[pick] as Generated;
        const index = buildCandidateIndex(
          orders.map((o) =>
            order({ id: o.id, name: o.name, document: o.document, postalCode: o.cep }),
          ),
          orders.map((o) => tracking(o.id, o.code)),
        );
        const id = p.upper ? target.id.toUpperCase() : target.id.toLowerCase();
        const name = respell(target.name, p.upper, p.plain, p.spaces);
        const cep = p.formatted ? formatCep(target.cep) : target.cep;
        const content = {
          orderId: { texts: ['SEDEX', `${p.before}${id}${p.after}`], barcodes: [] },
          tracking: {
            texts: ['Volume 1/1'],
            barcodes: [p.formatted ? `>:${target.code}` : target.code],
          },
          document: {
            texts: [`CPF ${p.formatted ? formatCpf(target.document) : target.document}`],
            barcodes: [],
          },
          nameAndCep: { texts: ['DESTINATÁRIO', name, `CEP ${cep}`], barcodes: [] },
          orderIdAndName: { texts: [`${p.before}${id}${p.after}`, name, cep], barcodes: [] },
        }[p.key];
        const result = matchPiece(extractEvidence(content, index), index);

        // Whatever happens, no other order is ever chosen, and the target is never left out.
        expect([null, target.id]).toContain(result.order);
        expect(result.status === 'unmatched' || result.candidates.includes(target.id)).toBe(true);

        const sharing = (same: (o: Generated) => boolean) =>
          orders
            .filter(same)
            .map((o) => o.id)
            .sort();
        const expected =
          p.key === 'document'
            ? sharing((o) => o.document === target.document)
            : p.key === 'nameAndCep'
              ? sharing((o) => nameKey(o.name) === nameKey(target.name) && o.cep === target.cep)
              : [target.id];
        expect(result.candidates).toEqual(expected);
        expect(result.status).toBe(expected.length === 1 ? 'matched' : 'ambiguous');
      }),
      { numRuns: 300 },
    );
  });
});
