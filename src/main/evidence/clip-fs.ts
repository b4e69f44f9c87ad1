import { createReadStream, readdirSync, statSync } from 'node:fs';
import { appendFile } from 'node:fs/promises';
import { fieldOf } from '../platform/guards.ts';
import { nodeFs, type StationFs } from '../platform/station-fs.ts';

/**
 * The station's file system as the clip store uses it: the platform's StationFs (rename,
 * remove, size…) and the few calls a clip adds (append a fragment, read a clip back in pieces,
 * list the folder, a file's age). Tests pass a wrapper that throws ENOSPC to prove a full disk
 * stops the clip and never the pack.
 */
export interface ClipFs extends StationFs {
  /** Appends bytes to a file, creating it when it is not there. */
  appendBytes(path: string, bytes: Uint8Array): Promise<void>;
  /** The file's bytes (or those from `start` to `end`, inclusive) in pieces of about `size`. */
  readPieces(
    path: string,
    size?: number,
    range?: { start: number; end: number },
  ): AsyncIterable<Uint8Array>;
  /** The names in a folder (no paths); empty when the folder is not there. */
  list(dir: string): string[];
  /** When the file was last written (ms since the epoch) and its size. */
  stat(path: string): { bytes: number; modifiedAt: number };
}

export const nodeClipFs: ClipFs = {
  ...nodeFs,
  appendBytes: (path, bytes) => appendFile(path, bytes),
  async *readPieces(path, size = 1 << 20, range) {
    for await (const piece of createReadStream(path, { highWaterMark: size, ...range }))
      yield piece as Buffer;
  },
  list(dir) {
    try {
      return readdirSync(dir);
    } catch (error) {
      if (fieldOf(error, 'code') === 'ENOENT') return [];
      throw error;
    }
  },
  stat(path) {
    const stats = statSync(path);
    return { bytes: stats.size, modifiedAt: stats.mtimeMs };
  },
};
