import type { MessageKey } from '../i18n/message-key.ts';
import type { JobState } from '../outbox.ts';

/** What a Bulk board row is (issue #39): a piece of the drop and what matching made of it. */
export type BulkRowStatus =
  'matched' | 'ambiguous' | 'unmatched' | 'duplicate' | 'refused' | 'other';

/** A sentence as a catalogue key with its values. */
export interface BulkSentence {
  messageKey: MessageKey;
  params: Record<string, string | number>;
}

/** One piece of a drop (a label, an invoice, a block or a refused file) and its order, if any. */
export interface BulkRow {
  /** The dropped file's name, or `ARCHIVE.zip!entry`. */
  source: string;
  kind: 'label' | 'invoice' | 'other';
  /** 1-based place among its source's labels or invoices; null for a refused input. */
  index: number | null;
  /** An invoice's pages (1-based); null for a label. */
  pages: number[] | null;
  status: BulkRowStatus;
  order: string | null;
  /** The orders that fit an ambiguous piece (never guessed between). */
  candidates: string[];
  evidence: {
    key: 'orderId' | 'tracking' | 'document' | 'name' | 'postalCode' | 'accessKey';
    value: string;
    order: string | null;
  }[];
  /** Why it was refused, or what an `other` piece is: a sentence key and its values. */
  error: BulkSentence | null;
  sha256: string | null;
  /** A second copy in the drop: the first one. */
  duplicateOf: { source: string; index: number } | null;
  /** The same bytes are already on the matched order. */
  deliveredAs: string | null;
}

/** A row as the board keeps it: the matcher's row and what the operator decided about it. */
export interface BulkBoardRow extends BulkRow {
  /** The board's own number for the row: what the window names when it acts on it. */
  seq: number;
  /** The order the operator typed for it (it wins over the matcher's). */
  assigned: string | null;
  /** The operator left it out (Delete): it is never queued until brought back. */
  leftOut: boolean;
  /** Where it goes when queued: the operator's order, else the matched one; null when none. */
  target: string | null;
  /** The outbox job that carries it, once queued, with its state now. */
  job: { id: string; state: JobState; fileName: string } | null;
}

export interface BulkBoard {
  rows: BulkBoardRow[];
  /** How many orders the pieces were matched against. */
  orders: number;
  /** Said above the board: the orders could not be read (or were read earlier), a file set aside… */
  notices: BulkSentence[];
}

/** What one Queue did: how many rows went to the outbox and how many already had gone. */
export interface BulkQueued {
  board: BulkBoard;
  queued: number;
  /** Already in the outbox (waiting or delivered) with the same bytes for the same order. */
  already: number;
}

/** What a row looks like: a label as a PNG our engine drew, or an invoice's PDF. */
export interface BulkPreview {
  kind: 'label' | 'invoice';
  bytes: Uint8Array;
}
