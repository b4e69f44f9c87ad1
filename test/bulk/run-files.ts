import { spawn } from 'node:child_process';
import { join } from 'node:path';

const ROOT = join(import.meta.dirname, '../..');

/**
 * `npm run -s files -- ARGS…` as a user runs it from their own folder `cwd` (npm runs the
 * project's script; relative paths are the caller's): its exit code, stdout and stderr.
 */
export function runFiles(
  cwd: string,
  args: readonly string[],
): Promise<{ code: number | null; out: string; err: string }> {
  return new Promise((done) => {
    const child = spawn('npm', ['--prefix', ROOT, 'run', '-s', 'files', '--', ...args], { cwd });
    let out = '';
    let err = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (err += d.toString()));
    child.on('close', (code) => done({ code, out, err }));
  });
}
