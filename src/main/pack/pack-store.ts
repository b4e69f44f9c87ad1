import type { DatabaseSync, SQLInputValue } from 'node:sqlite';
import type { Order } from '../../shared/api/schemas.ts';
import type { MessageKey } from '../../shared/i18n/message-key.ts';
import type { PackStatus, PackUnit, PackWeighing, ShortReason } from '../../shared/pack/types.ts';
import type { PackProduct } from './identify.ts';
import type { LotStock } from './lots.ts';
import { rows, transaction } from '../platform/sqlite-rows.ts';

// Verified packs in the outbox's database (migration 6): one row per pack and one per event,
// each committed (WAL, synchronous=FULL) before the window hears the verdict, so a pack cut off
// by a crash or a restart resumes exactly where the packer was.

/** What the order, its products and its lots were when the pack opened. */
export interface PackSnapshot {
  order: {
    id: string;
    warehouse: string;
    notes: string | null;
    status: string;
    items: { sku: string; quantity: number }[];
    /**
     * The order as the service returned it, for the packing slip (customer, address, carrier)
     * to print offline; absent in packs opened before paperwork (issue #30).
     */
    full?: Order;
  };
  products: Record<string, PackProduct>;
  /** Lots in the order's warehouse per batch-controlled SKU that could be read. */
  lots: Record<string, LotStock[]>;
  lotsUnread: string[];
  expiryWarningDays: number;
}

export interface PackRow {
  id: string;
  profileId: string;
  orderId: string;
  station: string;
  account: string;
  status: PackStatus;
  snapshot: PackSnapshot;
  startedAt: number;
  finishedAt: number | null;
  shortReason: ShortReason | null;
  shortText: string | null;
  statusJobId: string | null;
  printJobId: string | null;
  printProblem: MessageKey | null;
}

export type PackEvent =
  | { seq: number; at: number; kind: 'notes' }
  | { seq: number; at: number; kind: 'unit'; unit: Omit<PackUnit, 'seq' | 'at'> }
  | { seq: number; at: number; kind: 'undo'; of: number }
  | { seq: number; at: number; kind: 'refused'; code: string; messageKey: MessageKey }
  | { seq: number; at: number; kind: 'weighed'; weighing: PackWeighing };

/** An event before the store gave it its place. */
export type NewPackEvent = PackEvent extends infer E
  ? E extends PackEvent
    ? Omit<E, 'seq'>
    : never
  : never;

interface RawPack {
  id: string;
  profile_id: string;
  order_id: string;
  station: string;
  account: string;
  status: PackStatus;
  snapshot: string;
  started_at: number;
  finished_at: number | null;
  short_reason: ShortReason | null;
  short_text: string | null;
  status_job_id: string | null;
  print_job_id: string | null;
  print_problem: MessageKey | null;
}

const toRow = (raw: RawPack): PackRow => ({
  id: raw.id,
  profileId: raw.profile_id,
  orderId: raw.order_id,
  station: raw.station,
  account: raw.account,
  status: raw.status,
  snapshot: JSON.parse(raw.snapshot) as PackSnapshot,
  startedAt: raw.started_at,
  finishedAt: raw.finished_at,
  shortReason: raw.short_reason,
  shortText: raw.short_text,
  statusJobId: raw.status_job_id,
  printJobId: raw.print_job_id,
  printProblem: raw.print_problem,
});

export class PackStore {
  private readonly db: DatabaseSync;

  constructor(db: DatabaseSync) {
    this.db = db;
  }

  create(
    row: Omit<
      PackRow,
      | 'status'
      | 'finishedAt'
      | 'shortReason'
      | 'shortText'
      | 'statusJobId'
      | 'printJobId'
      | 'printProblem'
    >,
  ): void {
    this.db
      .prepare(
        `INSERT INTO packs (id, profile_id, order_id, station, account, status, snapshot, started_at)
         VALUES (?, ?, ?, ?, ?, 'open', ?, ?)`,
      )
      .run(
        row.id,
        row.profileId,
        row.orderId,
        row.station,
        row.account,
        JSON.stringify(row.snapshot),
        row.startedAt,
      );
  }

  get(id: string): PackRow | null {
    const [raw] = rows<RawPack>(this.db, 'SELECT * FROM packs WHERE id = ?', id);
    return raw ? toRow(raw) : null;
  }

  /** The open pack of an order for a profile, if one was left open (a restart, a set-aside). */
  openFor(profileId: string, orderId: string): PackRow | null {
    const [raw] = rows<RawPack>(
      this.db,
      `SELECT * FROM packs WHERE profile_id = ? AND order_id = ? AND status = 'open'`,
      profileId,
      orderId,
    );
    return raw ? toRow(raw) : null;
  }

