// A print job as the transports see it — bytes to send exactly as they are (or, for a
// document, a PDF for the printer's driver), with a name for sentences, the job title and the
// command line's JSON — and the one order every transport follows: status first, refuse on a
// stopping condition unless forced, then each job in turn, a failure reporting which jobs were
// already sent whole.
import type { DocumentOptions } from './document.ts';
import { PrintError } from './errors.ts';
import { withPrinterLock, type PrinterLockOptions } from './lock.ts';
import { isReady, refusalSentence, type PrinterStatus } from './status.ts';

export interface PrintJob {
  /** The file it came from, or what it is ("test label"). */
  name: string;
  bytes: Uint8Array;
  /**
   * Set: the bytes are a PDF to print as a document (a packing slip, an invoice) — through the
   * queue's driver, on this paper, in these copies (issue #30). Unset: raw bytes (a ZPL label)
   * sent exactly as they are.
   */
  document?: DocumentOptions;
}

/** One job sent whole: the command line's `{"file", "bytes", "ms"}` (issue #20). */
export interface JobResult {
  file: string;
  bytes: number;
  /** From the first attempt to the printer (or CUPS) having it all, retry included. */
  ms: number;
  /** 1, or 2 when the first attempt failed and the one retry delivered it. */
  attempts: 1 | 2;
}

export interface PrintOptions {
  /** Send even when the printer reports paper out, head open, paused or ribbon out. */
  force?: boolean;
  /** Told after each job the printer has whole, in order (the app's queue marks it done). */
  onJob?: (result: JobResult) => void;
}

export interface PrintOutcome {
  status: PrinterStatus;
  jobs: JobResult[];
}

/**
 * The jobs, or a function making them from the status just read (the test label states it):
 * either way the status is read once, under the same lock as the jobs.
 */
export type PrintJobs = readonly PrintJob[] | ((status: PrinterStatus) => readonly PrintJob[]);

/** Status, the refusal, then the jobs in order; call it while holding the printer's lock. */
export async function statusThenJobs(
  where: string,
  readStatus: () => Promise<PrinterStatus>,
  send: (job: PrintJob) => Promise<JobResult>,
  jobs: PrintJobs,
  options: PrintOptions,
): Promise<PrintOutcome> {
  const status = await readStatus();
  if (!isReady(status) && !options.force)
    throw new PrintError('printer-stopped', refusalSentence(where, status), { status });
  const results: JobResult[] = [];
  for (const job of typeof jobs === 'function' ? jobs(status) : jobs) {
    let result: JobResult;
    try {
      result = await send(job);
    } catch (error) {
      if (!(error instanceof PrintError)) throw error;
      throw new PrintError(error.code, error.message, {
        cause: error.cause,
        status,
        completed: results,
      });
    }
    results.push(result);
    options.onJob?.(result);
  }
  return { status, jobs: results };
}

/** What statusThenJobs needs of a transport, and the lock that keeps others out meanwhile. */
export interface LockedTransport {
  lockKey: string;
  lock: PrinterLockOptions | undefined;
  where: string;
  readStatus: () => Promise<PrinterStatus>;
  send: (job: PrintJob) => Promise<JobResult>;
}

/** Every transport's print: holding the printer, status first, then the jobs in order. */
export function printHoldingPrinter(
  t: LockedTransport,
  jobs: PrintJobs,
  options: PrintOptions,
): Promise<PrintOutcome> {
  return withPrinterLock(
    t.lockKey,
    () => statusThenJobs(t.where, t.readStatus, t.send, jobs, options),
    t.lock,
  );
}

/**
 * A job handed to a spooler (CUPS' lp, Windows' print script) with one retry: `attempt` answers
 * null when the spooler took the job, else why not; twice refused is job-failed, both reasons
 * said. (A raw TCP printer retries differently: it resends only what a reset cut off.)
 */
export async function spoolWithOneRetry(
  job: PrintJob,
  where: string,
  attempt: (job: PrintJob) => Promise<string | null>,
  now: () => number,
  /** What the spooler did: CUPS "refused" a job, Windows' spooler "failed" it. */
  verb: 'refused' | 'failed' = 'refused',
): Promise<JobResult> {
  const started = now();
  const first = await attempt(job);
  let attempts: 1 | 2 = 1;
  if (first !== null) {
    attempts = 2;
    const second = await attempt(job);
    if (second !== null)
      throw new PrintError(
        'job-failed',
        `${job.name} was not printed: ${where} ${verb} it twice (${first}, then on the retry ${second}).`,
      );
  }
  return {
    file: job.name,
    bytes: job.bytes.length,
    ms: Math.round((now() - started) * 100) / 100,
    attempts,
  };
}
