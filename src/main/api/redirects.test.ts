import { describe, expect, it } from 'vitest';
import { RedirectError } from './errors.ts';
import { MAX_REDIRECTS, nextHop } from './redirects.ts';

const FROM = 'https://api.example.test/v1/orders/PB-1';

describe('nextHop', () => {
  it('answers that are not followed redirects', () => {
    for (const status of [200, 204, 300, 304, 305, 400, 500])
      expect(nextHop(status, '/elsewhere', FROM, 'GET', 0)).toBeNull();
  });

  it('same origin, relative or absolute: followed, same method and body', () => {
    expect(nextHop(302, '/v2/orders/PB-1?x=1', FROM, 'GET', 0)).toEqual({
      url: 'https://api.example.test/v2/orders/PB-1?x=1',
      method: 'GET',
      keepBody: true,
    });
    for (const status of [301, 302, 307, 308])
      expect(nextHop(status, 'https://api.example.test/v2/orders', FROM, 'POST', 0)).toEqual({
        url: 'https://api.example.test/v2/orders',
        method: 'POST',
        keepBody: true,
      });
  });

  it('303 after a submission reads the new location with GET', () => {
    expect(nextHop(303, '/v1/orders/PB-1', FROM, 'PUT', 0)).toEqual({
      url: 'https://api.example.test/v1/orders/PB-1',
      method: 'GET',
      keepBody: false,
    });
  });

  it.each([
    'https://evil.example/v1/orders/PB-1',
    'http://api.example.test/v1/orders/PB-1',
    'https://api.example.test:8443/v1/orders/PB-1',
    '//evil.example/x',
    'https://user:pass@api.example.test/v1/orders',
    'data:text/plain,hello',
  ])('another origin (%s) is an error of its own', (location) => {
    const error = (() => {
      try {
        return nextHop(307, location, FROM, 'POST', 0);
      } catch (e) {
        return e;
      }
    })();
    expect(error).toBeInstanceOf(RedirectError);
    expect(error).toMatchObject({
      family: 'redirect',
      code: 'cross_origin',
      status: 307,
      messageKey: 'errors.api.redirect',
    });
  });

  it('no Location, or one that is not a URL', () => {
    expect(() => nextHop(302, null, FROM, 'GET', 0)).toThrow(RedirectError);
    expect(() => nextHop(302, 'http://[::1', FROM, 'GET', 0)).toThrow(
      expect.objectContaining({ code: 'invalid_location', messageKey: 'errors.api.redirect' }),
    );
  });

  it(`at most ${MAX_REDIRECTS} in a row`, () => {
    expect(nextHop(302, '/x', FROM, 'GET', MAX_REDIRECTS - 1)).not.toBeNull();
    expect(() => nextHop(302, '/x', FROM, 'GET', MAX_REDIRECTS)).toThrow(
      expect.objectContaining({
        code: 'too_many_redirects',
        messageKey: 'errors.api.redirect_loop',
      }),
    );
  });
});
