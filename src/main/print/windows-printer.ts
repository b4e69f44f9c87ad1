// A Windows printer (windows:PRINTER NAME), for documents only (issue #30): the status from the
// spooler, each PDF rendered and printed by Windows' own parts through Windows PowerShell 5.1
// (see windows-scripts.ts), behind the same door, lock and retry as the other transports.
//
// Why not pdf-to-printer, which the issue suggested: its npm licence is MIT, but its package
// carries SumatraPDF.exe (GPLv3, with MuPDF inside), which we may not ship (docs/licences.md).
// Why not Electron's webContents.print on a hidden window: print/ is plain Node (the command
// line has no Electron), and printing a PDF that way printed blank pages until Electron 32
// (electron/electron#30947, fixed by #43309) and is silent only once the PDF viewer has drawn,
// which no event announces.
//
// UNTESTED ON REAL WINDOWS here: the suite runs on Linux, so the tests check the commands this
// builds and how it reads their answers, with a stand-in for PowerShell.
import { win32 } from 'node:path';
import { systemElapsed, type Clock } from '../platform/clock.ts';
import { fieldOf } from '../platform/guards.ts';
import { runCommand, type CommandRun, type RunCommand } from './command.ts';
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
import { withPrinterLock, type PrinterLockOptions } from './lock.ts';
import type { PrinterStatus } from './status.ts';
import { PRINT_SCRIPT, STATUS_SCRIPT, WINDOWS_EXIT, encodeScript } from './windows-scripts.ts';

export interface WindowsPrinterOptions {
  timeoutMs: number;
  env?: NodeJS.ProcessEnv;
  clock?: Clock;
  now?: () => number;
  lock?: PrinterLockOptions;
  /** How PowerShell is run; default a real child process. */
  run?: RunCommand;
  /** Default process.platform; anything but win32 is refused before anything runs. */
  platform?: NodeJS.Platform;
}

// PowerShell takes a second or two to start and load System.Printing, and a page takes a
// moment to render at 300 dpi: the station's 3 s default (made for a printer's ~HS) would
// cut off a healthy run, so these are the floors.
const STATUS_FLOOR_MS = 15_000;
const PRINT_FLOOR_MS = 120_000;

/** The spooler's PRINTER_STATUS_* flags (System.Printing.PrintQueueStatus) that we read. */
export const QUEUE_FLAGS = {
  paused: 0x1,
  paperOut: 0x10,
  offline: 0x80,
  notAvailable: 0x1000,
  doorOpen: 0x400000,
  serverUnknown: 0x800000,
  pendingDeletion: 0x4,
} as const;

/**
 * The spooler's flags as the station's status: offline (or gone) is "not accepting jobs", as
 * a rejecting CUPS queue; paused, paper out and an open cover (reported as head open) stop a
 * document as they stop a label. Toner and jams are left to the printer's own panel: Windows
 * keeps such jobs and prints them once fixed.
 */
export function statusOfQueue(flags: number, jobs = 0): PrinterStatus {
  const has = (flag: number) => (flags & flag) !== 0;
  return {
    online: !(
      has(QUEUE_FLAGS.offline) ||
      has(QUEUE_FLAGS.notAvailable) ||
      has(QUEUE_FLAGS.serverUnknown) ||
      has(QUEUE_FLAGS.pendingDeletion)
    ),
    paused: has(QUEUE_FLAGS.paused),
    paperOut: has(QUEUE_FLAGS.paperOut),
    headOpen: has(QUEUE_FLAGS.doorOpen),
    ribbonOut: false,
    bufferFull: false,
    // Jobs still in the Windows queue ahead of ours.
    labelsRemaining: Math.max(0, Math.trunc(jobs)),
  };
}

/** powershell.exe by its full path when Windows says where it lives (no PATH lookup to hijack). */
export function powershellPath(env: NodeJS.ProcessEnv): string {
  const root = env.SystemRoot ?? env.SYSTEMROOT;
  return root ? `${root}\\System32\\WindowsPowerShell\\v1.0\\powershell.exe` : 'powershell.exe';
}

export const powershellArguments = (script: string): string[] => [
  '-NoLogo',
  '-NoProfile',
  '-NonInteractive',
  '-ExecutionPolicy',
  'Bypass',
  '-EncodedCommand',
  encodeScript(script),
];

export class WindowsPrinter {
  readonly printer: string;
  private readonly options: WindowsPrinterOptions;

  constructor(printer: string, options: WindowsPrinterOptions) {
    this.printer = printer;
    this.options = options;
  }

