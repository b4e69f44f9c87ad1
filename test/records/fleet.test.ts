import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recallFromJournal, recallFromPostgres } from '../../src/main/records/recall.ts';
import { RECORDS_MIGRATIONS } from '../../src/main/records/schema.ts';
import { PACK_FIXTURES } from '../../src/sandbox/index.ts';
import { PrivatePostgres } from '../support/private-postgres.ts';
import { until } from '../support/until.ts';
import {
  closeStation,
  ORDERS,
  packOrder,
  replicate,
  startStation,
  type TestStation,
} from './stations.ts';

// Ten real station cores packing at once, each with its replicator, into one private PostgreSQL
// (issue #40): nothing lost, nothing counted twice, the database's counts equal to the sum of the
// stations' own records; then the database goes away mid-shift and comes back.

const STATIONS = 10;
let cluster: PrivatePostgres;
let url: string;
let db: pg.Client;
const stations: TestStation[] = [];

/** PostgreSQL's packs and units, per pack id. */
async function fleet(): Promise<Map<string, { units: number; rows: number }>> {
  const { rows } = await db.query<{ id: string; units: number; rows: number }>(
    `SELECT p.id, p.units, (SELECT count(*)::int FROM pack_units u WHERE u.pack_id = p.id) AS rows
     FROM packs p`,
  );
  return new Map(rows.map((r) => [r.id, { units: r.units, rows: r.rows }]));
}

/** The stations' own finished packs and their counted units. */
function journals(): Map<string, { units: number; rows: number }> {
  const all = new Map<string, { units: number; rows: number }>();
  for (const station of stations)
    for (const entry of station.journal.finishedSince(0)) {
      const record = station.journal.record(entry.id);
      if (!record) throw new Error(`no record for ${entry.id}`);
      const units = record.units.reduce((sum, u) => sum + u.quantity, 0);
      all.set(entry.id, { units, rows: record.units.length });
    }
  return all;
}

const upToDate = () =>
  stations.every((s) => {
    const state = s.replicator?.state();
    return state?.phase === 'upToDate' && state.pending === 0;
  });

beforeAll(async () => {
  const started = performance.now();
  cluster = await PrivatePostgres.start();
  url = await cluster.createDatabase('fleet');
  db = new pg.Client({ connectionString: url });
  await db.connect();
  stations.push(...(await Promise.all(Array.from({ length: STATIONS }, () => startStation()))));
  console.log(
    `cluster and ${STATIONS} stations up in ${Math.round(performance.now() - started)} ms`,
  );
}, 60_000);

afterAll(async () => {
  await db?.end();
  await Promise.all(stations.map(closeStation));
  await cluster?.stop();
});

describe('the fleet records in PostgreSQL', () => {
  it('ten stations packing at once: 0 lost, 0 doubled, the counts equal the stations’ own', async () => {
    const started = performance.now();
    // Half the stations packed before PostgreSQL was set: their first replicator back-fills.
    await Promise.all(stations.slice(0, 5).map((s) => packOrder(s, ORDERS.plain)));
    for (const station of stations) replicate(station, url);
    await Promise.all(
      stations.map(async (station, k) => {
        await packOrder(station, ORDERS.case);
        await packOrder(station, ORDERS.gift, k % 2 === 0 ? { after: 1 } : null);
        await packOrder(station, ORDERS.plain);
      }),
    );
    await until(upToDate, 'every replicator up to date', 20_000);
    const own = journals();
    const inPostgres = await fleet();
    expect(own.size).toBe(5 + STATIONS * 3);
    expect([...inPostgres.keys()].sort()).toEqual([...own.keys()].sort());
    for (const [id, counts] of own) expect(inPostgres.get(id), id).toEqual(counts);
    const totals = stations.map((s) => s.replicator?.state());
    expect(totals.reduce((sum, s) => sum + (s?.sent ?? 0), 0)).toBe(own.size);
    expect(totals.reduce((sum, s) => sum + (s?.repeated ?? 0), 0)).toBe(0);
    // The short packs went with their reason.
    const { rows: short } = await db.query(
      `SELECT count(*)::int AS n FROM packs WHERE status = 'short' AND short_reason = 'out_of_stock'`,
    );
    expect(short[0]?.n).toBe(STATIONS / 2);
    // One schema, applied once, although ten stations migrated at the same moment.
    const { rows: applied } = await db.query(
      'SELECT version FROM records_migrations ORDER BY version',
    );
    expect(applied).toEqual(RECORDS_MIGRATIONS.map(({ version }) => ({ version })));
    // A recall by lot from PostgreSQL equals the sum of the stations' own recalls.
    const batchSku = ORDERS.case.items.find((i) => PACK_FIXTURES.batches[i.sku])?.sku ?? '';
    const lot = PACK_FIXTURES.batches[batchSku]?.fefo ?? '';
    const query = { by: 'lot' as const, value: lot };
    const fromFleet = await recallFromPostgres(db, query);
    const fromStations = stations.flatMap((s) => recallFromJournal(s.journal, query));
    expect(fromFleet.length).toBeGreaterThanOrEqual(STATIONS);
    const key = (r: { order: string; packedAt: string; lot: string | null; quantity: number }) =>
      `${r.order}|${r.packedAt}|${r.lot}|${r.quantity}`;
    expect(fromFleet.map(key).sort()).toEqual(fromStations.map(key).sort());
    console.log(
      `${own.size} packs from ${STATIONS} stations replicated in ${Math.round(performance.now() - started)} ms`,
    );
  });

  it('PostgreSQL stopped mid-shift: the packs wait, packing goes on, the queue drains once', async () => {
    const before = (await fleet()).size;
    const sentBefore = stations.map((s) => s.replicator?.state().sent ?? 0);
    await db.end();
    await cluster.halt();
    const started = performance.now();
    const busy = stations.slice(0, 4);
    await Promise.all(busy.map((s) => packOrder(s, ORDERS.plain)));
    await until(
      () =>
        busy.every((s) => {
          const state = s.replicator?.state();
          return state?.phase === 'waiting' && state.pending >= 1;
        }),
      'the replicators waiting with their packs queued',
    );
    const waiting = busy[0]?.replicator?.state();
    expect(waiting?.error?.messageKey).toBe('records.error.unreachable');
    expect(waiting?.sentence.messageKey).toBe('records.error.unreachable');
    // Packing goes on while it is away.
    await Promise.all(busy.map((s) => packOrder(s, ORDERS.plain)));
    await cluster.restart();
    db = new pg.Client({ connectionString: url });
    await db.connect();
    await until(upToDate, 'the queue drained after the restart', 20_000);
    const own = journals();
    const inPostgres = await fleet();
    expect(inPostgres.size).toBe(before + busy.length * 2);
    expect(inPostgres.size).toBe(own.size);
    for (const [id, counts] of own) expect(inPostgres.get(id), id).toEqual(counts);
    const sentNow = stations.map((s) => s.replicator?.state().sent ?? 0);
    expect(sentNow.map((n, k) => n - (sentBefore[k] ?? 0))).toEqual(
      stations.map((_, k) => (k < busy.length ? 2 : 0)),
    );
    expect(stations.every((s) => s.replicator?.state().repeated === 0)).toBe(true);
    console.log(`outage and drain in ${Math.round(performance.now() - started)} ms`);
  });
});
