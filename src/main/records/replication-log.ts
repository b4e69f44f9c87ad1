import type { DatabaseSync } from 'node:sqlite';
import { join } from 'node:path';
import { openDatabase } from '../outbox/database.ts';
import type { StationFs } from '../platform/station-fs.ts';
import { row, rows } from '../platform/sqlite-rows.ts';

// Which finished packs PostgreSQL already holds, kept beside the outbox in a file of its own
// (records-replication.sqlite). Not a table in the outbox's database: that one keeps its whole
// schema in SQLite's page 1 so a damaged page elsewhere cannot take every table with it (see
// outbox/database.ts, migration 6), and it has no room left. The queue itself is not stored
// anywhere: it is the journal's finished packs minus this set. A crash between PostgreSQL's
// commit and the note here sends the pack again, and the upsert makes that second send a no-op.
//
// Rows are per target (host:port/database): pointing the station at another database sends
// everything again there, and back-fills it, without forgetting what the first one holds.

export const REPLICATION_FILE = 'records-replication.sqlite';

const LOG_MIGRATIONS: readonly { version: number; sql: string }[] = [
  {
    version: 1,
    sql: `
      CREATE TABLE replicated (
        target TEXT NOT NULL,
        pack_id TEXT NOT NULL,
        finished_at INTEGER NOT NULL,
        sent_at INTEGER NOT NULL,
        label_delivered INTEGER NOT NULL,
        invoice_delivered INTEGER NOT NULL,
        refused TEXT,
        PRIMARY KEY (target, pack_id)
      );
      CREATE INDEX replicated_by_time ON replicated (target, finished_at);
    `,
  },
];

/** What the replicator keeps about each pack sent; tests pass one that fails on purpose. */
export interface ReplicationLog {
  /** The ids of `ids` already in PostgreSQL (or refused by it) for this target. */
  known(target: string, ids: readonly string[]): Set<string>;
  /** The newest finish time noted for this target, or null when nothing was sent yet. */
  newest(target: string): number | null;
  /** Packs noted with a delivery still missing, finished at or after `since`. */
  undelivered(target: string, since: number): string[];
  mark(
    target: string,
    entry: {
      id: string;
      finishedAt: number;
      sentAt: number;
      labelDelivered: boolean;
      invoiceDelivered: boolean;
      /** PostgreSQL refused this pack's data: kept, with why, so it does not block the queue. */
      refused?: string | null;
    },
  ): void;
  close(): void;
}

export class SqliteReplicationLog implements ReplicationLog {
  private readonly db: DatabaseSync;

  constructor(db: DatabaseSync) {
    this.db = db;
  }

  /** Opens (creates, migrates) the log in the station's data folder, locked to this process. */
  static open(dataDir: string, fs: StationFs): SqliteReplicationLog {
    return new SqliteReplicationLog(
      openDatabase(join(dataDir, REPLICATION_FILE), fs, LOG_MIGRATIONS),
    );
  }

  known(target: string, ids: readonly string[]): Set<string> {
    const found = new Set<string>();
    // In slices: SQLite takes at most 32766 parameters in one statement.
    for (let i = 0; i < ids.length; i += 500) {
      const slice = ids.slice(i, i + 500);
      const marks = slice.map(() => '?').join(', ');
      for (const r of rows<{ pack_id: string }>(
        this.db,
        `SELECT pack_id FROM replicated WHERE target = ? AND pack_id IN (${marks})`,
        target,
        ...slice,
      ))
        found.add(r.pack_id);
    }
    return found;
  }

  newest(target: string): number | null {
    return (
      row<{ at: number | null }>(
        this.db,
        'SELECT max(finished_at) AS at FROM replicated WHERE target = ?',
        target,
      )?.at ?? null
    );
  }

  undelivered(target: string, since: number): string[] {
    return rows<{ pack_id: string }>(
      this.db,
      `SELECT pack_id FROM replicated WHERE target = ? AND finished_at >= ? AND refused IS NULL
         AND (label_delivered = 0 OR invoice_delivered = 0) ORDER BY finished_at`,
      target,
      since,
    ).map((r) => r.pack_id);
  }

  mark(target: string, entry: Parameters<ReplicationLog['mark']>[1]): void {
    this.db
      .prepare(
        `INSERT INTO replicated (target, pack_id, finished_at, sent_at, label_delivered,
           invoice_delivered, refused) VALUES (?, ?, ?, ?, ?, ?, ?)
         ON CONFLICT (target, pack_id) DO UPDATE SET sent_at = excluded.sent_at,
           label_delivered = excluded.label_delivered, invoice_delivered = excluded.invoice_delivered,
           refused = excluded.refused`,
      )
      .run(
        target,
        entry.id,
        entry.finishedAt,
        entry.sentAt,
        entry.labelDelivered ? 1 : 0,
        entry.invoiceDelivered ? 1 : 0,
        entry.refused ?? null,
      );
  }

  close(): void {
    if (this.db.isOpen) this.db.close();
  }
}
