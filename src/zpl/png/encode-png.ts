// Label bitmap → PNG. A label is one bit per dot, so the PNG is too: greyscale (colour type 0)
// at bit depth 1, which is what the printer sees and a fraction of the size of 8-bit output.
// PNG's greyscale 0 is black and our bitmap's 1 is black, so every byte is inverted on the way.
//
// Every row gets filter 0 (None). The PNG spec recommends None below 8 bits a pixel, and
// measuring agreed (resources/samples at 813×1219, level 6): against None, Up made the 4×6
// shipping label 13 % larger and the graphic-heavy one 3 %, Sub 24 % and 19 %, and the
// usual per-row pick (least sum of absolute differences) 7 % and 2 %. Bars, boxes and text
// repeat whole rows and runs, which deflate already finds without a filter's help.
import { zlibSync } from 'fflate';
import type { Bitmap } from '../bitmap.ts';
import { crc32 } from './crc32.ts';

/** The eight bytes every PNG starts with. */
export const PNG_SIGNATURE: Readonly<Uint8Array> = new Uint8Array([
  0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a,
]);

/** zlib levels fflate accepts. */
export type DeflateLevel = 0 | 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9;

/**
 * Level 6 is the knee, measured on 813×1219 labels (Node 24, median of 35 encodes):
 *
 * | level | 4×6 shipping label | graphic-heavy label | random dots (worst case) |
 * | ----- | ------------------ | ------------------- | ------------------------ |
 * | 1     | 6878 B, 1.3 ms     | 4669 B, 1.2 ms      | 125650 B, 4.0 ms         |
 * | 4     | 6827 B, 1.4 ms     | 2902 B, 1.2 ms      | 125650 B, 4.0 ms         |
 * | 6     | 6232 B, 1.9 ms     | 1248 B, 1.3 ms      | 125650 B, 4.0 ms         |
 * | 9     | 6199 B, 3.7 ms     | 1165 B, 1.5 ms      | 125650 B, 4.1 ms         |
 *
 * Below 6 a label grows 10 % (text-heavy) to 3.7× (graphic); above it the best case saves
 * 0.5–7 % for up to twice the time. Every level stays far under a frame (16 ms), so the
 * choice is about bytes more than speed, and 6 buys nearly all of them.
 */
export const DEFAULT_DEFLATE_LEVEL: DeflateLevel = 6;

export interface EncodePngOptions {
  /** zlib compression level; defaults to {@link DEFAULT_DEFLATE_LEVEL}. */
  level?: DeflateLevel;
  /**
   * Printer resolution in dots per millimetre (8 for 203 dpi, 12 for 300 dpi). When given,
   * a pHYs chunk records it, so viewers and OCR know the label's real size.
   */
  dotsPerMm?: number;
}

/** Encodes a label as a 1-bit greyscale PNG of exactly bitmap.width × bitmap.height. */
export function encodePng(bitmap: Bitmap, options: EncodePngOptions = {}): Uint8Array {
  const { width, height, stride, data } = bitmap;
  // PNG has no empty images: IHDR forbids a zero width or height.
  if (width === 0 || height === 0) {
    throw new RangeError(`a PNG needs at least one dot each way, got ${width}×${height}`);
  }

  // Scanlines: a filter byte (0 = None) and the row's bytes, inverted (PNG 0 = black).
  // The padding bits past `width` become 1s; PNG says decoders ignore them.
  const rowBytes = stride + 1;
  const raw = new Uint8Array(rowBytes * height);
  for (let y = 0; y < height; y++) {
    const from = y * stride;
    const to = y * rowBytes + 1;
    for (let i = 0; i < stride; i++) raw[to + i] = ~(data[from + i] ?? 0) & 0xff;
  }
  const idat = zlibSync(raw, { level: options.level ?? DEFAULT_DEFLATE_LEVEL });

  const ihdr = new Uint8Array(13);
  const ihdrView = new DataView(ihdr.buffer);
  ihdrView.setUint32(0, width);
  ihdrView.setUint32(4, height);
  ihdr[8] = 1; // bit depth
  ihdr[9] = 0; // colour type: greyscale
  ihdr[10] = 0; // compression: deflate
  ihdr[11] = 0; // filter method: adaptive (per-row filter bytes)
  ihdr[12] = 0; // no interlace

  const chunks: [string, Uint8Array][] = [['IHDR', ihdr]];
  if (options.dotsPerMm !== undefined) chunks.push(['pHYs', physChunk(options.dotsPerMm)]);
  chunks.push(['IDAT', idat], ['IEND', new Uint8Array(0)]);

  let size = PNG_SIGNATURE.length;
  for (const [, body] of chunks) size += 12 + body.length;
  const png = new Uint8Array(size);
  png.set(PNG_SIGNATURE, 0);
  let at = PNG_SIGNATURE.length;
  for (const [type, body] of chunks) at = writeChunk(png, at, type, body);
  return png;
}

function physChunk(dotsPerMm: number): Uint8Array {
  const perMetre = Math.round(dotsPerMm * 1000);
  if (!Number.isFinite(perMetre) || perMetre <= 0 || perMetre > 0x7fffffff) {
    throw new RangeError(`dotsPerMm must be a positive resolution, got ${dotsPerMm}`);
  }
  const body = new Uint8Array(9);
  const view = new DataView(body.buffer);
  view.setUint32(0, perMetre);
  view.setUint32(4, perMetre);
  body[8] = 1; // unit: metre
  return body;
}

/** Writes length, type, body and CRC (over type and body) at `at`; returns the next offset. */
function writeChunk(png: Uint8Array, at: number, type: string, body: Uint8Array): number {
  const view = new DataView(png.buffer, png.byteOffset, png.byteLength);
  view.setUint32(at, body.length);
  for (let i = 0; i < 4; i++) png[at + 4 + i] = type.charCodeAt(i);
  png.set(body, at + 8);
  view.setUint32(at + 8 + body.length, crc32(png, 0, at + 4, at + 8 + body.length));
  return at + 12 + body.length;
}
