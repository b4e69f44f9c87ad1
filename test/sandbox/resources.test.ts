import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  Inbound,
  InventoryList,
  Order,
  OrderPage,
  Product,
  ProductPage,
  TrackingList,
} from '../../src/shared/api/types.ts';
import type { RunningSandbox } from '../../src/sandbox/index.ts';
import { call, errorOf, withSandbox } from './helpers.ts';

let sandbox: RunningSandbox;
const NOW = Date.parse('2026-03-15T12:00:00Z');
beforeAll(async () => {
  sandbox = await withSandbox({ now: () => NOW });
});
afterAll(() => sandbox.close());

const newOrder = (id: string) => ({
  id,
  warehouse: 'SP01',
  customer: { name: 'Maria José da Silva', email: 'maria@example.com.br' },
  shipping_address: {
    street: 'Rua Direita',
    number: '10',
    city: 'São Paulo',
    state: 'SP',
    postal_code: '01002-000',
  },
  items: [{ sku: 'ACM-0001', quantity: 2 }],
});

describe('seed data', () => {
  it('is rich enough for every screen', async () => {
    const products = (await call(sandbox, 'GET', '/products?page_size=200')).body as ProductPage;
    expect(products.total).toBeGreaterThanOrEqual(20);
    const orders = (await call(sandbox, 'GET', '/orders?page_size=200')).body as OrderPage;
    expect(orders.total).toBeGreaterThanOrEqual(50);
    const created = orders.data.map((o) => Date.parse(o.created_at));
    expect(Math.min(...created)).toBeGreaterThanOrEqual(NOW - 31 * 86_400_000);
    expect(new Set(orders.data.map((o) => o.status)).size).toBeGreaterThanOrEqual(4);
    const stock = (await call(sandbox, 'GET', '/inventories?batch_expiry=true'))
      .body as InventoryList;
    expect(new Set(stock.data.map((r) => r.warehouse))).toEqual(new Set(['SP01', 'PE01']));
    const today = new Date(NOW).toISOString().slice(0, 10);
    const in30 = new Date(NOW + 30 * 86_400_000).toISOString().slice(0, 10);
    expect(stock.data.some((r) => r.expiry_date && r.expiry_date < today)).toBe(true);
    expect(
      stock.data.some((r) => r.expiry_date && r.expiry_date >= today && r.expiry_date <= in30),
    ).toBe(true);
    const withEvents = orders.data.find((o) => o.status === 'delivered');
    const trackings = (await call(sandbox, 'GET', `/trackings?order=${withEvents?.id}`))
      .body as TrackingList;
    expect(trackings.data[0]?.events.length).toBeGreaterThan(1);
    expect((await call(sandbox, 'GET', '/inbounds/IN-00001')).status).toBe(200);
  });
});

