import { describe, expect, it } from 'vitest';
import { checkBounds, describePath, LIMITS, type Limits } from './limits.ts';

const small: Limits = { fileBytes: 10, stringBytes: 5, items: 3, depth: 3, messageBytes: 200 };

describe('checkBounds', () => {
  it('the table', () => {
    expect(LIMITS).toEqual({
      fileBytes: 20 * 1024 * 1024,
      stringBytes: 64 * 1024,
      items: 10_000,
      depth: 32,
      messageBytes: 25 * 1024 * 1024,
    });
  });

  it('accepts ordinary values, scalars and values exactly at each bound', () => {
    for (const value of [undefined, null, 0, 'x', true, {}, [], new Date(), { a: [1, 'b'] }])
      expect(checkBounds(value, small)).toEqual({ ok: true });
    expect(checkBounds({ s: '12345', f: new Uint8Array(10), a: [1, 2, 3] }, small)).toEqual({
      ok: true,
    });
    expect(checkBounds({ a: { b: 'c' } }, { ...small, depth: 2 })).toEqual({ ok: true });
  });

  it('a string: counted in UTF-8 bytes, with the path to it', () => {
    expect(checkBounds({ list: [{ note: '123456' }] }, small)).toEqual({
      ok: false,
      code: 'string_too_long',
      path: ['list', 0, 'note'],
      limit: 5,
    });
    expect(checkBounds('éé', small)).toEqual({ ok: true });
    expect(checkBounds('ééé', small)).toMatchObject({ code: 'string_too_long', path: [] });
    expect(checkBounds('😀', { ...small, stringBytes: 4 })).toEqual({ ok: true });
    expect(checkBounds({ '123456': 1 }, small)).toMatchObject({
      code: 'string_too_long',
      path: ['123456'],
    });
  });

  it('a file: every kind of binary view or buffer', () => {
    for (const file of [new Uint8Array(11), new ArrayBuffer(11), new DataView(new ArrayBuffer(11))])
      expect(checkBounds({ file }, small)).toEqual({
        ok: false,
        code: 'file_too_large',
        path: ['file'],
        limit: 10,
      });
  });

  it('too many items: arrays, objects, maps and sets, refused before they are walked', () => {
    expect(checkBounds({ a: [1, 2, 3, 4] }, small)).toMatchObject({
      code: 'too_many_items',
      path: ['a'],
    });
    expect(checkBounds({ a: 1, b: 2, c: 3, d: 4 }, small)).toMatchObject({
      code: 'too_many_items',
      path: [],
    });
    expect(
      checkBounds(
        new Map([
          [1, 1],
          [2, 2],
          [3, 3],
          [4, 4],
        ]),
        small,
      ),
    ).toMatchObject({
      code: 'too_many_items',
    });
    expect(checkBounds(new Set([1, 2, 3, 4]), small)).toMatchObject({ code: 'too_many_items' });
    const huge = new Array<number>(50_000_000);
    const started = Date.now();
    expect(checkBounds(huge)).toMatchObject({ code: 'too_many_items', limit: LIMITS.items });
    expect(Date.now() - started).toBeLessThan(500);
  });

  it('too deep: the value itself is the first level; a cycle is too deep', () => {
    expect(checkBounds({ a: { b: { c: 1 } } }, small)).toEqual({ ok: true });
    expect(checkBounds({ a: { b: { c: {} } } }, small)).toEqual({
      ok: false,
      code: 'too_deep',
      path: ['a', 'b', 'c'],
      limit: 3,
    });
    const cycle: unknown[] = [];
    cycle.push(cycle);
    expect(checkBounds(cycle, small)).toMatchObject({ code: 'too_deep' });
    let deep: unknown = 1;
    for (let i = 0; i < 100_000; i += 1) deep = [deep];
    expect(checkBounds(deep)).toMatchObject({ code: 'too_deep', limit: 32 });
  });

  it('the whole message, shared references counted as often as they are reached', () => {
    // Two bytes for the brackets, each string its bytes and two more (as JSON would).
    expect(checkBounds(['1234', '1234', '1234'], { ...small, messageBytes: 20 })).toEqual({
      ok: true,
    });
    expect(checkBounds(['1234', '1234', '1234'], { ...small, messageBytes: 19 })).toEqual({
      ok: false,
      code: 'message_too_large',
      path: [],
      limit: 19,
    });
    let shared: unknown = 'x';
    for (let i = 0; i < 60; i += 1) shared = [shared, shared];
    // 2^60 paths: without the message bound this never returns (the test's timeout fails it);
    // how fast it returns is the bench's business, not a test's (it took 6.8 s on a loaded run).
    expect(checkBounds(shared, { ...LIMITS, depth: 100 })).toMatchObject({
      code: 'message_too_large',
    });
  });
});

describe('describePath', () => {
  it('reads like the code that would reach the value', () => {
    expect(describePath([])).toBe('(the whole input)');
    expect(describePath(['payload', 'items', 3, 'note'])).toBe('payload.items[3].note');
    expect(describePath([0, 'a'])).toBe('[0].a');
  });
});
