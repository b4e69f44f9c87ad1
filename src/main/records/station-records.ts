import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { fieldOf, messageOf } from '../platform/guards.ts';
import type { StationFs } from '../platform/station-fs.ts';
import type { RecordsSentence } from './address.ts';
import { stationJournal, type PackJournal } from './journal.ts';

// One station's own records, read from its data folder by someone else (the CLI, for IT): the
// outbox's database opened read-only. A running station holds that file with an exclusive lock,
// so it answers "in use" rather than a half-read answer; nothing here ever writes to it.

export class StationRecordsError extends Error {
  readonly sentence: RecordsSentence;
  constructor(sentence: RecordsSentence, cause?: unknown) {
    super(sentence.messageKey, { cause });
    this.name = 'StationRecordsError';
    this.sentence = sentence;
  }
}

const SQLITE_BUSY = 5;
const SQLITE_LOCKED = 6;

export function openStationRecords(
  dir: string,
  fs: StationFs,
): { journal: PackJournal; close: () => void } {
  const file = join(dir, 'outbox.sqlite');
  if (!fs.exists(file))
    throw new StationRecordsError({ messageKey: 'records.error.stationMissing', params: { dir } });
  let db: DatabaseSync | null = null;
  try {
    db = new DatabaseSync(file, { readOnly: true });
    db.exec('PRAGMA busy_timeout = 0');
    // Reads the schema now: a locked or damaged file fails here, not half-way through a recall.
    const tables = db
      .prepare(
        `SELECT name FROM sqlite_master WHERE type = 'table' AND name IN ('packs', 'pack_events', 'jobs')`,
      )
      .all();
    if (tables.length < 3)
      throw new StationRecordsError({
        messageKey: 'records.error.stationMissing',
        params: { dir },
      });
    const opened = db;
    return { journal: stationJournal(opened), close: () => opened.close() };
  } catch (error) {
    db?.close();
    if (error instanceof StationRecordsError) throw error;
    const errcode = fieldOf(error, 'errcode');
    const code = (typeof errcode === 'number' ? errcode : 0) & 0xff;
    if (code === SQLITE_BUSY || code === SQLITE_LOCKED)
      throw new StationRecordsError(
        { messageKey: 'records.error.stationInUse', params: { dir } },
        error,
      );
    throw new StationRecordsError(
      { messageKey: 'records.error.stationUnreadable', params: { dir, message: messageOf(error) } },
      error,
    );
  }
}
