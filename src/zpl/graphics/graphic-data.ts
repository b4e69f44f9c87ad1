// Graphic data as ^GF and ~DG send it, decoded to a 1-bit Bitmap (1 = black), exact to the dot.
//
// Sources, ZPL II Programming Guide: ^GF and ~DG (parameters, "two digits per image byte",
// "CR and LF can be inserted as needed", "Any numbers sent after count is satisfied are
// ignored", "A comma in the data pads the current line with 00"); Advanced Techniques,
// "Alternative Data Compression Scheme for ~DG and ~DB Commands" (G–Y repeat 1–19, g–z repeat
// 20–400, counts add up: "vMB or MvB will send 327 hexadecimal B's"; "," fills the line with
// zeros, "!" with ones, ":" repeats the previous line) and "Reducing Download Time of Graphic
// Images" ("If the HEX string ends in an odd number of zeros, one zero and a single comma is
// required"; "ZPL II ignores the end of a text line"); ZB64 Encoding and Compression (:B64: and
// :Z64: blocks, "A CRC mismatch is treated as an aborted download").
//
// Decisions where the guide is silent (nothing throws; anything a printer might do otherwise
// warns):
// - Rows are a stream: a text line shorter than the row simply continues on the next text line,
//   and a repeat count may run on into the next row.
// - "," or "!" after an odd number of hex digits completes the half byte (0 or 1 dots) before
//   filling; the guide's own rule asks for the extra "0", so this warns.
// - "!" fills with black dots (bits 1, byte FF), the reading the guide's "ones" most plausibly
//   means for a bitmap (and what zpl-forge does). labelize, a port of zebrash, fills with the
//   hex digit 1 (0001) instead.
// - ":" in the middle of a row keeps what the row has so far and takes the rest from the row
//   above (as if each row were built over the previous one); on the first row there is no row
//   above, so the row stays blank.
// - Data that ends early leaves the rest blank; a wrong CRC, bad characters or a broken Z64
//   stream still draw whatever decoded. A real printer drops a ZB64 download with a bad CRC;
//   we draw it so the label shows what was sent, and the warning says the printer would not.
// - Compression type C ("Zebra's compression algorithm") is undocumented: the field is blank.
// - ZB64 data under type B or C is decoded, with a warning (the guide allows it only with A).
//   Z64 is zlib-wrapped deflate; raw deflate is accepted too.
import { inflateRaw } from './inflate.ts';
import { Bitmap } from '../bitmap.ts';
import { decodeBase64 } from './base64.ts';
import { crc16Hex, crc16Xmodem } from './crc16.ts';

export type GraphicCompression = 'A' | 'B' | 'C';

export interface GraphicData {
  /** A ASCII hex (plain, compressed or ZB64), B binary, C compressed binary. */
  compression: GraphicCompression;
  /** ^GF b: the bytes sent after the fourth comma; only binary data is measured by it. */
  binaryByteCount: number;
  /** ^GF c, ~DG t: bytes in the image, width × height. */
  graphicFieldCount: number;
  /** ^GF d, ~DG w: bytes in one row of dots. */
  bytesPerRow: number;
  /** Everything after the last parameter's comma, one character per byte (latin1). */
  data: string;
}

export interface DecodedGraphic {
  /** bytesPerRow × 8 dots wide, ceil(count / bytesPerRow) rows; 0×0 when nothing decodes. */
  bitmap: Bitmap;
  warnings: string[];
}

/** A bigger image than any label (16 MiB of dots) is a typo or an attack, not a graphic. */
export const MAX_GRAPHIC_BYTES = 16 * 1024 * 1024;

// Character classes for compressed ASCII: 0–15 a hex digit's value, then the codes below.
const REPEAT = 16;
const FILL_ZEROS = 17;
const FILL_ONES = 18;
const REPEAT_ROW = 19;
const SKIP = 20;
const BAD = 255;

