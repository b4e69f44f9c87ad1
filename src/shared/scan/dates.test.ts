import { describe, expect, it } from 'vitest';
import { fullYear, isoDate, validClock } from './dates.ts';

const at = (iso: string) => Date.parse(iso);

describe('GS1 dates', () => {
  it('puts a two-digit year within 49 years back and 50 ahead (sliding window)', () => {
    const in2026 = at('2026-11-26T00:00:00Z');
    expect(fullYear(26, in2026)).toBe(2026);
    expect(fullYear(76, in2026)).toBe(2076); // +50: still ahead
    expect(fullYear(77, in2026)).toBe(1977); // +51: the past century
    expect(fullYear(0, in2026)).toBe(2000);
    expect(fullYear(99, in2026)).toBe(1999);
  });

  it('crosses the century edge in both directions', () => {
    // Near a century's end, small years are the coming century's…
    const in2098 = at('2098-06-01T00:00:00Z');
    expect(fullYear(98, in2098)).toBe(2098);
    expect(fullYear(2, in2098)).toBe(2102);
    expect(fullYear(48, in2098)).toBe(2148);
    expect(fullYear(47, in2098)).toBe(2147); // 2047 would be 51 years back
    expect(fullYear(49, in2098)).toBe(2049); // 49 back: still this century
    // …and just after it, large years are the past century's.
    const in2101 = at('2101-01-15T00:00:00Z');
    expect(fullYear(99, in2101)).toBe(2099);
    expect(fullYear(51, in2101)).toBe(2151); // +50: ahead, not 50 back
    expect(fullYear(52, in2101)).toBe(2052);
    expect(fullYear(1, in2101)).toBe(2101);
  });

  it('reads day 00 as the last day of the month where the AI allows it', () => {
    const now = at('2026-01-01T00:00:00Z');
    expect(isoDate('260200', now, true)).toBe('2026-02-28');
    expect(isoDate('280200', now, true)).toBe('2028-02-29');
    expect(isoDate('261200', now, true)).toBe('2026-12-31');
    expect(isoDate('260400', now, true)).toBe('2026-04-30');
    expect(isoDate('260200', now, false)).toBeNull();
  });

  it('refuses impossible dates rather than rolling them over', () => {
    const now = at('2026-01-01T00:00:00Z');
    for (const yymmdd of ['261301', '260001', '260230', '270229', '260431', '26043', 'AB0101'])
      expect(isoDate(yymmdd, now, true), yymmdd).toBeNull();
    expect(isoDate('280229', now, true)).toBe('2028-02-29');
  });

  it('checks the clock fields of 8008, 7003 and 7011', () => {
    expect(validClock('2359', [23, 59], false)).toBe(true);
    expect(validClock('2400', [23, 59], false)).toBe(false);
    expect(validClock('1260', [23, 59], false)).toBe(false);
    expect(validClock('12', [23, 59], false)).toBe(false);
    expect(validClock('', [59, 59], true)).toBe(true);
    expect(validClock('59', [59, 59], true)).toBe(true);
    expect(validClock('5959', [59, 59], true)).toBe(true);
    expect(validClock('5', [59, 59], true)).toBe(false);
    expect(validClock('596', [59, 59], true)).toBe(false);
  });
});
