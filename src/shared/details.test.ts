import { describe, expect, expectTypeOf, it } from 'vitest';
import { safeDetails, type Details } from './details.ts';
import type { AppError } from './result.ts';

const SECRET = 'sk-live-4f9a2c77e1';
const redact = (text: string) => text.replaceAll(SECRET, '••••c7e1');

describe('safeDetails', () => {
  it('redacts every text and property name, however deep', () => {
    const out = safeDetails(
      { [SECRET]: [{ raw: `Bearer ${SECRET}` }], nested: { a: { b: { c: SECRET } } } },
      redact,
    );
    expect(JSON.stringify(out)).not.toContain(SECRET);
    expect(out).toEqual({
      '••••c7e1': [{ raw: 'Bearer ••••c7e1' }],
      nested: { a: { b: { c: '••••c7e1' } } },
    });
  });

  it('keeps only what JSON can carry: errors lose their stack, bytes their contents', () => {
    const error = new Error(`refused ${SECRET}`);
    const out = safeDetails(
      { error, bytes: new Uint8Array(3), when: undefined, big: 10n, nan: Number.NaN },
      redact,
    );
    expect(out).toEqual({
      error: { name: 'Error', message: 'refused ••••c7e1' },
      bytes: '[3 bytes]',
      big: '10',
      nan: 'NaN',
    });
  });

  it('cuts what is too deep or too long instead of copying it', () => {
    let deep: unknown = SECRET;
    for (let i = 0; i < 20; i += 1) deep = { deeper: deep };
    expect(JSON.stringify(safeDetails(deep, redact))).toContain('[cut]');
    const long = safeDetails(
      Array.from({ length: 500 }, () => 1),
      redact,
    ) as unknown[];
    expect(long).toHaveLength(201);
    expect(long.at(-1)).toBe('[cut]');
  });

  it('keeps a "__proto__" key a key', () => {
    const out = safeDetails(JSON.parse('{"__proto__": {"polluted": true}}'), redact) as object;
    expect(Object.keys(out)).toEqual(['__proto__']);
    expect(({} as { polluted?: boolean }).polluted).toBeUndefined();
  });

  it('is the only way to give an AppError details (a raw value fails the typecheck)', () => {
    const raw = { raw: SECRET };
    const unsafe: AppError = {
      code: 'x',
      messageKey: 'errors.internal',
      message: '',
      // @ts-expect-error -- details must come from safeDetails, never a raw value
      details: raw,
    };
    expect(unsafe).toBeDefined();
    expectTypeOf(safeDetails(raw, redact)).toEqualTypeOf<Details>();
  });
});
