import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningSandbox } from '../../src/sandbox/index.ts';
import { ACME, call, errorOf, withSandbox } from './helpers.ts';

let sandbox: RunningSandbox;
beforeAll(async () => {
  sandbox = await withSandbox();
});
afterAll(() => sandbox.close());

describe('authentication', () => {
  it('accepts a demo key in the X-Api-Key header', async () => {
    expect((await call(sandbox, 'GET', '/health-check')).status).toBe(200);
  });

  it('answers 401 missing_api_key without a key', async () => {
    const result = await call(sandbox, 'GET', '/health-check', { key: null });
    expect(result.status).toBe(401);
    expect(errorOf(result)).toEqual({
      code: 'missing_api_key',
      message: expect.stringContaining('X-Api-Key'),
    });
  });

  it('answers 401 invalid_api_key for an unknown key', async () => {
    const result = await call(sandbox, 'GET', '/orders/PB-10001', { key: 'sbx-demo-nobody' });
    expect(result.status).toBe(401);
    expect(errorOf(result).code).toBe('invalid_api_key');
  });

  it.each(['api_key', 'apikey', 'key', 'token', 'API_KEY'])(
    'refuses a key in the query string as %s, even a valid one, pointing to the header',
    async (name) => {
      const result = await call(sandbox, 'GET', `/health-check?${name}=${ACME}`);
      expect(result.status).toBe(401);
      expect(errorOf(result).code).toBe('api_key_in_query');
      expect(errorOf(result).message).toMatch(/X-Api-Key header/);
    },
  );

  it('keeps the two demo companies apart', async () => {
    const acme = await call(sandbox, 'GET', '/orders/PB-10001');
    const bolt = await call(sandbox, 'GET', '/orders/PB-10001', { key: 'sbx-demo-bolt' });
    expect(acme.status).toBe(200);
    expect(bolt.status).toBe(404);
    expect((await call(sandbox, 'GET', '/orders/BT-10001', { key: 'sbx-demo-bolt' })).status).toBe(
      200,
    );
  });
});

describe('versions', () => {
  it('answers 400 listing the supported versions when the header is missing', async () => {
    const result = await call(sandbox, 'GET', '/health-check', { version: null });
    expect(result.status).toBe(400);
    expect(errorOf(result).code).toBe('missing_version');
    expect(errorOf(result).message).toMatch(/v1, v1\.1/);
  });

  it.each(['v2', 'V1', '1', 'v1.0', 'v1.1-beta'])('answers 400 for version %s', async (version) => {
    const result = await call(sandbox, 'GET', '/health-check', { version });
    expect(result.status).toBe(400);
    expect(errorOf(result)).toEqual({
      code: 'unsupported_version',
      message: expect.stringMatching(/v1, v1\.1/),
    });
  });

  it('serves everything but the order listing on v1', async () => {
    expect((await call(sandbox, 'GET', '/health-check', { version: 'v1' })).status).toBe(200);
    expect((await call(sandbox, 'GET', '/orders/PB-10001', { version: 'v1' })).status).toBe(200);
    const listing = await call(sandbox, 'GET', '/orders', { version: 'v1' });
    expect(listing.status).toBeGreaterThanOrEqual(400);
    expect(listing.status).toBeLessThan(500);
    expect(errorOf(listing)).toEqual({
      code: 'version_too_old',
      message: expect.stringContaining('v1.1'),
    });
    expect((await call(sandbox, 'GET', '/orders', { version: 'v1.1' })).status).toBe(200);
  });

  it('reports the version it served in the health check', async () => {
    const result = await call(sandbox, 'GET', '/health-check', { version: 'v1' });
    expect(result.body).toEqual({ status: 'ok', time: expect.any(String), version: 'v1' });
  });
});

describe('paths', () => {
  const FORMER: [string, string, string][] = [
    ['GET', 'ping', 'GET /health-check'],
    ['POST', 'create_product', 'POST /products'],
    ['POST', 'get_inbound', 'GET /inbounds/{id}'],
    ['POST', 'create_inbound', 'POST /inbounds'],
    ['POST', 'delete_inbound', 'DELETE /inbounds/{id}'],
    ['GET', 'get_inventory', 'GET /inventories'],
    ['GET', 'list_orders', 'GET /orders'],
    ['GET', 'search_order', 'GET /orders/{id}'],
    ['POST', 'create_order', 'PUT /orders'],
    ['POST', 'upload_order_invoice', 'POST /invoices'],
    ['GET', 'tracking', 'GET /trackings'],
  ];

  it.each(FORMER)(
    'answers 410 Gone on %s /integration/api/v1/%s naming %s',
    async (method, name, current) => {
      const result = await call(sandbox, method, `/integration/api/v1/${name}`, {
        key: null,
        version: null,
      });
      expect(result.status).toBe(410);
      expect(errorOf(result).code).toBe('gone');
      expect(errorOf(result).message).toContain(current);
    },
  );

  it('answers 404 JSON for the removed tickets endpoint', async () => {
    const result = await call(sandbox, 'POST', '/tickets', { json: {} });
    expect(result.status).toBe(404);
    expect(errorOf(result)).toEqual({
      code: 'route_not_found',
      message: expect.stringContaining('removed in 11/2025'),
    });
  });

  it('answers 404 JSON for an unknown path and 405 with Allow for a wrong method', async () => {
    const unknown = await call(sandbox, 'GET', '/nothing/here');
    expect(unknown.status).toBe(404);
    expect(errorOf(unknown).code).toBe('route_not_found');
    const wrong = await call(sandbox, 'DELETE', '/orders');
    expect(wrong.status).toBe(405);
    expect(wrong.headers.get('allow')).toBe('GET, POST, PUT');
  });

  it('puts no version in any path', async () => {
    expect((await call(sandbox, 'GET', '/v1/health-check')).status).toBe(404);
  });
});
