import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect, parseAddress } from '../../src/main/records/address.ts';
import { NewerRecordsSchemaError } from '../../src/main/records/errors.ts';
import type { PackJournal } from '../../src/main/records/journal.ts';
import type { ReplicationLog } from '../../src/main/records/replication-log.ts';
import type { RecordsReplicator } from '../../src/main/records/replicator.ts';
import { migrateRecords, RECORDS_MIGRATIONS } from '../../src/main/records/schema.ts';
import { FakeClock } from '../support/fake-clock.ts';
import { freePort } from '../support/free-port.ts';
import { PrivatePostgres } from '../support/private-postgres.ts';
import { until } from '../support/until.ts';
import {
  closeStation,
  logOf,
  ORDERS,
  packOrder,
  replicate,
  startStation,
  type TestStation,
} from './stations.ts';

// What goes wrong between a station and PostgreSQL (issue #40): twenty stations migrating at
// once, a crash between PostgreSQL's commit and the station's note of it, a wrong password, a
// database that does not exist, TLS the server does not speak, a pack whose data is refused, and
// the wait between attempts on the injected clock.

let cluster: PrivatePostgres;
let station: TestStation;

beforeAll(async () => {
  [cluster, station] = await Promise.all([PrivatePostgres.start(), startStation()]);
}, 60_000);

afterAll(async () => {
  await closeStation(station);
  await cluster?.stop();
});

const count = async (url: string, sql: string): Promise<number> => {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return Number((await client.query<{ n: string }>(sql)).rows[0]?.n);
  } finally {
    await client.end();
  }
};

/** Ends the station's replicator (as a stop or a crash would) so the next test starts another. */
async function endReplicator(): Promise<void> {
  await station.replicator?.stop();
  station.replicator = null;
}

