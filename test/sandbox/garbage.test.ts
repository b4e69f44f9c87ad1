import { connect } from 'node:net';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPERATIONS } from '../../src/sandbox/contract.ts';
import type { RunningSandbox } from '../../src/sandbox/index.ts';
import { ACME, call, type CallResult, withSandbox } from './helpers.ts';

let sandbox: RunningSandbox;
beforeAll(async () => {
  sandbox = await withSandbox({ rateLimit: 1_000_000 });
});
afterAll(() => sandbox.close());

const headers = { 'X-Api-Key': ACME, 'X-Api-Version': 'v1.1' };

function expectJsonClientError(result: CallResult, label: string): void {
  expect(result.status, label).toBeGreaterThanOrEqual(400);
  expect(result.status, label).toBeLessThan(500);
  expect(result.body, `${label}: ${result.text.slice(0, 200)}`).toMatchObject({
    error: { code: expect.any(String), message: expect.any(String) },
  });
}

/** Sends raw bytes and returns the status line and body of the answer. */
function raw(bytes: string | Buffer): Promise<{ status: number; body: string }> {
  const { port } = sandbox;
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('close', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1] ?? 0);
      resolve({ status, body: text.slice(text.indexOf('\r\n\r\n') + 4) });
    });
    socket.write(bytes);
    socket.end();
  });
}

describe('garbage gets a 4xx JSON answer, never a 5xx or a crash', () => {
  const cases: [string, () => Promise<CallResult>][] = [
    [
      'malformed JSON',
      () =>
        call(sandbox, 'POST', '/products', {
          body: '{"sku": "A",',
          headers: { 'content-type': 'application/json' },
        }),
    ],
    [
      'JSON null',
      () =>
        call(sandbox, 'POST', '/orders', {
          body: 'null',
          headers: { 'content-type': 'application/json' },
        }),
    ],
    ['JSON array', () => call(sandbox, 'PUT', '/orders', { json: [1, 2, 3] })],
    ['JSON string', () => call(sandbox, 'POST', '/inbounds', { json: 'inbound' })],
    [
      'proto pollution',
      () =>
        call(sandbox, 'POST', '/products', {
          body: '{"__proto__":{"admin":true},"sku":"P","name":"p"}',
          headers: { 'content-type': 'application/json' },
        }),
    ],
    [
      'deep nesting',
      () =>
        call(sandbox, 'POST', '/orders', {
          body: `${'['.repeat(5000)}${']'.repeat(5000)}`,
          headers: { 'content-type': 'application/json' },
        }),
    ],
    [
      'wrong content type',
      () =>
        call(sandbox, 'POST', '/products', {
          body: '<product/>',
          headers: { 'content-type': 'application/xml' },
        }),
    ],
    [
      'form-encoded body',
      () =>
        call(sandbox, 'POST', '/products', {
          body: 'sku=A&name=B',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
        }),
    ],
    [
      '10 MB of JSON',
      () =>
        call(sandbox, 'POST', '/products', {
          json: { sku: 'BIG', name: 'x', description: 'y'.repeat(10 * 1024 * 1024) },
        }),
    ],
    [
      'binary junk as JSON',
      () =>
        call(sandbox, 'POST', '/orders', {
          body: Buffer.from([0, 255, 1, 254, 0x7b, 0x22]),
          headers: { 'content-type': 'application/json' },
        }),
    ],
    [
      'binary junk as octet-stream',
      () =>
        call(sandbox, 'POST', '/invoices', {
          body: Buffer.from([0, 1, 2, 3]),
          headers: { 'content-type': 'application/octet-stream' },
        }),
    ],
    [
      'multipart without boundary',
      () =>
        call(sandbox, 'POST', '/invoices', {
          body: 'garbage',
          headers: { 'content-type': 'multipart/form-data' },
        }),
    ],
    [
      'multipart with a broken body',
      () =>
        call(sandbox, 'POST', '/labels', {
          body: '--xyz\r\nContent-Disposition: form-data; name="file"; filename="a.zpl"\r\n\r\n^XA',
          headers: { 'content-type': 'multipart/form-data; boundary=xyz' },
        }),
    ],
    ['path traversal', () => call(sandbox, 'GET', '/orders/..%2F..%2F..%2Fetc%2Fpasswd')],
    ['dot segments', () => call(sandbox, 'GET', '/inbounds/%2e%2e')],
    ['encoded NUL', () => call(sandbox, 'GET', '/products/A%00B')],
    ['unicode id', () => call(sandbox, 'GET', `/orders/${encodeURIComponent('pedido-ção-😀')}`)],
    ['unicode path', () => call(sandbox, 'GET', `/${encodeURIComponent('operações')}`)],
    ['very long id', () => call(sandbox, 'GET', `/orders/${'A'.repeat(5000)}`)],
    ['repeated query parameter', () => call(sandbox, 'GET', '/inventories?sku=A&sku=B')],
    ['bad percent encoding', () => call(sandbox, 'GET', '/orders/%E0%A4%A')],
    ['weird method', () => call(sandbox, 'PATCH', '/orders', { json: {} })],
  ];

  it.each(cases)('%s', async (label, send) => {
    expectJsonClientError(await send(), label);
  });

  it('huge headers', async () => {
    const answer = await raw(
      `GET /health-check HTTP/1.1\r\nHost: x\r\nX-Junk: ${'a'.repeat(64 * 1024)}\r\n\r\n`,
    );
    expect(answer.status).toBe(431);
    expect(JSON.parse(answer.body)).toMatchObject({ error: { code: 'header_too_large' } });
  });

  it('not HTTP at all', async () => {
    const answer = await raw(
      Buffer.from([0x16, 0x03, 0x01, 0x02, 0x00, 0x01, 0x00, 0x01, 0xfc, 0x03, 0x03]),
    );
    expect(answer.status).toBe(400);
    expect(JSON.parse(answer.body)).toMatchObject({ error: { code: 'bad_request' } });
  });

  it('is still serving after all of that', async () => {
    expect((await call(sandbox, 'GET', '/health-check')).status).toBe(200);
  });
});

