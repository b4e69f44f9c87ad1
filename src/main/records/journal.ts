import type { DatabaseSync } from 'node:sqlite';
import { PackStore } from '../pack/pack-store.ts';
import { rows } from '../platform/sqlite-rows.ts';
import { fleetPack, type FleetPack } from './fleet-pack.ts';

// The station's own pack records as the replicator and the station's recall read them. The
// journal is the outbox's database (packs and pack_events, migration 6): the station core holds
// it with an exclusive lock, so the replicator reads it through the core's own connection, and
// the CLI reads a folder whose station is closed. Nothing here writes to it.

/** A finished pack's place in the journal: the replicator's queue is made of these. */
export interface JournalEntry {
  id: string;
  finishedAt: number;
}

/** What the replicator and the station's recall need of the journal (tests pass their own). */
export interface PackJournal {
  /** Finished and short packs finished at or after `since` (ms), oldest first. */
  finishedSince(since: number): JournalEntry[];
  /** One finished pack as the fleet keeps it, its deliveries as they stand now; null if none. */
  record(id: string): FleetPack | null;
  /** Finished packs of an order, finished within [from, to). */
  ofOrder(orderId: string, from: number, to: number): JournalEntry[];
  /** Finished packs with a unit of this lot, finished within [from, to). */
  withLot(lot: string, from: number, to: number): JournalEntry[];
}

type Entry = { id: string; finished_at: number };
const entry = (raw: Entry): JournalEntry => ({ id: raw.id, finishedAt: raw.finished_at });

const FINISHED = `status IN ('finished', 'short') AND finished_at IS NOT NULL`;

/**
 * The journal in an outbox database. `db` is the core's own connection, or one opened read-only
 * on a closed station's file.
 */
export function stationJournal(db: DatabaseSync): PackJournal {
  const store = new PackStore(db);
  // The outbox's jobs say what this station delivered for an order (its label, its invoice).
  const delivered = (profileId: string, orderId: string) =>
    rows<{ kind: string }>(
      db,
      `SELECT kind FROM jobs WHERE profile_id = ? AND state = 'done'
         AND kind IN ('label.upload', 'invoice.upload') AND json_extract(payload, '$.order') = ?`,
      profileId,
      orderId,
    );
  return {
    finishedSince: (since) =>
      rows<Entry>(
        db,
        `SELECT id, finished_at FROM packs WHERE ${FINISHED} AND finished_at >= ?
         ORDER BY finished_at, id`,
        since,
      ).map(entry),
    record(id) {
      const pack = store.get(id);
      if (!pack) return null;
      const kinds = new Set(delivered(pack.profileId, pack.orderId).map((r) => r.kind));
      return fleetPack(pack, store.events(id), {
        label: kinds.has('label.upload'),
        invoice: kinds.has('invoice.upload'),
      });
    },
    ofOrder: (orderId, from, to) =>
      rows<Entry>(
        db,
        `SELECT id, finished_at FROM packs WHERE ${FINISHED} AND order_id = ?
           AND finished_at >= ? AND finished_at < ? ORDER BY finished_at, id`,
        orderId,
        from,
        to,
      ).map(entry),
    // The events keep each unit as JSON ({"unit": {...}}): a station's year is a few hundred
    // thousand rows, read once for a recall from the terminal.
    withLot: (lot, from, to) =>
      rows<Entry>(
        db,
        `SELECT id, finished_at FROM packs WHERE ${FINISHED} AND finished_at >= ? AND finished_at < ?
           AND id IN (SELECT pack_id FROM pack_events
                      WHERE kind = 'unit' AND json_extract(data, '$.unit.lot') = ?)
         ORDER BY finished_at, id`,
        from,
        to,
        lot,
      ).map(entry),
  };
}
