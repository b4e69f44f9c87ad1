import { z } from 'zod';
import type { MessageKey } from './i18n/message-key.ts';
import { printerTargetSchema, type PrintJobState } from './printing.ts';

// What the window and main agree on about paperwork (issue #30): this station's document
// printer (the office printer beside the label printer), the paper it holds, and what a
// finished pack printed on it.

export const PAPER_SIZES = ['a4', 'letter'] as const;
export type PaperSize = (typeof PAPER_SIZES)[number];

/** CUPS' media names for our paper sizes (`lp -o media=…`). */
export const MEDIA_OF_PAPER: Record<PaperSize, 'A4' | 'Letter'> = { a4: 'A4', letter: 'Letter' };

/** Settings → Printers → Document printer, kept per station in document-printer.json. */
export const documentPrinterSettingsSchema = z.object({
  /** A CUPS document queue (cups:QUEUE); null: none set up (slips and invoices stay off). */
  target: printerTargetSchema.nullable(),
  paper: z.enum(PAPER_SIZES),
});
export type DocumentPrinterSettings = z.output<typeof documentPrinterSettingsSchema>;

export const DEFAULT_DOCUMENT_PRINTER_SETTINGS: DocumentPrinterSettings = {
  target: null,
  paper: 'a4',
};

/** The papers a pack's finish may print, in the order they print. */
export const PACK_DOCUMENTS = ['slip', 'invoice'] as const;
export type PackDocument = (typeof PACK_DOCUMENTS)[number];

/** One paper a finished pack asked for: its print job, or why there is none. */
export interface PackDocumentView {
  document: PackDocument;
  /** The print queue's job (null when it could not be queued). */
  jobId: string | null;
  /** The job's state now (null without a job). */
  state: PrintJobState | null;
  /** Why it did not print: no job could be made, or the job failed or is held. */
  problem: MessageKey | null;
  /** The printer's or the system's words when the job failed or is held (English, for logs). */
  detail: string | null;
}
