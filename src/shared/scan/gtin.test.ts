import { describe, expect, it } from 'vitest';
import { gtinCheckDigitValid, normaliseGtin } from './index.ts';

describe('GTIN check digit and normalisation', () => {
  it.each([
    ['UPC-A', '036000291452', '00036000291452'],
    ['EAN-13', '4006381333931', '04006381333931'],
    ['EAN-13 (GS1 example)', '5901234123457', '05901234123457'],
    ['EAN-8', '96385074', '00000096385074'],
    ['GTIN-14', '10614141000415', '10614141000415'],
    ['GTIN-14 (GS1 example)', '09521234543213', '09521234543213'],
  ])('%s %s → %s', (_, digits, gtin) => {
    expect(gtinCheckDigitValid(digits)).toBe(true);
    expect(normaliseGtin(digits)).toBe(gtin);
  });

  it.each([
    ['UPC-A', '036000291453'],
    ['EAN-13', '4006381333932'],
    ['EAN-8', '96385075'],
    ['GTIN-14', '10614141000416'],
  ])('refuses a %s with a wrong check digit', (_, digits) => {
    expect(gtinCheckDigitValid(digits)).toBe(false);
    expect(normaliseGtin(digits)).toBeNull();
  });

  it('catches every single-digit misread of a valid code', () => {
    const valid = '4006381333931';
    for (let i = 0; i < valid.length; i++)
      for (let d = 0; d <= 9; d++) {
        const misread = valid.slice(0, i) + String(d) + valid.slice(i + 1);
        if (misread !== valid) expect(gtinCheckDigitValid(misread), misread).toBe(false);
      }
  });

  it('is not a GTIN at other lengths or with anything but digits', () => {
    for (const text of ['', '1', '0360002914', '03600029145', '106141411234567897', '03600029145A'])
      expect(normaliseGtin(text), text).toBeNull();
    expect(gtinCheckDigitValid('')).toBe(false);
    expect(gtinCheckDigitValid('4006381333931 ')).toBe(false);
    // The same mod-10 check guards every GS1 key: an SSCC (18 digits) from the specification.
    expect(gtinCheckDigitValid('106141411234567897')).toBe(true);
  });
});
