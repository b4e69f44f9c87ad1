import { createHash } from 'node:crypto';
import type { FileHandle } from 'node:fs/promises';
import { Inflate } from 'fflate';

// A ZIP read the way a verifier must: by its central directory (what an unzip tool lists), with
// each entry's bytes streamed from its place in the file through inflate into a hash, never
// whole in memory. Stops inflating an entry past a limit, so a bomb costs no more than the
// bytes it claims to be.

export interface ZipListing {
  name: string;
  method: number;
  compressedSize: number;
  size: number;
  /** Where its local header starts. */
  offset: number;
}

/** The file is no ZIP (no end-of-central-directory record, or one that does not add up). */
export class NotZipError extends Error {
  constructor(detail: string) {
    super(detail);
    this.name = 'NotZipError';
  }
}

const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;
const PIECE = 1 << 20;

async function readAt(handle: FileHandle, offset: number, length: number): Promise<Buffer> {
  const buffer = Buffer.alloc(length);
  const { bytesRead } = await handle.read(buffer, 0, length, offset);
  return buffer.subarray(0, bytesRead);
}

/** The entries the central directory lists, in its order. */
export async function listZip(handle: FileHandle): Promise<ZipListing[]> {
  const { size } = await handle.stat();
  if (size < 22) throw new NotZipError('too short for a ZIP');
  const tailLength = Math.min(size, 22 + 0xffff);
  const tail = await readAt(handle, size - tailLength, tailLength);
  let at = -1;
  for (let i = tail.length - 22; i >= 0; i -= 1)
    if (tail.readUInt32LE(i) === EOCD && i + 22 + tail.readUInt16LE(i + 20) === tail.length) {
      at = i;
      break;
    }
  if (at < 0) throw new NotZipError('no end of central directory');
  const count = tail.readUInt16LE(at + 10);
  const dirSize = tail.readUInt32LE(at + 12);
  const dirOffset = tail.readUInt32LE(at + 16);
  if (dirOffset + dirSize > size) throw new NotZipError('central directory outside the file');
  const dir = await readAt(handle, dirOffset, dirSize);
  const entries: ZipListing[] = [];
  let p = 0;
  for (let n = 0; n < count; n += 1) {
    if (p + 46 > dir.length || dir.readUInt32LE(p) !== CENTRAL)
      throw new NotZipError('damaged central directory');
    const nameLength = dir.readUInt16LE(p + 28);
    const extraLength = dir.readUInt16LE(p + 30);
    const commentLength = dir.readUInt16LE(p + 32);
    entries.push({
      name: dir.toString('utf8', p + 46, p + 46 + nameLength),
      method: dir.readUInt16LE(p + 10),
      compressedSize: dir.readUInt32LE(p + 20),
      size: dir.readUInt32LE(p + 24),
      offset: dir.readUInt32LE(p + 42),
    });
    p += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}

/**
 * An entry's bytes hashed as they inflate: its length and SHA-256, or null when it cannot be
 * read (an unknown method, damaged data, or more than `limit` bytes). `keep` sees each piece
 * (for a small entry that must also be read, the manifest).
 */
export async function hashEntry(
  handle: FileHandle,
  entry: ZipListing,
  limit: number,
  keep?: (chunk: Uint8Array) => void,
): Promise<{ bytes: number; sha256: string } | null> {
  const local = await readAt(handle, entry.offset, 30);
  if (local.length < 30 || local.readUInt32LE(0) !== LOCAL) return null;
  if (entry.method !== 0 && entry.method !== 8) return null;
  const start = entry.offset + 30 + local.readUInt16LE(26) + local.readUInt16LE(28);
  const hash = createHash('sha256');
  let bytes = 0;
  const take = (chunk: Uint8Array) => {
    bytes += chunk.length;
    if (bytes > limit) return;
    hash.update(chunk);
    keep?.(chunk);
  };
  const inflate = entry.method === 8 ? new Inflate(take) : null;
  try {
    for (let done = 0; done < entry.compressedSize && bytes <= limit;) {
      const piece = await readAt(
        handle,
        start + done,
        Math.min(PIECE, entry.compressedSize - done),
      );
      if (piece.length === 0) return null;
      done += piece.length;
      if (inflate) inflate.push(piece, done >= entry.compressedSize);
      else take(piece);
    }
  } catch {
    return null; // damaged deflate data
  }
  if (bytes > limit) return null;
  return { bytes, sha256: hash.digest('hex') };
}
