import { z } from 'zod';

// What the window and main agree on about printing: the station's printer settings, the print
// queue's jobs as the window sees them, and the reasons a reprint may give.

/**
 * A printer target as the command line and the settings write it: tcp://host[:port], cups:QUEUE
 * or windows:PRINTER NAME (a Windows printer as Windows names it: spaces allowed, not a comma or
 * an exclamation mark, which Windows refuses in printer names).
 */
export const printerTargetSchema = z
  .string()
  .trim()
  .min(1)
  .max(300)
  .regex(
    /^(tcp:\/\/[^\s/]+|cups:[^\s/#]+|windows:[^\s,!\p{Cc}][^,!\p{Cc}]*)$/u,
    'is not tcp://host[:port] or cups:QUEUE (or, on Windows, windows:PRINTER)',
  );

export const PRINTER_DENSITIES = [6, 8, 12, 24] as const;

export const printerSettingsSchema = z.object({
  /** This station's label printer; null: none set up (Print stays off). */
  target: printerTargetSchema.nullable(),
  /** Dots per millimetre of the printer's head (8 = 203 dpi, 12 = 300 dpi). */
  dpmm: z.union([z.literal(6), z.literal(8), z.literal(12), z.literal(24)]),
  /** Print a label as soon as the service confirms its upload. */
  autoPrint: z.boolean(),
});
export type PrinterSettings = z.output<typeof printerSettingsSchema>;

export const DEFAULT_PRINTER_SETTINGS: PrinterSettings = {
  target: null,
  dpmm: 8,
  autoPrint: false,
};

/** Every way printing can fail (main's PrintError codes), each with a sentence `errors.print.*`. */
export const PRINT_ERROR_CODES = [
  'bad-target',
  'no-such-queue',
  'file-unreadable',
  'not-zpl',
  'unreachable',
  'not-answering',
  'bad-reply',
  'cups-missing',
  'job-failed',
  'printer-stopped',
  'cannot-ask',
  // Documents (issue #30): not a whole PDF; a PDF to a label printer (tcp://, a CUPS queue
  // without a driver); a label to a Windows printer, which takes documents only.
  'not-pdf',
  'not-a-document-printer',
  'not-a-label-printer',
  // A delivered upload's file let go by retention (main/outbox/file-retention.ts): nothing sent.
  'file-forgotten',
] as const;
export type PrintErrorCode = (typeof PRINT_ERROR_CODES)[number];

/** A code stored with a failed job that this version has a sentence for. */
export const isPrintErrorCode = (code: string): code is PrintErrorCode =>
  (PRINT_ERROR_CODES as readonly string[]).includes(code);

export const REPRINT_REASONS = ['damaged', 'lost', 'reweighed', 'other'] as const;
export type ReprintReason = (typeof REPRINT_REASONS)[number];

export const PRINT_JOB_STATES = [
  'queued',
  'printing',
  'printed',
  'held',
  'failed',
  'interrupted',
] as const;
export type PrintJobState = (typeof PRINT_JOB_STATES)[number];

/** What a print job is: a ZPL label, or a PDF for the document printer (issue #30). */
export const PRINT_KINDS = ['label', 'slip', 'invoice'] as const;
export type PrintKind = (typeof PRINT_KINDS)[number];

export interface PrintJobView {
  id: string;
  kind: PrintKind;
  printer: string;
  /** A document's paper (CUPS media, e.g. A4); null for a label. */
  media: string | null;
  /** What was printed, to tell a reprint: `sha256:<hash of the bytes>`. */
  labelKey: string;
  orderId: string | null;
  fileName: string;
  size: number;
  copies: number;
  state: PrintJobState;
  reprintReason: string | null;
  requestedBy: string;
  attempts: number;
  /** English, for logs. */
  lastError: string | null;
  /** The kind of failure (a PrintError code such as `unreachable`, or `interrupted`). */
  lastErrorCode: string | null;
  createdAt: number;
  printedAt: number | null;
}

/**
 * What a printer reports about itself, in the shape of the printer command line's
 * `status --json` (issue #20); the status bar and Settings show it.
 */
export interface PrinterStatusView {
  /** It answered and takes jobs (for a CUPS queue: the queue accepts requests). */
  online: boolean;
  paperOut: boolean;
  paused: boolean;
  headOpen: boolean;
  ribbonOut: boolean;
  /** The receive buffer is full: jobs wait, nothing is lost, so this does not stop printing. */
  bufferFull: boolean;
  /** Labels the printer still has to print of the batch in progress (0 for a CUPS queue). */
  labelsRemaining: number;
}
