// A CUPS raw queue: jobs through `lp -d QUEUE -o raw`, status and the list of queues from
// `lpstat`. CUPS_SERVER (host:port of the CUPS server) is honoured because the commands read
// it themselves; we pass the environment through untouched apart from the locale, which is
// pinned to C so lpstat's words ("disabled", "accepting") can be read.
//
// ~HS cannot go through CUPS (a queue is one-way), so a queue's status is what CUPS says of
// it: online = it accepts requests (cupsaccept/cupsreject), paused = it is disabled
// (cupsdisable, "Pause Printer" in the CUPS pages). Paper, head and ribbon are unknown here,
// reported false, and labelsRemaining 0. A job is done when CUPS has spooled it (lp exits 0).
import { spawn } from 'node:child_process';
import { basename } from 'node:path';
import { systemClock, systemElapsed, type Clock } from '../platform/clock.ts';
import { PrintError } from './errors.ts';
import {
  printHoldingPrinter,
  type JobResult,
  type PrintJob,
  type PrintJobs,
  type PrintOptions,
  type PrintOutcome,
} from './job.ts';
import type { PrinterLockOptions } from './lock.ts';
import type { PrinterStatus } from './status.ts';

export interface CupsOptions {
  /** For each lp/lpstat run. */
  timeoutMs: number;
  /** Default process.env (CUPS_SERVER included). */
  env?: NodeJS.ProcessEnv;
  /** The timer that ends a hung run; default the system clock. */
  clock?: Clock;
  now?: () => number;
  lock?: PrinterLockOptions;
}

export interface CupsQueue {
  name: string;
  /** The device URI lpstat -v shows (socket://host:9100 for a network Zebra). */
  device: string | null;
  accepting: boolean;
  enabled: boolean;
}

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

const serverName = (env: NodeJS.ProcessEnv) =>
  env.CUPS_SERVER ? `The CUPS server at ${env.CUPS_SERVER}` : 'The CUPS server on this computer';

