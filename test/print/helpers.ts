// Runs the printer command line the way scripts do — a separate Node process — without
// blocking this one, where the Zebra emulator has to keep answering meanwhile.
import { spawn } from 'node:child_process';
import { join } from 'node:path';

export const ROOT = join(import.meta.dirname, '../..');
export const CLI = join(ROOT, 'src/main/print/cli.ts');

export interface CliRun {
  status: number | null;
  stdout: string;
  stderr: string;
}

export function printerCli(
  args: readonly string[],
  env: NodeJS.ProcessEnv = process.env,
): Promise<CliRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [CLI, ...args], {
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (status) => resolve({ status, stdout, stderr }));
  });
}

/** The contract's error shape: exactly one line on stderr, and no stack trace. */
export function oneSentence(run: CliRun): string {
  const lines = run.stderr.split('\n').filter((l) => l !== '');
  if (lines.length !== 1) throw new Error(`expected one line on stderr, got: ${run.stderr}`);
  if (/^\s+at\s/m.test(run.stderr) || /\.ts:\d+/.test(run.stderr))
    throw new Error(`stack trace on stderr: ${run.stderr}`);
  return lines[0] ?? '';
}
