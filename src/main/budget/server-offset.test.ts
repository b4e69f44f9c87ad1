import { describe, expect, it } from 'vitest';
import { ServerOffset } from './server-offset.ts';

describe("the server clock's offset", () => {
  it('is 0 before any answer', () => {
    expect(new ServerOffset(1000).ms).toBe(0);
  });

  it('keeps the fastest answer: a slow trip back does not put the server behind', () => {
    const offset = new ServerOffset(1000);
    // The server runs 1000 ms ahead; answers arrive 1 ms, then 40 ms, then 5 ms after it ran.
    offset.note(5000, 4001);
    offset.note(5100, 4140);
    offset.note(5200, 4205);
    expect(offset.ms).toBe(999);
  });

  it('follows the clock: samples older than the span are forgotten', () => {
    const offset = new ServerOffset(1000);
    offset.note(5000, 4000);
    // The local clock was slewed 20 ms ahead: every later answer says so.
    offset.note(5600, 4622);
    expect(offset.ms).toBe(1000);
    offset.note(6100, 5122);
    expect(offset.ms).toBe(978);
  });
});