describe('products', () => {
  it('creates, refuses a duplicate SKU, updates, reads and lists', async () => {
    const created = await call(sandbox, 'POST', '/products', {
      json: { sku: 'T-100', name: 'Pão de Queijo 1 kg', unit_price: 29.9 },
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      sku: 'T-100',
      name: 'Pão de Queijo 1 kg',
      active: true,
      batch_controlled: false,
    });

    const duplicate = await call(sandbox, 'POST', '/products', {
      json: { sku: 'T-100', name: 'again' },
    });
    expect(duplicate.status).toBe(409);
    expect(errorOf(duplicate).code).toBe('conflict');

    const updated = await call(sandbox, 'PUT', '/products', {
      json: { sku: 'T-100', unit_price: 31.5 },
    });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({
      sku: 'T-100',
      name: 'Pão de Queijo 1 kg',
      unit_price: 31.5,
    });

    const one = (await call(sandbox, 'GET', '/products/T-100')).body as Product;
    expect(one.unit_price).toBe(31.5);
    const search = (await call(sandbox, 'GET', `/products?search=${encodeURIComponent('pão de')}`))
      .body as ProductPage;
    expect(search.data.map((p) => p.sku)).toEqual(['T-100']);
  });

  it('answers 404 for an unknown SKU on update and read', async () => {
    expect(
      (await call(sandbox, 'PUT', '/products', { json: { sku: 'NOPE-1', name: 'x' } })).status,
    ).toBe(404);
    expect(errorOf(await call(sandbox, 'GET', '/products/NOPE-1')).code).toBe('not_found');
  });

  it('an id that names a JavaScript object member is an id like any other (404, JSON)', async () => {
    for (const id of ['constructor', 'toString', 'hasOwnProperty', 'valueOf']) {
      for (const path of [`/orders/${id}`, `/products/${id}`, `/inbounds/${id}`]) {
        const answer = await call(sandbox, 'GET', path);
        expect(answer.status, path).toBe(404);
        expect(errorOf(answer).code, path).toBe('not_found');
      }
      expect(
        (await call(sandbox, 'PUT', '/products', { json: { sku: id, name: 'x' } })).status,
        id,
      ).toBe(404);
    }
  });

  it('prototype-named SKUs are created and read like any other; huge or non-numeric pages are a 400 with a sentence', async () => {
    for (const sku of ['constructor', 'toString', 'valueOf', 'hasOwnProperty']) {
      const created = await call(sandbox, 'POST', '/products', { json: { sku, name: `P ${sku}` } });
      expect(created.status, sku).toBe(201);
      const read = await call(sandbox, 'GET', `/products/${sku}`);
      expect(read.status, sku).toBe(200);
      expect((read.body as { name: string }).name).toBe(`P ${sku}`);
    }
    for (const page of ['abc', '99999999999999999999', '1e30', '0', '-1']) {
      for (const path of ['/orders', '/products']) {
        const answer = await call(sandbox, 'GET', `${path}?page=${page}`);
        expect(answer.status, `${path}?page=${page}`).toBe(400);
        expect(errorOf(answer).message, page).toMatch(/page must/);
      }
    }
  });

  it('validates bodies against the OpenAPI schema with specific details', async () => {
    const result = await call(sandbox, 'POST', '/products', {
      json: { sku: 'X 1', unit_price: -1, colour: 'red' },
    });
    expect(result.status).toBe(400);
    expect(errorOf(result).code).toBe('validation_failed');
    expect(errorOf(result).details).toEqual(
      expect.arrayContaining([
        { path: 'name', message: 'is required' },
        { path: 'colour', message: 'is not a known field' },
        expect.objectContaining({ path: 'sku' }),
        expect.objectContaining({ path: 'unit_price' }),
      ]),
    );
    expect((await call(sandbox, 'PUT', '/products', { json: { sku: 'ACM-0001' } })).status).toBe(
      400,
    );
  });

  it('pages the listing', async () => {
    const page2 = (await call(sandbox, 'GET', '/products?page=2&page_size=5')).body as ProductPage;
    expect(page2).toMatchObject({ page: 2, page_size: 5 });
    expect(page2.data).toHaveLength(5);
    expect((await call(sandbox, 'GET', '/products?page_size=500')).status).toBe(400);
    expect((await call(sandbox, 'GET', '/products?page=zero')).status).toBe(400);
  });
});

