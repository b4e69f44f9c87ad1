import { describe, expect, it } from 'vitest';
import { FakeClock } from '../../test/support/fake-clock.ts';
import { throttleLatest } from './throttle.ts';

describe('throttleLatest', () => {
  it('passes the first value at once, then the latest once per period', async () => {
    const clock = new FakeClock(0);
    const seen: number[] = [];
    const push = throttleLatest((v: number) => seen.push(v), 100, clock);
    push(1);
    push(2);
    push(3);
    expect(seen).toEqual([1]);
    await clock.advance(100);
    expect(seen).toEqual([1, 3]);
    await clock.advance(500);
    push(4);
    expect(seen).toEqual([1, 3, 4]);
    await clock.advance(1000);
    expect(seen).toEqual([1, 3, 4]);
  });
});
