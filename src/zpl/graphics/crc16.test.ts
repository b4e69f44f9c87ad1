import { describe, expect, it } from 'vitest';
import { crc16Hex, crc16Xmodem } from './crc16.ts';

// An independent, bit-by-bit CRC-16/XMODEM (poly 0x1021, init 0, no reflection, no xor out).
function bitwise(bytes: Iterable<number>): number {
  let crc = 0;
  for (const byte of bytes) {
    crc ^= byte << 8;
    for (let i = 0; i < 8; i++) {
      crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
    }
  }
  return crc;
}

describe('crc16Xmodem', () => {
  it('gives the catalogue check value for "123456789"', () => {
    // reveng CRC catalogue, CRC-16/XMODEM: check = 0x31C3.
    expect(crc16Xmodem('123456789')).toBe(0x31c3);
    expect(crc16Hex(crc16Xmodem('123456789'))).toBe('31C3');
  });

  it('matches a bitwise implementation over Base64-like text and ranges', () => {
    const text = 'eJzt0TEKgDAMBdAv9f53dnEQRBB0EBzEqThIf3pJ+8zLDX+/+Q==';
    expect(crc16Xmodem(text)).toBe(bitwise([...text].map((c) => c.charCodeAt(0))));
    const codes = [...text.slice(5, 20)].map((c) => c.charCodeAt(0));
    expect(crc16Xmodem(text, 5, 20)).toBe(bitwise(codes));
  });

  it('pads the hex form to four digits', () => {
    expect(crc16Hex(0x1a)).toBe('001A');
    expect(crc16Xmodem('')).toBe(0);
  });
});
