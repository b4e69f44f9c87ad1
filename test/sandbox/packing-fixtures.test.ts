// The seed's verified-pack fixtures (issue 27), read through the sandbox's own HTTP API: the pack
// orders with their notes and states, the bar codes' check digits, and the lots' expiry states
// against the seed's clock, per batch in the pack warehouse.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InventoryList, Order, Product, ProductPage } from '../../src/shared/api/types.ts';
import type { RunningSandbox } from '../../src/sandbox/index.ts';
import {
  BOLT_PACK_FIXTURES,
  PACK_FIXTURES,
  packLotExpiry,
  type PackFixtures,
} from '../../src/sandbox/seed-packing.ts';
import { ACME, BOLT, call, withSandbox } from './helpers.ts';

const DAY = 86_400_000;
const NOW = Date.parse('2026-03-15T12:00:00Z');
/** A clock at the very end of a UTC day (and year), where off-by-one-day mistakes show. */
const LATE = Date.parse('2026-12-31T23:59:30Z');

/** A GTIN (8, 12, 13 or 14 digits) whose check digit is right, computed independently. */
const validGtin = (code: string) =>
  /^(\d{8}|\d{12,14})$/.test(code) &&
  [...code].reverse().reduce((sum, digit, i) => sum + Number(digit) * (i % 2 === 0 ? 1 : 3), 0) %
    10 ===
    0;

const companies: [name: string, key: string, fixtures: PackFixtures][] = [
  ['acme', ACME, PACK_FIXTURES],
  ['bolt', BOLT, BOLT_PACK_FIXTURES],
];

describe('the fixture constant', () => {
  it('names the fixed ids, SKUs and lots tests rely on', () => {
    expect(PACK_FIXTURES.warehouse).toBe('SP01');
    expect(PACK_FIXTURES.thresholdDays).toBe(30);
    const { gift, case: box, plain, bench } = PACK_FIXTURES.orders;
    expect([gift.id, box.id, plain.id, bench.id]).toEqual([
      'PB-PACK-1',
      'PB-PACK-2',
      'PB-PACK-3',
      'PB-PACK-50',
    ]);
    expect(Object.values(BOLT_PACK_FIXTURES.orders).map((o) => o.id)).toEqual([
      'BT-PACK-1',
      'BT-PACK-2',
      'BT-PACK-3',
      'BT-PACK-50',
    ]);
    expect(PACK_FIXTURES.upcA).toEqual({
      sku: 'ACM-0016',
      barcode: '084200010151',
      skus: ['ACM-0016', 'ACM-0017', 'ACM-0018'],
    });
    expect(PACK_FIXTURES.ean13).toEqual({ sku: 'ACM-0013', barcode: '7890000010122' });
    expect(PACK_FIXTURES.caseAlias).toEqual({
      alias: '17890000010204',
      sku: 'ACM-0021',
      quantity: 6,
    });
    expect(
      Object.values(PACK_FIXTURES.batches).map(({ sku, expired, expiring, fine, fefo }) => ({
        sku,
        expired,
        expiring,
        fine,
        fefo,
      })),
    ).toEqual([
      { sku: 'ACM-0025', expired: 'LA01', expiring: 'LA02', fine: 'LA03', fefo: 'LA02' },
      { sku: 'ACM-0026', expired: 'LB01', expiring: 'LB02', fine: 'LB03', fefo: 'LB02' },
      { sku: 'ACM-0027', expired: 'LC01', expiring: 'LC03', fine: 'LC04', fefo: 'LC03' },
    ]);
  });
});

