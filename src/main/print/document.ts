// A document job (issue #30): the bytes are a PDF that a document printer's driver lays out on
// paper, not raw bytes for a label printer. What is checked before anything is sent, whatever
// the caller (the command line, the app's print queue): that it is a whole PDF, that its paper
// and copies are ones we offer, and that the target can print a document at all.
import { pdfHeaderAt, pdfStructure } from '../../shared/files/file-rules.ts';
import { PrintError } from './errors.ts';
import type { PrintJob, PrintJobs } from './job.ts';
import type { PrinterTarget } from './target.ts';

/** The papers the station offers (Settings' A4/Letter); CUPS' and Windows' names for them. */
export const DOCUMENT_MEDIA = ['A4', 'Letter'] as const;
export type DocumentMedia = (typeof DOCUMENT_MEDIA)[number];

/** The same ceiling as the command line's --copies: a typing slip, not a print run. */
export const MAX_DOCUMENT_COPIES = 999;

export interface DocumentOptions {
  /** The paper; left out, the printer's own default (what IT set on the queue). */
  media?: DocumentMedia;
  /**
   * Copies of the whole document, made by the printer's driver in ONE job (`lp -n N`), not
   * the file sent N times: a document printer collates, and one job is one line in its log.
   */
  copies?: number;
}

/** "A4", "a4", "letter" → the station's spelling; null for anything else. */
export function parseMedia(text: string): DocumentMedia | null {
  return DOCUMENT_MEDIA.find((m) => m.toLowerCase() === text.trim().toLowerCase()) ?? null;
}

/**
 * Refuses what is not a whole PDF: the header in the first KiB and, at the end, `startxref`
 * and `%%EOF` — the station's own file rules (src/shared/files), so a PDF the station took as
 * an invoice prints, and one cut short in a download does not come out as pages of noise.
 */
export function checkPdf(bytes: Uint8Array, name: string): void {
  if (pdfHeaderAt(bytes) < 0)
    throw new PrintError(
      'not-pdf',
      `${name} is not a PDF (it has no %PDF- header): a document printer takes PDF files; nothing was sent.`,
    );
  if (!pdfStructure(bytes).ok)
    throw new PrintError(
      'not-pdf',
      `${name} is not a whole PDF (no %%EOF and cross-reference at its end: it may be cut short); nothing was sent.`,
    );
}

function checkOptions(job: PrintJob, document: DocumentOptions): void {
  // Programming errors, not an operator's input: the command line and Settings offer only these.
  if (document.media !== undefined && !DOCUMENT_MEDIA.includes(document.media))
    throw new RangeError(`${job.name}: media must be one of ${DOCUMENT_MEDIA.join(', ')}.`);
  const copies = document.copies ?? 1;
  if (!Number.isInteger(copies) || copies < 1 || copies > MAX_DOCUMENT_COPIES)
    throw new RangeError(`${job.name}: copies must be a whole number from 1 to 999.`);
}

/** What a target prints: a TCP raw port labels only, a Windows printer documents only. */
function refuseFor(target: PrinterTarget, job: PrintJob): PrintError | null {
  if (job.document && target.kind === 'tcp')
    return new PrintError(
      'not-a-document-printer',
      `${job.name} is a PDF, not ZPL: tcp://${target.host}:${target.port} is a label printer's raw port, ` +
        `which cannot print a document (send it to a document printer, cups:QUEUE); nothing was sent.`,
    );
  if (!job.document && target.kind === 'windows')
    return new PrintError(
      'not-a-label-printer',
      `${job.name} is a label: windows:${target.printer} prints documents (PDF) only; send labels to ` +
        `the label printer (tcp://HOST or cups:QUEUE); nothing was sent.`,
    );
  return null;
}

/** Every check on one job; throws the refusal. */
export function checkJob(target: PrinterTarget, job: PrintJob): void {
  const refusal = refuseFor(target, job);
  if (refusal) throw refusal;
  if (!job.document) return;
  checkOptions(job, job.document);
  checkPdf(job.bytes, job.name);
}

/**
 * The jobs with every check applied before the printer is asked anything: a list is checked
 * whole up front (nothing sent, not even a status query, when one is refused); jobs made from
 * the status (the test label) are checked as they are made, still before any is sent.
 */
export function checkedJobs(target: PrinterTarget, jobs: PrintJobs): PrintJobs {
  if (typeof jobs !== 'function') {
    for (const job of jobs) checkJob(target, job);
    return jobs;
  }
  return (status) => {
    const made = jobs(status);
    for (const job of made) checkJob(target, job);
    return made;
  };
}
