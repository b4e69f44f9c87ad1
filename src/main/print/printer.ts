// One door to a printer, whatever the target: the command line, the app's print queue and
// Settings → Test print all go through openPrinter, so they refuse, lock and retry alike.
import type { Clock } from '../platform/clock.ts';
import { CupsPrinter } from './cups-printer.ts';
import type { PrintJobs, PrintOptions, PrintOutcome } from './job.ts';
import type { PrinterLockOptions } from './lock.ts';
import type { PrinterStatus } from './status.ts';
import { formatTarget, type PrinterTarget } from './target.ts';
import { TcpPrinter } from './tcp-printer.ts';

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
}

export interface Printer {
  readonly target: PrinterTarget;
  /** The canonical target string (tcp://host:port or cups:QUEUE). */
  readonly name: string;
  /** ~HS for a TCP printer, lpstat for a CUPS queue. */
  status(): Promise<PrinterStatus>;
  /** Status first, refusal unless ready or forced, then the jobs in order, each retried once. */
  print(jobs: PrintJobs, options?: PrintOptions): Promise<PrintOutcome>;
}

export function openPrinter(target: PrinterTarget, options: PrinterOptions = {}): Printer {
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const transport =
    target.kind === 'tcp'
      ? new TcpPrinter(target.host, target.port, { ...options, timeoutMs })
      : new CupsPrinter(target.queue, { ...options, timeoutMs });
  return {
    target,
    name: formatTarget(target),
    status: () => transport.status(),
    print: (jobs, printOptions) => transport.print(jobs, printOptions),
  };
}
