import { dirname } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import type { StationFs } from '../platform/station-fs.ts';
import * as sqlite from '../platform/sqlite-rows.ts';
import { fieldOf, messageOf } from '../platform/guards.ts';

// One transaction helper for every table in this database (the packs' too): platform's.
export const transaction = sqlite.transaction;

/** Versioned migrations: append only; each runs once, in its own transaction. */
export const MIGRATIONS: readonly { version: number; sql: string }[] = [
  {
    version: 1,
    sql: `
      CREATE TABLE jobs (
        seq INTEGER PRIMARY KEY AUTOINCREMENT,
        id TEXT NOT NULL UNIQUE,
        profile_id TEXT NOT NULL,
        kind TEXT NOT NULL,
        sequence_key TEXT NOT NULL,
        idempotency_key TEXT NOT NULL UNIQUE,
        payload TEXT NOT NULL,
        file BLOB,
        file_sha256 TEXT,
        state TEXT NOT NULL,
        attempts INTEGER NOT NULL DEFAULT 0,
        next_attempt_at INTEGER NOT NULL,
        last_error TEXT,
        result TEXT,
        created_at INTEGER NOT NULL,
        updated_at INTEGER NOT NULL
      );
      CREATE INDEX jobs_ready ON jobs (profile_id, state, next_attempt_at);
      CREATE INDEX jobs_sequence ON jobs (profile_id, sequence_key, seq);
      CREATE TABLE quarantine (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        job_id TEXT,
        row TEXT NOT NULL,
        reason TEXT NOT NULL,
        quarantined_at INTEGER NOT NULL
      );
      CREATE TABLE audit (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        at INTEGER NOT NULL,
        profile_id TEXT,
        event TEXT NOT NULL,
        job_id TEXT,
        message_key TEXT NOT NULL,
        message TEXT NOT NULL,
        details TEXT
      );
      CREATE INDEX audit_at ON audit (at);
    `,
  },
  {
    // What the station must tell the operator until acknowledged (a salvaged outbox…).
    version: 2,
    sql: `
      CREATE TABLE notices (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        kind TEXT NOT NULL,
        details TEXT NOT NULL,
        created_at INTEGER NOT NULL,
        acknowledged_at INTEGER
      );
    `,
  },
  {
    // The state an orphaned job had before its profile went away, restored when it is moved.
    version: 3,
    sql: `ALTER TABLE jobs ADD COLUMN held_state TEXT;`,
  },
  {
    // Activity sentences as keys and values, rendered in the operator's language when shown.
    version: 4,
    sql: `ALTER TABLE audit ADD COLUMN params TEXT;`,
  },
  {
    // The station's print queue lives in the same file as the outbox: one lock against a second
    // Packbench, one salvage, one place a restart reads back from.
    version: 5,
    sql: `
      CREATE TABLE print_jobs (
        seq INTEGER PRIMARY KEY AUTOINCREMENT,
        id TEXT NOT NULL UNIQUE,
        printer TEXT NOT NULL,
        label_key TEXT NOT NULL,
        order_id TEXT,
        file_name TEXT NOT NULL,
        bytes BLOB NOT NULL,
        copies INTEGER NOT NULL DEFAULT 1,
        state TEXT NOT NULL CHECK (state IN ('queued', 'printing', 'printed', 'held', 'failed', 'interrupted')),
        reprint_reason TEXT,
        requested_by TEXT NOT NULL,
        attempts INTEGER NOT NULL DEFAULT 0,
        last_error TEXT,
        last_error_code TEXT,
        created_at INTEGER NOT NULL,
        printed_at INTEGER
      );
      CREATE INDEX print_jobs_by_label ON print_jobs (label_key, state);
      CREATE INDEX print_jobs_waiting ON print_jobs (printer, state, seq);
    `,
  },
  {
    // Verified packs: the pack (with what the order, its products and its lots were when it
    // opened, so a restart resumes it offline) and every scan as it happened, append only.
    // Written tight on purpose: SQLite keeps this text in the schema, and while the whole
    // schema fits in page 1 a damaged stretch elsewhere in the file cannot take every table
    // with it (the salvage then still reads the rest).
    version: 6,
    sql: [
      `CREATE TABLE packs (id TEXT PRIMARY KEY, profile_id TEXT NOT NULL, order_id TEXT NOT NULL,
station TEXT NOT NULL, account TEXT NOT NULL, status TEXT NOT NULL, snapshot TEXT NOT NULL,
started_at INTEGER NOT NULL, finished_at INTEGER, short_reason TEXT, short_text TEXT,
status_job_id TEXT, print_job_id TEXT, print_problem TEXT)`,
      `CREATE UNIQUE INDEX packs_open ON packs (profile_id, order_id) WHERE status = 'open'`,
      `CREATE INDEX packs_order ON packs (order_id)`,
      `CREATE INDEX packs_day ON packs (finished_at)`,
      `CREATE TABLE pack_events (seq INTEGER PRIMARY KEY, pack_id TEXT NOT NULL, at INTEGER NOT NULL,
kind TEXT NOT NULL, data TEXT NOT NULL)`,
      `CREATE INDEX pack_events_of ON pack_events (pack_id, seq)`,
    ].join(';\n'),
  },
  {
    // Paperwork (issue #30): a print job that is a document says so in `doc` (its kind, paper
    // and purpose, as JSON; null for a label); a finished pack's `papers` say what it asked of
    // the document printer. Two columns and no index on purpose: the whole schema must still
    // fit in page 1 (see version 6), and it has about 140 bytes left.
    version: 7,
    sql: `ALTER TABLE print_jobs ADD COLUMN doc TEXT;
ALTER TABLE packs ADD COLUMN papers TEXT`,
  },
];