describe('inbounds', () => {
  it('creates one with an id, reads it and deletes it while not received', async () => {
    const created = await call(sandbox, 'POST', '/inbounds', {
      json: {
        warehouse: 'PE01',
        expected_at: '2026-03-20',
        items: [
          { sku: 'ACM-0013', quantity: 10 },
          { sku: 'ACM-0001', quantity: 48, batch: 'L2603', expiry_date: '2027-03-01' },
        ],
      },
    });
    expect(created.status).toBe(201);
    const inbound = created.body as Inbound;
    expect(inbound).toMatchObject({ status: 'scheduled', warehouse: 'PE01' });
    expect((await call(sandbox, 'GET', `/inbounds/${inbound.id}`)).body).toEqual(inbound);
    expect((await call(sandbox, 'DELETE', `/inbounds/${inbound.id}`)).status).toBe(204);
    expect((await call(sandbox, 'GET', `/inbounds/${inbound.id}`)).status).toBe(404);
    expect((await call(sandbox, 'DELETE', `/inbounds/${inbound.id}`)).status).toBe(404);
  });

  it('refuses to delete a received inbound with 409', async () => {
    const received = (await call(sandbox, 'GET', '/inbounds/IN-00001')).body as Inbound;
    expect(received.status).toBe('received');
    const result = await call(sandbox, 'DELETE', '/inbounds/IN-00001');
    expect(result.status).toBe(409);
    expect(errorOf(result).message).toMatch(/already received/);
  });

  it('refuses unknown SKUs, unknown warehouses and batch items without batch', async () => {
    const unknown = await call(sandbox, 'POST', '/inbounds', {
      json: { warehouse: 'SP01', items: [{ sku: 'NOPE', quantity: 1 }] },
    });
    expect(unknown.status).toBe(422);
    expect(errorOf(unknown).details).toEqual([
      { path: 'items.0.sku', message: 'unknown SKU "NOPE"' },
    ]);
    expect(
      (
        await call(sandbox, 'POST', '/inbounds', {
          json: { warehouse: 'XX9', items: [{ sku: 'ACM-0013', quantity: 1 }] },
        })
      ).status,
    ).toBe(422);
    expect(
      (
        await call(sandbox, 'POST', '/inbounds', {
          json: { warehouse: 'SP01', items: [{ sku: 'ACM-0001', quantity: 1 }] },
        })
      ).status,
    ).toBe(422);
    expect(
      (await call(sandbox, 'POST', '/inbounds', { json: { warehouse: 'SP01', items: [] } })).status,
    ).toBe(400);
  });
});

describe('inventories', () => {
  it('filters by warehouse and SKU and totals per SKU and warehouse', async () => {
    const result = (await call(sandbox, 'GET', '/inventories?sku=ACM-0001&warehouse=SP01'))
      .body as InventoryList;
    expect(result.data).toHaveLength(1);
    expect(result.data[0]).toEqual({
      sku: 'ACM-0001',
      warehouse: 'SP01',
      available: expect.any(Number),
      reserved: expect.any(Number),
    });
    const lots = (
      await call(sandbox, 'GET', '/inventories?sku=ACM-0001&warehouse=SP01&batch_expiry=true')
    ).body as InventoryList;
    expect(lots.data.reduce((sum, r) => sum + r.available, 0)).toBe(result.data[0]?.available);
  });

  it('breaks stock down per batch with expiry dates, first expiry first', async () => {
    const lots = (await call(sandbox, 'GET', '/inventories?sku=ACM-0002&batch_expiry=true'))
      .body as InventoryList;
    expect(lots.data.length).toBeGreaterThanOrEqual(4);
    for (const row of lots.data)
      expect(row).toMatchObject({
        batch: expect.any(String),
        expiry_date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      });
    for (const warehouse of ['PE01', 'SP01']) {
      const dates = lots.data
        .filter((r) => r.warehouse === warehouse)
        .map((r) => r.expiry_date ?? '');
      expect(dates).toEqual([...dates].sort());
    }
  });

  it('answers an empty list for an unknown SKU and 400 for a malformed one', async () => {
    expect(
      ((await call(sandbox, 'GET', '/inventories?sku=NOPE')).body as InventoryList).data,
    ).toEqual([]);
    expect((await call(sandbox, 'GET', '/inventories?sku=%20bad')).status).toBe(400);
    expect((await call(sandbox, 'GET', '/inventories?batch_expiry=maybe')).status).toBe(400);
  });

  it('names the new parameter when a former one is used', async () => {
    const result = await call(sandbox, 'GET', '/inventories?product_sku=ACM-0001');
    expect(result.status).toBe(400);
    expect(errorOf(result).message).toContain('"sku"');
  });
});

