import type { DatabaseSync } from 'node:sqlite';
import type { PrintJobState, PrintJobView, PrintKind } from '../../shared/printing.ts';
import * as sqlite from '../platform/sqlite-rows.ts';

// The print queue's rows, in the outbox's database (migration 5). Persisted before anything is
// sent, like the outbox's jobs: a label asked for survives a restart. A job cut off while
// printing comes back `interrupted`, never re-sent by itself: a printer may have printed it,
// and a second copy of a shipping label is a parcel shipped twice.

interface Row {
  id: string;
  /** A document's kind, paper and purpose as JSON (`DocFields`); null for a label. */
  doc: string | null;
  printer: string;
  label_key: string;
  order_id: string | null;
  file_name: string;
  bytes: Uint8Array;
  copies: number;
  state: PrintJobState;
  reprint_reason: string | null;
  requested_by: string;
  attempts: number;
  last_error: string | null;
  last_error_code: string | null;
  created_at: number;
  printed_at: number | null;
}

const VIEW = `id, doc, printer, label_key, order_id, file_name, length(bytes) AS size, copies, state,
  reprint_reason, requested_by, attempts, last_error, last_error_code, created_at, printed_at`;

/** A row as VIEW selects it: everything but the bytes, with the size. */
type ViewRow = Omit<Row, 'bytes'> & { size: number };

/** What `doc` holds, in short keys (it is read and written only here). */
interface DocFields {
  k: PrintKind;
  m: string | null;
  p: string | null;
}

function docOf(text: string | null): DocFields {
  if (text === null) return { k: 'label', m: null, p: null };
  try {
    const doc = JSON.parse(text) as Partial<DocFields>;
    return {
      k: doc.k === 'slip' || doc.k === 'invoice' ? doc.k : 'label',
      m: typeof doc.m === 'string' ? doc.m : null,
      p: typeof doc.p === 'string' ? doc.p : null,
    };
  } catch {
    return { k: 'label', m: null, p: null };
  }
}

export interface NewPrintJob {
  id: string;
  kind: PrintKind;
  printer: string;
  /** A document's paper (CUPS media); null for a label. */
  media: string | null;
  /** What asked for it, once (`pack:<id>:slip`); null for a print asked by hand. */
  purpose: string | null;
  labelKey: string;
  orderId: string | null;
  fileName: string;
  bytes: Uint8Array;
  copies: number;
  reprintReason: string | null;
  requestedBy: string;
}

const toView = (row: ViewRow): PrintJobView => ({
  id: row.id,
  kind: docOf(row.doc).k,
  printer: row.printer,
  media: docOf(row.doc).m,
  labelKey: row.label_key,
  orderId: row.order_id,
  fileName: row.file_name,
  size: row.size,
  copies: row.copies,
  state: row.state,
  reprintReason: row.reprint_reason,
  requestedBy: row.requested_by,
  attempts: row.attempts,
  lastError: row.last_error,
  lastErrorCode: row.last_error_code,
  createdAt: row.created_at,
  printedAt: row.printed_at,
});

export class PrintStore {
  private readonly db: DatabaseSync;

  constructor(db: DatabaseSync) {
    this.db = db;
  }

  add(job: NewPrintJob, at: number): PrintJobView {
    this.db
      .prepare(
        `INSERT INTO print_jobs (id, doc, printer, label_key, order_id, file_name, bytes, copies,
           state, reprint_reason, requested_by, created_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, 'queued', ?, ?, ?)`,
      )
      .run(
        job.id,
        job.kind === 'label' && job.purpose === null
          ? null
          : JSON.stringify({ k: job.kind, m: job.media, p: job.purpose } satisfies DocFields),
        job.printer,
        job.labelKey,
        job.orderId,
        job.fileName,
        job.bytes,
        job.copies,
        job.reprintReason,
        job.requestedBy,
        at,
      );
    const added = this.get(job.id);
    if (!added) throw new Error(`Print job ${job.id} was not stored.`);
    return added;
  }

  get(id: string): PrintJobView | null {
    const row = sqlite.row<ViewRow>(this.db, `SELECT ${VIEW} FROM print_jobs WHERE id = ?`, id);
    return row ? toView(row) : null;
  }

  bytes(id: string): Uint8Array | null {
    const row = sqlite.row<{ bytes: Uint8Array }>(
      this.db,
      'SELECT bytes FROM print_jobs WHERE id = ?',
      id,
    );
    return row ? row.bytes : null;
  }

  /** What asked for a job (`pack:<id>:slip`); null for a print asked by hand. */
  purposeOf(id: string): string | null {
    const found = sqlite.row<{ doc: string | null }>(
      this.db,
      'SELECT doc FROM print_jobs WHERE id = ?',
      id,
    );
    return docOf(found?.doc ?? null).p;
  }

