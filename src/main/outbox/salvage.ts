import { dirname, join } from 'node:path';
import { createHash } from 'node:crypto';
import { DatabaseSync } from 'node:sqlite';
import { FILE_KINDS } from '../../shared/outbox.ts';
import type { StationFs } from '../platform/station-fs.ts';
import { NewerSchemaError, openDatabase, OutboxInUseError, transaction } from './database.ts';
import * as sqlite from '../platform/sqlite-rows.ts';
import { fieldOf, isOneOf, messageOf } from '../platform/guards.ts';
import type { AuditLog } from './audit-log.ts';
import type { NoticeBoard } from './notices.ts';

// A power cut or a failing disk can leave the outbox unreadable ("file is not a database",
// "database disk image is malformed"). That must not stop the station for good, and it must
// not silently reset the queue either: the damaged file is set aside byte for byte, every job
// row that can still be read is copied into a fresh outbox, and the station starts and says so.

export interface SalvageReport {
  /** Where the damaged file (and its WAL, beside it) now lies. */
  damagedCopy: string;
  recovered: number;
  /** Job rows that could not be read; null when not even their number can be told. */
  unreadable: number | null;
  /** Why the file was taken for damaged, in SQLite's words. */
  reason: string;
  at: number;
}

const SQLITE_CORRUPT = 11;
const SQLITE_NOTADB = 26;

/** Is this error SQLite saying the file is damaged (as opposed to busy, full, read-only…)? */
export function isDamage(error: unknown): boolean {
  const errcode = fieldOf(error, 'errcode');
  const code = (typeof errcode === 'number' ? errcode : 0) & 0xff;
  return code === SQLITE_CORRUPT || code === SQLITE_NOTADB;
}

/** `PRAGMA quick_check`: null when the file is sound, otherwise SQLite's first complaint. */
function damageOf(db: DatabaseSync): string | null {
  const rows = sqlite.rows<{ quick_check: string }>(db, 'PRAGMA quick_check');
  const first = rows[0]?.quick_check ?? 'no answer from quick_check';
  return rows.length === 1 && first === 'ok' ? null : first;
}

/**
 * Opens the outbox; a damaged one is set aside, salvaged into a fresh file, and reported.
 * A newer schema, a lock held by another process, a full disk or a read-only folder are not
 * damage: they are thrown as they are, and the start stops.
 */
export function openOrSalvage(
  file: string,
  now: () => number,
  fs: StationFs,
): { db: DatabaseSync; salvage: SalvageReport | null } {
  let reason: string;
  try {
    const db = openDatabase(file, fs);
    let damage: string | null;
    try {
      damage = damageOf(db);
    } catch (error) {
      db.close();
      throw error;
    }
    if (damage === null) return { db, salvage: null };
    db.close();
    reason = damage;
  } catch (error) {
    if (error instanceof NewerSchemaError || error instanceof OutboxInUseError) throw error;
    if (!isDamage(error)) throw error;
    reason = messageOf(error);
  }

  const at = now();
  const stamp = new Date(at).toISOString().replace(/[:.]/g, '-');
  // Never over an earlier copy (two salvages within one millisecond, a clock set back).
  let damagedCopy = `${file}.damaged-${stamp}`;
  for (let n = 2; fs.exists(damagedCopy); n += 1) damagedCopy = `${file}.damaged-${stamp}-${n}`;
  // Byte for byte: a rename, with the WAL (which may hold the newest pages) kept beside it
  // under the name SQLite looks for.
  fs.rename(file, damagedCopy);
  for (const suffix of ['-wal', '-shm'])
    if (fs.exists(`${file}${suffix}`)) fs.rename(`${file}${suffix}`, `${damagedCopy}${suffix}`);

  const db = openDatabase(file, fs);
  const { recovered, unreadable } = copyReadableRows(damagedCopy, db, fs);
  return { db, salvage: { damagedCopy, recovered, unreadable, reason, at } };
}

const JOB_COLUMNS = [
  'seq',
  'id',
  'profile_id',
  'kind',
  'sequence_key',
  'idempotency_key',
  'payload',
  'file',
  'file_sha256',
  'state',
  'attempts',
  'next_attempt_at',
  'last_error',
  'result',
  'created_at',
  'updated_at',
] as const;

const AUDIT_COLUMNS = [
  'at',
  'profile_id',
  'event',
  'job_id',
  'message_key',
  'message',
  'details',
] as const;

/**
 * Reads what it can from a scratch copy of the damaged file (SQLite may want to write a
 * journal or -shm while reading; the set-aside copy stays untouched) into `target`.
 */
