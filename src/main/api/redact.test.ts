import { nothingSecret } from '../../shared/details.ts';
import { describe, expect, it } from 'vitest';
import { AuthenticationError, NetworkError } from './errors.ts';
import { createRedactor, mask, redact } from './redact.ts';

const KEY = 'live+Ky/7f3a9c2e4f2a=b81d0e6c';
const MASK = mask(KEY);
const r = createRedactor([KEY]);
const b64 = (text: string) => Buffer.from(text).toString('base64');

describe('redact: every form of the key', () => {
  it.each([
    ['plain', `key=${KEY};`],
    ['URL-encoded', `?k=${encodeURIComponent(KEY)}&x`],
    ['JSON-escaped', JSON.stringify({ k: KEY })],
    ['base64', `token ${b64(KEY)}`],
    ['base64url', `token ${Buffer.from(KEY).toString('base64url')}`],
    ['base64 inside Basic user:key (offset 1)', `Basic ${b64(`u:${KEY}`)}`],
    ['base64 inside Basic user:key (offset 2)', `Basic ${b64(`us:${KEY}`)}`],
    ['base64 inside Basic user:key (offset 0)', `Basic ${b64(`usr:${KEY}`)}`],
    ['hex', Buffer.from(KEY).toString('hex')],
    ['HEX', Buffer.from(KEY).toString('hex').toUpperCase()],
    ['another letter case (a host name)', `https://${KEY.toLowerCase()}.example`],
    ['the 12-character tail', `…${KEY.slice(-12)}`],
    ['a 12-character middle', `x${KEY.slice(5, 17)}x`],
    ['the head', `${KEY.slice(0, 14)}…`],
  ])('%s', (_, text) => {
    const out = r.text(text);
    expect(out).not.toContain(KEY.slice(-12));
    for (let i = 0; i + 12 <= KEY.length; i += 1)
      expect(out.toLowerCase()).not.toContain(KEY.slice(i, i + 12).toLowerCase());
    expect(out).not.toContain(b64(KEY).slice(4, 30));
    expect(out).not.toContain(Buffer.from(KEY).toString('hex').slice(0, 24));
    expect(out).not.toBe(text);
  });

  it('replaces with the mask the window may show, and leaves other text alone', () => {
    expect(r.text(`Key ${KEY} is revoked`)).toBe(`Key ${MASK} is revoked`);
    expect(MASK).toBe('••••0e6c');
    // Pieces shorter than 12 characters are not the key.
    expect(r.text(`id ${KEY.slice(0, 11)} ok`)).toBe(`id ${KEY.slice(0, 11)} ok`);
    expect(r.text('nothing to see')).toBe('nothing to see');
  });

  it('a key whose last four hold "$&" is replaced literally', () => {
    const odd = 'abcdefgh-ijklmnop$&$1';
    expect(redact(`<${odd}>`, [odd])).toBe(`<${mask(odd)}>`);
  });

  it('ignores missing and very short secrets', () => {
    expect(redact('abc', [null, undefined, '', 'ab'])).toBe('abc');
    expect(createRedactor([]).value({ a: 'x' })).toEqual({ a: 'x' });
  });
});

describe('redactor.value: copies with nothing left behind', () => {
  it('strings and property names at any depth, arrays included; the input is not changed', () => {
    const input = { [KEY]: 1, list: [{ deep: [`k ${b64(KEY)}`] }], n: 3, ok: true, none: null };
    const out = r.value(input);
    expect(out).toEqual({ [MASK]: 1, list: [{ deep: [`k ${MASK}`] }], n: 3, ok: true, none: null });
    expect(Object.keys(input)).toContain(KEY);
  });

  it('a "__proto__" field stays a field of its own', () => {
    const input = JSON.parse(`{"__proto__": {"polluted": "${KEY}"}, "id": "x"}`) as object;
    const out = r.value(input) as Record<string, unknown>;
    expect(Object.getPrototypeOf(out)).toBe(Object.prototype);
    expect(Object.hasOwn(out, '__proto__')).toBe(true);
    expect(JSON.stringify(out)).toBe(`{"__proto__":{"polluted":"${MASK}"},"id":"x"}`);
  });

  it('errors keep their class and fields; message, stack, details and cause chain are redacted', () => {
    const root = Object.assign(new Error(`socket said ${KEY}`), { data: `raw ${KEY}` });
    const error = new AuthenticationError({
      message: `Key ${KEY} revoked`,
      code: `c-${KEY}`,
      requestId: KEY,
      details: [{ echo: KEY }],
      cause: new TypeError('fetch failed', { cause: root }),
    });
    const out = r.value(error);
    expect(out).toBeInstanceOf(AuthenticationError);
    expect(out).not.toBe(error);
    expect(out).toMatchObject({
      family: 'authentication',
      message: `Key ${MASK} revoked`,
      code: `c-${MASK}`,
      requestId: MASK,
      details: [{ echo: MASK }],
      messageKey: 'errors.api.authentication',
    });
    expect(out.stack).toContain(`Key ${MASK} revoked`);
    expect(out.stack).not.toContain(KEY);
    const cause = out.cause as Error & { cause: Error & { data: string } };
    expect(cause).toBeInstanceOf(TypeError);
    expect(cause.cause.message).toBe(`socket said ${MASK}`);
    expect(cause.cause.data).toBe(`raw ${MASK}`);
    expect(out.toAppError(nothingSecret)).toMatchObject({ code: `api.authentication.c-${MASK}` });
    expect(JSON.stringify(out)).not.toContain(KEY);
  });

  it('a cause chain is cut after five links, nesting after the depth limit', () => {
    let error: Error = new Error(KEY);
    for (let i = 0; i < 10; i += 1) error = new NetworkError({ message: `${i}`, cause: error });
    let links = 0;
    for (let e: unknown = r.value(error); e; e = (e as Error).cause) links += 1;
    expect(links).toBeLessThanOrEqual(6);

    let deep: unknown = KEY;
    for (let i = 0; i < 1000; i += 1) deep = [deep];
    expect(JSON.stringify(r.value(deep))).not.toContain(KEY);
  });
});
