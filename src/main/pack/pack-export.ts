import type { PackUnit, PackWeighing } from '../../shared/pack/types.ts';
import { unitsOf, type PackRow, type PackStore } from './pack-store.ts';

const COLUMNS = [
  'pack_id',
  'order_id',
  'station',
  'account',
  'status',
  'started_at',
  'finished_at',
  'short_reason',
  'short_text',
  'seq',
  'scanned_at',
  'sku',
  'quantity',
  'code',
  'identified_by',
  'lot',
  'expiry',
  'override',
  'override_reason',
  'override_text',
  // The box's weight at the finish (a station with a scale): on every row of its pack.
  'weight_g',
  'expected_g',
  'weight_override',
  'weight_override_text',
] as const;

/** A CSV field: quoted when it must be, and never read as a formula by a spreadsheet. */
function field(value: string | number | null): string {
  if (value === null) return '';
  let text = String(value).replaceAll(String.fromCharCode(29), '<GS>');
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

/** The local day's bounds (the station's time zone), for "packs finished on this day". */
function dayBounds(day: string): { from: number; to: number } {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return { from: new Date(y, m - 1, d).getTime(), to: new Date(y, m - 1, d + 1).getTime() };
}

type PackRecord = { pack: PackRow; units: PackUnit[]; weighing: PackWeighing | null };

function recordOf(store: PackStore, pack: PackRow): PackRecord {
  const events = store.events(pack.id);
  const weighed = events.filter((e) => e.kind === 'weighed').at(-1);
  return {
    pack,
    units: unitsOf(events),
    weighing: weighed?.kind === 'weighed' ? weighed.weighing : null,
  };
}

/** One pack as the JSON export writes it (and as the packing slip reads it). */
function jsonRecord({ pack, units, weighing }: PackRecord) {
  return {
    id: pack.id,
    orderId: pack.orderId,
    station: pack.station,
    account: pack.account,
    status: pack.status,
    startedAt: iso(pack.startedAt),
    finishedAt: iso(pack.finishedAt),
    short: pack.shortReason ? { reason: pack.shortReason, text: pack.shortText } : null,
    lines: pack.snapshot.order.items,
    units: units.map((unit) => ({ ...unit, at: iso(unit.at) })),
    statusJobId: pack.statusJobId,
    printJobId: pack.printJobId,
    weighing,
  };
}
export type PackRecordJson = ReturnType<typeof jsonRecord>;

/** One pack's record as the JSON export writes it; null for an unknown pack. */
export function exportPack(store: PackStore, packId: string): PackRecordJson | null {
  const pack = store.get(packId);
  return pack ? jsonRecord(recordOf(store, pack)) : null;
}

/**
 * Pack records for one order or one day, as CSV (one row per counted scan, with the pack's own
 * facts on each row) or JSON (one object per pack with its units).
 */
export function exportPacks(
  store: PackStore,
  query: { profileId: string; orderId?: string; day?: string; format: 'csv' | 'json' },
): { fileName: string; text: string; count: number } {
  const packs: PackRow[] = query.orderId
    ? store.select({ profileId: query.profileId, orderId: query.orderId })
    : store.select({ profileId: query.profileId, ...dayBounds(query.day ?? '1970-01-01') });
  const name = `packs-${(query.orderId ?? query.day ?? 'all').replace(/[^\w.-]/g, '_')}`;
  const records = packs.map((pack) => recordOf(store, pack));
  if (query.format === 'json') {
    const json = records.map(jsonRecord);
    return {
      fileName: `${name}.json`,
      text: `${JSON.stringify({ packs: json }, null, 2)}\n`,
      count: json.length,
    };
  }
  const lines = [COLUMNS.join(',')];
  for (const { pack, units, weighing } of records)
    for (const unit of units)
      lines.push(
        [
          pack.id,
          pack.orderId,
          pack.station,
          pack.account,
          pack.status,
          iso(pack.startedAt),
          iso(pack.finishedAt),
          pack.shortReason,
          pack.shortText,
          unit.seq,
          iso(unit.at),
          unit.sku,
          unit.quantity,
          unit.code,
          unit.identifiedBy,
          unit.lot,
          unit.expiry,
          unit.override?.kind ?? null,
          unit.override?.reason ?? null,
          unit.override?.text ?? null,
          weighing?.grams ?? null,
          weighing?.expectedGrams ?? null,
          weighing?.override?.reason ?? null,
          weighing?.override?.text ?? null,
        ]
          .map(field)
          .join(','),
      );
  return { fileName: `${name}.csv`, text: `${lines.join('\r\n')}\r\n`, count: records.length };
}
