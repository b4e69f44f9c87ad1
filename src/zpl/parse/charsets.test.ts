import { describe, expect, it } from 'vitest';
import { CP1252_80_9F, CP850_HIGH, cp1252Char, cp850Char } from './charsets.ts';

describe('code page 850', () => {
  it('has one character for each byte 0x80–0xFF', () => {
    expect([...CP850_HIGH]).toHaveLength(128);
  });

  it('puts the letters and signs where IBM/Zebra 850 has them', () => {
    expect(cp850Char(0x41)).toBe('A');
    expect(cp850Char(0x80)).toBe('Ç');
    expect(cp850Char(0x81)).toBe('ü');
    expect(cp850Char(0x82)).toBe('é');
    expect(cp850Char(0x9c)).toBe('£');
    expect(cp850Char(0x9e)).toBe('×');
    // Loftware's note on Zebra's 850: © is 184 (0xB8), ° is 248 (0xF8), ® is 169 (0xA9).
    expect(cp850Char(0xa9)).toBe('®');
    expect(cp850Char(0xb8)).toBe('©');
    expect(cp850Char(0xf8)).toBe('°');
    expect(cp850Char(0xd5)).toBe('ı');
    expect(cp850Char(0xe1)).toBe('ß');
    expect(cp850Char(0xf0)).toBe('\u00ad');
    expect(cp850Char(0xff)).toBe('\u00a0');
  });
});

describe('code page 1252', () => {
  it('spells out 0x80–0x9F and leaves the rest to Latin-1', () => {
    expect([...CP1252_80_9F]).toHaveLength(32);
    expect(cp1252Char(0x80)).toBe('€');
    expect(cp1252Char(0x85)).toBe('…');
    expect(cp1252Char(0x8a)).toBe('Š');
    expect(cp1252Char(0x99)).toBe('™');
    expect(cp1252Char(0x9f)).toBe('Ÿ');
    expect(cp1252Char(0x81)).toBe('\u0081');
    expect(cp1252Char(0xa9)).toBe('©');
    expect(cp1252Char(0xe9)).toBe('é');
    expect(cp1252Char(0x41)).toBe('A');
  });
});