/** Runs a CUPS command with `input` on stdin; PrintError when it cannot run or hangs. */
function run(
  command: string,
  args: readonly string[],
  { timeoutMs, env = process.env, clock = systemClock }: CupsOptions,
  input?: Uint8Array,
): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      env: { ...env, LC_ALL: 'C', LANG: 'C' },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    let settled = false;
    const settle = (outcome: Run | PrintError) => {
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
        settle(
          new PrintError(
            'not-answering',
            `${serverName(env)} is not answering: ${command} got no reply within ${timeoutMs} ms.`,
          ),
        );
      },
      timeoutMs,
      { keepAlive: true },
    );
    child.stdout.on('data', (chunk: Buffer) => out.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => err.push(chunk));
    child.stdin.on('error', () => {}); // lp may exit before reading all of stdin
    child.on('error', (error: NodeJS.ErrnoException) =>
      settle(
        error.code === 'ENOENT'
          ? new PrintError(
              'cups-missing',
              `${command} is not installed: CUPS printing needs the CUPS client (apt-get install cups-client).`,
            )
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
}

const firstLine = (text: string) => text.trim().split('\n')[0]?.trim() ?? '';

/** `lpstat -r` first: "scheduler is not running" is the only way to tell a dead server apart. */
function checkScheduler(result: Run, env: NodeJS.ProcessEnv): void {
  if (/scheduler is not running/.test(result.stdout))
    throw new PrintError('unreachable', `${serverName(env)} is not running or cannot be reached.`);
}

/** The queues the CUPS server knows, with their device, accepting and enabled states. */
export async function listCupsQueues(options: CupsOptions): Promise<CupsQueue[]> {
  const env = options.env ?? process.env;
  const result = await run('lpstat', ['-r', '-v', '-p', '-a'], options);
  checkScheduler(result, env);
  if (result.code !== 0 && /No destinations added/i.test(result.stderr)) return [];
  if (result.code !== 0)
    throw new PrintError('unreachable', `lpstat failed: ${firstLine(result.stderr)}`);
  const queues = new Map<string, CupsQueue>();
  const queue = (name: string): CupsQueue => {
    const known = queues.get(name);
    if (known) return known;
    const fresh: CupsQueue = { name, device: null, accepting: false, enabled: false };
    queues.set(name, fresh);
    return fresh;
  };
  for (const line of result.stdout.split('\n')) {
    let m = /^device for (\S+): (.*)$/.exec(line);
    if (m?.[1]) {
      queue(m[1]).device = m[2]?.trim() || null;
      continue;
    }
    m = /^printer (\S+) (.*)$/.exec(line);
    if (m?.[1]) {
      queue(m[1]).enabled = !/\bdisabled since\b/.test(m[2] ?? '');
      continue;
    }
    m = /^(\S+) (not )?accepting requests\b/.exec(line);
    if (m?.[1]) queue(m[1]).accepting = m[2] === undefined;
  }
  return [...queues.values()].sort((a, b) => a.name.localeCompare(b.name));
}

export class CupsPrinter {
  readonly queue: string;
  private readonly options: CupsOptions;

  constructor(queue: string, options: CupsOptions) {
    this.queue = queue;
    this.options = options;
  }

  private get env(): NodeJS.ProcessEnv {
    return this.options.env ?? process.env;
  }

  /** One CUPS server's queue is one printer: the lock keeps an invocation's jobs together. */
  private get key(): string {
    return `cups:${this.queue}@${this.env.CUPS_SERVER ?? ''}`;
  }

  private get where(): string {
    return `The CUPS queue ${this.queue}`;
  }

  status(): Promise<PrinterStatus> {
    return this.readStatus();
  }

  print(jobs: PrintJobs, options: PrintOptions = {}): Promise<PrintOutcome> {
    return printHoldingPrinter(
      {
        lockKey: this.key,
        lock: this.options.lock,
        where: this.where,
        readStatus: () => this.readStatus(),
        send: (job) => this.sendWithRetry(job),
      },
      jobs,
      options,
    );
  }

  private async readStatus(): Promise<PrinterStatus> {
    const q = this.queue;
    const result = await run('lpstat', ['-r', '-p', q, '-a', q], this.options);
    checkScheduler(result, this.env);
    if (result.code !== 0 || !result.stdout.includes(`printer ${q} `)) {
      if (/Invalid destination|does not exist|Unknown destination/i.test(result.stderr))
        throw new PrintError(
          'no-such-queue',
          `${serverName(this.env)} has no queue named ${q} (lpstat -v lists the queues).`,
        );
      throw new PrintError(
        'unreachable',
        `${serverName(this.env)} did not report on ${q}: ${firstLine(result.stderr) || 'no answer'}.`,
      );
    }
    const printer = result.stdout.split('\n').find((l) => l.startsWith(`printer ${q} `)) ?? '';
    const accepting = result.stdout
      .split('\n')
      .some((l) => l.startsWith(`${q} accepting requests`));
    return {
      online: accepting,
      paused: /\bdisabled since\b/.test(printer),
      paperOut: false,
      headOpen: false,
      ribbonOut: false,
      bufferFull: false,
      labelsRemaining: 0,
    };
  }

  private async sendWithRetry(job: PrintJob): Promise<JobResult> {
    const now = this.options.now ?? systemElapsed;
    const started = now();
    const first = await this.lp(job);
    let attempts: 1 | 2 = 1;
    if (first !== null) {
      attempts = 2;
      const second = await this.lp(job);
      if (second !== null)
        throw new PrintError(
          'job-failed',
          `${job.name} was not printed: ${this.where} refused it twice (${first}, then on the retry ${second}).`,
        );
    }
    return {
      file: job.name,
      bytes: job.bytes.length,
      ms: Math.round((now() - started) * 100) / 100,
      attempts,
    };
  }

  /** One `lp` run with the bytes on stdin: null when CUPS took the job, else why not. */
  private async lp(job: PrintJob): Promise<string | null> {
    const title = basename(job.name) || 'label';
    const result = await run(
      'lp',
      ['-d', this.queue, '-o', 'raw', '-t', title],
      this.options,
      job.bytes,
    );
    if (result.code === 0) return null;
    return firstLine(result.stderr).replace(/^lp:\s*/, '') || `lp exited with ${result.code}`;
  }
}
