import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStationCore, type StationCore } from '../../src/main/core/station-core.ts';
import type { IpcEventLike } from '../../src/main/ipc-manager.ts';
import type { Order } from '../../src/shared/api/schemas.ts';
import type { BulkBoardRow } from '../../src/shared/ipc/bulk-types.ts';
import { startSandbox, type RunningSandbox } from '../../src/sandbox/index.ts';
import { memoryKeychain, stationFor, tempDir } from '../outbox/helpers.ts';
import { invoker, registerTestHandlers } from '../support/test-handlers.ts';
import { until } from '../support/until.ts';

// Bulk → the board through the real IPC handlers of a real station core on a private sandbox
// (issue #39): a drop matched row by row, the operator's decisions (an order typed, a row left
// out), the queue (one outbox submission per order and file, named after the order, never twice),
// the board after a restart, and a drop while the service is away (matched against the orders
// read before).

const dir = tempDir('packbench-bulk-board-');
const keychain = memoryKeychain();
let sandbox: RunningSandbox;
let core: StationCore;
let api = invoker(new Map());
let seeded: Order;
let other: Order;
/** A tracking the service has, and its order: read from the service, not from the board. */
let tracked: { order: string; code: string };

const ascii = (text: string) => new TextEncoder().encode(text);
const label = (text: string) =>
  `^XA^CI28^FO30,30^A0N,40,40^FD${text}^FS^FO30,100^BCN,80,Y,N^FD${text}^FS^XZ\n`;

function attach(station: StationCore) {
  const registered = new Map<string, (event: IpcEventLike, ...args: unknown[]) => unknown>();
  registerTestHandlers({ core: station, registered, isTrustedSender: () => true });
  core = station;
  api = invoker(registered);
}

const byStatus = (rows: readonly BulkBoardRow[], status: BulkBoardRow['status']) =>
  rows.filter((row) => row.status === status);

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, host: '127.0.0.1' });
  attach(await stationFor(sandbox, dir.path, { keychain }));
  // The orders are read independently of the board: the listing's first page.
  const page = await api.unwrap('listOrders', {});
  const [first, second] = page.data;
  if (!first || !second) throw new Error('the sandbox lists fewer than two orders');
  [seeded, other] = [first, second];
  const client = await core.api();
  for (const order of page.data) {
    const [tracking] = (await client.queryTrackings({ order: order.id })).data;
    if (tracking?.code && order.id !== seeded.id && order.id !== other.id) {
      tracked = { order: order.id, code: tracking.code };
      break;
    }
  }
  if (!tracked) throw new Error('no listed order has a tracking');
});
afterAll(async () => {
  await core.close();
  await sandbox.close().catch(() => undefined);
  dir.remove();
});