describe.each(companies)('the pack fixtures of %s', (_name, key, fixtures) => {
  let sandbox: RunningSandbox;
  beforeAll(async () => {
    sandbox = await withSandbox({ now: () => NOW, rateLimit: 10_000 });
  });
  afterAll(() => sandbox.close());

  const get = async <T>(path: string): Promise<T> => {
    const result = await call(sandbox, 'GET', path, { key });
    expect(result.status, path).toBe(200);
    return result.body as T;
  };
  const product = (sku: string) => get<Product>(`/products/${sku}`);

  it('has the pack orders, with their notes, states, warehouse and lines', async () => {
    for (const fixture of Object.values(fixtures.orders)) {
      const order = await get<Order>(`/orders/${fixture.id}`);
      expect(order.status).toBe(fixture.status);
      expect(['new', 'picking']).toContain(order.status);
      expect(order.notes).toBe(fixture.notes ?? undefined);
      expect(order.warehouse).toBe(fixtures.warehouse);
      expect(order.invoice).toBeNull();
      expect(order.items.map(({ sku, quantity }) => ({ sku, quantity }))).toEqual(fixture.items);
      for (const item of order.items) {
        const listed = await product(item.sku);
        expect(listed.active, item.sku).toBe(true);
        expect(item.unit_price).toBe(listed.unit_price);
        expect(validGtin(listed.barcode ?? ''), `${item.sku} ${listed.barcode}`).toBe(true);
      }
    }
  });

  it('gives each order what its part of the flow needs', async () => {
    const { gift, case: box, plain, bench } = fixtures.orders;
    const batchSkus = Object.keys(fixtures.batches);
    const isBatch = async (sku: string) => (await product(sku)).batch_controlled;

    expect(gift.notes).toMatch(/Presente/);
    expect(gift.items.length).toBeGreaterThanOrEqual(2);
    expect(gift.items.length).toBeLessThanOrEqual(3);
    expect(gift.items.some((i) => batchSkus.includes(i.sku))).toBe(true);
    expect(gift.items.some((i) => i.sku === fixtures.upcA.sku)).toBe(true);
    expect(gift.items.some((i) => i.quantity >= 2)).toBe(true);

    expect(box.notes).toMatch(/Frágil/);
    expect(box.items).toContainEqual({ sku: fixtures.caseAlias.sku, quantity: 6 });
    expect(box.items.some((i) => batchSkus.includes(i.sku))).toBe(true);

    expect(plain.notes).toBeNull();
    for (const item of plain.items) expect(await isBatch(item.sku), item.sku).toBe(false);

    expect(new Set(bench.items.map((i) => i.sku)).size).toBe(50);
    expect(bench.items.reduce((sum, i) => sum + i.quantity, 0)).toBe(500);

    for (const sku of batchSkus) expect(await isBatch(sku), sku).toBe(true);
  });

  it('has UPC-A and EAN-13 bar codes with valid check digits, and a case for an alias', async () => {
    const page = await get<ProductPage>('/products?page_size=200');
    expect(page.total).toBeGreaterThanOrEqual(50);
    const barcodes = page.data.map((p) => p.barcode ?? '');
    for (const code of barcodes) expect(validGtin(code), code).toBe(true);
    expect(new Set(barcodes).size).toBe(barcodes.length);
    for (const p of page.data) {
      if (fixtures.upcA.skus.includes(p.sku)) expect(p.barcode, p.sku).toMatch(/^\d{12}$/);
      else expect(p.barcode, p.sku).toMatch(/^789\d{10}$/);
    }
    expect((await product(fixtures.upcA.sku)).barcode).toBe(fixtures.upcA.barcode);
    expect((await product(fixtures.ean13.sku)).barcode).toBe(fixtures.ean13.barcode);

    const { alias, sku, quantity } = fixtures.caseAlias;
    expect(alias).toMatch(/^[1-8]\d{13}$/);
    expect(validGtin(alias)).toBe(true);
    const item = (await product(sku)).barcode ?? '';
    expect(alias.slice(1, 13)).toBe(item.padStart(13, '0').slice(0, 12));
    expect(quantity).toBe(6);
  });

  it('keeps the catalogue before the tail as it was', async () => {
    const prefix = fixtures.company === 'acme' ? 'ACM' : 'BLT';
    const first = await product(`${prefix}-0001`);
    expect(first.barcode).toBe(fixtures.company === 'acme' ? '7890000010009' : '7890010010006');
    expect(first.name).toBe('Café Torrado e Moído 500 g');
    expect((await product(`${prefix}-0024`)).active).toBe(false);
  });
});

