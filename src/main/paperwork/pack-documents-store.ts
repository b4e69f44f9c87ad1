import type { DatabaseSync } from 'node:sqlite';
import type { PackDocument } from '../../shared/documents.ts';
import type { MessageKey } from '../../shared/i18n/message-key.ts';
import { rows } from '../platform/sqlite-rows.ts';

// What each finished pack asked of the document printer (migration 7), in the outbox's
// database beside the pack and its print jobs. A row is written when the finish asks, before
// any paper is made: a restart finds the rows with neither a job nor a problem and makes those
// papers then (their print jobs carry a purpose, so a paper already queued is found, not made
// twice).

export interface PackDocumentRow {
  packId: string;
  document: PackDocument;
  jobId: string | null;
  problem: MessageKey | null;
}

interface Raw {
  pack_id: string;
  document: PackDocument;
  job_id: string | null;
  problem: MessageKey | null;
}

const toRow = (raw: Raw): PackDocumentRow => ({
  packId: raw.pack_id,
  document: raw.document,
  jobId: raw.job_id,
  problem: raw.problem,
});

export class PackDocumentsStore {
  private readonly db: DatabaseSync;

  constructor(db: DatabaseSync) {
    this.db = db;
  }

  /** The finish asked for these papers; a paper already asked for keeps what it has. */
  ask(packId: string, documents: readonly PackDocument[]): void {
    const insert = this.db.prepare(
      'INSERT OR IGNORE INTO pack_documents (pack_id, document) VALUES (?, ?)',
    );
    for (const document of documents) insert.run(packId, document);
  }

  /** A paper's outcome: its print job, or why it has none. */
  note(
    packId: string,
    document: PackDocument,
    outcome: { jobId: string } | { problem: MessageKey },
  ): void {
    this.db
      .prepare(
        'UPDATE pack_documents SET job_id = ?, problem = ? WHERE pack_id = ? AND document = ?',
      )
      .run(
        'jobId' in outcome ? outcome.jobId : null,
        'problem' in outcome ? outcome.problem : null,
        packId,
        document,
      );
  }

  /** A pack's papers, in the order they print. */
  of(packId: string): PackDocumentRow[] {
    return rows<Raw>(
      this.db,
      `SELECT pack_id, document, job_id, problem FROM pack_documents WHERE pack_id = ?
         ORDER BY CASE document WHEN 'slip' THEN 0 ELSE 1 END`,
      packId,
    ).map(toRow);
  }

  /** Papers asked for whose making a stop cut off: neither a job nor a problem yet. */
  unmade(): PackDocumentRow[] {
    return rows<Raw>(
      this.db,
      `SELECT pack_id, document, job_id, problem FROM pack_documents
         WHERE job_id IS NULL AND problem IS NULL
         ORDER BY pack_id, CASE document WHEN 'slip' THEN 0 ELSE 1 END`,
    ).map(toRow);
  }
}
