// A drop's inputs into pieces (issue #39, "split"): each ZPL input into its labels by the
// engine's splitter (each one self-contained), each PDF into its invoices once pdf.js has opened
// it (pages grouped by access key, number or "page x of y", copied with pdf-lib; a PDF of one
// invoice, or one whose pages cannot be told apart, byte for byte). Every refusal is a catalogue
// key with its values; the caller says it.
import { createHash } from 'node:crypto';
import { splitZpl, type ZplSplitError } from '../../zpl/split/index.ts';
import type { PdfJsLike } from '../../shared/files/pdf-probe.ts';
import { groupInvoicePages } from './invoice-pages.ts';
import { splitPdf } from './pdf-split.ts';
import { pdfPageTexts, type PdfTextReader } from './pdf-text.ts';
import type { BulkInput, ReadInputs } from './read-inputs.ts';
import { refusalKey } from './refusals.ts';

export type PieceKind = 'label' | 'invoice' | 'other';

/** Why a piece is not a plain label or invoice: a sentence key of the catalogue and its values. */
export interface PieceNote {
  key: string;
  params: Record<string, string | number>;
}

export interface DropPiece {
  /** The input it came from: a path, or `ARCHIVE.zip!entry`. */
  source: string;
  kind: PieceKind;
  /** 1-based place among its source's labels (or invoices); null for `other`. */
  index: number | null;
  /** An invoice's pages (1-based); null for a label. */
  pages: number[] | null;
  /** The piece's bytes (none for a refused input). */
  bytes: Uint8Array | null;
  sha256: string | null;
  /** null for a plain label or invoice; a refusal, or what an `other` piece is. */
  note: PieceNote | null;
}

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

const zplNote = (error: ZplSplitError): PieceNote => ({
  key: `bulk.split.${error.code}`,
  params: error.params,
});

function splitLabels(input: BulkInput): DropPiece[] {
  const split = splitZpl(input.bytes);
  if (split.error)
    return [
      refused(input, 'other', { ...zplNote(split.error), params: withSource(input, split.error) }),
    ];
  return split.pieces.map((piece) => ({
    source: input.source,
    kind: piece.kind,
    index: piece.index,
    pages: null,
    // A label that never ends prints nothing: it is refused, and nothing of it is written.
    bytes: piece.error?.code === 'unterminated' ? null : piece.bytes,
    sha256: piece.error?.code === 'unterminated' ? null : sha256(piece.bytes),
    note: piece.error ? { ...zplNote(piece.error), params: withSource(input, piece.error) } : null,
  }));
}

const withSource = (input: BulkInput, error: ZplSplitError) => ({
  ...error.params,
  source: input.source,
});

async function splitInvoices(
  input: BulkInput,
  pdfjs: PdfJsLike & PdfTextReader,
): Promise<DropPiece[]> {
  // pdf.js takes ownership of the buffer it is given (and refuses a Buffer): a plain copy.
  const task = pdfjs.getDocument({
    data: new Uint8Array(input.bytes),
    stopAtErrors: true,
    verbosity: 0,
  });
  let numPages: number;
  try {
    const doc = await task.promise;
    if (doc.numPages < 1) return [refused(input, 'invoice', note('pdfDamaged', input))];
    // The pages must open too: a cut content stream is found here, not at the printer.
    for (let n = 1; n <= doc.numPages; n += 1) await (await doc.getPage(n)).getOperatorList();
    numPages = doc.numPages;
  } catch (error) {
    const { name, code } = (error ?? {}) as { name?: unknown; code?: unknown };
    // PasswordResponses.NEED_PASSWORD: a PDF protected only against editing opens, as today.
    const password = name === 'PasswordException' && code === 1;
    return [refused(input, 'invoice', note(password ? 'pdfNeedsPassword' : 'pdfDamaged', input))];
  } finally {
    await task.destroy();
  }
  // A day's invoices in one PDF: one piece per invoice, its pages copied. One invoice (and
  // whatever cannot be told apart for sure) stays the original bytes.
  const whole = [{ pages: Array.from({ length: numPages }, (_, i) => i + 1), key: null }];
  const texts = numPages > 1 ? await pdfPageTexts(pdfjs, input.bytes).catch(() => null) : null;
  const groups = texts ? groupInvoicePages(texts) : whole;
  const parts = await splitPdf(input.bytes, groups);
  return parts.map((part, i) => ({
    source: input.source,
    kind: 'invoice',
    index: i + 1,
    pages: part.pages,
    bytes: part.bytes,
    sha256: sha256(part.bytes),
    note: null,
  }));
}

const note = (code: 'pdfDamaged' | 'pdfNeedsPassword', input: BulkInput): PieceNote => ({
  key: refusalKey({ code, params: {} }),
  params: { source: input.source },
});

function refused(input: { source: string }, kind: PieceKind, why: PieceNote): DropPiece {
  return {
    source: input.source,
    kind,
    index: null,
    pages: null,
    bytes: null,
    sha256: null,
    note: why,
  };
}

/**
 * A drop's pieces one input at a time, so a board can show the first rows while the rest is
 * still being split (a file of labels is ready long before a PDF of 500 invoices).
 */
export async function* eachPiece(
  read: ReadInputs,
  pdfjs: () => Promise<PdfJsLike & PdfTextReader>,
): AsyncGenerator<DropPiece> {
  for (const input of read.inputs)
    yield* input.kind === 'zpl' ? splitLabels(input) : await splitInvoices(input, await pdfjs());
  for (const { source, refusal } of read.refused)
    yield refused({ source }, 'other', { key: refusalKey(refusal), params: refusal.params });
}

export async function splitDrop(
  read: ReadInputs,
  pdfjs: () => Promise<PdfJsLike & PdfTextReader>,
): Promise<DropPiece[]> {
  const pieces: DropPiece[] = [];
  for await (const piece of eachPiece(read, pdfjs)) pieces.push(piece);
  return pieces;
}
