import { existsSync, readFileSync } from 'node:fs';
import * as fsPromises from 'node:fs/promises';
import { writeFileAtomic } from '../shared/atomic-write.ts';
import type { SandboxState } from './model.ts';

/** Reads a state file written by `--data`; a file that is not one is a clear error, never ignored. */
export function loadState(file: string): SandboxState | null {
  if (!existsSync(file)) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new Error(
      `--data ${file}: not valid JSON (${(error as Error).message}). Move it away or pick another file.`,
      { cause: error },
    );
  }
  const state = parsed as Partial<SandboxState>;
  if (
    state?.version !== 1 ||
    typeof state.companies !== 'object' ||
    !Array.isArray(state.receipts)
  ) {
    throw new Error(
      `--data ${file}: not a Packbench sandbox state file (expected version 1). Move it away or pick another file.`,
    );
  }
  return state as SandboxState;
}

/**
 * Saves the state after changes, coalescing bursts; each save writes a temporary file, syncs it
 * and renames it over the old one, so a crash leaves either the old or the new state.
 */
export class StateWriter {
  private pending: Promise<void> = Promise.resolve();
  private dirty = false;
  private timer: NodeJS.Timeout | null = null;
  private readonly file: string;
  private readonly snapshot: () => SandboxState;
  private readonly delayMs: number;

  constructor(file: string, snapshot: () => SandboxState, delayMs = 50) {
    this.file = file;
    this.snapshot = snapshot;
    this.delayMs = delayMs;
  }

  markDirty(): void {
    this.dirty = true;
    this.timer ??= setTimeout(() => {
      this.timer = null;
      void this.flush();
    }, this.delayMs);
  }

  flush(): Promise<void> {
    if (this.timer) {
      clearTimeout(this.timer);
      this.timer = null;
    }
    if (!this.dirty) return this.pending;
    this.dirty = false;
    const text = JSON.stringify(this.snapshot());
    this.pending = this.pending.then(() => writeFileAtomic(fsPromises, this.file, text));
    return this.pending;
  }
}
