// One door to a printer, whatever the target: the command line, the app's print queue and
// Settings → Test print all go through openPrinter, so they refuse, lock and retry alike.
// Labels (raw bytes) and documents (PDFs, issue #30) alike: a job with `document` set is a PDF
// for the printer's driver, checked here before the printer is asked anything.
import type { Clock } from '../platform/clock.ts';
import { CupsPrinter } from './cups-printer.ts';
import { checkedJobs } from './document.ts';
import type { PrintJobs, PrintOptions, PrintOutcome } from './job.ts';
import type { PrinterLockOptions } from './lock.ts';
import type { PrinterStatus } from './status.ts';
import { formatTarget, type PrinterTarget } from './target.ts';
import { TcpPrinter } from './tcp-printer.ts';
import type { RunCommand } from './command.ts';
import { WindowsPrinter } from './windows-printer.ts';

/** Long enough for a printer waking from sleep on a busy network, short enough for a person. */
export const DEFAULT_TIMEOUT_MS = 3000;

export interface PrinterOptions {
  /** Status reply, connect, a stalled transfer, one lp/lpstat run. */
  timeoutMs?: number;
  clock?: Clock;
  now?: () => number;
  lock?: PrinterLockOptions;
  /** For CUPS targets (CUPS_SERVER); default process.env. */
  env?: NodeJS.ProcessEnv;
  /** For windows: targets, how PowerShell is run (tests pass a stand-in; it cannot run here). */
  run?: RunCommand;
  /** For windows: targets; default process.platform (tests stand in for Windows). */
  platform?: NodeJS.Platform;
}

export interface Printer {
  readonly target: PrinterTarget;
  /** The canonical target string (tcp://host:port, cups:QUEUE or windows:PRINTER). */
  readonly name: string;
  /** ~HS for a TCP printer, lpstat for a CUPS queue, the spooler for a Windows printer. */
  status(): Promise<PrinterStatus>;
  /**
   * Status first, refusal unless ready or forced, then the jobs in order, each retried once. A
   * document to a label printer, a label to a Windows printer or a document that is not a whole
   * PDF is refused (PrintError) before anything, status included, is asked.
   */
  print(jobs: PrintJobs, options?: PrintOptions): Promise<PrintOutcome>;
}

export function openPrinter(target: PrinterTarget, options: PrinterOptions = {}): Printer {
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const transport =
    target.kind === 'tcp'
      ? new TcpPrinter(target.host, target.port, { ...options, timeoutMs })
      : target.kind === 'cups'
        ? new CupsPrinter(target.queue, { ...options, timeoutMs })
        : new WindowsPrinter(target.printer, { ...options, timeoutMs });
  return {
    target,
    name: formatTarget(target),
    status: () => transport.status(),
    print: async (jobs, printOptions) => transport.print(checkedJobs(target, jobs), printOptions),
  };
}
