import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStationCore, type StationCore } from '../../src/main/core/station-core.ts';
import type { IpcEventLike } from '../../src/main/ipc-manager.ts';
import { startSandbox, type RunningSandbox } from '../../src/sandbox/index.ts';
import { PACK_FIXTURES } from '../../src/sandbox/seed-packing.ts';
import { memoryKeychain, tempDir } from '../outbox/helpers.ts';
import { invoker, registerTestHandlers } from '../support/test-handlers.ts';

// Which orders a Bulk drop is matched against (issue #39): the listing within the profile's date
// window (`orderWindowDays`, today included), the orders opened on this station today whatever
// their age, and, on a v1 profile (whose API lists no orders), the orders opened here within the
// window. Through the real IPC handlers of a real core, on a private sandbox whose orders the
// test dates itself.

const DAY = 86_400_000;
const dir = tempDir('packbench-bulk-candidates-');
let sandbox: RunningSandbox;
let core: StationCore;
let api = invoker(new Map());
let profileId = '';

const ascii = (text: string) => new TextEncoder().encode(text);
const label = (text: string) => `^XA^CI28^FO30,30^A0N,40,40^FD${text}^FS^XZ\n`;
const drop = async (name: string, text: string) =>
  (await api.unwrap('bulkDrop', { files: [{ name, bytes: ascii(label(text)) }] })).rows.at(-1);

/** The plain pack fixture again under another id, created `daysAgo` days before now. */
function addOrder(id: string, daysAgo: number): void {
  const acme = sandbox.state.companies['acme'];
  const model = acme?.orders[PACK_FIXTURES.orders.plain.id];
  if (!acme || !model) throw new Error('the sandbox has no plain pack order for Acme');
  const created = new Date(Date.now() - daysAgo * DAY).toISOString();
  acme.orders[id] = { ...structuredClone(model), id, created_at: created, updated_at: created };
}

async function saveProfile(changes: { apiVersion?: 'v1' | 'v1.1'; orderWindowDays?: number }) {
  const current = core.profiles.get(profileId);
  await api.unwrap('saveProfile', {
    id: profileId,
    profile: {
      name: current.name,
      environment: current.environment,
      baseUrl: current.baseUrl,
      apiVersion: current.apiVersion,
      orderWindowDays: current.orderWindowDays,
      overrides: current.overrides,
      ...changes,
    },
  });
}

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, host: '127.0.0.1' });
  addOrder('OLD-0001', 20);
  addOrder('MID-0001', 5);
  core = await createStationCore({
    dataDir: dir.path,
    keychain: memoryKeychain(),
    health: { intervalMs: 60_000, retryMs: 200 },
  });
  const registered = new Map<string, (event: IpcEventLike, ...args: unknown[]) => unknown>();
  registerTestHandlers({ core, registered, isTrustedSender: () => true });
  api = invoker(registered);
  const profile = await core.profiles.create({
    name: 'Acme',
    environment: 'test',
    baseUrl: sandbox.url,
  });
  await core.setKey(profile.id, 'sbx-demo-acme');
  await core.switchProfile(profile.id);
  profileId = profile.id;
});
afterAll(async () => {
  await core.close();
  await sandbox.close().catch(() => undefined);
  dir.remove();
});

describe("the Bulk board's candidate orders", () => {
  it("are the listing's orders within the profile's date window, 14 days unless set", async () => {
    expect(core.profiles.get(profileId).orderWindowDays).toBe(14);
    expect(await drop('mid.zpl', 'Pedido MID-0001')).toMatchObject({
      status: 'matched',
      order: 'MID-0001',
    });
    expect(await drop('old.zpl', 'Pedido OLD-0001')).toMatchObject({ status: 'unmatched' });
    // Typing an order the drop could not know is refused with its sentence.
    const old = (await api.unwrap('bulkBoard', undefined)).rows.at(-1);
    const typed = await api.result('bulkAssign', { seq: old?.seq ?? 0, order: 'OLD-0001' });
    expect(typed).toMatchObject({
      ok: false,
      error: { messageKey: 'bulk.board.unknownOrder', params: { order: 'OLD-0001' } },
    });
  });

  it('take in a 20-day-old order once the window is widened to 30 days', async () => {
    await saveProfile({ orderWindowDays: 30 });
    expect(await drop('old-30.zpl', 'Pedido OLD-0001 (30)')).toMatchObject({
      status: 'matched',
      order: 'OLD-0001',
    });
    await saveProfile({ orderWindowDays: 14 });
    expect(await drop('old-14.zpl', 'Pedido OLD-0001 (14)')).toMatchObject({
      status: 'unmatched',
    });
  });

  it('include an order opened for packing here today, however old it is', async () => {
    await api.unwrap('lookupOrder', { id: 'OLD-0001' });
    await api.unwrap('openPack', { orderId: 'OLD-0001', expiryWarningDays: 30 });
    expect(await drop('old-opened.zpl', 'Pedido OLD-0001 (opened)')).toMatchObject({
      status: 'matched',
      order: 'OLD-0001',
    });
    // The row dropped before the pack was opened can now be given to it by hand.
    const board = await api.unwrap('bulkBoard', undefined);
    const earlier = board.rows.find((row) => row.source === 'old.zpl');
    const assigned = await api.unwrap('bulkAssign', { seq: earlier?.seq ?? 0, order: 'old-0001' });
    expect(assigned.rows.find((row) => row.source === 'old.zpl')?.target).toBe('OLD-0001');
  });

  it('on a v1 profile, which lists no orders, are the orders opened here within the window', async () => {
    await saveProfile({ apiVersion: 'v1' });
    const board = await api.unwrap('bulkDrop', {
      files: [
        { name: 'v1-mid.zpl', bytes: ascii(label('Pedido MID-0001 (v1)')) },
        { name: 'v1-old.zpl', bytes: ascii(label('Pedido OLD-0001 (v1)')) },
      ],
    });
    expect(board.notices).toEqual([
      { messageKey: 'bulk.board.ordersOpenedHere', params: { count: 1 } },
    ]);
    expect(board.orders).toBe(1);
    const [mid, old] = board.rows.slice(-2);
    // MID-0001 is recent, but this station never opened it: v1 cannot know it.
    expect(mid).toMatchObject({ source: 'v1-mid.zpl', status: 'unmatched' });
    expect(old).toMatchObject({ source: 'v1-old.zpl', status: 'matched', order: 'OLD-0001' });
  });

  it('are said to be unreadable when the service is away and none were read or opened', async () => {
    // A second profile on an address where nothing listens: no listing kept, nothing opened.
    const away = await core.profiles.create({
      name: 'Away',
      environment: 'test',
      baseUrl: 'http://127.0.0.1:9',
    });
    await core.setKey(away.id, 'sbx-demo-acme');
    await core.switchProfile(away.id);
    const board = await api.unwrap('bulkDrop', {
      files: [{ name: 'away.zpl', bytes: ascii(label('Pedido OLD-0001')) }],
    });
    expect(board.notices).toEqual([{ messageKey: 'bulk.board.ordersUnavailable', params: {} }]);
    expect(board.rows.at(-1)).toMatchObject({ status: 'unmatched' });
    await core.switchProfile(profileId);
    await saveProfile({ apiVersion: 'v1.1' });
  });
});
