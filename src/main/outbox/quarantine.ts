import type { DatabaseSync } from 'node:sqlite';
import { transaction } from './database.ts';
import { COLUMNS, invalidReason, type JobRow } from './job-row.ts';
import * as sqlite from '../platform/sqlite-rows.ts';

/** A stored job set aside because it could not be read. */
export interface QuarantinedJob {
  id: number;
  jobId: string | null;
  reason: string;
  quarantinedAt: number;
}

/** Validates every unfinished job; a row that does not parse is moved to quarantine, never dropped. */
export function quarantineInvalid(
  db: DatabaseSync,
  now: () => number,
): { jobId: string; reason: string }[] {
  const rows = sqlite.rows<JobRow>(db, `SELECT ${COLUMNS} FROM jobs WHERE state != 'done'`);
  const moved: { jobId: string; reason: string }[] = [];
  for (const row of rows) {
    const reason = invalidReason(row);
    if (!reason) continue;
    transaction(db, () => {
      const full = sqlite.row<Record<string, unknown>>(
        db,
        'SELECT * FROM jobs WHERE id = ?',
        row.id,
      );
      if (!full) throw new Error(`job ${row.id} went away while it was being set aside`);
      const serialisable = {
        ...full,
        file: full['file'] ? Buffer.from(full['file'] as Uint8Array).toString('base64') : null,
      };
      db.prepare(
        'INSERT INTO quarantine (job_id, row, reason, quarantined_at) VALUES (?, ?, ?, ?)',
      ).run(row.id, JSON.stringify(serialisable), reason, now());
      db.prepare('DELETE FROM jobs WHERE id = ?').run(row.id);
    });
    moved.push({ jobId: row.id, reason });
  }
  return moved;
}

/** Every job set aside so far, oldest first. */
export function quarantined(db: DatabaseSync): QuarantinedJob[] {
  return sqlite
    .rows<{
      id: number;
      job_id: string | null;
      reason: string;
      quarantined_at: number;
    }>(db, 'SELECT id, job_id, reason, quarantined_at FROM quarantine ORDER BY id')
    .map((r) => ({
      id: r.id,
      jobId: r.job_id,
      reason: r.reason,
      quarantinedAt: r.quarantined_at,
    }));
}