describe('the Bulk board through IPC', () => {
  it('matches a drop row by row: a label naming an order, one naming nothing, refusals', async () => {
    const board = await api.unwrap('bulkDrop', {
      files: [
        { name: 'day.zpl', bytes: ascii(label(`Pedido ${seeded.id}`) + label('Nobody at all')) },
        { name: 'empty.zpl', bytes: new Uint8Array() },
        { name: 'photo.png', bytes: new Uint8Array([0x89, 0x50, 0x4e, 0x47, 1, 2, 3]) },
      ],
    });
    expect(board.notices).toEqual([]);
    expect(board.orders).toBeGreaterThanOrEqual(2);
    const [matched, unmatched, empty, stranger] = board.rows;
    expect(matched).toMatchObject({
      source: 'day.zpl',
      kind: 'label',
      index: 1,
      status: 'matched',
      order: seeded.id,
      target: seeded.id,
      assigned: null,
      leftOut: false,
      job: null,
    });
    expect(matched?.evidence).toContainEqual({
      key: 'orderId',
      value: seeded.id,
      order: seeded.id,
    });
    expect(unmatched).toMatchObject({ index: 2, status: 'unmatched', order: null, target: null });
    expect(empty).toMatchObject({
      status: 'refused',
      error: { messageKey: 'bulk.refused.empty', params: { source: 'empty.zpl' } },
    });
    expect(stranger).toMatchObject({ error: { messageKey: 'bulk.refused.notLabelOrInvoice' } });
    // Its picture, drawn by our engine as the printer would print it; none for a refusal.
    const picture = await api.unwrap('bulkPreview', { seq: matched?.seq ?? 0 });
    expect(picture?.kind).toBe('label');
    expect([...(picture?.bytes.subarray(0, 8) ?? [])]).toEqual([137, 80, 78, 71, 13, 10, 26, 10]);
    expect(await api.unwrap('bulkPreview', { seq: empty?.seq ?? 0 })).toBeNull();
    // The same board comes back when the window asks again.
    expect((await api.unwrap('bulkBoard', undefined)).rows).toEqual(board.rows);
  });

  it('adds a piece dropped again only once, and says so', async () => {
    const board = await api.unwrap('bulkDrop', {
      files: [{ name: 'again.zpl', bytes: ascii(label(`Pedido ${seeded.id}`)) }],
    });
    expect(board.rows).toHaveLength(4);
    expect(board.notices).toContainEqual({
      messageKey: 'bulk.board.alreadyOnBoard',
      params: { count: 1 },
    });
  });

  it('matches a label naming only its tracking code, by asking the service about the code', async () => {
    const board = await api.unwrap('bulkDrop', {
      files: [
        { name: 'carrier.zpl', bytes: ascii(`^XA^FO30,30^BCN,80,Y,N^FD${tracked.code}^FS^XZ`) },
      ],
    });
    const row = board.rows.at(-1);
    expect(row).toMatchObject({ source: 'carrier.zpl', status: 'matched', order: tracked.order });
    expect(row?.evidence).toContainEqual({
      key: 'tracking',
      value: tracked.code,
      order: tracked.order,
    });
    await api.unwrap('bulkLeaveOut', { seq: row?.seq ?? 0, leftOut: true });
  });

  it('takes the order an operator types, refuses one the service never listed', async () => {
    const unmatched = byStatus((await api.unwrap('bulkBoard', undefined)).rows, 'unmatched')[0];
    if (!unmatched) throw new Error('no unmatched row');
    const refused = await api.result('bulkAssign', { seq: unmatched.seq, order: 'NOPE-404' });
    expect(refused.ok).toBe(false);
    if (!refused.ok) expect(refused.error.messageKey).toBe('bulk.board.unknownOrder');
    // Typed in lower case: the board keeps the order's own spelling.
    const board = await api.unwrap('bulkAssign', {
      seq: unmatched.seq,
      order: other.id.toLowerCase(),
    });
    expect(board.rows.find((r) => r.seq === unmatched.seq)).toMatchObject({
      assigned: other.id,
      target: other.id,
      status: 'unmatched',
    });
  });

  it('never queues a row left out; Delete again brings it back', async () => {
    const row = (await api.unwrap('bulkBoard', undefined)).rows[1];
    if (!row) throw new Error('no second row');
    await api.unwrap('bulkLeaveOut', { seq: row.seq, leftOut: true });
    const refused = await api.result('bulkQueue', { seqs: [row.seq] });
    expect(refused.ok).toBe(false);
    if (!refused.ok) expect(refused.error.messageKey).toBe('bulk.board.leftOutNotQueued');
    const board = await api.unwrap('bulkLeaveOut', { seq: row.seq, leftOut: false });
    expect(board.rows[1]?.leftOut).toBe(false);
  });

  it('queues every row with an order once, named after it, and the outbox delivers them', async () => {
    // A second label of the seeded order, so two files go to one order.
    await api.unwrap('bulkDrop', {
      files: [{ name: 'late.zpl', bytes: ascii(label(`Order ${seeded.id} box 2`)) }],
    });
    const { board, queued, already } = await api.unwrap('bulkQueue', {});
    expect([queued, already]).toEqual([3, 0]);
    const names = board.rows.filter((r) => r.job).map((r) => [r.target, r.job?.fileName]);
    expect(names).toEqual([
      [seeded.id, `${seeded.id}-label.zpl`],
      [other.id, `${other.id}-label.zpl`],
      [seeded.id, `${seeded.id}-label-2.zpl`],
    ]);
    const jobIds = board.rows.flatMap((r) => (r.job ? [r.job.id] : []));
    await until(
      () =>
        core.work.view().jobs.filter((j) => jobIds.includes(j.id) && j.state === 'done').length ===
        3,
      'the three labels delivered',
    );
    // The one key again: nothing left to queue, nothing sent twice.
    const again = await api.unwrap('bulkQueue', {});
    expect([again.queued, again.already]).toEqual([0, 0]);
    expect(again.board.rows.filter((r) => r.job).map((r) => r.job?.state)).toEqual([
      'done',
      'done',
      'done',
    ]);
    const labelJobs = core.work.view().jobs.filter((j) => j.kind === 'label.upload');
    expect(labelJobs).toHaveLength(3);
  });

  it('shows the same board after a restart, and a cleared board never sends a file twice', async () => {
    const before = await api.unwrap('bulkBoard', undefined);
    await core.close();
    attach(
      await createStationCore({ dataDir: dir.path, keychain, health: { intervalMs: 60_000 } }),
    );
    const after = await api.unwrap('bulkBoard', undefined);
    expect(after.rows).toEqual(before.rows);

    await api.unwrap('bulkClear', undefined);
    const redropped = await api.unwrap('bulkDrop', {
      files: [{ name: 'day.zpl', bytes: ascii(label(`Pedido ${seeded.id}`) + label('Nobody')) }],
    });
    // The service has the label now: the same bytes on the order are a delivered duplicate.
    expect(redropped.rows[0]).toMatchObject({ status: 'duplicate', target: null });
    expect(redropped.rows[0]?.deliveredAs).toBe(redropped.rows[0]?.sha256);
    const { queued } = await api.unwrap('bulkQueue', {});
    expect(queued).toBe(0);
    expect(core.work.view().jobs.filter((j) => j.kind === 'label.upload')).toHaveLength(3);
  });

  it('offline, matches against the orders read before and says when they were read', async () => {
    await api.unwrap('bulkClear', undefined);
    await sandbox.close();
    const board = await api.unwrap('bulkDrop', {
      files: [
        { name: 'offline.zpl', bytes: ascii(label(`Pedido ${other.id} (offline)`)) },
        // The code was asked about before: its answer was kept.
        { name: 'carrier.zpl', bytes: ascii(`^XA^FO9,9^BCN,60,N,N^FD${tracked.code}^FS^XZ`) },
      ],
    });
    expect(board.notices).toEqual([
      {
        messageKey: 'bulk.board.ordersFromEarlier',
        params: { count: board.orders, at: expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d$/) },
      },
    ]);
    expect(board.orders).toBeGreaterThanOrEqual(2);
    expect(board.rows).toMatchObject([
      { status: 'matched', order: other.id },
      { status: 'matched', order: tracked.order },
    ]);
  }, 60_000);

  it('refuses an empty drop at the door', async () => {
    expect((await api.result('bulkDrop', { files: [] })).ok).toBe(false);
  });
});
