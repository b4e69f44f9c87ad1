import { createHash } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStationCore } from '../../src/main/core/station-core.ts';
import type { IpcEventLike } from '../../src/main/ipc-manager.ts';
import { readPolicy } from '../../src/main/policy/read-policy.ts';
import { stationJournal } from '../../src/main/records/journal.ts';
import { supervisorFromJournal } from '../../src/main/records/supervisor.ts';
import { memoryKeychain, tempDir } from '../outbox/helpers.ts';
import { PrivatePostgres } from '../support/private-postgres.ts';
import { invoker, registerTestHandlers } from '../support/test-handlers.ts';
import { until } from '../support/until.ts';
import { closeStation, ORDERS, packOrder, startStation, type TestStation } from './stations.ts';

// The fleet's records as the station owns them (issue #40), through the real IPC handlers of a
// real core on its embedded sandbox and a private PostgreSQL: without an address the recall
// answers from this station and says so; Settings → Pack records saves the address (the password
// to the keychain), the packs finished before are back-filled and the next ones follow, the
// status says where they stand, the recall then answers from PostgreSQL, its CSV has a BOM; a
// wrong password is a sentence; a policy's locked address cannot be changed.

let cluster: PrivatePostgres;
let station: TestStation;
let url: string;

const count = async (sql: string): Promise<number> => {
  const client = new pg.Client({ connectionString: cluster.url('records') });
  await client.connect();
  try {
    return Number((await client.query<{ n: string }>(sql)).rows[0]?.n);
  } finally {
    await client.end();
  }
};

beforeAll(async () => {
  [cluster, station] = await Promise.all([PrivatePostgres.start(), startStation()]);
  await cluster.createDatabase('records');
  // The address as IT writes it, without the password.
  url = cluster.url('records').replace(/\/\/[^@]*@/, `//${cluster.user}@`);
}, 60_000);

afterAll(async () => {
  await closeStation(station);
  await cluster?.stop();
});

