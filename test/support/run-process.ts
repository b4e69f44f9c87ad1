import { spawn, type SpawnOptions } from 'node:child_process';

// A command run as a user runs it from a shell (npm run -s …, node script.ts …), to its exit,
// with what it printed: the CLI tests judge exit codes and output, never a function call.

export interface ProcessRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs `command` with `args` (no shell) until it exits; stdin is closed. */
export function runProcess(
  command: string,
  args: readonly string[],
  options: Omit<SpawnOptions, 'stdio'> = {},
): Promise<ProcessRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { ...options, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout?.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.once('error', reject);
    child.once('close', (code) => resolve({ code, stdout, stderr }));
  });
}