const CLASS = new Uint8Array(256).fill(BAD);
const REPEAT_COUNT = new Uint16Array(256);
{
  for (let d = 0; d < 10; d++) CLASS[48 + d] = d;
  for (let d = 0; d < 6; d++) {
    CLASS[65 + d] = 10 + d; // A–F
    CLASS[97 + d] = 10 + d; // a–f: printers and common encoders (zpl-image) accept lower case
  }
  for (let n = 1; n <= 19; n++) {
    CLASS[70 + n] = REPEAT; // G (71) … Y (89)
    REPEAT_COUNT[70 + n] = n;
  }
  for (let n = 1; n <= 20; n++) {
    CLASS[102 + n] = REPEAT; // g (103) … z (122)
    REPEAT_COUNT[102 + n] = n * 20;
  }
  CLASS[44] = FILL_ZEROS; // ,
  CLASS[33] = FILL_ONES; // !
  CLASS[58] = REPEAT_ROW; // :
  CLASS[13] = SKIP;
  CLASS[10] = SKIP;
}

export function decodeGraphicData(graphic: GraphicData): DecodedGraphic {
  const warnings: string[] = [];
  const { compression, bytesPerRow, graphicFieldCount: total, data } = graphic;
  if (!Number.isInteger(bytesPerRow) || bytesPerRow < 1) {
    return empty(`bytes per row ${bytesPerRow} is not a whole number from 1; nothing is drawn`);
  }
  if (!Number.isInteger(total) || total < 1) {
    return empty(`graphic size ${total} bytes is not a whole number from 1; nothing is drawn`);
  }
  if (total > MAX_GRAPHIC_BYTES) {
    return empty(`graphic size ${total} bytes is larger than any label; nothing is drawn`);
  }
  const rows = Math.ceil(total / bytesPerRow);
  if (total % bytesPerRow !== 0) {
    warnings.push(
      `graphic size ${total} is not a whole number of ${bytesPerRow}-byte rows; the last row is short`,
    );
  }
  const out = new Uint8Array(rows * bytesPerRow);

  const zb64 = zb64Start(data);
  if (zb64 >= 0) {
    if (compression !== 'A') {
      warnings.push(
        `:${data.slice(zb64 + 1, zb64 + 4)}: data with compression type ${compression}; the guide allows it only with A (printers may refuse it)`,
      );
    }
    const bytes = decodeZb64(data, zb64, warnings);
    place(bytes, out, total, warnings);
  } else if (compression === 'A') {
    decodeAscii(data, out, total, bytesPerRow, warnings);
  } else if (compression === 'B') {
    decodeBinary(data, graphic.binaryByteCount, out, total, warnings);
  } else {
    warnings.push(
      'compression type C (Zebra compressed binary) is not documented and not decoded; the graphic is blank',
    );
  }
  return { bitmap: new Bitmap(bytesPerRow * 8, rows, out), warnings };

  function empty(message: string): DecodedGraphic {
    return { bitmap: new Bitmap(0, 0), warnings: [...warnings, message] };
  }
}

/** Where a `:B64:` or `:Z64:` header starts (after leading line breaks), or -1. */
function zb64Start(data: string): number {
  let i = 0;
  while (i < data.length && (data.charCodeAt(i) === 13 || data.charCodeAt(i) === 10)) i++;
  const id = data.slice(i, i + 5);
  return id === ':B64:' || id === ':Z64:' ? i : -1;
}

