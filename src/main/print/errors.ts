// Every way printing can fail, as a stable code (for the app's translated sentences, for
// scripts and tests) and an English sentence (for the command line, logs and the activity
// log). The code decides the command line's exit status, so it is decided here once.
import type { JobResult } from './job.ts';
import type { PrinterStatus } from './status.ts';
import { messageOf } from '../platform/guards.ts';

// The codes live in src/shared/printing.ts, so the window can name each in its own words:
// bad input (bad-target, no-such-queue, file-unreadable, not-zpl: nothing was sent); the
// printer not reached or not answering (unreachable, not-answering, bad-reply, cups-missing:
// nothing was sent); a job started and failed twice (job-failed); a condition that stops
// printing (printer-stopped: nothing was sent). Documents (issue #30) add three refusals of
// bad input, nothing sent: not-pdf, not-a-document-printer (a PDF to a label printer),
// not-a-label-printer (a label to a Windows printer, which prints documents only).
export type { PrintErrorCode } from '../../shared/printing.ts';
import type { PrintErrorCode } from '../../shared/printing.ts';

export interface PrintErrorDetails {
  cause?: unknown;
  /** What the printer reported, when it answered (for `printer-stopped` always). */
  status?: PrinterStatus;
  /** Jobs that were sent whole before this failure (never sent again). */
  completed?: JobResult[];
}

export class PrintError extends Error {
  readonly code: PrintErrorCode;
  readonly status: PrinterStatus | undefined;
  readonly completed: JobResult[];

  constructor(code: PrintErrorCode, message: string, details: PrintErrorDetails = {}) {
    super(message, details.cause === undefined ? undefined : { cause: details.cause });
    this.name = 'PrintError';
    this.code = code;
    this.status = details.status;
    this.completed = details.completed ?? [];
  }
}

/**
 * The command line's exit status for a failure (issue #20): 1 bad input, 2 the printer could
 * not be reached or the job failed, 3 the printer's condition stops printing.
 */
export function exitCodeFor(code: PrintErrorCode): 1 | 2 | 3 {
  switch (code) {
    case 'bad-target':
    case 'no-such-queue':
    case 'file-unreadable':
    case 'not-zpl':
    case 'not-pdf':
    case 'not-a-document-printer':
    case 'not-a-label-printer':
    case 'file-forgotten':
      return 1;
    case 'unreachable':
    case 'not-answering':
    case 'bad-reply':
    case 'cups-missing':
    case 'job-failed':
      return 2;
    case 'printer-stopped':
      return 3;
    case 'cannot-ask':
      return 1;
  }
}

/** A sentence for a socket error, without the errno jargon a station operator cannot act on. */
export function describeSocketError(error: unknown): string {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  switch (code) {
    case 'ECONNREFUSED':
      return 'it refused the connection (nothing listens on that port)';
    case 'ECONNRESET':
      return 'it reset the connection';
    case 'EPIPE':
      return 'it closed the connection while data was still being sent';
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return 'its name could not be resolved';
    case 'EHOSTUNREACH':
    case 'ENETUNREACH':
      return 'there is no route to it';
    case 'ETIMEDOUT':
      return 'the connection timed out';
    default:
      return messageOf(error);
  }
}
