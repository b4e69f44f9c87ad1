// PNG → label bitmap, for tests and tools: reading back what encodePng wrote, and reading
// PNGs other renderers made (greyscale, RGB, palette, with or without alpha) so they can be
// compared dot for dot. Colour is thresholded at 50 %: a dot is black when its luminance,
// laid over white paper by its alpha, is below half. Interlaced PNGs are refused; labels are
// never interlaced and a half-right decoder would be worse than a clear error.
import { unzlibSync } from 'fflate';
import { Bitmap } from '../bitmap.ts';
import { crc32 } from './crc32.ts';
import { PNG_SIGNATURE } from './encode-png.ts';

export class PngDecodeError extends Error {
  override name = 'PngDecodeError';
}

interface Header {
  width: number;
  height: number;
  bitDepth: number;
  colourType: number;
}

/** Samples per pixel by colour type, with the bit depths PNG allows for each. */
const COLOUR_TYPES: Record<number, { name: string; samples: number; depths: number[] }> = {
  0: { name: 'greyscale', samples: 1, depths: [1, 2, 4, 8, 16] },
  2: { name: 'RGB', samples: 3, depths: [8, 16] },
  3: { name: 'palette', samples: 1, depths: [1, 2, 4, 8] },
  4: { name: 'greyscale with alpha', samples: 2, depths: [8, 16] },
  6: { name: 'RGBA', samples: 4, depths: [8, 16] },
};

/** Decodes a non-interlaced PNG into a 1-bit bitmap (black where the image is under 50 %). */
export function decodePng(bytes: Uint8Array): Bitmap {
  for (let i = 0; i < PNG_SIGNATURE.length; i++) {
    if (bytes[i] !== PNG_SIGNATURE[i]) throw new PngDecodeError('not a PNG: bad signature');
  }
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let header: Header | null = null;
  let palette: Uint8Array | null = null;
  let transparency: Uint8Array | null = null;
  const idat: Uint8Array[] = [];
  let ended = false;

  let at = PNG_SIGNATURE.length;
  while (at < bytes.length && !ended) {
    if (at + 12 > bytes.length) throw new PngDecodeError(`truncated chunk header at byte ${at}`);
    const length = view.getUint32(at);
    const type = String.fromCharCode(...bytes.subarray(at + 4, at + 8));
    const bodyStart = at + 8;
    const bodyEnd = bodyStart + length;
    if (length > 0x7fffffff || bodyEnd + 4 > bytes.length) {
      throw new PngDecodeError(`chunk ${type} at byte ${at} runs past the end of the file`);
    }
    const stored = view.getUint32(bodyEnd);
    if (crc32(bytes, 0, at + 4, bodyEnd) !== stored) {
      throw new PngDecodeError(`chunk ${type} at byte ${at} has a bad CRC`);
    }
    const body = bytes.subarray(bodyStart, bodyEnd);
    if (header === null && type !== 'IHDR') {
      throw new PngDecodeError(`the first chunk must be IHDR, found ${type}`);
    }
    switch (type) {
      case 'IHDR':
        if (header !== null) throw new PngDecodeError('more than one IHDR chunk');
        header = readHeader(body);
        break;
      case 'PLTE':
        palette = body;
        break;
      case 'tRNS':
        transparency = body;
        break;
      case 'IDAT':
        idat.push(body);
        break;
      case 'IEND':
        ended = true;
        break;
      default:
        // Bit 5 of the first letter (lower case) marks an ancillary chunk we may skip.
        if (((bytes[at + 4] ?? 0) & 0x20) === 0) {
          throw new PngDecodeError(`unsupported critical chunk ${type}`);
        }
    }
    at = bodyEnd + 4;
  }
  if (header === null) throw new PngDecodeError('no IHDR chunk');
  if (!ended) throw new PngDecodeError('no IEND chunk: the file is truncated');
  if (idat.length === 0) throw new PngDecodeError('no IDAT chunk: the image has no data');
  if (header.colourType === 3 && palette === null) {
    throw new PngDecodeError('palette image without a PLTE chunk');
  }

  let inflated: Uint8Array;
  try {
    inflated = unzlibSync(concat(idat));
  } catch (error) {
    throw new PngDecodeError(`image data does not inflate: ${String(error)}`);
  }
  const { width, height, bitDepth, colourType } = header;
  const samples = COLOUR_TYPES[colourType]?.samples ?? 1;
  const bitsPerPixel = samples * bitDepth;
  const rowBytes = Math.ceil((width * bitsPerPixel) / 8);
  const expected = height * (rowBytes + 1);
  if (inflated.length < expected) {
    throw new PngDecodeError(
      `image data holds ${inflated.length} bytes, a ${width}×${height} image needs ${expected}`,
    );
  }
  const rows = unfilter(inflated, height, rowBytes, Math.max(1, bitsPerPixel >> 3));

  const bitmap = new Bitmap(width, height);
  if (colourType === 0 && bitDepth === 1 && transparency === null) {
    // What encodePng writes: the bits are already the bitmap's, inverted.
    copyOneBit(rows, rowBytes, bitmap);
  } else {
    const isBlack = blackTest(header, palette, transparency);
    for (let y = 0; y < height; y++) {
      const row = rows.subarray(y * rowBytes, (y + 1) * rowBytes);
      for (let x = 0; x < width; x++) if (isBlack(row, x)) bitmap.set(x, y);
    }
  }
  return bitmap;
}