describe.each([
  ['midday', NOW],
  ['the end of a UTC day', LATE],
])('the lots, with the seed clock at %s', (_name, now) => {
  let sandbox: RunningSandbox;
  beforeAll(async () => {
    sandbox = await withSandbox({ now: () => now, rateLimit: 10_000 });
  });
  afterAll(() => sandbox.close());

  const today = new Date(now).toISOString().slice(0, 10);
  /** `days` after the seed's UTC date, as a date. */
  const day = (days: number) => new Date(now + days * DAY).toISOString().slice(0, 10);

  it.each(companies)('of %s stand as named in the pack warehouse', async (_c, key, fixtures) => {
    const threshold = fixtures.thresholdDays;
    for (const batch of Object.values(fixtures.batches)) {
      const query = `/inventories?sku=${batch.sku}&warehouse=${fixtures.warehouse}&batch_expiry=true`;
      const result = await call(sandbox, 'GET', query, { key });
      expect(result.status).toBe(200);
      const rows = (result.body as InventoryList).data;
      const expected = batch.lots.filter((lot) => lot.warehouse === fixtures.warehouse);
      expect(rows.map((r) => r.batch).sort()).toEqual(expected.map((l) => l.batch).sort());
      for (const lot of expected) {
        const row = rows.find((r) => r.batch === lot.batch);
        expect(row).toMatchObject({
          sku: batch.sku,
          warehouse: fixtures.warehouse,
          available: lot.available,
          expiry_date: packLotExpiry(now, lot.expiresInDays),
        });
      }
      const expiryOf = (name: string) => rows.find((r) => r.batch === name)?.expiry_date ?? '';
      const availableOf = (name: string) => rows.find((r) => r.batch === name)?.available ?? 0;
      // A day's margin on each side: the states hold in every station time zone.
      expect(expiryOf(batch.expired) < day(-1)).toBe(true);
      expect(expiryOf(batch.expiring) > day(1)).toBe(true);
      expect(expiryOf(batch.expiring) <= day(threshold - 1)).toBe(true);
      expect(expiryOf(batch.fine) > day(threshold + 1)).toBe(true);
      for (const name of [batch.expired, batch.expiring, batch.fine])
        expect(availableOf(name), name).toBeGreaterThan(0);

      // FEFO in the pack warehouse: the earliest-expiring lot not expired and with stock.
      const fefo = [...rows]
        .sort((a, b) => (a.expiry_date ?? '').localeCompare(b.expiry_date ?? ''))
        .find((r) => (r.expiry_date ?? '') >= today && r.available > 0);
      expect(fefo?.batch).toBe(batch.fefo);
      expect(batch.fefo).toBe(batch.expiring);
    }
  });

  it('put a lot in PE01, and one without stock, before the FEFO lot', async () => {
    const everywhere = async (sku: string) =>
      (
        (await call(sandbox, 'GET', `/inventories?sku=${sku}&batch_expiry=true`))
          .body as InventoryList
      ).data;
    const [first, , third] = Object.values(PACK_FIXTURES.batches);
    const firstRows = await everywhere(first?.sku ?? '');
    const earliestAnywhere = firstRows
      .filter((r) => (r.expiry_date ?? '') >= today && r.available > 0)
      .sort((a, b) => (a.expiry_date ?? '').localeCompare(b.expiry_date ?? ''))[0];
    expect(earliestAnywhere?.warehouse).toBe('PE01');
    expect(earliestAnywhere?.batch).not.toBe(first?.fefo);

    const thirdRows = (await everywhere(third?.sku ?? '')).filter((r) => r.warehouse === 'SP01');
    const earliestUnexpired = thirdRows.find((r) => (r.expiry_date ?? '') >= today);
    expect(earliestUnexpired).toMatchObject({ available: 0 });
    expect(earliestUnexpired?.batch).not.toBe(third?.fefo);
  });
});
