import { nothingSecret } from '../../src/shared/details.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RedirectError } from '../../src/main/api/errors.ts';
import { MAX_REDIRECTS } from '../../src/main/api/redirects.ts';
import { startHostileApi, type HostileApi } from './hostile-api.ts';
import { findLeaks, HOSTILE_KEY } from './key-forms.ts';
import { hostileClient, OPERATIONS, outcome } from './operations.ts';

// A redirect to another origin must never take X-Api-Key along (fetch's own redirect handling
// does: it only drops Authorization). The other origin is a second server on another port that
// records every request it gets.

let hostile: HostileApi;
let elsewhere: HostileApi;
beforeAll(async () => {
  elsewhere = await startHostileApi('elsewhere-has-no-key', 'extra-fields');
  hostile = await startHostileApi(HOSTILE_KEY, 'extra-fields');
});
afterAll(async () => {
  await hostile.close();
  await elsewhere.close();
});

describe('redirects', () => {
  it.each([301, 302, 303, 307, 308])(
    '%i to another origin: every operation fails with RedirectError, the other origin sees no key',
    async (status) => {
      hostile.mode = `redirect:${status}:${elsewhere.url}`;
      const before = elsewhere.seen.length;
      for (const [name, call] of Object.entries(OPERATIONS)) {
        const { api } = hostileClient(hostile.url, HOSTILE_KEY);
        const { error, value } = await outcome(() => call(api));
        expect(value, name).toBeUndefined();
        expect(error, name).toBeInstanceOf(RedirectError);
        expect(error).toMatchObject({
          family: 'redirect',
          code: 'cross_origin',
          status,
          messageKey: 'errors.api.redirect',
          uncertain: false,
        });
        expect((error as RedirectError).toAppError(nothingSecret)).toMatchObject({
          code: 'api.redirect.cross_origin',
          messageKey: 'errors.api.redirect',
        });
        expect(findLeaks(error, HOSTILE_KEY)).toEqual([]);
      }
      const reached = elsewhere.seen.slice(before);
      expect(reached.filter((r) => r.headers['x-api-key'] !== undefined)).toEqual([]);
      expect(reached).toEqual([]);
    },
  );

  it('another port on the same host is another origin', async () => {
    hostile.mode = `redirect:307:${elsewhere.url.replace('127.0.0.1', 'localhost')}`;
    const { api } = hostileClient(hostile.url, HOSTILE_KEY);
    await expect(api.getOrder('PB-1')).rejects.toMatchObject({ code: 'cross_origin' });
  });

  it('a Location with credentials, or none at all, is not followed', async () => {
    const { port } = new URL(hostile.url);
    hostile.mode = `redirect:302:http://user:pass@127.0.0.1:${port}`;
    await expect(
      hostileClient(hostile.url, HOSTILE_KEY).api.getOrder('PB-1'),
    ).rejects.toMatchObject({ constructor: RedirectError, code: 'cross_origin' });
    hostile.mode = 'redirect:302:';
    // An empty base turns the Location into the request's own path: same origin, followed until
    // the limit.
    await expect(
      hostileClient(hostile.url, HOSTILE_KEY).api.getOrder('PB-1'),
    ).rejects.toMatchObject({
      constructor: RedirectError,
      code: 'too_many_redirects',
      messageKey: 'errors.api.redirect_loop',
    });
  });

  it(`same origin: followed with the key, up to ${MAX_REDIRECTS} times`, async () => {
    hostile.mode = `same-origin:${MAX_REDIRECTS}`;
    const before = hostile.seen.length;
    const { api, attempts } = hostileClient(hostile.url, HOSTILE_KEY);
    expect(await api.getOrder('PB-1')).toMatchObject({ id: 'ID-1' });
    const hops = hostile.seen.slice(before);
    expect(hops.map((r) => r.url)).toEqual([
      '/orders/PB-1',
      '/orders/PB-1?hop=1',
      '/orders/PB-1?hop=2',
      '/orders/PB-1?hop=3',
    ]);
    expect(hops.every((r) => r.headers['x-api-key'] === HOSTILE_KEY)).toBe(true);
    expect(attempts.map((a) => a.status)).toEqual([307, 307, 307, 200]);
  });

  it('same origin: a POST keeps its method and body through 307', async () => {
    hostile.mode = 'same-origin:1';
    const before = hostile.seen.length;
    const { api } = hostileClient(hostile.url, HOSTILE_KEY);
    await api.createProduct({ sku: 'R-1', name: 'redirected' });
    const hops = hostile.seen.slice(before);
    expect(hops.map((r) => [r.method, JSON.parse(r.body) as unknown])).toEqual([
      ['POST', { sku: 'R-1', name: 'redirected' }],
      ['POST', { sku: 'R-1', name: 'redirected' }],
    ]);
  });

  it('same origin: 303 after a POST reads the new location with GET and no body', async () => {
    const { port } = new URL(hostile.url);
    hostile.mode = `redirect:303:http://127.0.0.1:${port}/see-other`;
    const before = hostile.seen.length;
    const { api } = hostileClient(hostile.url, HOSTILE_KEY, { maxRetries: 0 });
    // The second answer is again a 303 (the mode answers every path alike): the loop ends.
    await expect(api.createProduct({ sku: 'S-1', name: 'n' })).rejects.toMatchObject({
      code: 'too_many_redirects',
    });
    const hops = hostile.seen.slice(before);
    expect(hops.map((r) => [r.method, r.url, r.body])).toEqual([
      ['POST', '/products', '{"sku":"S-1","name":"n"}'],
      ['GET', '/see-other/products', ''],
      ['GET', '/see-other/see-other/products', ''],
      ['GET', '/see-other/see-other/see-other/products', ''],
    ]);
  });

  it(`same origin: more than ${MAX_REDIRECTS} is an error of its own, nothing more is sent`, async () => {
    hostile.mode = `same-origin:${MAX_REDIRECTS + 1}`;
    const before = hostile.seen.length;
    const { api } = hostileClient(hostile.url, HOSTILE_KEY);
    await expect(api.getOrder('PB-1')).rejects.toMatchObject({
      constructor: RedirectError,
      code: 'too_many_redirects',
      messageKey: 'errors.api.redirect_loop',
    });
    expect(hostile.seen.length - before).toBe(MAX_REDIRECTS + 1);
  });
});