function readHeader(body: Uint8Array): Header {
  if (body.length !== 13) throw new PngDecodeError(`IHDR is ${body.length} bytes, not 13`);
  const view = new DataView(body.buffer, body.byteOffset, body.byteLength);
  const width = view.getUint32(0);
  const height = view.getUint32(4);
  const [bitDepth = 0, colourType = 0, compression, filter, interlace] = body.subarray(8);
  if (width === 0 || height === 0) throw new PngDecodeError(`bad size ${width}×${height}`);
  const kind = COLOUR_TYPES[colourType];
  if (kind === undefined) throw new PngDecodeError(`unknown colour type ${colourType}`);
  if (!kind.depths.includes(bitDepth)) {
    throw new PngDecodeError(`bit depth ${bitDepth} is not valid for ${kind.name}`);
  }
  if (compression !== 0) throw new PngDecodeError(`unknown compression method ${compression}`);
  if (filter !== 0) throw new PngDecodeError(`unknown filter method ${filter}`);
  if (interlace !== 0) {
    throw new PngDecodeError('interlaced (Adam7) PNGs are not supported; save it non-interlaced');
  }
  return { width, height, bitDepth, colourType };
}

function concat(parts: Uint8Array[]): Uint8Array {
  if (parts.length === 1 && parts[0]) return parts[0];
  let length = 0;
  for (const part of parts) length += part.length;
  const out = new Uint8Array(length);
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

/** Undoes each row's filter; returns the rows back to back without their filter bytes. */
function unfilter(data: Uint8Array, height: number, rowBytes: number, bpp: number): Uint8Array {
  const out = new Uint8Array(height * rowBytes);
  for (let y = 0; y < height; y++) {
    const filter = data[y * (rowBytes + 1)];
    const src = y * (rowBytes + 1) + 1;
    const dst = y * rowBytes;
    const up = dst - rowBytes; // the previous row, already unfiltered; y = 0 reads zeros
    for (let i = 0; i < rowBytes; i++) {
      const raw = data[src + i] ?? 0;
      const a = i >= bpp ? (out[dst + i - bpp] ?? 0) : 0;
      const b = y > 0 ? (out[up + i] ?? 0) : 0;
      const c = y > 0 && i >= bpp ? (out[up + i - bpp] ?? 0) : 0;
      let value: number;
      switch (filter) {
        case 0:
          value = raw;
          break;
        case 1:
          value = raw + a;
          break;
        case 2:
          value = raw + b;
          break;
        case 3:
          value = raw + ((a + b) >> 1);
          break;
        case 4:
          value = raw + paeth(a, b, c);
          break;
        default:
          throw new PngDecodeError(`row ${y} has unknown filter type ${String(filter)}`);
      }
      out[dst + i] = value & 0xff;
    }
  }
  return out;
}

function paeth(a: number, b: number, c: number): number {
  const p = a + b - c;
  const pa = Math.abs(p - a);
  const pb = Math.abs(p - b);
  const pc = Math.abs(p - c);
  if (pa <= pb && pa <= pc) return a;
  return pb <= pc ? b : c;
}

function copyOneBit(rows: Uint8Array, rowBytes: number, bitmap: Bitmap): void {
  const { stride, width, data } = bitmap;
  // Bits past `width` are PNG padding with any value; the bitmap wants them 0.
  const extra = stride * 8 - width;
  const lastMask = (0xff << extra) & 0xff;
  for (let y = 0; y < bitmap.height; y++) {
    for (let i = 0; i < stride; i++) {
      const inverted = ~(rows[y * rowBytes + i] ?? 0) & 0xff;
      data[y * stride + i] = i === stride - 1 ? inverted & lastMask : inverted;
    }
  }
}

/** Builds the per-pixel test: luminance over white, by alpha, below 50 %. */
function blackTest(
  header: Header,
  palette: Uint8Array | null,
  transparency: Uint8Array | null,
): (row: Uint8Array, x: number) => boolean {
  const { bitDepth, colourType } = header;
  const max = (1 << bitDepth) - 1;
  // One sample of pixel x, channel ch, as an integer 0…max.
  const sample = (row: Uint8Array, x: number, ch: number): number => {
    const samples = COLOUR_TYPES[colourType]?.samples ?? 1;
    const index = x * samples + ch;
    if (bitDepth === 8) return row[index] ?? 0;
    if (bitDepth === 16) return ((row[index * 2] ?? 0) << 8) | (row[index * 2 + 1] ?? 0);
    const bit = index * bitDepth;
    return ((row[bit >> 3] ?? 0) >> (8 - bitDepth - (bit & 7))) & max;
  };
  // tRNS for greyscale and RGB names one colour that is fully transparent.
  const key = (i: number): number =>
    transparency ? (((transparency[i * 2] ?? 0) << 8) | (transparency[i * 2 + 1] ?? 0)) & max : -1;
  // Below half, laid over white paper: lum·α + 1·(1 − α) < ½, all as fractions of 1.
  const dark = (lum: number, alpha: number): boolean => lum * alpha + (1 - alpha) < 0.5;
  const luma = (r: number, g: number, b: number): number => 0.299 * r + 0.587 * g + 0.114 * b;

  switch (colourType) {
    case 0:
      return (row, x) => {
        const v = sample(row, x, 0);
        return v !== key(0) && dark(v / max, 1);
      };
    case 2:
      return (row, x) => {
        const r = sample(row, x, 0);
        const g = sample(row, x, 1);
        const b = sample(row, x, 2);
        if (r === key(0) && g === key(1) && b === key(2)) return false;
        return dark(luma(r, g, b) / max, 1);
      };
    case 3: {
      const entries = (palette?.length ?? 0) / 3;
      return (row, x) => {
        const i = sample(row, x, 0);
        if (i >= entries) throw new PngDecodeError(`palette index ${i} past the palette's end`);
        const p = palette ?? new Uint8Array(0);
        const alpha = (transparency?.[i] ?? 255) / 255;
        return dark(luma(p[i * 3] ?? 0, p[i * 3 + 1] ?? 0, p[i * 3 + 2] ?? 0) / 255, alpha);
      };
    }
    case 4:
      return (row, x) => dark(sample(row, x, 0) / max, sample(row, x, 1) / max);
    default:
      return (row, x) =>
        dark(
          luma(sample(row, x, 0), sample(row, x, 1), sample(row, x, 2)) / max,
          sample(row, x, 3) / max,
        );
  }
}