function copyReadableRows(
  damaged: string,
  target: DatabaseSync,
  fs: StationFs,
): { recovered: number; unreadable: number | null } {
  const scratch = fs.makeScratchDir(join(dirname(damaged), '.salvage-'));
  const copy = join(scratch, 'outbox.sqlite');
  try {
    fs.copy(damaged, copy);
    if (fs.exists(`${damaged}-wal`)) fs.copy(`${damaged}-wal`, `${copy}-wal`);
    forgetRecordedSize(copy, fs);
    let source: DatabaseSync;
    try {
      source = new DatabaseSync(copy);
      source.prepare('SELECT count(*) FROM sqlite_master').get();
    } catch {
      return { recovered: 0, unreadable: null };
    }
    try {
      const jobs = readJobs(source);
      let inserted = 0;
      transaction(target, () => {
        const insert = target.prepare(
          `INSERT OR IGNORE INTO jobs (${JOB_COLUMNS.join(', ')}) VALUES (${JOB_COLUMNS.map(() => '?').join(', ')})`,
        );
        for (const row of jobs.rows) {
          try {
            const result = insert.run(
              ...JOB_COLUMNS.map((c) => row[c] as string | number | Uint8Array | null),
            );
            inserted += Number(result.changes);
          } catch (error) {
            console.warn(`salvage: a job row could not be copied: ${messageOf(error)}`);
          }
        }
        const audit = target.prepare(
          `INSERT INTO audit (${AUDIT_COLUMNS.join(', ')}) VALUES (${AUDIT_COLUMNS.map(() => '?').join(', ')})`,
        );
        for (const row of readAudit(source))
          audit.run(...AUDIT_COLUMNS.map((c) => row[c] as string | number | null));
        copyPrintJobs(source, target);
        copyPacks(source, target);
      });
      const skipped = jobs.rows.length - inserted;
      return {
        recovered: inserted,
        unreadable: jobs.unreadable === null ? null : jobs.unreadable + skipped,
      };
    } finally {
      source.close();
    }
  } finally {
    fs.remove(scratch);
  }
}

/**
 * A file cut short still claims its old page count in its header, and SQLite then calls every
 * query "malformed". With that field zeroed SQLite goes by the file's real size, and only the
 * rows on the missing pages are lost. (Done on the scratch copy only.)
 */
function forgetRecordedSize(file: string, fs: StationFs): void {
  const header = Buffer.from(fs.readHead(file, 100));
  if (header.length === 100 && header.toString('latin1', 0, 15) === 'SQLite format 3')
    fs.patch(file, 28, new Uint8Array(4));
}

type Row = Record<string, unknown>;

/**
 * Every job row that can be read. Rows are fetched one by one through the primary key, so a
 * damaged page costs only the rows on it; those are counted as unreadable.
 */
function readJobs(source: DatabaseSync): { rows: Row[]; unreadable: number | null } {
  const highest = highestSeq(source);
  if (highest === null) return scanJobs(source);
  const rows: Row[] = [];
  let unreadable = 0;
  const one = source.prepare(`SELECT ${JOB_COLUMNS.join(', ')} FROM jobs WHERE seq = ?`);
  for (let seq = 1; seq <= highest; seq += 1) {
    try {
      const row = one.get(seq) as Row | undefined;
      if (!row) continue;
      if (isWhole(row)) rows.push(row);
      else unreadable += 1;
    } catch {
      unreadable += 1;
    }
  }
  return { rows, unreadable };
}

/**
 * A row read back is only worth sending if it is whole: its payload parses and its file (when
 * its kind has one) is there and still has the hash it was stored with.
 */
function isWhole(row: Row): boolean {
  if (typeof row['id'] !== 'string' || typeof row['payload'] !== 'string') return false;
  try {
    JSON.parse(row['payload']);
  } catch {
    return false;
  }
  const kind = row['kind'];
  if (!isOneOf(kind, FILE_KINDS)) return true;
  const file = row['file'];
  return (
    file instanceof Uint8Array &&
    file.length > 0 &&
    createHash('sha256').update(file).digest('hex') === row['file_sha256']
  );
}

function highestSeq(source: DatabaseSync): number | null {
  for (const sql of [
    "SELECT seq AS n FROM sqlite_sequence WHERE name = 'jobs'",
    'SELECT max(seq) AS n FROM jobs',
  ]) {
    try {
      const n = sqlite.row<{ n: number | null }>(source, sql)?.n;
      if (typeof n === 'number' && Number.isSafeInteger(n) && n >= 0 && n < 100_000_000) return n;
    } catch {
      // Try the next way of asking.
    }
  }
  return null;
}

/** A plain scan, as far as it gets, when not even the highest sequence number can be read. */
function scanJobs(source: DatabaseSync): { rows: Row[]; unreadable: number | null } {
  const rows: Row[] = [];
  try {
    let broken = 0;
    for (const row of source.prepare(`SELECT ${JOB_COLUMNS.join(', ')} FROM jobs`).iterate()) {
      if (isWhole(row as Row)) rows.push(row as Row);
      else broken += 1;
    }
    return { rows, unreadable: broken };
  } catch {
    // The rest of the table is behind a damaged page; how many rows it held cannot be told.
    return { rows, unreadable: null };
  }
}