describe('Settings → Pack records and the Records screen through IPC', () => {
  it('without PostgreSQL, recalls from this station and says so', async () => {
    const { call } = station;
    expect((await call('getRecords', undefined)).state.phase).toBe('off');
    const pack = await packOrder(station, ORDERS.plain);
    const answer = await call('recall', { by: 'order', value: ORDERS.plain.id });
    expect(answer.source).toBe('station');
    expect(answer.rows.length).toBeGreaterThan(0);
    expect(answer.rows.every((row) => row.order === ORDERS.plain.id)).toBe(true);
    expect(pack.status).toBe('finished');
  });

  it('a wrong password is a sentence, not a crash, and nothing is kept', async () => {
    const tested = await station.call('testRecords', { url, ca: null, password: 'wrong' });
    expect(tested).toMatchObject({ ok: false, error: { messageKey: 'records.error.auth' } });
    expect((await station.call('getRecords', undefined)).settings.url).toBeNull();
  });

  it('saves the address, back-fills what was packed, follows each finish, recalls the fleet', async () => {
    const { call, core } = station;
    const tested = await call('testRecords', { url, ca: null, password: cluster.password });
    expect(tested).toMatchObject({ ok: true, target: expect.stringContaining('/records') });
    const view = await call('saveRecords', { url, ca: null, password: cluster.password });
    expect(view).toMatchObject({ settings: { url }, passwordSet: true });
    // The pack finished before the address was set arrives by itself (the back-fill).
    await until(() => core.status().records.phase === 'upToDate', 'the back-fill', 20_000);
    expect(await count('SELECT count(*) AS n FROM packs')).toBe(1);
    // The next finish follows without anything pressed.
    await packOrder(station, ORDERS.gift);
    await until(
      async () => (await count('SELECT count(*) AS n FROM packs')) === 2,
      'the second pack in PostgreSQL',
      20_000,
    );
    const answer = await call('recall', { by: 'order', value: ORDERS.gift.id });
    expect(answer.source).toBe('postgres');
    expect(answer.rows.length).toBeGreaterThan(0);
    const lot = answer.rows.find((row) => row.lot)?.lot;
    if (!lot) throw new Error('the gift order recorded no lot');
    const byLot = await call('recall', { by: 'lot', value: lot });
    expect(byLot.rows.map((row) => row.order)).toContain(ORDERS.gift.id);
    const csv = await call('recallCsv', { by: 'lot', value: lot });
    expect(csv.csv.startsWith('\uFEFF')).toBe(true);
    expect(csv.rows).toBe(byLot.rows.length);
    // The supervisor's day from PostgreSQL is this station's own, row for row.
    const day = new Date().toISOString().slice(0, 10);
    const fleetDay = await call('supervisor', { from: day, to: day });
    expect(fleetDay.source).toBe('postgres');
    const here = supervisorFromJournal(
      stationJournal(core.outbox.database),
      Date.parse(`${day}T00:00:00Z`),
      Date.parse(`${day}T00:00:00Z`) + 86_400_000,
    );
    expect(fleetDay.rows).toEqual(here);
    expect(here.reduce((sum, row) => sum + row.packs, 0)).toBe(2);
    const csvDay = await call('supervisorCsv', { from: day, to: day });
    expect(csvDay.csv.split('\r\n')[0]).toBe(
      '\uFEFFday,station,packer,packs,units,units_per_hour,errors_per_100_units,fefo_overrides,fefo_reasons,short_packs,weight_overrides',
    );
    // A date range that ends before today finds nothing.
    expect(
      (await call('recall', { by: 'lot', value: lot, from: '2000-01-01', to: '2000-01-31' })).rows,
    ).toEqual([]);
  }, 60_000);

  it("a pack's clip, closed after its finish, reaches PostgreSQL with its hash (issue #41)", async () => {
    const { call } = station;
    const order = ORDERS.case;
    await call('saveCamera', { enabled: true });
    await call('lookupOrder', { id: order.id });
    const { id: packId } = await call('openPack', { orderId: order.id, expiryWarningDays: 30 });
    expect(await call('clipStart', { packId })).toEqual({ recording: true });
    const bytes = new TextEncoder().encode(`a clip of ${packId}, as the window would send it`);
    await call('clipAppend', { packId, bytes });
    await packOrder(station, order);
    const sent = `SELECT count(*) AS n FROM packs WHERE id = '${packId}'`;
    await until(async () => (await count(sent)) === 1, 'the pack in PostgreSQL', 20_000);
    // Finished and sent before its clip closed: the clip's hash follows the record.
    expect(await count(`${sent} AND clip_sha256 IS NULL`)).toBe(1);
    const clip = await call('clipFinish', { packId });
    expect(clip?.sha256).toBe(createHash('sha256').update(bytes).digest('hex'));
    await until(
      async () =>
        (await count(
          `${sent} AND clip_sha256 = '${clip?.sha256}' AND clip_bytes = ${bytes.length}`,
        )) === 1,
      "the clip's hash in PostgreSQL",
      20_000,
    );
  });

  it("a policy that locks the address keeps it; the password is still the station's to set", async () => {
    const read = readPolicy(JSON.stringify({ records: { url, locked: true } }));
    if (!read.ok) throw new Error(JSON.stringify(read.errors));
    const dir = tempDir('packbench-records-policy-');
    const core = await createStationCore({
      dataDir: dir.path,
      keychain: memoryKeychain(),
      health: { intervalMs: 60_000 },
      policy: { file: '/etc/packbench/policy.json', policy: read.policy },
    });
    const registered = new Map<string, (event: IpcEventLike, ...args: unknown[]) => unknown>();
    registerTestHandlers({ core, registered, isTrustedSender: () => true });
    const ipc = invoker(registered);
    try {
      expect((await ipc.unwrap('getRecords', undefined)).settings.url).toBe(url);
      const moved = await ipc.result('saveRecords', {
        url: 'postgres://elsewhere.lan/packs',
        ca: null,
      });
      expect(moved.ok).toBe(false);
      if (!moved.ok) expect(moved.error.messageKey).toBe('policy.locked');
      const kept = await ipc.unwrap('saveRecords', { url, ca: null, password: cluster.password });
      expect(kept.passwordSet).toBe(true);
      await until(
        () => core.status().records.phase === 'upToDate',
        'the locked station up to date',
        20_000,
      );
    } finally {
      await core.close();
      dir.remove();
    }
  }, 60_000);
});