  /** The newest pack of an order (open or finished). */
  latestFor(profileId: string, orderId: string): PackRow | null {
    const [raw] = rows<RawPack>(
      this.db,
      'SELECT * FROM packs WHERE profile_id = ? AND order_id = ? ORDER BY started_at DESC LIMIT 1',
      profileId,
      orderId,
    );
    return raw ? toRow(raw) : null;
  }

  /** Packs of one order, or finished within [from, to) (local day bounds), oldest first. */
  select(query: { profileId: string; orderId?: string; from?: number; to?: number }): PackRow[] {
    if (query.orderId !== undefined)
      return rows<RawPack>(
        this.db,
        'SELECT * FROM packs WHERE profile_id = ? AND order_id = ? ORDER BY started_at',
        query.profileId,
        query.orderId,
      ).map(toRow);
    return rows<RawPack>(
      this.db,
      `SELECT * FROM packs WHERE profile_id = ? AND finished_at >= ? AND finished_at < ?
       ORDER BY finished_at`,
      query.profileId,
      query.from ?? 0,
      query.to ?? Number.MAX_SAFE_INTEGER,
    ).map(toRow);
  }

  /**
   * The orders this station opened for packing since `since` (ms), as the service returned them
   * when they were opened, one per order (its latest pack): the Bulk board's candidates beside
   * the listing (issue #39). Packs opened before paperwork kept no full order and are left out.
   */
  ordersOpenedSince(profileId: string, since: number): Order[] {
    const found = rows<{ snapshot: string }>(
      this.db,
      `SELECT snapshot FROM packs p WHERE profile_id = ? AND started_at >= ?
         AND started_at = (SELECT MAX(started_at) FROM packs q
                           WHERE q.profile_id = p.profile_id AND q.order_id = p.order_id)
       ORDER BY started_at DESC`,
      profileId,
      since,
    );
    return found.flatMap(({ snapshot }) => {
      const full = (JSON.parse(snapshot) as PackSnapshot).order.full;
      return full ? [full] : [];
    });
  }

  /** Appends one event; committed when this returns. */
  append(packId: string, event: NewPackEvent): number {
    const { at, kind, ...data } = event;
    const result = this.db
      .prepare('INSERT INTO pack_events (pack_id, at, kind, data) VALUES (?, ?, ?, ?)')
      .run(packId, at, kind, JSON.stringify(data));
    return Number(result.lastInsertRowid);
  }

  events(packId: string): PackEvent[] {
    return rows<{ seq: number; at: number; kind: PackEvent['kind']; data: string }>(
      this.db,
      'SELECT seq, at, kind, data FROM pack_events WHERE pack_id = ? ORDER BY seq',
      packId,
    ).map(
      (raw) => ({ seq: raw.seq, at: raw.at, kind: raw.kind, ...JSON.parse(raw.data) }) as PackEvent,
    );
  }

  /**
   * Finishes the pack; `alongside` writes in the same transaction what the finish must never
   * be without (the papers it asks for), so a stop between the two cannot separate them.
   */
  finish(
    id: string,
    at: number,
    short: { reason: ShortReason; text: string | null } | null,
    alongside: () => void = () => {},
  ): void {
    transaction(this.db, () => {
      this.db
        .prepare(
          `UPDATE packs SET status = ?, finished_at = ?, short_reason = ?, short_text = ?
           WHERE id = ? AND status = 'open'`,
        )
        .run(short ? 'short' : 'finished', at, short?.reason ?? null, short?.text ?? null, id);
      alongside();
    });
  }

  noteFinish(
    id: string,
    outcome: {
      statusJobId?: string | null;
      printJobId?: string | null;
      printProblem?: MessageKey | null;
    },
  ): void {
    const sets: string[] = [];
    const values: SQLInputValue[] = [];
    for (const [column, value] of [
      ['status_job_id', outcome.statusJobId],
      ['print_job_id', outcome.printJobId],
      ['print_problem', outcome.printProblem],
    ] as const) {
      if (value === undefined) continue;
      sets.push(`${column} = ?`);
      values.push(value);
    }
    if (sets.length === 0) return;
    this.db.prepare(`UPDATE packs SET ${sets.join(', ')} WHERE id = ?`).run(...values, id);
  }

  /** Bytes the pack tables take (the bench's database growth). */
  size(): number {
    const [row] = rows<{ bytes: number }>(
      this.db,
      `SELECT COALESCE(SUM(length(data)), 0) + (SELECT COALESCE(SUM(length(snapshot)), 0) FROM packs) AS bytes
       FROM pack_events`,
    );
    return row?.bytes ?? 0;
  }
}

/** The units still counted: every unit event not taken back by a later undo. */
export function unitsOf(events: readonly PackEvent[]): PackUnit[] {
  const undone = new Set<number>();
  for (const event of events) if (event.kind === 'undo') undone.add(event.of);
  const units: PackUnit[] = [];
  for (const event of events)
    if (event.kind === 'unit' && !undone.has(event.seq))
      units.push({ ...event.unit, seq: event.seq, at: event.at });
  return units;
}
