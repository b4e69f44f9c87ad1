// Check digits the printer computes itself (ZPL II Programming Guide, Mod 10 and Mod 43).

/**
 * Mod 10 (UPC/EAN, UCC/GS1, Interleaved 2 of 5): weights 3, 1, 3, … from the rightmost digit;
 * the check digit brings the sum to a multiple of ten.
 */
export function mod10(digits: string): number {
  let sum = 0;
  for (let i = digits.length - 1, weight = 3; i >= 0; i--, weight = 4 - weight) {
    sum += (digits.charCodeAt(i) - 48) * weight;
  }
  return (10 - (sum % 10)) % 10;
}

export const isDigits = (s: string): boolean => /^[0-9]*$/.test(s);
