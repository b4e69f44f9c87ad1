// The command line's ORDER.json and PACK.json checks, one rule at a time: dates that are days of
// the calendar, a plain sentence for any file that is not what it should be (never the parser's
// own words), and the pack the slip takes its lots from.
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
const packWithExpiry = (expiry: string) => pack({ units: [{ ...unit, expiry }] });

/** The sentence a refused file gets, or "accepted". */
const orderSays = (data: unknown) => {
  const checked = checkOrderFile('order.json', data);
  return checked.ok ? 'accepted' : checked.sentence;
};
const packSays = (data: unknown) => {
  const checked = checkPackFile('pack.json', data, ORDER);
  return checked.ok ? 'accepted' : checked.sentence;
};

describe('dates in ORDER.json and PACK.json', () => {
  it.each(['2027-12-31', '2027-01-31', '2027-04-30', '2028-02-29', '2000-02-29'])(
    'an expiry on %s prints',
    (expiry) => {
      const checked = checkPackFile('pack.json', packWithExpiry(expiry), ORDER);
      expect(checked.ok && checked.value.units[0]?.expiry).toBe(expiry);
    },
  );

  it.each([
    '2027-13-45',
    '2027-13-01',
    '2027-00-10',
    '2027-01-00',
    '2027-01-32',
    '2027-06-31',
    '2027-02-29',
    '1900-02-29',
    '2100-02-29',
  ])('an expiry on %s is refused as not a real date', (expiry) => {
    expect(packSays(packWithExpiry(expiry))).toBe(
      `pack.json: units[0].expiry is not a real date (${expiry}).`,
    );
  });

  it('an expiry that is not YYYY-MM-DD keeps its sentence', () => {
    expect(packSays(packWithExpiry('2027-9-30'))).toBe(
      'pack.json: units[0].expiry must be a date as YYYY-MM-DD.',
    );
  });

  it.each([
    '2027-03-15T10:30:00Z',
    '2027-03-15T10:30:00.123Z',
    '2027-03-15T07:30:00-03:00',
    '2027-03-15 10:30:00+0300',
    '2028-02-29T23:59:59Z',
  ])('an order created at %s prints', (created_at) => {
    expect(orderSays({ ...sampleOrder(1), created_at })).toBe('accepted');
  });

  it.each([
    ['2027-02-30T10:30:00Z', 'is not a real date (2027-02-30T10:30:00Z)'],
    ['2027-04-31T00:00:00Z', 'is not a real date (2027-04-31T00:00:00Z)'],
    ['2027-03-15T24:00:00Z', 'must be a timestamp as YYYY-MM-DDTHH:MM:SSZ'],
    ['2027-03-15', 'must be a timestamp as YYYY-MM-DDTHH:MM:SSZ'],
    ['15/03/2027 10:30', 'must be a timestamp as YYYY-MM-DDTHH:MM:SSZ'],
  ])('an order created at %s is refused', (created_at, says) => {
    expect(orderSays({ ...sampleOrder(1), created_at })).toBe(`order.json: created_at ${says}.`);
  });

  it('a pack finished on a day that does not exist is refused', () => {
    expect(packSays({ packs: [pack({ finishedAt: '2027-02-29T10:00:00Z' })] })).toBe(
      'pack.json: packs[0].finishedAt is not a real date (2027-02-29T10:00:00Z).',
    );
  });
});

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

describe('the pack the slip takes its lots from', () => {
  const lotOf = (data: unknown) => {
    const checked = checkPackFile('pack.json', data, ORDER);
    return checked.ok ? checked.value.units[0]?.lot : checked.sentence;
  };
  const withLot = (lot: string, fields: Record<string, unknown>) =>
    pack({ units: [{ ...unit, lot }], ...fields });

  it('is never a pack still open, even the newest', () => {
    const open = withLot('OPEN', { status: 'open', finishedAt: null });
    expect(lotOf(open)).toBe(`pack.json holds no finished pack of order ${ORDER}.`);
    expect(lotOf({ packs: [open, { ...open }] })).toBe(
      `pack.json holds no finished pack of order ${ORDER}.`,
    );
    expect(lotOf({ packs: [withLot('DONE', {}), open] })).toBe('DONE');
    expect(lotOf({ packs: [open, withLot('DONE', {})] })).toBe('DONE');
  });

  it('is one finished short as well as one finished whole', () => {
    const short = withLot('SHORT', { status: 'short', finishedAt: '2027-03-17T09:00:00Z' });
    expect(lotOf({ packs: [withLot('DONE', {}), short] })).toBe('SHORT');
  });

  it('is the last finished by the moment, whatever offset its time is written in', () => {
    // 10:00 in São Paulo is 13:00 UTC: after 12:00 UTC though it sorts before it as text.
    const later = withLot('LATER', { finishedAt: '2027-03-16T10:00:00-03:00' });
    const earlier = withLot('EARLIER', { finishedAt: '2027-03-16T12:00:00Z' });
    expect(lotOf({ packs: [later, earlier] })).toBe('LATER');
    expect(lotOf({ packs: [earlier, later] })).toBe('LATER');
  });

  it('is a pack written by hand without a status, unless its finishedAt says it is open', () => {
    const { status: _status, finishedAt: _finishedAt, ...bare } = pack();
    expect(lotOf(bare)).toBe('L1');
    expect(lotOf({ ...bare, finishedAt: null })).toBe(
      `pack.json holds no finished pack of order ${ORDER}.`,
    );
  });

  it('refuses a status the station never writes, and says which pack is missing', () => {
    expect(lotOf({ packs: [pack({ status: 'done' })] })).toBe(
      'pack.json: packs[0].status must be open, finished or short.',
    );
    expect(lotOf({ packs: [pack({ orderId: 'SO-9' })] })).toBe(
      `pack.json holds no pack of order ${ORDER}.`,
    );
  });
});
