// Opens WOFF and WOFF2 fonts found anywhere in a file. Web fonts compress their tables (zlib,
// Brotli), so a font's copyright and trademark strings are invisible to a text search until
// the tables are inflated. TTF/OTF and WASM need nothing: their strings are stored as they are.
import { brotliDecompressSync, inflateSync } from 'node:zlib';

export interface FontPart {
  /** Byte offset of the font in the scanned buffer. */
  offset: number;
  format: 'woff' | 'woff2';
  /** The inflated tables (and metadata block), concatenated. */
  bytes: Buffer;
}

const WOFF = Buffer.from('wOFF');
const WOFF2 = Buffer.from('wOF2');

/** Every WOFF/WOFF2 font in `buffer` that could be opened, at whatever offset it sits. */
export function openFontContainers(buffer: Buffer): FontPart[] {
  const parts: FontPart[] = [];
  for (const [magic, open, format] of [
    [WOFF, openWoff, 'woff'],
    [WOFF2, openWoff2, 'woff2'],
  ] as const) {
    for (let at = buffer.indexOf(magic); at !== -1; at = buffer.indexOf(magic, at + 1)) {
      try {
        const bytes = open(buffer, at);
        if (bytes.length > 0) parts.push({ offset: at, format, bytes });
      } catch {
        // Four bytes that happen to read "wOFF", or a damaged font: nothing to scan.
      }
    }
  }
  return parts;
}

/** WOFF 1.0: a directory of tables, each zlib-compressed unless that would not shrink it. */
function openWoff(buffer: Buffer, at: number): Buffer {
  const font = buffer.subarray(at, at + buffer.readUInt32BE(at + 8));
  const numTables = font.readUInt16BE(12);
  const chunks: Buffer[] = [];
  for (let i = 0; i < numTables; i++) {
    const entry = 44 + i * 20;
    const offset = font.readUInt32BE(entry + 4);
    const compLength = font.readUInt32BE(entry + 8);
    const origLength = font.readUInt32BE(entry + 12);
    const data = font.subarray(offset, offset + compLength);
    chunks.push(compLength < origLength ? inflateSync(data) : data);
  }
  const [metaOffset, metaLength] = [font.readUInt32BE(24), font.readUInt32BE(28)];
  if (metaLength > 0) chunks.push(inflateSync(font.subarray(metaOffset, metaOffset + metaLength)));
  return Buffer.concat(chunks);
}

/** WOFF 2.0: a variable-length table directory, then one Brotli stream holding every table. */
function openWoff2(buffer: Buffer, at: number): Buffer {
  const font = buffer.subarray(at, at + buffer.readUInt32BE(at + 8));
  const flavor = font.toString('latin1', 4, 8);
  const numTables = font.readUInt16BE(12);
  const totalCompressedSize = font.readUInt32BE(20);
  let pos = 48;
  const base128 = (): number => {
    let value = 0;
    for (let i = 0; i < 5; i++) {
      const byte = font.readUInt8(pos++);
      value = value * 128 + (byte & 0x7f);
      if ((byte & 0x80) === 0) return value;
    }
    throw new Error('bad UIntBase128');
  };
  const uint255 = (): number => {
    const code = font.readUInt8(pos++);
    if (code === 253) return font.readUInt16BE((pos += 2) - 2);
    if (code === 255) return font.readUInt8(pos++) + 253;
    if (code === 254) return font.readUInt8(pos++) + 506;
    return code;
  };
  for (let i = 0; i < numTables; i++) {
    const flags = font.readUInt8(pos++);
    const known = flags & 0x3f;
    const tag = known === 0x3f ? font.toString('latin1', pos, (pos += 4)) : null;
    base128(); // origLength
    // glyf and loca (known tags 10, 11) are transformed unless version 3; others only if not 0.
    const glyfOrLoca = known === 10 || known === 11 || tag === 'glyf' || tag === 'loca';
    const version = flags >> 6;
    if (glyfOrLoca ? version !== 3 : version !== 0) base128(); // transformLength
  }
  if (flavor === 'ttcf') {
    pos += 4; // version
    const numFonts = uint255();
    for (let f = 0; f < numFonts; f++) {
      const tables = uint255();
      pos += 4; // flavor
      for (let t = 0; t < tables; t++) uint255();
    }
  }
  const chunks = [brotliDecompressSync(font.subarray(pos, pos + totalCompressedSize))];
  const [metaOffset, metaLength] = [font.readUInt32BE(28), font.readUInt32BE(32)];
  if (metaLength > 0)
    chunks.push(brotliDecompressSync(font.subarray(metaOffset, metaOffset + metaLength)));
  return Buffer.concat(chunks);
}
