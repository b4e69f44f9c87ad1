// The Bulk screen's board (issue #39): the files the window dropped (names and bytes, never
// paths), read as a drop is read from disk (a ZIP unpacked under its limits, each file told
// apart by its bytes), split into labels and invoices, and matched to the orders the service
// listed. One row per piece, its refusal or what it is as a sentence key with its values.
import type { Order } from '../../shared/api/schemas.ts';
import type { PdfJsLike } from '../../shared/files/pdf-probe.ts';
import type { CandidateTrackingInput, PieceContent } from '../../shared/bulk/index.ts';
import type { BulkRow } from '../../shared/ipc/bulk-types.ts';
import type { MessageKey } from '../../shared/i18n/message-key.ts';
import { labelContent, type ZplFontsLoader } from './label-content.ts';
import {
  matchDrop,
  type MatchedPiece,
  type MatchOrder,
  type TrackingLookup,
} from './match-drop.ts';
import { pdfPageTexts, type PdfTextReader } from './pdf-text.ts';
import { readInputs, type BulkFs, type ReadInputs } from './read-inputs.ts';
import { splitDrop, type DropPiece } from './split-drop.ts';
import { ZIP_LIMITS, type ZipLimits } from './zip-entries.ts';

export interface InMemoryFile {
  name: string;
  bytes: Uint8Array;
}

/**
 * A drop the window read (names and bytes) as `readInputs` reads paths: the same sniffing, ZIP
 * limits and refusals. Two files of one name keep both, the second as `name (2)`.
 */
export function inputsFromFiles(
  files: readonly InMemoryFile[],
  limits: ZipLimits = ZIP_LIMITS,
): ReadInputs {
  const byName = new Map<string, Uint8Array>();
  for (const file of files) {
    let name = file.name;
    for (let n = 2; byName.has(name); n += 1) name = `${file.name} (${n})`;
    byName.set(name, file.bytes);
  }
  const fs: BulkFs = {
    kind: (path) => (byName.has(path) ? 'file' : 'missing'),
    list: () => [],
    // pdf.js refuses a Buffer, and IPC may hand one over: a plain Uint8Array view.
    read: (path) => {
      const bytes = byName.get(path) ?? new Uint8Array();
      return new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    },
  };
  return readInputs([...byName.keys()], fs, limits);
}

/** An order as the service lists it, as the matcher reads it (no recipient: matched by id). */
export function candidateOf(order: Order): MatchOrder {
  const customer = (order.customer ?? {}) as { name?: unknown; document?: unknown };
  const address = (order.shipping_address ?? {}) as { postal_code?: unknown };
  const text = (value: unknown) => (typeof value === 'string' ? value : '');
  const sha = (value: unknown) =>
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { sha256?: unknown }).sha256 === 'string'
      ? { sha256: (value as { sha256: string }).sha256 }
      : null;
  return {
    id: order.id,
    customer: {
      name: text(customer.name),
      ...(typeof customer.document === 'string' ? { document: customer.document } : {}),
    },
    shipping_address: { postal_code: text(address.postal_code) },
    invoice: sha(order.invoice),
    labels: (order.labels ?? []).map(sha).filter((label) => label !== null),
  };
}

/** A matched piece as the board shows it. */
export function rowOf(matched: MatchedPiece): BulkRow {
  const { piece } = matched;
  return {
    source: piece.source,
    kind: piece.kind,
    index: piece.index,
    pages: piece.pages,
    status: matched.status,
    order: matched.order,
    candidates: [...matched.candidates],
    evidence: matched.evidence.map(({ key, value, order }) => ({ key, value, order })),
    // The keys are the bulk section's own (refusals and the splitter's codes), built by
    // split-drop from the catalogue's names.
    error: piece.note
      ? { messageKey: piece.note.key as MessageKey, params: { ...piece.note.params } }
      : null,
    sha256: piece.sha256,
    duplicateOf: matched.duplicateOf ?? null,
    deliveredAs: matched.deliveredAs ?? null,
  };
}

/** The drop, split and matched: one row per piece (with its bytes), in the drop's order. */
export async function boardRows(
  files: readonly InMemoryFile[],
  orders: readonly MatchOrder[],
  trackings: readonly CandidateTrackingInput[],
  pdfjs: () => Promise<PdfJsLike & PdfTextReader>,
  zplFonts?: ZplFontsLoader,
  lookup?: TrackingLookup,
): Promise<{ row: BulkRow; bytes: Uint8Array | null }[]> {
  const pieces = await splitDrop(inputsFromFiles(files), pdfjs);
  const contentOf = async (piece: DropPiece): Promise<PieceContent> =>
    piece.kind === 'invoice' && piece.bytes
      ? { texts: await pdfPageTexts(await pdfjs(), piece.bytes), barcodes: [] }
      : labelContent(piece, zplFonts);
  return (await matchDrop(pieces, orders, trackings, contentOf, lookup)).map((matched) => ({
    row: rowOf(matched),
    bytes: matched.piece.bytes,
  }));
}
