// Bar code numbers for the seed: GS1 check digits for EAN-13, UPC-A and GTIN-14.

/** The GS1 check digit of `body` (any GTIN length without its last digit): weights 3,1,3,… from the right. */
export function gtinCheckDigit(body: string): string {
  let sum = 0;
  for (let i = 0; i < body.length; i += 1) {
    const digit = Number(body[body.length - 1 - i]);
    sum += digit * (i % 2 === 0 ? 3 : 1);
  }
  return String((10 - (sum % 10)) % 10);
}

/** EAN-13 with Brazil's 789 prefix and a valid check digit. */
export function ean13(body9: number): string {
  const digits = `789${String(body9).padStart(9, '0')}`;
  return digits + gtinCheckDigit(digits);
}

/** UPC-A: 11 digits (number system, manufacturer, item) and a valid check digit. */
export function upcA(body11: string): string {
  if (!/^\d{11}$/.test(body11)) throw new Error(`a UPC-A body has 11 digits, not "${body11}"`);
  return body11 + gtinCheckDigit(body11);
}

/**
 * The GTIN-14 of a case or multi-pack of the item `gtin` (an EAN-13 or UPC-A): the packaging
 * indicator (1–8) in front of the item's number without its check digit, then a new check digit.
 */
export function caseGtin14(gtin: string, indicator: number): string {
  const body = `${indicator}${gtin.padStart(13, '0').slice(0, 12)}`;
  return body + gtinCheckDigit(body);
}
