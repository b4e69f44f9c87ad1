/**
 * The file-system calls an atomic write needs; main and the sandbox pass `node:fs/promises`.
 * Injected rather than imported so this stays in `shared` (which imports no Node module) and
 * both layers use one implementation.
 */
export interface AtomicWriteFs {
  open(
    path: string,
    flags: 'w',
    mode: number,
  ): Promise<{
    writeFile(text: string): Promise<void>;
    sync(): Promise<void>;
    close(): Promise<void>;
  }>;
  rename(from: string, to: string): Promise<void>;
}

/** Writes a temporary file, syncs it and renames it over the target: readers see old or new, never half. */
export async function writeFileAtomic(
  fs: AtomicWriteFs,
  file: string,
  text: string,
): Promise<void> {
  const temporary = `${file}.${crypto.randomUUID()}.tmp`;
  const handle = await fs.open(temporary, 'w', 0o600);
  try {
    await handle.writeFile(text);
    await handle.sync();
  } finally {
    await handle.close();
  }
  await fs.rename(temporary, file);
}