/** The audit log, best effort: as far as a scan gets. */
function readAudit(source: DatabaseSync): Row[] {
  const rows: Row[] = [];
  try {
    for (const row of source
      .prepare(`SELECT ${AUDIT_COLUMNS.join(', ')} FROM audit ORDER BY id`)
      .iterate())
      rows.push(row as Row);
  } catch {
    // Keep what was read.
  }
  return rows;
}

const PRINT_COLUMNS = [
  'id',
  'printer',
  'label_key',
  'order_id',
  'file_name',
  'bytes',
  'copies',
  'state',
  'reprint_reason',
  'requested_by',
  'attempts',
  'last_error',
  'created_at',
  'printed_at',
] as const;

const DOCUMENT_COLUMNS = ['doc'] as const;

/**
 * The print queue (schema 5 and later), best effort like the activity log: a label asked for
 * is not lost with a damaged page elsewhere. A label cut off while printing comes back to be
 * marked interrupted by the queue, never re-sent by itself.
 */
function copyPrintJobs(source: DatabaseSync, target: DatabaseSync): void {
  let rows: Row[] = [];
  // Schema 7 and later: what a job is (a label or a document), its paper and its purpose; a
  // document copied as a label would go to its printer raw.
  let columns: readonly string[] = [...PRINT_COLUMNS, ...DOCUMENT_COLUMNS];
  for (const tried of [columns, PRINT_COLUMNS]) {
    try {
      rows = [
        ...source.prepare(`SELECT ${tried.join(', ')} FROM print_jobs ORDER BY seq`).iterate(),
      ] as Row[];
      columns = tried;
      break;
    } catch {
      // An outbox from before documents (then before the print queue), or the table behind a
      // damaged page.
    }
  }
  const insert = target.prepare(
    `INSERT OR IGNORE INTO print_jobs (${columns.join(', ')}) VALUES (${columns.map(() => '?').join(', ')})`,
  );
  for (const row of rows) {
    try {
      insert.run(...columns.map((c) => row[c] as string | number | Uint8Array | null));
    } catch (error) {
      console.warn(`salvage: a print job could not be copied: ${messageOf(error)}`);
    }
  }
}

const PACK_TABLES = {
  packs: [
    'id',
    'profile_id',
    'order_id',
    'station',
    'account',
    'status',
    'snapshot',
    'started_at',
    'finished_at',
    'short_reason',
    'short_text',
    'status_job_id',
    'print_job_id',
    'print_problem',
  ],
  pack_events: ['seq', 'pack_id', 'at', 'kind', 'data'],
} as const;

/**
 * Verified packs and their scans (schema 6 and later), best effort like the print queue: the
 * record of what went into a box outlives a damaged page elsewhere, and an open pack resumes.
 */
function copyPacks(source: DatabaseSync, target: DatabaseSync): void {
  for (const [table, known] of Object.entries(PACK_TABLES)) {
    let rows: Row[] = [];
    let columns: readonly string[] = known;
    // Schema 7 and later: a finished pack's papers (what it asked of the document printer).
    const tries = table === 'packs' ? [[...known, 'papers'], known] : [known];
    for (const tried of tries) {
      try {
        rows = [...source.prepare(`SELECT ${tried.join(', ')} FROM ${table}`).iterate()] as Row[];
        columns = tried;
        break;
      } catch {
        // An outbox from before packs (or papers), or the table behind a damaged page.
      }
    }
    const insert = target.prepare(
      `INSERT OR IGNORE INTO ${table} (${columns.join(', ')}) VALUES (${columns.map(() => '?').join(', ')})`,
    );
    for (const row of rows) {
      try {
        insert.run(...columns.map((c) => row[c] as string | number | null));
      } catch (error) {
        console.warn(`salvage: a ${table} row could not be copied: ${messageOf(error)}`);
      }
    }
  }
}

/** A salvaged outbox says so: a notice on the banner, and a row in the activity log. */
export function announceSalvage(
  salvage: SalvageReport,
  notices: NoticeBoard,
  audit: AuditLog,
): void {
  const { damagedCopy, recovered, unreadable, reason } = salvage;
  notices.post({
    kind: 'salvaged',
    details: { damagedCopy, recovered, unreadable, reason },
  });
  audit.record({
    event: 'outbox.salvaged',
    messageKey: 'activity.salvaged',
    params: { copy: damagedCopy, recovered },
    message: `The outbox file was damaged (${reason}); it was set aside as ${damagedCopy}. ${recovered} job(s) recovered, ${unreadable ?? 'an unknown number of'} unreadable.`,
    details: salvage,
  });
}
