import { describe, expect, it } from 'vitest';
import { caseGtin14, ean13, gtinCheckDigit, upcA } from './gtin.ts';

describe('GS1 check digits', () => {
  it('matches published examples', () => {
    expect(gtinCheckDigit('400638133393')).toBe('1'); // EAN-13 4006381333931
    expect(gtinCheckDigit('03600029145')).toBe('2'); // UPC-A 036000291452
    expect(gtinCheckDigit('9638507')).toBe('4'); // EAN-8 96385074
    expect(upcA('03600029145')).toBe('036000291452');
  });

  it('builds Brazilian EAN-13s and case GTIN-14s', () => {
    expect(ean13(1000)).toBe('7890000010009');
    expect(caseGtin14('4006381333931', 1)).toBe('14006381333938');
    expect(caseGtin14('036000291452', 3)).toBe('30036000291453');
  });

  it('refuses a UPC-A body of the wrong length', () => {
    expect(() => upcA('123')).toThrow(/11 digits/);
  });
});