describe('fuzz: random bodies, queries and ids at every route', () => {
  const jsonish = fc.oneof(
    fc.jsonValue(),
    fc.record(
      {
        sku: fc.string(),
        name: fc.string(),
        id: fc.string(),
        items: fc.array(fc.jsonValue(), { maxLength: 3 }),
      },
      { requiredKeys: [] },
    ),
  );

  it.each(OPERATIONS.map((op) => [`${op.method} ${op.path}`, op] as const))(
    '%s',
    async (_label, op) => {
      await fc.assert(
        fc.asyncProperty(
          jsonish,
          fc.uint8Array({ maxLength: 512 }),
          fc.string({ maxLength: 40, unit: 'grapheme' }),
          fc.constantFrom('json', 'bytes', 'form'),
          async (json, bytes, text, mode) => {
            const path = op.path.replace(/\{\w+\}/, encodeURIComponent(text) || 'x');
            const query = `?${op.parameters.map((p) => `${p.name}=${encodeURIComponent(text)}`).join('&')}`;
            const init: RequestInit = { method: op.method, headers: { ...headers } };
            if (op.method !== 'GET' && op.method !== 'DELETE') {
              if (mode === 'json') {
                init.body = JSON.stringify(json);
                (init.headers as Record<string, string>)['content-type'] = 'application/json';
              } else if (mode === 'bytes') {
                init.body = bytes;
                (init.headers as Record<string, string>)['content-type'] =
                  'application/octet-stream';
              } else {
                const form = new FormData();
                form.set('order', text);
                form.set('file', new Blob([bytes]), text || 'f');
                init.body = form;
              }
            }
            const response = await fetch(`${sandbox.url}${path}${query}`, init);
            const body = await response.text();
            if (response.status >= 500) throw new Error(`${response.status} ${body}`);
            if (response.status >= 400)
              expect(JSON.parse(body)).toMatchObject({ error: { code: expect.any(String) } });
          },
        ),
        { numRuns: 60 },
      );
    },
  );
});