describe('records when things go wrong', () => {
  it('twenty stations migrating at once apply each migration once; a newer schema is refused', async () => {
    const url = await cluster.createDatabase('migrations');
    const address = parseAddress({ url });
    const clients = await Promise.all(Array.from({ length: 20 }, () => connect(address)));
    try {
      const applied = await Promise.all(clients.map((client) => migrateRecords(client)));
      // Every migration this build knows, applied by exactly one of the twenty.
      const all = RECORDS_MIGRATIONS.map((migration) => migration.version);
      expect(applied.filter((a) => a.length > 0)).toEqual([all]);
      expect(await count(url, 'SELECT count(*) AS n FROM records_migrations')).toBe(all.length);
      await clients[0]?.query('INSERT INTO records_migrations (version) VALUES (99)');
      await expect(migrateRecords(clients[1] as pg.Client)).rejects.toBeInstanceOf(
        NewerRecordsSchemaError,
      );
    } finally {
      await Promise.all(clients.map((client) => client.end()));
    }
  });

  it('a crash between the commit and its note sends the pack again, and the upsert holds', async () => {
    const url = await cluster.createDatabase('crash');
    await packOrder(station, ORDERS.plain);
    await packOrder(station, ORDERS.case);
    const [first] = station.journal.finishedSince(0);
    const real = logOf(station);
    // The process "dies" right after PostgreSQL committed the first pack: its note never lands.
    let crashed = false;
    const crashing: ReplicationLog = {
      known: (t, ids) => real.known(t, ids),
      newest: (t) => real.newest(t),
      undelivered: (t, s) => real.undelivered(t, s),
      close: () => undefined,
      mark(target, entry) {
        if (!crashed && entry.id === first?.id) {
          crashed = true;
          throw new Error('the station stopped here');
        }
        real.mark(target, entry);
      },
    };
    const before = replicate(station, url, { log: crashing });
    await until(() => crashed, 'the crash after the commit');
    await endReplicator();
    expect(before.state().sent).toBe(1);
    expect(await count(url, 'SELECT count(*) AS n FROM packs')).toBe(1);
    const units = await count(url, 'SELECT count(*) AS n FROM pack_units');

    // The station starts again: the first pack goes again, PostgreSQL changes nothing.
    const after = replicate(station, url);
    await until(() => after.state().phase === 'upToDate', 'the queue drained after the restart');
    expect(after.state()).toMatchObject({ sent: 1, repeated: 1, pending: 0 });
    expect(await count(url, 'SELECT count(*) AS n FROM packs')).toBe(2);
    expect(
      await count(url, `SELECT count(*) AS n FROM pack_units WHERE pack_id = '${first?.id}'`),
    ).toBe(units);
    await endReplicator();
  });

  it('a wrong password, a missing database and refused TLS each say so; packing goes on', async () => {
    const right = await cluster.createDatabase('settings');
    const cases: [string, Parameters<typeof replicate>[2], string][] = [
      [
        cluster.url('settings', { user: cluster.user, password: 'not-it' }),
        {},
        'records.error.auth',
      ],
      [cluster.url('nowhere'), {}, 'records.error.noDatabase'],
      [
        right,
        { database: { url: right, caPem: 'not a CA', connectTimeoutMs: 2_000 } },
        'records.error.tls',
      ],
    ];
    for (const [url, options, key] of cases) {
      const replicator: RecordsReplicator = replicate(station, url, options);
      await until(() => replicator.state().phase === 'waiting', `${key} noticed`);
      expect(replicator.state().error?.messageKey).toBe(key);
      expect(replicator.state().sentence.messageKey).toBe(key);
      expect(replicator.state().error?.params['host']).toBe(`127.0.0.1:${cluster.port}`);
      // The packer's finish does not wait on PostgreSQL.
      const view = await packOrder(station, ORDERS.plain);
      expect(view.status).toBe('finished');
      await endReplicator();
    }
    // Corrected: everything the station finished meanwhile goes.
    const fixed = replicate(station, right);
    await until(() => fixed.state().phase === 'upToDate', 'the corrected address drained');
    const own = station.journal.finishedSince(0).length;
    expect(await count(right, 'SELECT count(*) AS n FROM packs')).toBe(own);
    await endReplicator();
  });

  it('a pack whose data PostgreSQL refuses is noted with why and holds nothing back', async () => {
    const url = await cluster.createDatabase('refused');
    const [bad] = station.journal.finishedSince(0);
    const journal: PackJournal = {
      ...station.journal,
      record(id) {
        const record = station.journal.record(id);
        // A unit of no quantity breaks the table's CHECK (a journal PostgreSQL cannot take).
        const unit = record?.units[0];
        if (record && unit && id === bad?.id) record.units[0] = { ...unit, quantity: 0 };
        return record;
      },
    };
    const replicator = replicate(station, url, { journal });
    await until(() => replicator.state().phase === 'upToDate', 'the queue passed the bad pack');
    const own = station.journal.finishedSince(0).length;
    expect(replicator.state()).toMatchObject({ sent: own - 1, refused: 1 });
    expect(replicator.state().error?.messageKey).toBe('records.error.refusedPack');
    expect(await count(url, 'SELECT count(*) AS n FROM packs')).toBe(own - 1);
    await endReplicator();
  });

  it('a label delivered after the send marks the pack delivered, and counts nothing twice', async () => {
    const url = await cluster.createDatabase('deliveries');
    const view = await packOrder(station, ORDERS.case);
    const replicator = replicate(station, url);
    await until(() => replicator.state().phase === 'upToDate', 'the packs in PostgreSQL');
    const packs = await count(url, 'SELECT count(*) AS n FROM packs');
    const units = await count(url, 'SELECT count(*) AS n FROM pack_units');
    const delivered = `SELECT count(*) AS n FROM packs WHERE id = '${view.id}' AND label_delivered`;
    expect(await count(url, delivered)).toBe(0);
    const job = station.core.work.submit({
      kind: 'label.upload',
      payload: { order: ORDERS.case.id, fileName: 'case.zpl', format: 'zpl' },
      file: new TextEncoder().encode('^XA^FO50,50^FDcase^FS^XZ'),
    });
    await until(
      () => station.core.work.view().jobs.some((j) => j.id === job.job.id && j.state === 'done'),
      'the label delivered',
    );
    // What the core will call when the outbox delivers an order's label or invoice.
    replicator.deliveryChanged(ORDERS.case.id);
    await until(async () => (await count(url, delivered)) === 1, 'the delivery in PostgreSQL');
    expect(await count(url, 'SELECT count(*) AS n FROM packs')).toBe(packs);
    expect(await count(url, 'SELECT count(*) AS n FROM pack_units')).toBe(units);
    await until(() => replicator.state().phase === 'upToDate', 'the pass ended');
    expect(replicator.state().repeated).toBeGreaterThanOrEqual(1);
    await endReplicator();
  });

  it('waits between attempts on the injected clock, doubling to its ceiling', async () => {
    const clock = new FakeClock();
    const port = await freePort();
    const replicator = replicate(station, `postgres://nobody:x@127.0.0.1:${port}/none`, {
      clock,
      retry: { firstMs: 1_000, maxMs: 3_000 },
    });
    const waits: number[] = [];
    let due: number | null = null;
    for (let attempt = 0; attempt < 4; attempt += 1) {
      // A new failure is one with a new time for the next attempt.
      await until(() => {
        const state = replicator.state();
        return state.phase === 'waiting' && state.nextAttemptAt !== due;
      }, `attempt ${attempt} failed`);
      due = replicator.state().nextAttemptAt ?? 0;
      waits.push(due - clock.now());
      expect(replicator.state().error?.messageKey).toBe('records.error.unreachable');
      // Nothing is tried again before the clock says so.
      expect(clock.pendingTimers).toBe(1);
      await clock.advance(due - clock.now());
    }
    expect(waits).toEqual([1_000, 2_000, 3_000, 3_000]);
    await endReplicator();
  });
});
