import { accessSync, constants, existsSync, statfsSync } from 'node:fs';
import { dirname } from 'node:path';

// Checked before the station core writes anything: a read-only folder or a full disk must stop
// the start with the folder named, not half-create an outbox that cannot be written.

/** What the check may ask the file system; tests substitute their own. */
export interface DiskProbe {
  /** Bytes and files this user may still create there, or null when it cannot be told. */
  free(dir: string): { bytes: number; files: number } | null;
  /** The error code of trying to write there (EROFS, EACCES…), or null when writable. */
  writeRefusal(dir: string): string | null;
}

export const nodeDiskProbe: DiskProbe = {
  free(dir) {
    try {
      const stats = statfsSync(dir);
      // Some file systems (tmpfs without nr_inodes, btrfs) report no inode count at all.
      return {
        bytes: stats.bavail * stats.bsize,
        files: stats.files === 0 ? Number.POSITIVE_INFINITY : stats.ffree,
      };
    } catch {
      return null;
    }
  },
  writeRefusal(dir) {
    try {
      accessSync(dir, constants.W_OK);
      return null;
    } catch (error) {
      return (error as NodeJS.ErrnoException).code ?? 'EACCES';
    }
  },
};

/** Below this, SQLite cannot be trusted to find room for its WAL and a checkpoint. */
export const MIN_FREE_BYTES = 1024 * 1024;
const MIN_FREE_FILES = 8;

export class DataDirError extends Error {
  readonly reason: 'read_only' | 'disk_full';
  /** The folder that refused: the data directory, or where it would be created. */
  readonly dir: string;
  readonly code: string;
  constructor(reason: DataDirError['reason'], dir: string, code: string) {
    super(
      reason === 'read_only'
        ? `The data folder ${dir} cannot be written (${code}).`
        : `The disk holding ${dir} is full (${code}).`,
    );
    this.name = 'DataDirError';
    this.reason = reason;
    this.dir = dir;
    this.code = code;
  }
}

/** The nearest folder that exists: a missing data directory is judged by where it would go. */
export function existingAncestor(dir: string): string {
  let current = dir;
  while (!existsSync(current) && dirname(current) !== current) current = dirname(current);
  return current;
}

export function checkDataDir(dataDir: string, probe: DiskProbe = nodeDiskProbe): void {
  const where = existingAncestor(dataDir);
  const refusal = probe.writeRefusal(where);
  if (refusal) throw new DataDirError('read_only', where, refusal);
  const free = probe.free(where);
  if (free && (free.bytes < MIN_FREE_BYTES || free.files < MIN_FREE_FILES))
    throw new DataDirError('disk_full', where, 'ENOSPC');
}
