// A CUPS queue: labels through `lp -d QUEUE -o raw`, documents (PDFs, issue #30) through the
// queue's driver, status and the list of queues from `lpstat`. CUPS_SERVER (host:port of the CUPS server) is honoured because the commands read
// it themselves; we pass the environment through untouched apart from the locale, which is
// pinned to C so lpstat's words ("disabled", "accepting") can be read.
//
// ~HS cannot go through CUPS (a queue is one-way), so a queue's status is what CUPS says of
// it: online = it accepts requests (cupsaccept/cupsreject), paused = it is disabled
// (cupsdisable, "Pause Printer" in the CUPS pages). Paper, head and ribbon are unknown here,
// reported false, and labelsRemaining 0. A job is done when CUPS has spooled it (lp exits 0).
//
// Raw or document queue: `lpstat -l -p` prints an "Interface:" line for a queue exactly when
// CUPS knows a make and model for it that is not "Local Raw Printer" — a PPD or driver, which
// is what lays a PDF out on paper (CUPS 2.4 systemv/lpstat.c). A queue without one passes
// bytes through untouched: right for a Zebra, noise for a PDF, so a document to it is refused.
import { basename } from 'node:path';
import { systemElapsed, type Clock } from '../platform/clock.ts';
import { runCommand, type CommandRun } from './command.ts';
import { PrintError } from './errors.ts';
import {
  printHoldingPrinter,
  type JobResult,
  type PrintJob,
  type PrintJobs,
  type PrintOptions,
  type PrintOutcome,
  spoolWithOneRetry,
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
  /**
   * raw: no driver, bytes pass through (a label printer's queue); document: a driver lays out
   * what it is given (an office printer's queue, for slips and invoices).
   */
  kind: CupsQueueKind;
}

export type CupsQueueKind = 'raw' | 'document';

/** The least time a document's `lp` is given to hand its bytes to CUPS. */
export const DOCUMENT_SPOOL_FLOOR_MS = 60_000;

const serverName = (env: NodeJS.ProcessEnv) =>
  env.CUPS_SERVER ? `The CUPS server at ${env.CUPS_SERVER}` : 'The CUPS server on this computer';

/** Runs a CUPS command in the C locale; PrintError when it is missing or hangs. */
function run(
  command: string,
  args: readonly string[],
  { timeoutMs, env = process.env, clock }: CupsOptions,
  input?: Uint8Array,
): Promise<CommandRun> {
  return runCommand(command, args, {
    timeoutMs,
    env: { ...env, LC_ALL: 'C', LANG: 'C' },
    ...(clock ? { clock } : {}),
    ...(input ? { input } : {}),
    missing: () =>
      new PrintError(
        'cups-missing',
        `${command} is not installed: CUPS printing needs the CUPS client (apt-get install cups-client).`,
      ),
    hung: () =>
      new PrintError(
        'not-answering',
        `${serverName(env)} is not answering: ${command} got no reply within ${timeoutMs} ms.`,
      ),
  });
}

const firstLine = (text: string) => text.trim().split('\n')[0]?.trim() ?? '';

/** `lpstat -r` first: "scheduler is not running" is the only way to tell a dead server apart. */
function checkScheduler(result: CommandRun, env: NodeJS.ProcessEnv): void {
  if (/scheduler is not running/.test(result.stdout))
    throw new PrintError('unreachable', `${serverName(env)} is not running or cannot be reached.`);
}