/** The outbox was written by a newer Packbench: this build must not touch it. */
export class NewerSchemaError extends Error {
  readonly file: string;
  readonly found: number;
  readonly known: number;
  constructor(file: string, found: number, known: number) {
    super(
      `The outbox database ${file} is from a newer Packbench (schema ${found}, this build knows ${known}). Update Packbench.`,
    );
    this.name = 'NewerSchemaError';
    this.file = file;
    this.found = found;
    this.known = known;
  }
}

export function openDatabase(file: string, fs: StationFs, migrations = MIGRATIONS): DatabaseSync {
  const newest = migrations.at(-1)?.version ?? 0;
  if (file !== ':memory:' && fs.exists(file)) {
    // Read the version before anything writes: switching the journal mode or migrating would
    // change a newer Packbench's file.
    const found = storedSchemaVersion(file, fs);
    if (found > newest) throw new NewerSchemaError(file, found, newest);
  }
  if (file !== ':memory:') fs.makeDir(dirname(file));
  const db = new DatabaseSync(file);
  try {
    takeExclusiveLock(db, file);
    db.exec('PRAGMA synchronous = FULL');
    db.exec('PRAGMA foreign_keys = ON');
    migrate(db, migrations, file);
  } catch (error) {
    db.close();
    throw error;
  }
  return db;
}

/** Another process holds this outbox: two writers would send the same jobs twice. */
export class OutboxInUseError extends Error {
  readonly file: string;
  constructor(file: string, cause: unknown) {
    super(`The outbox ${file} is in use by another Packbench process.`, { cause });
    this.name = 'OutboxInUseError';
    this.file = file;
  }
}

const SQLITE_BUSY = 5;
const SQLITE_LOCKED = 6;
const isBusy = (error: unknown): boolean => {
  const errcode = fieldOf(error, 'errcode');
  const code = (typeof errcode === 'number' ? errcode : 0) & 0xff;
  return code === SQLITE_BUSY || code === SQLITE_LOCKED;
};

/**
 * One writer per outbox, for the life of the process: SQLite's exclusive locking mode keeps the
 * lock from the first write until the connection closes, and the operating system drops it when
 * the process dies (no PID file for a crash to leave behind). The write that takes it happens
 * here, with no busy wait, so a second process fails at once with a typed error.
 */
function takeExclusiveLock(db: DatabaseSync, file: string): void {
  db.exec('PRAGMA busy_timeout = 0');
  db.exec('PRAGMA locking_mode = EXCLUSIVE');
  try {
    db.exec('PRAGMA journal_mode = WAL');
    db.exec('BEGIN IMMEDIATE');
    db.exec('COMMIT');
  } catch (error) {
    if (isBusy(error)) throw new OutboxInUseError(file, error);
    throw error;
  }
  db.exec('PRAGMA busy_timeout = 5000');
}

/**
 * The schema version of a database file without opening it for SQLite, which would leave -wal
 * and -shm files behind. The header holds `user_version` at byte 60; only pages still in a
 * non-empty WAL can be newer, and then SQLite itself reads it (those files already exist).
 */
function storedSchemaVersion(file: string, fs: StationFs): number {
  const wal = `${file}-wal`;
  if (fs.exists(wal) && fs.size(wal) > 0) {
    const db = new DatabaseSync(file, { readOnly: true });
    try {
      return schemaVersion(db);
    } catch (error) {
      // A running Packbench keeps its WAL and holds the lock.
      if (isBusy(error)) throw new OutboxInUseError(file, error);
      throw error;
    } finally {
      db.close();
    }
  }
  const header = Buffer.from(fs.readHead(file, 100));
  if (header.length < 100) return 0;
  return header.toString('latin1', 0, 16) === 'SQLite format 3\0' ? header.readUInt32BE(60) : 0;
}

export function schemaVersion(db: DatabaseSync): number {
  const row = sqlite.row<{ user_version: number }>(db, 'PRAGMA user_version');
  return row?.user_version ?? 0;
}

function migrate(
  db: DatabaseSync,
  migrations: readonly { version: number; sql: string }[],
  file: string,
): void {
  const current = schemaVersion(db);
  const newest = migrations.at(-1)?.version ?? 0;
  if (current > newest) throw new NewerSchemaError(file, current, newest);
  for (const migration of migrations) {
    if (migration.version <= current) continue;
    transaction(db, () => {
      db.exec(migration.sql);
      db.exec(`PRAGMA user_version = ${migration.version}`);
    });
  }
}

const SQLITE_FULL = 13;
const SQLITE_IOERR = 10;

/** Did this write fail because the disk (or the user's quota) is full? */
export function isDiskFull(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && typeof e === 'object' && depth < 5; depth++) {
    const code = fieldOf(e, 'code');
    const errcode = fieldOf(e, 'errcode');
    if (code === 'ENOSPC' || code === 'EDQUOT') return true;
    if (typeof errcode === 'number' && (errcode & 0xff) === SQLITE_FULL) return true;
    // SQLite reports some writes that found no space as I/O errors (SQLITE_IOERR_WRITE…).
    if (
      typeof errcode === 'number' &&
      (errcode & 0xff) === SQLITE_IOERR &&
      /full|space/i.test(messageOf(e))
    )
      return true;
    e = fieldOf(e, 'cause');
  }
  return false;
}
