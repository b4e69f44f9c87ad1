import {
  closeSync,
  copyFileSync,
  existsSync,
  mkdtempSync,
  openSync,
  readFileSync,
  readSync,
  renameSync,
  rmSync,
  statSync,
  writeSync,
} from 'node:fs';
import * as fsPromises from 'node:fs/promises';
import type { AtomicWriteFs } from '../../shared/atomic-write.ts';
import { makeFolders } from './make-folders.ts';

/**
 * Every file-system call the station core makes around its own files (profiles.json, the
 * outbox's database and its salvage), in one interface the core's constructor takes. Tests
 * pass a wrapper that fails one call (a full disk at the rename, a read-only folder) to prove
 * that nothing is lost; SQLite itself reads and writes its pages below this level.
 */
export interface StationFs {
  exists(path: string): boolean;
  /** Creates the folder and its parents; nothing when it exists. */
  makeDir(path: string): void;
  /** A new empty folder `<prefix>XXXXXX` for scratch work. */
  makeScratchDir(prefix: string): string;
  readText(path: string): string;
  rename(from: string, to: string): void;
  copy(from: string, to: string): void;
  /** Removes a file or a folder with everything in it; nothing when it is gone. */
  remove(path: string): void;
  size(path: string): number;
  /** Up to `length` bytes from the start of a file. */
  readHead(path: string, length: number): Uint8Array;
  /** Overwrites bytes at `offset` of an existing file (never extends it). */
  patch(path: string, offset: number, bytes: Uint8Array): void;
  /** What an atomic write (temporary file, sync, rename) needs. */
  atomic: AtomicWriteFs;
}

export const nodeFs: StationFs = {
  exists: (path) => existsSync(path),
  makeDir: (path) => makeFolders(path),
  makeScratchDir: (prefix) => mkdtempSync(prefix),
  readText: (path) => readFileSync(path, 'utf8'),
  rename: (from, to) => renameSync(from, to),
  copy: (from, to) => copyFileSync(from, to),
  remove: (path) => rmSync(path, { recursive: true, force: true }),
  size: (path) => statSync(path).size,
  readHead(path, length) {
    const head = Buffer.alloc(length);
    const fd = openSync(path, 'r');
    try {
      return head.subarray(0, readSync(fd, head, 0, length, 0));
    } finally {
      closeSync(fd);
    }
  },
  patch(path, offset, bytes) {
    const fd = openSync(path, 'r+');
    try {
      writeSync(fd, bytes, 0, bytes.length, offset);
    } finally {
      closeSync(fd);
    }
  },
  atomic: fsPromises,
};
