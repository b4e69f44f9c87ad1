// The Bulk board on disk (issue #39): every piece of every drop with its bytes, what matching
// made of it and what the operator decided, plus the last orders listing each profile read.
// A restart shows the same board (nothing matched twice) and an offline drop is matched against
// the orders read before. Its own SQLite file, not the outbox's: the outbox keeps its whole
// schema in page 1 (see database.ts), and a board is the operator's desk, not the station's
// promises: a damaged board file is set aside and the board starts empty, and says so.
import type { DatabaseSync } from 'node:sqlite';
import { join } from 'node:path';
import type { BulkRow } from '../../shared/ipc/bulk-types.ts';
import type { Clock } from '../platform/clock.ts';
import type { StationFs } from '../platform/station-fs.ts';
import * as sqlite from '../platform/sqlite-rows.ts';
import { NewerSchemaError, openDatabase, OutboxInUseError } from '../outbox/database.ts';
import type { MatchOrder } from './match-drop.ts';

export const BOARD_FILE = 'bulk-board.sqlite';

const MIGRATIONS = [
  {
    version: 1,
    sql: `
      CREATE TABLE pieces (
        seq INTEGER PRIMARY KEY AUTOINCREMENT,
        profile_id TEXT NOT NULL,
        dropped_at INTEGER NOT NULL,
        row TEXT NOT NULL,
        bytes BLOB,
        assigned TEXT,
        left_out INTEGER NOT NULL DEFAULT 0,
        job_id TEXT
      );
      CREATE INDEX pieces_of ON pieces (profile_id, seq);
      CREATE TABLE listings (
        profile_id TEXT PRIMARY KEY,
        read_at INTEGER NOT NULL,
        orders TEXT NOT NULL
      );
    `,
  },
  {
    // What the service said of a tracking code read on a piece (its order, or none), so a code
    // is asked about once and an offline drop still knows it.
    version: 2,
    sql: `
      CREATE TABLE trackings (
        profile_id TEXT NOT NULL,
        code TEXT NOT NULL,
        order_id TEXT,
        asked_at INTEGER NOT NULL,
        PRIMARY KEY (profile_id, code)
      );
    `,
  },
];

/** A piece as the board keeps it: the matcher's row, its bytes and the operator's decisions. */
export interface StoredPiece {
  seq: number;
  droppedAt: number;
  row: BulkRow;
  /** The operator typed this order for it (it wins over the matcher's). */
  assigned: string | null;
  leftOut: boolean;
  /** The outbox job that carries it, once queued. */
  jobId: string | null;
}

interface PieceRecord {
  seq: number;
  dropped_at: number;
  row: string;
  assigned: string | null;
  left_out: number;
  job_id: string | null;
}

const SQLITE_CORRUPT = 11;
const SQLITE_NOTADB = 26;
const isDamage = (error: unknown): boolean => {
  const code = (error as { errcode?: unknown }).errcode;
  return typeof code === 'number' && [SQLITE_CORRUPT, SQLITE_NOTADB].includes(code & 0xff);
};

export class BoardStore {
  private readonly db: DatabaseSync;
  private readonly clock: Clock;
  /** Where a damaged board file was set aside at this start, if one was. */
  readonly setAside: string | null;

  constructor(dataDir: string, fs: StationFs, clock: Clock) {
    this.clock = clock;
    const file = join(dataDir, BOARD_FILE);
    let setAside: string | null = null;
    let db: DatabaseSync;
    try {
      db = openDatabase(file, fs, MIGRATIONS);
      // A damaged page can pass the open and fail the first read.
      sqlite.row(db, 'SELECT count(*) AS n FROM pieces');
    } catch (error) {
      if (error instanceof NewerSchemaError || error instanceof OutboxInUseError) throw error;
      if (!isDamage(error)) throw error;
      setAside = `${file}.damaged-${clock.now()}`;
      // Byte for byte, with its journal, so nothing the operator dropped is lost for good.
      for (const suffix of ['', '-wal', '-shm'])
        if (fs.exists(file + suffix)) fs.rename(file + suffix, setAside + suffix);
      db = openDatabase(file, fs, MIGRATIONS);
    }
    this.db = db;
    this.setAside = setAside;
  }

  pieces(profileId: string): StoredPiece[] {
    return sqlite
      .rows<PieceRecord>(
        this.db,
        'SELECT seq, dropped_at, row, assigned, left_out, job_id FROM pieces WHERE profile_id = ? ORDER BY seq',
        profileId,
      )
      .map((r) => ({
        seq: r.seq,
        droppedAt: r.dropped_at,
        row: JSON.parse(r.row) as BulkRow,
        assigned: r.assigned,
        leftOut: r.left_out === 1,
        jobId: r.job_id,
      }));
  }