/** The queues the CUPS server knows, with their device, accepting and enabled states. */
export async function listCupsQueues(options: CupsOptions): Promise<CupsQueue[]> {
  const env = options.env ?? process.env;
  const result = await run('lpstat', ['-r', '-v', '-l', '-p', '-a'], options);
  checkScheduler(result, env);
  if (result.code !== 0 && /No destinations added/i.test(result.stderr)) return [];
  if (result.code !== 0)
    throw new PrintError('unreachable', `lpstat failed: ${firstLine(result.stderr)}`);
  const queues = new Map<string, CupsQueue>();
  const queue = (name: string): CupsQueue => {
    const known = queues.get(name);
    if (known) return known;
    const fresh: CupsQueue = {
      name,
      device: null,
      accepting: false,
      enabled: false,
      kind: 'raw',
    };
    queues.set(name, fresh);
    return fresh;
  };
  // The long form's indented lines belong to the `printer` line above them.
  let current: CupsQueue | null = null;
  for (const line of result.stdout.split('\n')) {
    if (line.startsWith('\t')) {
      if (current && /^\tInterface: /.test(line)) current.kind = 'document';
      continue;
    }
    current = null;
    let m = /^device for (\S+): (.*)$/.exec(line);
    if (m?.[1]) {
      queue(m[1]).device = m[2]?.trim() || null;
      continue;
    }
    m = /^printer (\S+) (.*)$/.exec(line);
    if (m?.[1]) {
      current = queue(m[1]);
      current.enabled = !/\bdisabled since\b/.test(m[2] ?? '');
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

  async status(): Promise<PrinterStatus> {
    return (await this.readQueue()).status;
  }

  print(jobs: PrintJobs, options: PrintOptions = {}): Promise<PrintOutcome> {
    // Known now for a list; jobs made from the status (the test label) are labels.
    const documents = typeof jobs === 'function' ? [] : jobs.filter((job) => job.document);
    let hasDriver = true;
    return printHoldingPrinter(
      {
        lockKey: this.key,
        lock: this.options.lock,
        where: this.where,
        readStatus: async () => {
          const queue = await this.readQueue();
          hasDriver = queue.hasDriver;
          // Before the stop refusal: a raw queue would never print the PDF, so holding it
          // until the queue is enabled again would only delay the sentence that matters.
          const [first] = documents;
          if (first && !hasDriver) throw this.notADocumentPrinter(first);
          return queue.status;
        },
        send: (job) => {
          if (job.document && !hasDriver) throw this.notADocumentPrinter(job);
          return this.sendWithRetry(job);
        },
      },
      jobs,
      options,
    );
  }

  private notADocumentPrinter(job: PrintJob): PrintError {
    return new PrintError(
      'not-a-document-printer',
      `${job.name} is a PDF, but the CUPS queue ${this.queue} is a raw queue (no driver: ` +
        `lpstat -l shows no Interface line), which would pass it to the printer as it is; send ` +
        `documents to a queue with a driver; nothing was sent.`,
    );
  }

  /** The queue's status, and whether it has a driver (a document printer) — one lpstat run. */
  private async readQueue(): Promise<{ status: PrinterStatus; hasDriver: boolean }> {
    const q = this.queue;
    const result = await run('lpstat', ['-r', '-l', '-p', q, '-a', q], this.options);
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
      status: {
        online: accepting,
        paused: /\bdisabled since\b/.test(printer),
        paperOut: false,
        headOpen: false,
        ribbonOut: false,
        bufferFull: false,
        labelsRemaining: 0,
      },
      // Only one queue was asked for, so any Interface line is its own.
      hasDriver: /^\tInterface: /m.test(result.stdout),
    };
  }

  private sendWithRetry(job: PrintJob): Promise<JobResult> {
    return spoolWithOneRetry(job, this.where, (j) => this.lp(j), this.options.now ?? systemElapsed);
  }

  /** One `lp` run with the bytes on stdin: null when CUPS took the job, else why not. */
  private async lp(job: PrintJob): Promise<string | null> {
    const title = basename(job.name) || (job.document ? 'document' : 'label');
    // A document is megabytes where a label is kilobytes, and may go to a CUPS server across
    // the network: an `lp` cut off by the label's 3 s while CUPS was still taking the job would
    // be called failed, and its retry would print it twice.
    const options = job.document
      ? { ...this.options, timeoutMs: Math.max(this.options.timeoutMs, DOCUMENT_SPOOL_FLOOR_MS) }
      : this.options;
    const result = await run('lp', lpArguments(this.queue, job, title), options, job.bytes);
    if (result.code === 0) return null;
    return firstLine(result.stderr).replace(/^lp:\s*/, '') || `lp exited with ${result.code}`;
  }
}

/**
 * A label: `-o raw`, the bytes untouched. A document: no `-o raw`, so the queue's driver lays it
 * out; its format named (CUPS would otherwise guess from the first bytes, and a PDF with a few
 * bytes before its header — which readers accept — would print as text); the paper as `media`
 * and the copies as `-n`, one job that the driver or printer copies and collates. Left out,
 * the queue's own defaults apply (what IT set with lpoptions).
 */
export function lpArguments(queue: string, job: PrintJob, title: string): string[] {
  if (!job.document) return ['-d', queue, '-o', 'raw', '-t', title];
  const { media, copies } = job.document;
  return [
    '-d',
    queue,
    '-o',
    'document-format=application/pdf',
    ...(media ? ['-o', `media=${media}`] : []),
    ...(copies !== undefined ? ['-n', String(copies)] : []),
    '-t',
    title,
  ];
}