function decodeAscii(
  data: string,
  out: Uint8Array,
  total: number,
  bytesPerRow: number,
  warnings: string[],
): void {
  let pos = 0; // the byte being written
  let half = false; // its high nibble is written, the low one is not
  let count = 0; // pending repeat count
  let bad = 0;
  let firstBad = '';
  let dangling = 0;
  let oddFills = 0;
  let firstRowRepeats = 0;
  let midRowRepeats = 0;
  let extra = 0;
  const countCap = 2 * total + 2;

  for (let i = 0; i < data.length; i++) {
    const code = data.charCodeAt(i);
    const kind = code < 256 ? (CLASS[code] ?? BAD) : BAD;
    if (kind === SKIP) continue;
    if (kind === BAD) {
      if (bad++ === 0) firstBad = data.charAt(i);
      continue;
    }
    if (kind === REPEAT) {
      count = Math.min(countCap, count + (REPEAT_COUNT[code] ?? 0));
      continue;
    }
    if (pos >= total) {
      extra++;
      count = 0;
      continue;
    }
    if (kind < 16) {
      let n = count === 0 ? 1 : count;
      count = 0;
      if (half) {
        out[pos] = (out[pos] ?? 0) | kind;
        pos++;
        half = false;
        n--;
      }
      const whole = Math.min(n >> 1, total - pos);
      if (whole > 0) {
        if (kind !== 0) out.fill(kind * 17, pos, pos + whole);
        pos += whole;
        n -= whole * 2;
      }
      if (n > 0 && pos < total) {
        out[pos] = kind << 4;
        half = true;
        n--;
      }
      if (n > 0) extra++;
      continue;
    }

    if (count !== 0) {
      dangling++;
      count = 0;
    }
    // Nothing ahead of `pos` has been written yet, so zero fills need no writing.
    const rowEnd = Math.min(total, (Math.floor(pos / bytesPerRow) + 1) * bytesPerRow);
    if (kind === FILL_ZEROS || kind === FILL_ONES) {
      if (half) {
        if (kind === FILL_ONES) out[pos] = (out[pos] ?? 0) | 0x0f;
        pos++;
        oddFills++;
      }
      if (kind === FILL_ONES) out.fill(0xff, pos, rowEnd);
    } else if (pos < bytesPerRow) {
      firstRowRepeats++;
    } else {
      if (half || pos % bytesPerRow !== 0) midRowRepeats++;
      if (half) {
        out[pos] = (out[pos] ?? 0) | ((out[pos - bytesPerRow] ?? 0) & 0x0f);
        pos++;
      }
      out.copyWithin(pos, pos - bytesPerRow, rowEnd - bytesPerRow);
    }
    half = false;
    pos = rowEnd;
  }

  if (bad > 0) {
    warnings.push(
      `${plural(bad, 'character in the graphic data is', 'characters in the graphic data are')} not hex digits or compression codes (first ${JSON.stringify(firstBad)}) and skipped`,
    );
  }
  if (dangling > 0) {
    warnings.push(
      `a repeat count (G–Y, g–z) not followed by a hex digit is ignored (${dangling}×)`,
    );
  }
  if (oddFills > 0) {
    warnings.push(
      `"," or "!" after an odd number of hex digits in a row (${oddFills}×): the guide asks for one more digit first; the half byte was completed here`,
    );
  }
  if (firstRowRepeats > 0) {
    warnings.push('":" on the first row has no row above to repeat; the row is blank');
  }
  if (midRowRepeats > 0) {
    warnings.push(
      `":" in the middle of a row (${midRowRepeats}×) takes the rest of the row from the row above`,
    );
  }
  if (extra > 0) {
    warnings.push(`the graphic data goes on after the image's ${total} bytes; the rest is ignored`);
  }
  if (pos < total) {
    warnings.push(
      half
        ? `the graphic data ends in the middle of byte ${pos + 1} of ${total} (an odd number of hex digits); the rest is blank`
        : `the graphic data ends after ${pos} of ${total} bytes; the rest is blank`,
    );
  }
}

function decodeBinary(
  data: string,
  binaryByteCount: number,
  out: Uint8Array,
  total: number,
  warnings: string[],
): void {
  const sent = Math.min(data.length, binaryByteCount);
  const n = Math.min(sent, total);
  let wide = 0;
  for (let i = 0; i < n; i++) {
    const code = data.charCodeAt(i);
    if (code > 0xff) wide++;
    out[i] = code & 0xff;
  }
  if (wide > 0)
    warnings.push(`${wide} binary data characters are not bytes; their low 8 bits are used`);
  if (data.length < binaryByteCount) {
    warnings.push(`binary data has ${data.length} of its ${binaryByteCount} bytes`);
  }
  if (sent < total) {
    warnings.push(`binary data fills ${sent} of the image's ${total} bytes; the rest is blank`);
  } else if (sent > total) {
    warnings.push(
      `binary data has ${sent - total} bytes past the image's ${total}; they are ignored`,
    );
  }
}

