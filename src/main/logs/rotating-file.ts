import { closeSync, fstatSync, openSync, renameSync, rmSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { makeFolders } from '../platform/make-folders.ts';

/** The log's size rules: each file up to `maxFileBytes`, at most `maxFiles` files in all. */
export interface RotationLimits {
  maxFileBytes: number;
  maxFiles: number;
}

/** 5 files × 2 MB: 10 MB at most on disk, about 40,000 request lines. */
export const DEFAULT_LIMITS: RotationLimits = { maxFileBytes: 2 * 1024 * 1024, maxFiles: 5 };

/** The log's files, newest first: `station.log`, then `station.1.log` … `station.<n-1>.log`. */
export const logFileName = (index: number): string =>
  index === 0 ? 'station.log' : `station.${index}.log`;

/** Whether a file name is one of the station log's files (the support bundle takes these). */
export const isLogFileName = (name: string): boolean => /^station(\.\d+)?\.log$/.test(name);

/**
 * A JSON-lines file rotated by size, written synchronously line by line (a crash loses no
 * line that was written), with a cap in total: when the current file would pass its size, each
 * file moves one place down and the oldest is deleted. A log must never stop the station: a
 * failed write (full disk, read-only folder) is counted and dropped.
 */
export class RotatingFile {
  private fd: number | null = null;
  private size = 0;
  private ended = false;
  /** Lines that could not be written (the disk said no). */
  dropped = 0;
  readonly dir: string;
  readonly limits: RotationLimits;

  constructor(dir: string, limits: RotationLimits = DEFAULT_LIMITS) {
    if (limits.maxFiles < 1 || limits.maxFileBytes < 64)
      throw new RangeError('A log needs at least one file of 64 bytes.');
    this.dir = dir;
    this.limits = limits;
  }

  /** Appends one line (a newline is added); a line longer than a file is cut to fit. */
  write(line: string): void {
    if (this.ended) return;
    let bytes = Buffer.from(`${line}\n`, 'utf8');
    if (bytes.length > this.limits.maxFileBytes)
      bytes = Buffer.from(
        `${JSON.stringify({ cut: true, head: line.slice(0, this.limits.maxFileBytes / 4) })}\n`,
        'utf8',
      );
    try {
      const fd = this.open();
      if (this.size > 0 && this.size + bytes.length > this.limits.maxFileBytes) this.rotate();
      writeSync(this.fd ?? fd, bytes);
      this.size += bytes.length;
    } catch {
      this.dropped += 1;
      this.close();
    }
  }

  /** Closes the file for good: later lines are dropped (a stopped station writes nothing). */
  end(): void {
    this.ended = true;
    this.close();
  }

  private close(): void {
    if (this.fd === null) return;
    try {
      closeSync(this.fd);
    } catch {
      // already gone
    }
    this.fd = null;
  }

  private open(): number {
    if (this.fd !== null) return this.fd;
    makeFolders(this.dir);
    this.fd = openSync(join(this.dir, logFileName(0)), 'a', 0o600);
    this.size = fstatSync(this.fd).size;
    return this.fd;
  }

  private rotate(): void {
    this.close();
    const { maxFiles } = this.limits;
    rmSync(join(this.dir, logFileName(maxFiles - 1)), { force: true });
    for (let index = maxFiles - 2; index >= 0; index -= 1) {
      try {
        renameSync(join(this.dir, logFileName(index)), join(this.dir, logFileName(index + 1)));
      } catch {
        // a file that is not there yet
      }
    }
    this.open();
  }
}
