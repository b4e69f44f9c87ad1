// Turns the raw bytes of ^FD/^FV/^SN data into text: first the ^FH escapes, then the
// character set chosen with ^CI. The order matters: an escape yields a byte, not a
// character, so under ^CI28 `_C3_A9` is the two bytes of "é" (the guide's ^FH examples for
// UTF-8 and UTF-16 work this way).
import { CHARSET_NAMES, cp1252Char, cp850Char } from './charsets.ts';

export interface FieldDataOptions {
  /**
   * The ^FH indicator for this field, or null/undefined when the field has no ^FH. An empty
   * string is ^FH without a parameter, which means the default "_".
   */
  hexIndicator?: string | null;
  /** The ^CI character set in effect (its first parameter). */
  encoding: number;
}

export interface DecodedFieldData {
  text: string;
  /** What could not be decoded as written; the interpreter adds the command's position. */
  warnings: string[];
}

export function decodeFieldData(raw: string, options: FieldDataOptions): DecodedFieldData {
  const warnings: string[] = [];
  const bytes = unescape(raw, options.hexIndicator, warnings);
  return { text: decode(bytes, options.encoding, warnings), warnings };
}

function unescape(
  raw: string,
  hexIndicator: string | null | undefined,
  warnings: string[],
): Uint8Array {
  const out = new Uint8Array(raw.length);
  let n = 0;
  const indicator =
    hexIndicator === null || hexIndicator === undefined
      ? -1
      : hexIndicator === ''
        ? 0x5f
        : hexIndicator.charCodeAt(0);
  for (let i = 0; i < raw.length; i++) {
    const code = raw.charCodeAt(i);
    if (code === indicator) {
      const hi = hexValue(raw.charCodeAt(i + 1));
      const lo = hexValue(raw.charCodeAt(i + 2));
      if (hi >= 0 && lo >= 0) {
        out[n++] = (hi << 4) | lo;
        i += 2;
        continue;
      }
      // The guide: "There must be a minimum of two characters designated to follow the
      // underscore", hexadecimal ones. It says nothing of what happens otherwise; the
      // indicator is kept as an ordinary character (as labelize does) and flagged.
      const seen = raw.slice(i, i + 3);
      warnings.push(
        `"${printable(seen)}" is not a hexadecimal escape (the ^FH indicator ` +
          `"${printable(String.fromCharCode(code))}" must be followed by two hex digits): printed as written`,
      );
    }
    // Params are one character per byte; anything wider did not come from the tokenizer.
    out[n++] = code & 0xff;
  }
  return out.subarray(0, n);
}

function decode(bytes: Uint8Array, encoding: number, warnings: string[]): string {
  if (encoding === 28) return decodeUtf8(bytes, warnings);
  if (encoding === 29 || encoding === 30) return decodeUtf16(bytes, encoding === 29, warnings);
  if (encoding === 27) return singleByte(bytes, cp1252Char);
  if (encoding === 0 || encoding === 13) return singleByte(bytes, cp850Char);
  const name = CHARSET_NAMES[encoding];
  if (encoding >= 1 && encoding <= 12) {
    warnings.push(
      `^CI${encoding} (${name ?? 'national set'}) replaces a few ASCII characters that are not ` +
        `implemented yet: decoded as ^CI0`,
    );
  } else {
    warnings.push(
      `^CI${encoding}${name ? ` (${name})` : ''} is not supported: decoded as ^CI0 (code page 850)`,
    );
  }
  return singleByte(bytes, cp850Char);
}

function singleByte(bytes: Uint8Array, char: (byte: number) => string): string {
  let text = '';
  for (const b of bytes) text += char(b);
  return text;
}

function decodeUtf8(bytes: Uint8Array, warnings: string[]): string {
  try {
    // ignoreBOM keeps a U+FEFF that is in the data: only the file's own BOM is not data.
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(bytes);
  } catch {
    warnings.push('field data is not valid UTF-8 (^CI28): bad bytes shown as "\ufffd"');
    return new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes);
  }
}

function decodeUtf16(bytes: Uint8Array, bigEndian: boolean, warnings: string[]): string {
  let text = '';
  const pairs = bytes.length >> 1;
  for (let i = 0; i < pairs; i++) {
    const a = bytes[2 * i] ?? 0;
    const b = bytes[2 * i + 1] ?? 0;
    text += String.fromCharCode(bigEndian ? (a << 8) | b : (b << 8) | a);
  }
  if (bytes.length % 2 === 1) {
    warnings.push(
      `field data has an odd number of bytes for UTF-16 (^CI${bigEndian ? 29 : 30}): the last byte is dropped`,
    );
  }
  return text;
}

function hexValue(code: number): number {
  if (code >= 0x30 && code <= 0x39) return code - 0x30;
  if (code >= 0x41 && code <= 0x46) return code - 0x37;
  if (code >= 0x61 && code <= 0x66) return code - 0x57;
  return -1;
}

/** Control characters shown as \xNN, so a warning never carries invisible bytes. */
function printable(s: string): string {
  let out = '';
  for (const c of s) {
    const code = c.charCodeAt(0);
    out += code < 0x20 || code === 0x7f ? `\\x${code.toString(16).padStart(2, '0')}` : c;
  }
  return out;
}
