import { spawn, spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';

export const PROJECT_ROOT = join(import.meta.dirname, '../..');

// Folders tools write into while they run: a copy gets none, so nothing it does can reach back
// into the real checkout through a hard link.
const WRITABLE_IN_NODE_MODULES = new Set(['.vite', '.cache', '.vite-temp', 'electron']);

/**
 * A copy of the project as a fresh clone after `npm ci` would be: the files git knows (tracked
 * and new, not ignored), and node_modules hard-linked from this checkout (a second, fast; a
 * real copy where links cannot cross file systems), except the `electron` package, copied
 * without its binary and `path.txt`, as npm ci leaves it.
 */
export function copyProject(dest: string): void {
  const listed = spawnSync(
    'git',
    ['ls-files', '-z', '--cached', '--others', '--exclude-standard'],
    {
      cwd: PROJECT_ROOT,
      encoding: 'utf8',
    },
  );
  if (listed.status !== 0) throw new Error(`git ls-files failed: ${listed.stderr}`);
  for (const file of listed.stdout.split('\0').filter(Boolean)) {
    mkdirSync(dirname(join(dest, file)), { recursive: true });
    try {
      cpSync(join(PROJECT_ROOT, file), join(dest, file));
    } catch (error) {
      // A file deleted in the working tree but still in the index is not part of the copy.
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
  }
  const modules = join(PROJECT_ROOT, 'node_modules');
  mkdirSync(join(dest, 'node_modules'), { recursive: true });
  for (const entry of readdirSync(modules)) {
    if (WRITABLE_IN_NODE_MODULES.has(entry)) continue;
    const from = join(modules, entry);
    const to = join(dest, 'node_modules', entry);
    if (spawnSync('cp', ['-al', from, to]).status !== 0)
      cpSync(from, to, { recursive: true, verbatimSymlinks: true });
  }
  const electron = join(modules, 'electron');
  cpSync(electron, join(dest, 'node_modules', 'electron'), {
    recursive: true,
    filter: (source) => !/[/\\]electron[/\\](dist|path\.txt)$/.test(source.slice(modules.length)),
  });
}

/**
 * Runs `npm ARGS…` in a copy of the project as a user would, with none of this shell's Electron
 * or proxy settings (so only `env` decides how Electron is fetched): its exit code and output.
 */
export function npmInCopy(
  project: string,
  args: readonly string[],
  env: Record<string, string>,
): Promise<{ status: number; output: string }> {
  const base = Object.fromEntries(
    Object.entries(process.env).filter(
      ([key]) => !/^(ELECTRON_|electron_|npm_config_electron|HTTPS?_PROXY|https?_proxy)/.test(key),
    ),
  );
  return new Promise((resolve) => {
    const child = spawn('npm', args, {
      cwd: project,
      env: { ...base, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('close', (code) => resolve({ status: code ?? 1, output }));
  });
}