describe('orders', () => {
  it('creates, refuses a duplicate id, updates, reads', async () => {
    const created = await call(sandbox, 'POST', '/orders', { json: newOrder('T-ORD-1') });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ id: 'T-ORD-1', status: 'new', invoice: null, labels: [] });
    expect((created.body as Order).items[0]?.unit_price).toBeGreaterThan(0);
    expect((await call(sandbox, 'POST', '/orders', { json: newOrder('T-ORD-1') })).status).toBe(
      409,
    );

    const updated = await call(sandbox, 'PUT', '/orders', {
      json: { id: 'T-ORD-1', status: 'picking', notes: 'Frágil' },
    });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ id: 'T-ORD-1', status: 'picking', notes: 'Frágil' });
    expect((await call(sandbox, 'GET', '/orders/T-ORD-1')).body).toEqual(updated.body);
  });

  it('answers 404 for unknown orders and 422 for unknown SKUs', async () => {
    expect(
      (await call(sandbox, 'PUT', '/orders', { json: { id: 'NOPE', status: 'packed' } })).status,
    ).toBe(404);
    expect((await call(sandbox, 'GET', '/orders/NOPE')).status).toBe(404);
    const bad = await call(sandbox, 'POST', '/orders', {
      json: { ...newOrder('T-ORD-2'), items: [{ sku: 'NOPE', quantity: 1 }] },
    });
    expect(bad.status).toBe(422);
  });

  it('refuses impossible status changes and edits after packing with 409', async () => {
    await call(sandbox, 'POST', '/orders', { json: newOrder('T-ORD-3') });
    expect(
      (await call(sandbox, 'PUT', '/orders', { json: { id: 'T-ORD-3', status: 'delivered' } }))
        .status,
    ).toBe(409);
    expect(
      (await call(sandbox, 'PUT', '/orders', { json: { id: 'T-ORD-3', status: 'packed' } })).status,
    ).toBe(200);
    const edit = await call(sandbox, 'PUT', '/orders', {
      json: { id: 'T-ORD-3', items: [{ sku: 'ACM-0002', quantity: 1 }] },
    });
    expect(edit.status).toBe(409);
  });

  it('lists newest first with from, to and updated filters', async () => {
    const all = ((await call(sandbox, 'GET', '/orders?page_size=200')).body as OrderPage).data;
    const created = all.map((o) => o.created_at);
    expect(created).toEqual([...created].sort().reverse());
    const from = '2026-03-01T00:00:00Z';
    const to = '2026-03-10';
    const window = (
      (await call(sandbox, 'GET', `/orders?page_size=200&from=${from}&to=${to}`)).body as OrderPage
    ).data;
    expect(window.length).toBeGreaterThan(0);
    expect(window.length).toBe(
      all.filter((o) => o.created_at >= '2026-03-01' && o.created_at <= '2026-03-10T23:59:59.999Z')
        .length,
    );
    const updated = (
      (await call(sandbox, 'GET', `/orders?page_size=200&updated=2026-03-15T11:00:00Z`))
        .body as OrderPage
    ).data;
    expect(updated.every((o) => o.updated_at >= '2026-03-15T11:00:00')).toBe(true);
    expect(updated.some((o) => o.id === 'T-ORD-1')).toBe(true);
    expect((await call(sandbox, 'GET', '/orders?from=yesterday')).status).toBe(400);
    expect(errorOf(await call(sandbox, 'GET', '/orders?start_date=2026-03-01')).message).toContain(
      '"from"',
    );
  });
});

describe('trackings', () => {
  it('finds by order, by id and by code, and needs at least one', async () => {
    const orders = ((await call(sandbox, 'GET', '/orders?page_size=200')).body as OrderPage).data;
    const shipped = orders.find((o) => o.status === 'shipped');
    const byOrder = (
      (await call(sandbox, 'GET', `/trackings?order=${shipped?.id}`)).body as TrackingList
    ).data;
    expect(byOrder).toHaveLength(1);
    const tracking = byOrder[0];
    expect(
      ((await call(sandbox, 'GET', `/trackings?id=${tracking?.id}`)).body as TrackingList).data,
    ).toEqual(byOrder);
    expect(
      (
        (await call(sandbox, 'GET', `/trackings?code=${tracking?.code.toLowerCase()}`))
          .body as TrackingList
      ).data,
    ).toEqual(byOrder);
    expect(
      ((await call(sandbox, 'GET', '/trackings?order=NOPE')).body as TrackingList).data,
    ).toEqual([]);
    expect((await call(sandbox, 'GET', '/trackings')).status).toBe(400);
    expect(errorOf(await call(sandbox, 'GET', '/trackings?tracking_code=X')).message).toContain(
      '"code"',
    );
  });
});