  private get env(): NodeJS.ProcessEnv {
    return this.options.env ?? process.env;
  }

  /** Windows printer names are case-insensitive: one lock per printer, however it is spelt. */
  private get key(): string {
    return `windows:${this.printer.toLowerCase()}`;
  }

  private get where(): string {
    return `The Windows printer "${this.printer}"`;
  }

  status(): Promise<PrinterStatus> {
    return withPrinterLock(this.key, () => this.readStatus(), this.options.lock);
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

  private powershell(
    script: string,
    timeoutMs: number,
    extraEnv: Record<string, string>,
    input?: Uint8Array,
  ): Promise<CommandRun> {
    if ((this.options.platform ?? process.platform) !== 'win32')
      return Promise.reject(
        new PrintError(
          'unreachable',
          `windows:${this.printer} is a Windows printer: it can be printed to from Windows only.`,
        ),
      );
    const run = this.options.run ?? runCommand;
    return run(powershellPath(this.env), powershellArguments(script), {
      timeoutMs,
      env: { ...this.env, PACKBENCH_PRINTER: this.printer, ...extraEnv },
      ...(this.options.clock ? { clock: this.options.clock } : {}),
      ...(input ? { input } : {}),
      missing: () =>
        new PrintError(
          'unreachable',
          `Windows PowerShell (powershell.exe) is missing, and windows: printers need it.`,
        ),
      hung: () =>
        new PrintError(
          'not-answering',
          `${this.where} is not answering: Windows gave no reply within ${timeoutMs} ms.`,
        ),
    });
  }

  private async readStatus(): Promise<PrinterStatus> {
    const result = await this.powershell(
      STATUS_SCRIPT,
      Math.max(this.options.timeoutMs, STATUS_FLOOR_MS),
      {},
    );
    let answer: unknown;
    try {
      answer = result.code === 0 ? JSON.parse(result.stdout.trim()) : null;
    } catch {
      answer = null; // not JSON: said below as "could not be asked"
    }
    const found = fieldOf(answer, 'found');
    const flags = fieldOf(answer, 'status');
    const jobs = fieldOf(answer, 'jobs');
    if (found === false)
      throw new PrintError(
        'no-such-queue',
        `This computer has no Windows printer named "${this.printer}" (Settings → Printers lists them).`,
      );
    if (found !== true || typeof flags !== 'number')
      throw new PrintError(
        'unreachable',
        `${this.where} could not be asked for its status: ${firstLine(result.stderr) || 'no answer'}.`,
      );
    return statusOfQueue(flags, typeof jobs === 'number' ? jobs : 0);
  }

  private sendWithRetry(job: PrintJob): Promise<JobResult> {
    return spoolWithOneRetry(
      job,
      this.where,
      (j) => this.printOnce(j),
      this.options.now ?? systemElapsed,
      'failed',
    );
  }

  /** One PowerShell run with the PDF on stdin: null when Windows spooled it, else why not. */
  private async printOnce(job: PrintJob): Promise<string | null> {
    const result = await this.powershell(
      PRINT_SCRIPT,
      Math.max(this.options.timeoutMs, PRINT_FLOOR_MS),
      printEnvironment(job),
      job.bytes,
    );
    if (result.code === 0) return null;
    const said = firstLine(result.stderr) || `PowerShell exited with ${result.code}`;
    // Not worth the retry: the same printer, paper and file would fail the same way.
    if (result.code === WINDOWS_EXIT.noSuchPrinter)
      throw new PrintError(
        'no-such-queue',
        `This computer has no Windows printer named "${this.printer}" (Settings → Printers lists them).`,
      );
    if (result.code === WINDOWS_EXIT.noSuchPaper)
      throw new PrintError(
        'job-failed',
        `${job.name} was not printed: ${this.where} offers no ${job.document?.media ?? ''} paper.`,
      );
    if (result.code === WINDOWS_EXIT.notAPdf)
      throw new PrintError('not-pdf', `${job.name} was not printed: ${said}; nothing was sent.`);
    return said;
  }
}

/** What the print script reads: the title, the copies (1 unless given) and the paper, if any. */
export function printEnvironment(job: PrintJob): Record<string, string> {
  return {
    // Windows' rules for the file's name (\ and /), whichever system built the job.
    PACKBENCH_TITLE: win32.basename(job.name) || 'document',
    PACKBENCH_COPIES: String(job.document?.copies ?? 1),
    PACKBENCH_MEDIA: job.document?.media ?? '',
  };
}

const firstLine = (text: string) => text.trim().split('\n')[0]?.trim() ?? '';
