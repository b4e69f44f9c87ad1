import { mkdirSync, statSync } from 'node:fs';
import { dirname } from 'node:path';

/**
 * Makes a folder and its missing parents, like `mkdirSync(path, { recursive: true })`, and
 * fails where that never returns. Node 24's recursive mkdir retries for ever when a parent
 * exists but refuses children with ENOENT, as /proc and other virtual file systems do: an
 * `--out /proc/x` hung the command instead of saying it cannot write there. Each level is
 * made once here; whatever refuses it is thrown, with its own code.
 */
export function makeFolders(path: string): void {
  const missing: string[] = [];
  for (let at = path; ; at = dirname(at)) {
    const kind = kindOf(at);
    if (kind === 'folder') break;
    if (kind === 'other')
      throw Object.assign(new Error(`${at} is not a folder`), { code: 'ENOTDIR', path: at });
    missing.unshift(at);
    if (dirname(at) === at) break;
  }
  for (const folder of missing) {
    try {
      mkdirSync(folder);
    } catch (error) {
      // Made by someone else in between is as good as made by us.
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST' || kindOf(folder) !== 'folder')
        throw error;
    }
  }
}

function kindOf(path: string): 'folder' | 'other' | 'none' {
  try {
    return statSync(path).isDirectory() ? 'folder' : 'other';
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 'none';
    throw error;
  }
}