  /** The job made for this purpose, whatever became of it: a purpose prints once. */
  forPurpose(purpose: string): PrintJobView | null {
    const row = sqlite.row<ViewRow>(
      this.db,
      `SELECT ${VIEW} FROM print_jobs WHERE doc IS NOT NULL AND json_extract(doc, '$.p') = ?`,
      purpose,
    );
    return row ? toView(row) : null;
  }

  /** Was this label printed before (on any printer)? Then printing it again is a reprint. */
  printedBefore(labelKey: string): PrintJobView | null {
    const row = sqlite.row<ViewRow>(
      this.db,
      `SELECT ${VIEW} FROM print_jobs WHERE label_key = ? AND state = 'printed'
         ORDER BY printed_at DESC LIMIT 1`,
      labelKey,
    );
    return row ? toView(row) : null;
  }

  /** A job of this label not yet printed (waiting, printing or held): asking again joins it. */
  pendingFor(labelKey: string): PrintJobView | null {
    const row = sqlite.row<ViewRow>(
      this.db,
      `SELECT ${VIEW} FROM print_jobs WHERE label_key = ? AND state IN ('queued', 'printing', 'held')
         ORDER BY seq DESC LIMIT 1`,
      labelKey,
    );
    return row ? toView(row) : null;
  }

  /** The oldest job waiting for a printer, per printer. */
  /**
   * The printer's oldest queued job that may go now: a pack's paper waits while an earlier paper
   * of the same pack is held (purposes `pack:<id>:slip`, `pack:<id>:invoice`: the same text once
   * the document's name is trimmed off), so an invoice never reaches the box before its slip.
   */
  nextQueued(printer: string): PrintJobView | null {
    const row = sqlite.row<ViewRow>(
      this.db,
      `SELECT ${VIEW} FROM print_jobs AS j WHERE printer = ? AND state = 'queued'
         AND NOT EXISTS (
           SELECT 1 FROM print_jobs AS e
           WHERE j.doc IS NOT NULL AND e.doc IS NOT NULL AND e.printer = j.printer
             AND e.seq < j.seq AND e.state = 'held'
             AND json_extract(j.doc, '$.p') LIKE 'pack:%'
             AND rtrim(json_extract(e.doc, '$.p'), 'abcdefghijklmnopqrstuvwxyz') =
                 rtrim(json_extract(j.doc, '$.p'), 'abcdefghijklmnopqrstuvwxyz'))
         ORDER BY seq LIMIT 1`,
      printer,
    );
    return row ? toView(row) : null;
  }

  /** A held job stands ahead of this printer's queued ones (they wait for the operator). */
  heldAhead(printer: string): boolean {
    return (
      sqlite.row(
        this.db,
        `SELECT 1 FROM print_jobs WHERE printer = ? AND state = 'held' AND seq <
           (SELECT MIN(seq) FROM print_jobs WHERE printer = ? AND state = 'queued') LIMIT 1`,
        printer,
        printer,
      ) !== undefined
    );
  }

  printersWithWork(): string[] {
    return sqlite
      .rows<{
        printer: string;
      }>(this.db, `SELECT DISTINCT printer FROM print_jobs WHERE state = 'queued'`)
      .map((r) => r.printer);
  }

  setState(
    id: string,
    state: PrintJobState,
    extra: { error?: string | null; code?: string | null; at?: number; attempt?: boolean } = {},
  ): PrintJobView | null {
    this.db
      .prepare(
        `UPDATE print_jobs SET state = ?, last_error = ?, last_error_code = ?,
           attempts = attempts + ?,
           printed_at = CASE WHEN ? = 'printed' THEN ? ELSE printed_at END
         WHERE id = ?`,
      )
      .run(
        state,
        extra.error ?? null,
        extra.code ?? null,
        extra.attempt ? 1 : 0,
        state,
        extra.at ?? null,
        id,
      );
    return this.get(id);
  }

  /** Jobs cut off by a stop while printing: the printer may or may not have them. */
  interruptAll(): number {
    return Number(
      this.db
        .prepare(
          `UPDATE print_jobs SET state = 'interrupted',
             last_error = 'Packbench stopped while this job was being sent.',
             last_error_code = 'interrupted'
           WHERE state = 'printing'`,
        )
        .run().changes,
    );
  }

  remove(id: string): boolean {
    return Number(this.db.prepare('DELETE FROM print_jobs WHERE id = ?').run(id).changes) > 0;
  }

  /** The queue as the Outbox screen shows it: everything not printed, then the last printed. */
  list(limit = 100): PrintJobView[] {
    return sqlite
      .rows<ViewRow>(
        this.db,
        `SELECT ${VIEW} FROM print_jobs
           ORDER BY CASE state WHEN 'printed' THEN 1 ELSE 0 END, seq DESC LIMIT ?`,
        limit,
      )
      .map(toView);
  }
}
