import type { DatabaseSync } from 'node:sqlite';
import { PACK_DOCUMENTS, type PackDocument } from '../../shared/documents.ts';
import type { MessageKey } from '../../shared/i18n/message-key.ts';
import { CATALOGUES, type CatalogueLanguage } from '../../shared/i18n/translate.ts';
import { row, rows } from '../platform/sqlite-rows.ts';

// What each finished pack asked of the document printer, in its row's `papers` (migration 7:
// JSON, a column rather than a table so the schema stays in page 1). The ask is written when
// the finish asks, before any paper is made: a restart finds papers with neither a job nor a
// problem and makes those then (their print jobs carry a purpose, so a paper already queued is
// found, not made twice).

export interface PackDocumentRow {
  packId: string;
  document: PackDocument;
  jobId: string | null;
  problem: MessageKey | null;
  /** The window's language when the finish asked: a slip made after a restart still speaks it. */
  language: CatalogueLanguage | null;
}

/** One paper as `papers` stores it, in short keys ("l" after "p": unmade() reads j then p). */
interface Stored {
  d: PackDocument;
  j: string | null;
  p: MessageKey | null;
  l?: CatalogueLanguage;
}

const isLanguage = (value: unknown): value is CatalogueLanguage =>
  typeof value === 'string' && Object.hasOwn(CATALOGUES, value);

function parse(text: string | null): Stored[] {
  if (!text) return [];
  try {
    const list = JSON.parse(text) as unknown;
    if (!Array.isArray(list)) return [];
    return list.filter(
      (item): item is Stored =>
        typeof item === 'object' &&
        item !== null &&
        PACK_DOCUMENTS.includes((item as Stored).d) &&
        ((item as Stored).j === null || typeof (item as Stored).j === 'string') &&
        ((item as Stored).p === null || typeof (item as Stored).p === 'string') &&
        ((item as Stored).l === undefined || isLanguage((item as Stored).l)),
    );
  } catch {
    return [];
  }
}

const inOrder = (papers: Stored[]) =>
  [...papers].sort((a, b) => PACK_DOCUMENTS.indexOf(a.d) - PACK_DOCUMENTS.indexOf(b.d));

export class PackDocumentsStore {
  private readonly db: DatabaseSync;

  constructor(db: DatabaseSync) {
    this.db = db;
  }

  private read(packId: string): Stored[] {
    return parse(
      row<{ papers: string | null }>(this.db, 'SELECT papers FROM packs WHERE id = ?', packId)
        ?.papers ?? null,
    );
  }

  private write(packId: string, papers: Stored[]): void {
    this.db
      .prepare('UPDATE packs SET papers = ? WHERE id = ?')
      .run(JSON.stringify(inOrder(papers)), packId);
  }

  /** The finish asked for these papers; a paper already asked for keeps what it has. */
  ask(packId: string, documents: readonly PackDocument[], language: CatalogueLanguage): void {
    const papers = this.read(packId);
    for (const d of documents)
      if (!papers.some((p) => p.d === d)) papers.push({ d, j: null, p: null, l: language });
    this.write(packId, papers);
  }

  /** A paper's outcome: its print job, or why it has none. */
  note(
    packId: string,
    document: PackDocument,
    outcome: { jobId: string } | { problem: MessageKey },
  ): void {
    const papers = this.read(packId).map((paper) =>
      paper.d === document
        ? {
            d: paper.d,
            j: 'jobId' in outcome ? outcome.jobId : null,
            p: 'problem' in outcome ? outcome.problem : null,
            ...(paper.l ? { l: paper.l } : {}),
          }
        : paper,
    );
    this.write(packId, papers);
  }

  /** A pack's papers, in the order they print. */
  of(packId: string): PackDocumentRow[] {
    return inOrder(this.read(packId)).map((paper) => ({
      packId,
      document: paper.d,
      jobId: paper.j,
      problem: paper.p,
      language: paper.l ?? null,
    }));
  }

  /** Papers asked for whose making a stop cut off: neither a job nor a problem yet. */
  unmade(): PackDocumentRow[] {
    // The LIKE keeps the scan to packs with such a paper (papers are written by this file only,
    // always with "j" then "p"); the parse decides.
    return rows<{ id: string; papers: string }>(
      this.db,
      `SELECT id, papers FROM packs WHERE papers LIKE '%"j":null,"p":null%' ORDER BY started_at`,
    ).flatMap(({ id }) => this.of(id).filter((paper) => !paper.jobId && !paper.problem));
  }
}
