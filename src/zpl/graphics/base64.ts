// Base64 (RFC 4648 standard alphabet) for ZB64 blocks, decoded leniently: the guide lets CR
// and LF sit anywhere in the encoded data ("These characters will be ignored by the printer"),
// padding may be missing, and anything else is skipped but counted so the caller can warn.

const INVALID = 255;
const SKIP = 254;

const VALUES = ((): Uint8Array => {
  const values = new Uint8Array(256).fill(INVALID);
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
  for (let i = 0; i < alphabet.length; i++) values[alphabet.charCodeAt(i)] = i;
  values[13] = SKIP;
  values[10] = SKIP;
  return values;
})();

export interface Base64Result {
  bytes: Uint8Array;
  /** Characters that are neither Base64 nor CR/LF, skipped. */
  badCharacters: number;
  /** The first of them, for the warning. */
  firstBad: string | undefined;
  /** Whether the data stopped with a partial group that could not make a whole byte. */
  truncated: boolean;
}

/** Decodes `text[start, end)`; stops at the first `=` (padding ends the data). */
export function decodeBase64(text: string, start = 0, end = text.length): Base64Result {
  const out = new Uint8Array(Math.ceil(((end - start) * 3) / 4));
  let length = 0;
  let acc = 0;
  let bits = 0;
  let badCharacters = 0;
  let firstBad: string | undefined;
  for (let i = start; i < end; i++) {
    const code = text.charCodeAt(i);
    if (code === 61) break; // '='
    const value = code < 256 ? (VALUES[code] ?? INVALID) : INVALID;
    if (value === SKIP) continue;
    if (value === INVALID) {
      badCharacters++;
      firstBad ??= text.charAt(i);
      continue;
    }
    acc = ((acc << 6) | value) & 0xffffff;
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      out[length++] = (acc >> bits) & 0xff;
    }
  }
  // A lone sixth of a byte (one leftover character) cannot be a byte: the sender lost data.
  return { bytes: out.subarray(0, length), badCharacters, firstBad, truncated: bits >= 6 };
}
