import type pg from 'pg';
import type { SupervisorRow } from '../../shared/records.ts';
import type { FleetPack } from './fleet-pack.ts';
import type { PackJournal } from './journal.ts';
import { BOM, csvField } from './recall-csv.ts';

// The supervisor's view (issue #40): per day, station and packer, how much was packed and how
// well: packs, units, units per packing hour, refused scans per hundred units, FEFO overrides
// (with their reasons), short packs and weight holds let go. PostgreSQL answers for the fleet
// (index packs_by_day); one station's journal answers the same for that station, with the same
// rows, so the two can be compared.

/** Days are UTC calendar days, as the records' ISO dates are. */
const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

interface Tally {
  day: string;
  station: string;
  packer: string;
  packs: number;
  units: number;
  packingMs: number;
  errorScans: number;
  shortPacks: number;
  weightOverrides: number;
  fefoOverrides: Map<string, number>;
}

function rowOf(t: Tally): SupervisorRow {
  const hours = t.packingMs / 3_600_000;
  return {
    day: t.day,
    station: t.station,
    packer: t.packer,
    packs: t.packs,
    units: t.units,
    unitsPerHour: hours > 0 ? Math.round((t.units / hours) * 10) / 10 : null,
    errorsPer100: t.units > 0 ? Math.round((t.errorScans / t.units) * 1000) / 10 : null,
    fefoOverrides: [...t.fefoOverrides.values()].reduce((a, b) => a + b, 0),
    fefoReasons: Object.fromEntries([...t.fefoOverrides].sort(([a], [b]) => (a < b ? -1 : 1))),
    shortPacks: t.shortPacks,
    weightOverrides: t.weightOverrides,
  };
}

const order = (a: SupervisorRow, b: SupervisorRow) =>
  a.day.localeCompare(b.day) ||
  a.station.localeCompare(b.station) ||
  a.packer.localeCompare(b.packer);

/** The view from finished packs, however they were read. */
export function supervisorRows(packs: Iterable<FleetPack>): SupervisorRow[] {
  const tallies = new Map<string, Tally>();
  for (const pack of packs) {
    const day = dayOf(pack.finishedAt);
    const key = `${day}\u0000${pack.station}\u0000${pack.packer}`;
    let t = tallies.get(key);
    if (!t)
      tallies.set(
        key,
        (t = {
          day,
          station: pack.station,
          packer: pack.packer,
          packs: 0,
          units: 0,
          packingMs: 0,
          errorScans: 0,
          shortPacks: 0,
          weightOverrides: 0,
          fefoOverrides: new Map(),
        }),
      );
    t.packs += 1;
    t.units += pack.units.reduce((sum, unit) => sum + unit.quantity, 0);
    t.packingMs += Math.max(0, pack.finishedAt - pack.startedAt);
    t.errorScans += pack.errorScans;
    if (pack.status === 'short') t.shortPacks += 1;
    if (pack.weighing?.override) t.weightOverrides += 1;
    for (const unit of pack.units)
      if (unit.override?.kind === 'not_fefo')
        t.fefoOverrides.set(
          unit.override.reason,
          (t.fefoOverrides.get(unit.override.reason) ?? 0) + 1,
        );
  }
  return [...tallies.values()].map(rowOf).sort(order);
}

/** This station's view, packs finished within [from, to). */
export function supervisorFromJournal(
  journal: PackJournal,
  from: number,
  to: number,
): SupervisorRow[] {
  const packs: FleetPack[] = [];
  for (const entry of journal.finishedSince(from)) {
    if (entry.finishedAt >= to) continue;
    const record = journal.record(entry.id);
    if (record) packs.push(record);
  }
  return supervisorRows(packs);
}

/** The fleet's view from PostgreSQL, packs finished within [from, to). */
export async function supervisorFromPostgres(
  client: pg.ClientBase,
  from: number,
  to: number,
): Promise<SupervisorRow[]> {
  const { rows } = await client.query<{
    day: string;
    station: string;
    packer: string;
    packs: number;
    units: number;
    packing_ms: number;
    error_scans: number;
    short_packs: number;
    weight_overrides: number;
    fefo: Record<string, number> | null;
  }>(
    `WITH chosen AS (
       SELECT *, to_char(finished_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS day FROM packs
       WHERE finished_at >= $1 AND finished_at < $2
     ), totals AS (
       SELECT day, station, packer, count(*)::int AS packs, sum(units)::int AS units,
              sum(extract(epoch FROM (finished_at - started_at)) * 1000)::float8 AS packing_ms,
              sum(error_scans)::int AS error_scans,
              count(*) FILTER (WHERE status = 'short')::int AS short_packs,
              count(*) FILTER (WHERE weight_override_reason IS NOT NULL)::int AS weight_overrides
       FROM chosen GROUP BY day, station, packer
     ), reasons AS (
       SELECT c.day, c.station, c.packer, u.override_reason AS reason, count(*)::int AS n
       FROM chosen c JOIN pack_units u ON u.pack_id = c.id AND u.override_kind = 'not_fefo'
       GROUP BY 1, 2, 3, 4
     ), fefo AS (
       SELECT day, station, packer, jsonb_object_agg(reason, n) AS reasons
       FROM reasons GROUP BY day, station, packer
     )
     SELECT t.*, f.reasons AS fefo
     FROM totals t LEFT JOIN fefo f USING (day, station, packer)
     ORDER BY t.day, t.station, t.packer`,
    [new Date(from), new Date(to)],
  );
  return rows.map((r) => {
    const fefo = new Map(Object.entries(r.fefo ?? {}).map(([k, v]) => [k, Number(v)]));
    return rowOf({
      day: r.day,
      station: r.station,
      packer: r.packer,
      packs: r.packs,
      units: r.units,
      packingMs: Math.max(0, r.packing_ms),
      errorScans: r.error_scans,
      shortPacks: r.short_packs,
      weightOverrides: r.weight_overrides,
      fefoOverrides: fefo,
    });
  });
}

export const SUPERVISOR_COLUMNS = [
  'day',
  'station',
  'packer',
  'packs',
  'units',
  'units_per_hour',
  'errors_per_100_units',
  'fefo_overrides',
  'fefo_reasons',
  'short_packs',
  'weight_overrides',
] as const;

/** The view as a spreadsheet, as the recall's: UTF-8 with BOM, CRLF, no formulas. */
export function supervisorCsv(rows: readonly SupervisorRow[]): string {
  const lines = [SUPERVISOR_COLUMNS.join(',')];
  for (const r of rows)
    lines.push(
      [
        r.day,
        r.station,
        r.packer,
        r.packs,
        r.units,
        r.unitsPerHour,
        r.errorsPer100,
        r.fefoOverrides,
        Object.entries(r.fefoReasons)
          .map(([reason, n]) => `${reason}:${n}`)
          .join(' '),
        r.shortPacks,
        r.weightOverrides,
      ]
        .map(csvField)
        .join(','),
    );
  return `${BOM}${lines.join('\r\n')}\r\n`;
}
