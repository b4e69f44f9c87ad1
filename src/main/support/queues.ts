import { DatabaseSync } from 'node:sqlite';
import { existsSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { rows } from '../platform/sqlite-rows.ts';
import { fieldOf, messageOf } from '../platform/guards.ts';

/** The outbox's and print queue's counts and failed jobs' errors: never a payload or a file. */
export interface QueueSummary {
  outbox: { counts: Record<string, number>; failed: FailedJob[] };
  printQueue: { counts: Record<string, number>; failed: FailedPrint[] };
  /** Why the counts are missing (no outbox yet, a running station holds it…). */
  unavailable?: string;
}

interface FailedJob {
  id: string;
  profileId: string;
  kind: string;
  state: string;
  attempts: number;
  updatedAt: number | null;
  error: unknown;
}

interface FailedPrint {
  id: string;
  printer: string;
  state: string;
  attempts: number;
  error: string | null;
  errorCode: string | null;
}

const FAILED_LIMIT = 200;

/**
 * Reads `outbox.sqlite` read-only (it never migrates or locks it). A running station
 * keeps the file locked for itself: then the summary says so in a sentence instead.
 */
export function readQueues(file: string): QueueSummary {
  const empty: QueueSummary = {
    outbox: { counts: {}, failed: [] },
    printQueue: { counts: {}, failed: [] },
  };
  if (!existsSync(file)) return { ...empty, unavailable: 'This station has no outbox yet.' };
  let db: DatabaseSync | null = null;
  try {
    // Without a WAL beside it (a station that closed), the file is all there is: opened as
    // immutable, SQLite creates nothing beside it. With one, a station runs (and holds it) or
    // stopped without closing: SQLite's own read-only open reads the WAL too.
    const url = pathToFileURL(file);
    if (!existsSync(`${file}-wal`)) url.search = 'immutable=1';
    db = new DatabaseSync(url, { readOnly: true });
    db.exec('PRAGMA busy_timeout = 500');
    const tables = new Set(
      rows<{ name: string }>(db, "SELECT name FROM sqlite_master WHERE type = 'table'").map(
        (r) => r.name,
      ),
    );
    const counts = (table: string) =>
      Object.fromEntries(
        rows<{ state: string; n: number }>(
          db as DatabaseSync,
          `SELECT state, COUNT(*) AS n FROM ${table} GROUP BY state ORDER BY state`,
        ).map((r) => [r.state, r.n]),
      );
    const summary: QueueSummary = structuredClone(empty);
    if (tables.has('jobs')) {
      summary.outbox.counts = counts('jobs');
      summary.outbox.failed = rows<{
        id: string;
        profile_id: string;
        kind: string;
        state: string;
        attempts: number;
        updated_at: number | null;
        last_error: string | null;
      }>(
        db,
        `SELECT id, profile_id, kind, state, attempts, updated_at, last_error FROM jobs
         WHERE state IN ('failed', 'uncertain', 'orphaned') OR last_error IS NOT NULL
         ORDER BY seq DESC LIMIT ${FAILED_LIMIT}`,
      ).map((r) => ({
        id: r.id,
        profileId: r.profile_id,
        kind: r.kind,
        state: r.state,
        attempts: r.attempts,
        updatedAt: r.updated_at,
        error: parsed(r.last_error),
      }));
    }
    if (tables.has('print_jobs')) {
      summary.printQueue.counts = counts('print_jobs');
      summary.printQueue.failed = rows<{
        id: string;
        printer: string;
        state: string;
        attempts: number;
        last_error: string | null;
        last_error_code: string | null;
      }>(
        db,
        `SELECT id, printer, state, attempts, last_error, last_error_code FROM print_jobs
         WHERE state IN ('failed', 'held', 'interrupted') ORDER BY seq DESC LIMIT ${FAILED_LIMIT}`,
      ).map((r) => ({
        id: r.id,
        printer: r.printer,
        state: r.state,
        attempts: r.attempts,
        error: r.last_error,
        errorCode: r.last_error_code,
      }));
    }
    return summary;
  } catch (error) {
    const code = fieldOf(error, 'errcode');
    const busy = typeof code === 'number' && [5, 6].includes(code & 0xff);
    return {
      ...empty,
      unavailable: busy
        ? 'The outbox is in use by a running station, so its counts are not in this bundle: take the bundle from the station (Help → Save support bundle) or after it is closed.'
        : `The outbox could not be read (${messageOf(error)}).`,
    };
  } finally {
    db?.close();
  }
}

function parsed(text: string | null): unknown {
  if (text === null) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}
