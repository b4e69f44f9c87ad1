import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ValidationError } from '../../src/main/api/errors.ts';
import { endpointOverridesSchema } from '../../src/shared/profile.ts';
import { startHostileApi, type HostileApi } from './hostile-api.ts';
import { HOSTILE_KEY } from './key-forms.ts';
import { hostileClient } from './operations.ts';

// Ids and SKUs in a path are exactly one segment of it: they can never climb out of /orders/,
// add a query or a fragment, or name something else. Ids that are names of Object.prototype
// members are ids like any other.

let api: HostileApi;
beforeAll(async () => {
  api = await startHostileApi(HOSTILE_KEY, 'extra-fields');
});
afterAll(() => api.close());

const segmentOf = (url: string, prefix: string) => {
  expect(url.startsWith(prefix)).toBe(true);
  const rest = url.slice(prefix.length);
  expect(rest).not.toMatch(/[/?#]/);
  return decodeURIComponent(rest);
};

describe('path parameters', () => {
  it.each(['', '.', '..'])(
    '%j is refused before any request, as a validation error',
    async (id) => {
      const before = api.seen.length;
      const { api: client, attempts } = hostileClient(api.url, HOSTILE_KEY);
      for (const call of [
        () => client.getOrder(id),
        () => client.getInbound(id),
        () => client.deleteInbound(id),
        () => client.getProduct(id),
      ]) {
        const error = await call().catch((e: unknown) => e);
        expect(error).toBeInstanceOf(ValidationError);
        expect(error).toMatchObject({
          family: 'validation',
          code: 'invalid_path_segment',
          messageKey: 'errors.api.invalid_path_segment',
          status: undefined,
        });
      }
      expect(attempts).toEqual([]);
      expect(api.seen.length).toBe(before);
    },
  );

  it.each([
    'a/b',
    '../admin',
    'a?b=c',
    'a#b',
    '%2e%2e',
    '..%2f..',
    'a\\b',
    '...',
    ' . ',
    'ação',
    'a%20b',
  ])('%j is sent as exactly one segment', async (id) => {
    const before = api.seen.length;
    const { api: client } = hostileClient(api.url, HOSTILE_KEY);
    await client.getOrder(id);
    await client.getInbound(id);
    await client.deleteInbound(id);
    await client.getProduct(id);
    const urls = api.seen.slice(before).map((r) => r.url);
    expect(segmentOf(urls[0] ?? '', '/orders/')).toBe(id);
    expect(segmentOf(urls[1] ?? '', '/inbounds/')).toBe(id);
    expect(segmentOf(urls[2] ?? '', '/inbounds/')).toBe(id);
    expect(segmentOf(urls[3] ?? '', '/products/')).toBe(id);
  });

  it.each(['constructor', '__proto__', 'toString', 'hasOwnProperty', 'valueOf', 'prototype'])(
    '%j works like any other id',
    async (id) => {
      const before = api.seen.length;
      const { api: client } = hostileClient(api.url, HOSTILE_KEY);
      expect(await client.getOrder(id)).toMatchObject({ id: 'ID-1', status: 'new' });
      expect(await client.getProduct(id)).toMatchObject({ sku: 'SKU-1' });
      expect(await client.getInbound(id)).toMatchObject({ id: 'ID-1' });
      expect(api.seen.slice(before).map((r) => r.url)).toEqual([
        `/orders/${id}`,
        `/products/${id}`,
        `/inbounds/${id}`,
      ]);
    },
  );

  it('a profile path template fills only its own placeholders', async () => {
    const before = api.seen.length;
    const overrides = endpointOverridesSchema.parse({ productGetPath: '/catalog/{sku}/item' });
    const custom = hostileClient(api.url, HOSTILE_KEY, {
      target: { baseUrl: api.url, apiVersion: 'v1.1', overrides },
    }).api;
    await custom.getProduct('a/b');
    expect(api.seen.slice(before).map((r) => r.url)).toEqual(['/catalog/a%2Fb/item']);

    // "{constructor}" would have been filled from Object.prototype; now it is an error.
    const odd = hostileClient(api.url, HOSTILE_KEY, {
      target: {
        baseUrl: api.url,
        apiVersion: 'v1.1',
        overrides: { ...overrides, productGetPath: '/catalog/{sku}/{constructor}' },
      },
    }).api;
    await expect(odd.getProduct('A-1')).rejects.toMatchObject({
      constructor: ValidationError,
      code: 'invalid_path_template',
      messageKey: 'errors.api.invalid_path_template',
    });
    expect(api.seen.length).toBe(before + 1);
  });
});
