// The command line's ORDER.json and PACK.json checks, one rule at a time: a plain sentence for
// any file that is not what it should be, never the parser's own words.
import { describe, expect, it } from 'vitest';
import { checkOrderFile, checkPackFile } from '../../src/main/documents/slip-files.ts';
import { sampleOrder } from './fixtures.ts';

const ORDER = 'SO-2027-0042';
const unit = { sku: 'SKU-001', quantity: 1, lot: 'L1', expiry: '2027-09-30' };
const pack = (fields: Record<string, unknown> = {}) => ({
  orderId: ORDER,
  status: 'finished',
  finishedAt: '2027-03-16T13:04:00.000Z',
  units: [unit],
  ...fields,
});

/** The sentence a refused file gets, or "accepted". */
const orderSays = (data: unknown) => {
  const checked = checkOrderFile('order.json', data);
  return checked.ok ? 'accepted' : checked.sentence;
};
const packSays = (data: unknown) => {
  const checked = checkPackFile('pack.json', data, ORDER);
  return checked.ok ? 'accepted' : checked.sentence;
};

describe('a file that is not what it should be gets a plain sentence', () => {
  it.each([
    ['null', null],
    ['a list', []],
    ['a list', [sampleOrder(1)]], // the order, inside a list
    ['a number', 0],
    ['text', 'SO-1'],
    ['false', false],
  ])('ORDER.json holding %s', (kind, data) => {
    expect(orderSays(data)).toBe(`order.json must hold one order as a JSON object, not ${kind}.`);
  });

  it.each([
    ['null', null],
    ['a list', [pack()]],
    ['a number', 3.5],
    ['text', 'p-1'],
    ['true', true],
  ])('PACK.json holding %s', (kind, data) => {
    expect(packSays(data)).toBe(
      `pack.json must hold a pack record as a JSON object ({"packs": [...]} or one pack), not ${kind}.`,
    );
  });

  // Every field the checks read, given a value of the wrong kind: the sentence names the file and
  // the field, and none of zod's own words ("Invalid input: expected object, received null").
  const order = sampleOrder(2) as unknown as Record<string, unknown>;
  const wrongOrders: unknown[] = [
    ...Object.keys({ ...order, products: [] }).flatMap((key) =>
      [null, [], 7, 'x', true, {}].map((value) => ({ ...order, [key]: value })),
    ),
    ...[null, [], 7, 'x', {}].flatMap((value) => [
      { ...order, items: [value] },
      { ...order, items: [{ sku: value, quantity: 1 }] },
      { ...order, items: [{ sku: 'A', quantity: value }] },
      { ...order, customer: { name: value } },
      { ...order, shipping_address: { ...(order['shipping_address'] as object), city: value } },
      { ...order, products: [value] },
      { ...order, products: [{ sku: 'A', name: value }] },
    ]),
  ];
  const wrongPacks: unknown[] = [null, [], 7, 'x', true, {}].flatMap((value) => [
    { packs: value },
    { packs: [value] },
    ...['orderId', 'status', 'station', 'account', 'finishedAt', 'units'].map((key) => ({
      packs: [pack({ [key]: value })],
    })),
    ...['sku', 'quantity', 'lot', 'expiry'].map((key) =>
      pack({ units: [{ ...unit, [key]: value }] }),
    ),
    pack({ units: [value] }),
  ]);

  it('no refusal of ORDER.json or PACK.json carries zod’s own words', () => {
    const sentences = [
      ...wrongOrders.map(orderSays).filter((s) => s !== 'accepted'),
      ...wrongPacks.map(packSays).filter((s) => s !== 'accepted'),
    ];
    expect(sentences.length).toBeGreaterThan(100);
    for (const sentence of sentences) {
      expect(sentence).toMatch(/^(order|pack)\.json[ :]/);
      expect(sentence).toMatch(/\.$/);
      expect(sentence).not.toMatch(/invalid|expected|received|undefined|\[object/i);
      expect(sentence).not.toContain('\n');
    }
  });
});
