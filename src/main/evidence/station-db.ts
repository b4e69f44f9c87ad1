import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { fieldOf, messageOf } from '../platform/guards.ts';
import type { StationFs } from '../platform/station-fs.ts';
import { EvidenceError } from './bundle.ts';

// A closed station's outbox database, opened by `npm run evidence` to export a pack's evidence
// and note the bundle's manifest in the pack's record (one row in pack_events; never a schema
// change, never a migration). A running station holds the file with an exclusive lock: the
// answer is then "in use", at once, never a wait.

const SQLITE_BUSY = 5;
const SQLITE_LOCKED = 6;

export function openStationDatabase(dir: string, fs: StationFs): DatabaseSync {
  const file = join(dir, 'outbox.sqlite');
  if (!fs.exists(file))
    throw new EvidenceError({ messageKey: 'evidence.cli.stationMissing', params: { dir } });
  let db: DatabaseSync | null = null;
  try {
    db = new DatabaseSync(file);
    db.exec('PRAGMA busy_timeout = 0');
    // Reads the schema now: a locked or foreign file fails here, not half-way through a bundle.
    const tables = db
      .prepare(
        `SELECT name FROM sqlite_master WHERE type = 'table' AND name IN ('packs', 'pack_events')`,
      )
      .all();
    if (tables.length < 2)
      throw new EvidenceError({ messageKey: 'evidence.cli.stationMissing', params: { dir } });
    db.exec('PRAGMA synchronous = FULL');
    return db;
  } catch (error) {
    db?.close();
    if (error instanceof EvidenceError) throw error;
    const errcode = fieldOf(error, 'errcode');
    const code = (typeof errcode === 'number' ? errcode : 0) & 0xff;
    if (code === SQLITE_BUSY || code === SQLITE_LOCKED)
      throw new EvidenceError({ messageKey: 'evidence.cli.stationInUse', params: { dir } }, error);
    throw new EvidenceError(
      { messageKey: 'evidence.cli.stationUnreadable', params: { dir, message: messageOf(error) } },
      error,
    );
  }
}
