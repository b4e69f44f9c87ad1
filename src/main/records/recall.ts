import type pg from 'pg';
import type { RecallRowView } from '../../shared/records.ts';
import { normaliseGtin } from '../../shared/scan/gtin.ts';
import type { FleetPack } from './fleet-pack.ts';
import type { PackJournal } from './journal.ts';

// A recall: every order that received a lot (or what went into one order, or everything of one
// GTIN), one row per pack and lot, with who it went to, when, where and by whom it was packed,
// and whether its label and invoice were delivered. PostgreSQL answers for the fleet; a station's
// journal answers the same question for that station alone, with the same rows.

export interface RecallQuery {
  by: 'lot' | 'order' | 'gtin';
  value: string;
  sku?: string | null;
  /** Packs finished within [from, to) (ms); either bound may be absent. */
  from?: number | null;
  to?: number | null;
}

/** One row of a recall: one pack and lot (the window's and the CLI's contract). */
export type RecallRow = RecallRowView;

/** The GTIN as the records keep it (14 digits); other text is looked up as typed. */
const gtinOf = (value: string) => normaliseGtin(value.trim()) ?? value.trim();

const byPackedAt = (a: RecallRow, b: RecallRow) =>
  a.packedAt.localeCompare(b.packedAt) ||
  a.order.localeCompare(b.order) ||
  a.sku.localeCompare(b.sku) ||
  (a.lot ?? '').localeCompare(b.lot ?? '');

/** The rows one pack gives a recall: its matching units summed per SKU, lot and expiry. */
export function rowsOfPack(pack: FleetPack, query: RecallQuery): RecallRow[] {
  const gtin = query.by === 'gtin' ? gtinOf(query.value) : null;
  const rows = new Map<string, RecallRow>();
  for (const unit of pack.units) {
    if (query.by === 'lot' && unit.lot !== query.value) continue;
    if (query.by === 'gtin' && unit.gtin !== gtin) continue;
    if (query.by === 'order' && pack.orderId !== query.value) continue;
    if (query.sku && unit.sku !== query.sku) continue;
    const key = JSON.stringify([unit.sku, unit.gtin, unit.lot, unit.expiry]);
    const row = rows.get(key);
    if (row) row.quantity += unit.quantity;
    else
      rows.set(key, {
        order: pack.orderId,
        sku: unit.sku,
        gtin: unit.gtin,
        lot: unit.lot,
        expiry: unit.expiry,
        quantity: unit.quantity,
        customer: pack.customer,
        city: pack.city,
        packedAt: new Date(pack.finishedAt).toISOString(),
        station: pack.station,
        packer: pack.packer,
        labelDelivered: pack.labelDelivered,
        invoiceDelivered: pack.invoiceDelivered,
      });
  }
  return [...rows.values()];
}

/** The recall from one station's own records. */
export function recallFromJournal(journal: PackJournal, query: RecallQuery): RecallRow[] {
  const from = query.from ?? 0;
  const to = query.to ?? Number.MAX_SAFE_INTEGER;
  const entries =
    query.by === 'order'
      ? journal.ofOrder(query.value, from, to)
      : query.by === 'lot'
        ? journal.withLot(query.value, from, to)
        : journal.finishedSince(from).filter((e) => e.finishedAt < to);
  const rows: RecallRow[] = [];
  for (const entry of entries) {
    const pack = journal.record(entry.id);
    if (pack) rows.push(...rowsOfPack(pack, query));
  }
  return rows.sort(byPackedAt);
}

/** The recall from PostgreSQL, for the fleet (indexes: pack_units_by_lot, _by_gtin, packs_by_order). */
export async function recallFromPostgres(
  client: pg.ClientBase,
  query: RecallQuery,
): Promise<RecallRow[]> {
  const column = { lot: 'u.lot', order: 'p.order_id', gtin: 'u.gtin' }[query.by];
  const params: unknown[] = [query.by === 'gtin' ? gtinOf(query.value) : query.value];
  const where = [`${column} = $1`];
  if (query.sku) where.push(`u.sku = $${params.push(query.sku)}`);
  if (query.from != null) where.push(`p.finished_at >= $${params.push(new Date(query.from))}`);
  if (query.to != null) where.push(`p.finished_at < $${params.push(new Date(query.to))}`);
  const { rows } = await client.query<{
    order_id: string;
    sku: string;
    gtin: string | null;
    lot: string | null;
    expiry: string | null;
    quantity: number;
    customer: string | null;
    city: string | null;
    finished_at: Date;
    station: string;
    packer: string;
    label_delivered: boolean;
    invoice_delivered: boolean;
  }>(
    `SELECT p.order_id, u.sku, u.gtin, u.lot, to_char(u.expiry, 'YYYY-MM-DD') AS expiry,
       sum(u.quantity)::integer AS quantity, p.customer, p.city, p.finished_at, p.station,
       p.packer, p.label_delivered, p.invoice_delivered
     FROM pack_units u JOIN packs p ON p.id = u.pack_id
     WHERE ${where.join(' AND ')}
     GROUP BY p.id, u.sku, u.gtin, u.lot, u.expiry
     ORDER BY p.finished_at, p.order_id, u.sku, u.lot`,
    params,
  );
  return rows
    .map((r) => ({
      order: r.order_id,
      sku: r.sku,
      gtin: r.gtin,
      lot: r.lot,
      expiry: r.expiry,
      quantity: r.quantity,
      customer: r.customer,
      city: r.city,
      packedAt: r.finished_at.toISOString(),
      station: r.station,
      packer: r.packer,
      labelDelivered: r.label_delivered,
      invoiceDelivered: r.invoice_delivered,
    }))
    .sort(byPackedAt);
}
