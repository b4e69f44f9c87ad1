// The GS1 mod-10 check digit and GTIN normalisation. Ours rather than a library's: the packer's
// match depends on it, it is ten lines, and the parser we evaluated did not check digits at all.

const GTIN_LENGTHS = new Set([8, 12, 13, 14]);

/**
 * The GS1 mod-10 check (GTIN, and every other GS1 key: SSCC, GLN, GDTI…): weights 3 and 1
 * alternate from the digit left of the check digit. False for anything but two or more digits.
 */
export function gtinCheckDigitValid(digits: string): boolean {
  if (!/^\d{2,}$/.test(digits)) return false;
  let sum = 0;
  for (let i = digits.length - 2, weight = 3; i >= 0; i--, weight = 4 - weight)
    sum += Number(digits[i]) * weight;
  return (10 - (sum % 10)) % 10 === Number(digits[digits.length - 1]);
}

/** 8, 12, 13 or 14 digits → the GTIN-14 (left-padded with zeros); null for a bad check digit or length. */
export function normaliseGtin(digits: string): string | null {
  if (!/^\d+$/.test(digits) || !GTIN_LENGTHS.has(digits.length)) return null;
  return gtinCheckDigitValid(digits) ? digits.padStart(14, '0') : null;
}

export function isGtinLength(text: string): boolean {
  return /^\d+$/.test(text) && GTIN_LENGTHS.has(text.length);
}
