// Runs a printing command (lp, lpstat, PowerShell) with bytes on stdin and a time limit, for
// the CUPS and Windows transports. A command that is missing or hangs becomes a PrintError in
// the caller's words; whatever it prints is returned as it is, for the caller to read.
import { spawn } from 'node:child_process';
import { systemClock, type Clock } from '../platform/clock.ts';
import { PrintError } from './errors.ts';

export interface CommandRun {
  code: number;
  stdout: string;
  stderr: string;
}

export interface RunCommandOptions {
  timeoutMs: number;
  /** Passed whole (CUPS_SERVER included); the caller adds what it needs (LC_ALL=C, …). */
  env: NodeJS.ProcessEnv;
  /** The timer that ends a hung run; default the system clock. */
  clock?: Clock;
  /** Bytes on stdin (a label, a PDF); empty when left out. */
  input?: Uint8Array;
  /** The refusal when the command is not installed. */
  missing: () => PrintError;
  /** The refusal when it does not finish in time. */
  hung: () => PrintError;
}

/** The runner as a value, so a transport that cannot run here (Windows) is tested with a stand-in. */
export type RunCommand = (
  command: string,
  args: readonly string[],
  options: RunCommandOptions,
) => Promise<CommandRun>;

export const runCommand: RunCommand = (command, args, options) => {
  const { timeoutMs, env, clock = systemClock, input } = options;
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { env, stdio: ['pipe', 'pipe', 'pipe'] });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    let settled = false;
    const settle = (outcome: CommandRun | PrintError) => {
      if (settled) return;
      settled = true;
      clock.clearTimeout(timer);
      if (outcome instanceof PrintError) reject(outcome);
      else resolve(outcome);
    };
    // Kept alive: the caller awaits this run, so the process must not exit under it.
    const timer = clock.setTimeout(
      () => {
        // Our own child, ended by its own handle (never by name); we do not wait for it to
        // close its pipes, which whatever it started may still hold.
        child.kill('SIGKILL');
        child.stdout.destroy();
        child.stderr.destroy();
        settle(options.hung());
      },
      timeoutMs,
      { keepAlive: true },
    );
    child.stdout.on('data', (chunk: Buffer) => out.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => err.push(chunk));
    child.stdin.on('error', () => {}); // it may exit before reading all of stdin
    child.on('error', (error: NodeJS.ErrnoException) =>
      settle(
        error.code === 'ENOENT'
          ? options.missing()
          : new PrintError('unreachable', `${command} could not be started (${error.message}).`),
      ),
    );
    child.on('close', (code) =>
      settle({
        code: code ?? 1,
        stdout: Buffer.concat(out).toString('utf8'),
        stderr: Buffer.concat(err).toString('utf8'),
      }),
    );
    child.stdin.end(input ?? new Uint8Array());
  });
};
