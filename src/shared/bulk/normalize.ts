// How a piece's text and a candidate's fields are brought to one form before they are compared.
// The rules: an order id is a whole token (case ignored), a name is equal once case,
// accents, spacing and punctuation are ignored, documents and postal codes are their digits.

const LETTER_OR_DIGIT = /[\p{L}\p{N}]/u;
// eslint-disable-next-line no-control-regex -- the whole ASCII range, control characters too
const ASCII = /^[\x00-\x7f]*$/;

/**
 * Whether the character at `at` is a letter or digit in any script (false past either end):
 * what may not touch a whole token on either side. By character code, ASCII first and without
 * a regular expression: the scans call it for every character of every piece.
 */
export function isLetterOrDigitAt(text: string, at: number): boolean {
  const code = text.charCodeAt(at); // NaN past either end: every comparison below is false
  if (code < 128) return (code >= 48 && code <= 57) || ((code | 32) >= 97 && (code | 32) <= 122);
  return code === code && LETTER_OR_DIGIT.test(text[at] as string);
}

/**
 * Lower case without accents. NFKD rather than NFD so that compatibility forms (full-width
 * letters, ligatures such as "ﬁ") read as the plain letters a printed label shows.
 */
export function foldText(text: string): string {
  // Plain ASCII has nothing to decompose: most label text, and the costliest step skipped.
  if (ASCII.test(text)) return text.toLowerCase();
  return text.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase();
}

/** A name's key: folded, then only its letters and digits, so spacing and punctuation vanish. */
export function compactName(name: string): string {
  return foldText(name).replace(/[^\p{L}\p{N}]/gu, '');
}

export function digitsOf(text: string): string {
  return text.replace(/\D/g, '');
}

// ZPL Code 128 field data may open with a start-subset invocation: >9 (A), >: (B), >; (C).
const CODE128_START = /^>[9:;]/;
// ^BQ field data opens with the error correction level and the input mode: "MA," (automatic),
// or "MM," followed by the character mode: N (numeric), A (alphanumeric), or B and a 4-digit
// byte count. Without stripping, "MM,APB-1042" would glue the mode letter to the order id.
const QR_PREFIX = /^[HQML](?:A,|M,(?:[NA]|B\d{4}))/;

/** Barcode data as the engine decodes it, without the ZPL prefixes that are not data. */
export function stripBarcodePrefix(data: string): string {
  if (CODE128_START.test(data)) return data.slice(2);
  const qr = QR_PREFIX.exec(data);
  return qr === null ? data : data.slice(qr[0].length);
}