function place(bytes: Uint8Array, out: Uint8Array, total: number, warnings: string[]): void {
  out.set(bytes.length > total ? bytes.subarray(0, total) : bytes);
  if (bytes.length < total) {
    warnings.push(
      `the graphic data holds ${bytes.length} of the image's ${total} bytes; the rest is blank`,
    );
  } else if (bytes.length > total) {
    warnings.push(
      `the graphic data holds ${bytes.length} bytes, more than the image's ${total}; the rest is ignored`,
    );
  }
}

/** Decodes `:B64:data:crc` or `:Z64:data:crc` starting at `start`. */
function decodeZb64(data: string, start: number, warnings: string[]): Uint8Array {
  const kind = data.slice(start + 1, start + 4);
  const payloadStart = start + 5;
  let end = data.length;
  while (end > payloadStart && /\s/.test(data.charAt(end - 1))) end--;
  const lastColon = data.lastIndexOf(':', end - 1);
  let payloadEnd = end;
  if (lastColon < payloadStart) {
    warnings.push(`:${kind}: data has no ":crc" at its end; it is not checked`);
  } else {
    payloadEnd = lastColon;
    const written = data.slice(lastColon + 1, end);
    if (!/^[0-9A-Fa-f]{4}$/.test(written)) {
      warnings.push(`:${kind}: CRC "${written}" is not four hex digits; the data is not checked`);
    } else {
      const expected = Number.parseInt(written, 16);
      const crc = crc16Xmodem(data, payloadStart, payloadEnd);
      // The guide lets CR/LF sit in the Base64 text; accept a CRC taken with or without them.
      if (crc !== expected && crcWithoutLineBreaks(data, payloadStart, payloadEnd) !== expected) {
        warnings.push(
          `:${kind}: CRC is ${written.toUpperCase()} but the data's CRC-16 is ${crc16Hex(crc)}: a printer would refuse this download; drawn as decoded`,
        );
      }
    }
  }

  const base64 = decodeBase64(data, payloadStart, payloadEnd);
  if (base64.badCharacters > 0) {
    warnings.push(
      `:${kind}: ${plural(base64.badCharacters, 'character is', 'characters are')} not Base64 (first ${JSON.stringify(base64.firstBad)}) and skipped`,
    );
  }
  if (base64.truncated) warnings.push(`:${kind}: the Base64 data ends in the middle of a byte`);
  if (kind === 'B64') return base64.bytes;
  return inflateLenient(base64.bytes, warnings);
}

function plural(n: number, one: string, many: string): string {
  return `${n} ${n === 1 ? one : many}`;
}

function crcWithoutLineBreaks(data: string, start: number, end: number): number {
  const text = data.slice(start, end);
  return /[\r\n]/.test(text) ? crc16Xmodem(text.replace(/[\r\n]/g, '')) : -1;
}

/**
 * Inflates Z64 data, zlib-wrapped as printers and encoders send it (raw deflate is accepted
 * too). A broken stream keeps what inflated before the break.
 */
function inflateLenient(bytes: Uint8Array, warnings: string[]): Uint8Array {
  const b0 = bytes[0] ?? 0;
  const b1 = bytes[1] ?? 0;
  const zlib =
    bytes.length >= 2 && (b0 & 0x0f) === 8 && b0 >> 4 <= 7 && ((b0 << 8) | b1) % 31 === 0;
  const body = zlib ? bytes.subarray((b1 & 0x20) !== 0 ? 6 : 2) : bytes;
  const { bytes: out, error } = inflateRaw(body);
  if (error)
    warnings.push(`:Z64: data does not inflate (${error}); ${out.length} bytes were recovered`);
  return out;
}
