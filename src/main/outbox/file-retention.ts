import type { DatabaseSync } from 'node:sqlite';
import * as sqlite from '../platform/sqlite-rows.ts';

const DAY = 86_400_000;

/** How long the files of delivered work are kept in outbox.sqlite (days). */
export const FILE_RETENTION_DAYS = 30;

/**
 * Lets go of the bytes nothing will read again, so outbox.sqlite stops growing with the work
 * (about 23 kB a pack, mostly the printed slip and invoice PDFs: 5 MB a 240-pack shift, for ever).
 * The rows stay: the history, the hashes and the records are kept; only the bytes go.
 *
 * - A delivered upload's file (a label, an invoice): the service has it. Kept for `days` after
 *   its delivery so the label can still be printed from the order card, or the invoice put in
 *   the box again; after that, printing it says the file is no longer kept (`fileForgotten`).
 * - A printed job's bytes: a reprint is made from its source (the upload's file, the paperwork
 *   made again), never from the queue, so these are only what the printer was sent. Kept for
 *   `days` for whoever looks into a bad print, then emptied. Queued, held, failed and interrupted
 *   jobs keep theirs, however old: they may still be printed.
 *
 * SQLite reuses the pages freed, so the file stays at about `days` of work. Returns how many
 * files and print jobs were let go.
 */
export function forgetOldFiles(
  db: DatabaseSync,
  now: number,
  days = FILE_RETENTION_DAYS,
): { files: number; prints: number } {
  const before = now - days * DAY;
  const files = db
    .prepare(
      "UPDATE jobs SET file = NULL WHERE state = 'done' AND file IS NOT NULL AND updated_at < ?",
    )
    .run(before).changes;
  const prints = db
    .prepare(
      "UPDATE print_jobs SET bytes = X'' WHERE state = 'printed' AND printed_at < ? AND length(bytes) > 0",
    )
    .run(before).changes;
  return { files: Number(files), prints: Number(prints) };
}

/** A job that had a file which retention has let go (see forgetOldFiles). */
export function fileForgotten(db: DatabaseSync, jobId: string): boolean {
  const row = sqlite.row<{ gone: number }>(
    db,
    'SELECT file IS NULL AND file_sha256 IS NOT NULL AS gone FROM jobs WHERE id = ?',
    jobId,
  );
  return row?.gone === 1;
}