  /** The bytes a piece was split into (null for a refused input). */
  bytes(profileId: string, seq: number): Uint8Array | null {
    const found = sqlite.row<{ bytes: Uint8Array | null }>(
      this.db,
      'SELECT bytes FROM pieces WHERE profile_id = ? AND seq = ?',
      profileId,
      seq,
    );
    return found?.bytes ?? null;
  }

  /** One drop's pieces, in its order, in one transaction: all of them land or none. */
  add(profileId: string, pieces: readonly { row: BulkRow; bytes: Uint8Array | null }[]): void {
    const at = this.clock.now();
    const insert = this.db.prepare(
      'INSERT INTO pieces (profile_id, dropped_at, row, bytes) VALUES (?, ?, ?, ?)',
    );
    sqlite.transaction(this.db, () => {
      for (const piece of pieces) insert.run(profileId, at, JSON.stringify(piece.row), piece.bytes);
    });
  }

  assign(profileId: string, seq: number, order: string | null): void {
    this.update(profileId, seq, 'assigned = ?, left_out = 0', order);
  }

  leaveOut(profileId: string, seq: number, leftOut: boolean): void {
    this.update(profileId, seq, 'left_out = ?', leftOut ? 1 : 0);
  }

  /**
   * The rows' outbox jobs, all in one transaction: a day queued at once is one disk write here,
   * not one per row. Lost in a crash, a link is found again: the next queue joins the row to
   * the job already holding its bytes.
   */
  queued(profileId: string, links: readonly { seq: number; jobId: string }[]): void {
    const set = this.db.prepare('UPDATE pieces SET job_id = ? WHERE profile_id = ? AND seq = ?');
    sqlite.transaction(this.db, () => {
      for (const { seq, jobId } of links) set.run(jobId, profileId, seq);
    });
  }

  /** Rematched against a newer listing: the matcher's part changes, the operator's stays. */
  rematch(profileId: string, seq: number, row: BulkRow): void {
    this.update(profileId, seq, 'row = ?', JSON.stringify(row));
  }

  /** Empties the board; what was queued lives on in the outbox. */
  clear(profileId: string): number {
    return Number(
      this.db.prepare('DELETE FROM pieces WHERE profile_id = ?').run(profileId).changes,
    );
  }

  saveListing(profileId: string, orders: readonly MatchOrder[]): void {
    this.db
      .prepare(
        `INSERT INTO listings (profile_id, read_at, orders) VALUES (?, ?, ?)
         ON CONFLICT (profile_id) DO UPDATE SET read_at = excluded.read_at, orders = excluded.orders`,
      )
      .run(profileId, this.clock.now(), JSON.stringify(orders));
  }

  /** The last listing this profile read, for a drop made offline; null before the first. */
  listing(profileId: string): { readAt: number; orders: MatchOrder[] } | null {
    const found = sqlite.row<{ read_at: number; orders: string }>(
      this.db,
      'SELECT read_at, orders FROM listings WHERE profile_id = ?',
      profileId,
    );
    return found
      ? { readAt: found.read_at, orders: JSON.parse(found.orders) as MatchOrder[] }
      : null;
  }

  /** What the service said of these codes, where it was asked: the order, or null for none. */
  trackings(profileId: string, codes: readonly string[]): Map<string, string | null> {
    const answers = new Map<string, string | null>();
    const ask = this.db.prepare('SELECT order_id FROM trackings WHERE profile_id = ? AND code = ?');
    for (const code of codes) {
      const found = ask.get(profileId, code) as { order_id: string | null } | undefined;
      if (found) answers.set(code, found.order_id);
    }
    return answers;
  }

  saveTrackings(profileId: string, answers: ReadonlyMap<string, string | null>): void {
    const at = this.clock.now();
    const put = this.db.prepare(
      'INSERT OR REPLACE INTO trackings (profile_id, code, order_id, asked_at) VALUES (?, ?, ?, ?)',
    );
    sqlite.transaction(this.db, () => {
      for (const [code, order] of answers) put.run(profileId, code, order, at);
    });
  }

  close(): void {
    if (this.db.isOpen) this.db.close();
  }

  private update(profileId: string, seq: number, set: string, value: string | number | null) {
    this.db
      .prepare(`UPDATE pieces SET ${set} WHERE profile_id = ? AND seq = ?`)
      .run(value, profileId, seq);
  }
}
