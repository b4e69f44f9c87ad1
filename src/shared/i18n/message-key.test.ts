import { describe, expect, expectTypeOf, it } from 'vitest';
import { isMessageKey } from './english.ts';
import type { MessageKey } from './message-key.ts';

describe('MessageKey', () => {
  it('is a sentence of the English catalogue, plural forms named by their stem', () => {
    const sentence: MessageKey = 'files.damaged';
    expect(sentence).toBe('files.damaged');
    expectTypeOf<'station.totalUnits'>().toExtend<MessageKey>();
    expectTypeOf<'activity.enqueued'>().toExtend<MessageKey>();
    // A group of sentences is not a sentence, and a plural form goes by its stem.
    expectTypeOf<'files'>().not.toExtend<MessageKey>();
    expectTypeOf<'station.totalUnits_one'>().not.toExtend<MessageKey>();
  });

  it('refuses, at compile time, a key English does not have', () => {
    // @ts-expect-error: there is no such sentence; typecheck fails if this ever compiles.
    const missing: MessageKey = 'files.notASentence';
    expect(missing).toBe('files.notASentence');
  });

  it('is told at run time for keys read back from storage', () => {
    expect(isMessageKey('files.damaged')).toBe(true);
    expect(isMessageKey('station.totalUnits')).toBe(true);
    expect(isMessageKey('files')).toBe(false);
    expect(isMessageKey('files.notASentence')).toBe(false);
    expect(isMessageKey('activity.enqueued.deeper')).toBe(false);
    expect(isMessageKey('constructor')).toBe(false);
    expect(isMessageKey('__proto__.toString')).toBe(false);
  });
});
