import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStationCore, type StationCore } from '../../src/main/core/station-core.ts';
import type { IpcEventLike } from '../../src/main/ipc-manager.ts';
import type { PackView } from '../../src/shared/pack/types.ts';
import { PACK_FIXTURES } from '../../src/sandbox/index.ts';
import { startSandbox } from '../../src/sandbox/index.ts';
import { memoryKeychain, stationFor, tempDir } from '../outbox/helpers.ts';
import { invoker, registerTestHandlers } from '../support/test-handlers.ts';
import { until } from '../support/until.ts';

// A verified pack through the real IPC handlers of a real station core on its embedded sandbox:
// the seed's gift order, packed with the keyboard's scans as a wedge types them.

const GS = String.fromCharCode(29);
const dir = tempDir('packbench-pack-station-');
const registered = new Map<string, (event: IpcEventLike, ...args: unknown[]) => unknown>();
let core: StationCore;

const { unwrap: call } = invoker(registered);

/** A GS1 element string as a GS1-128 wedge sends it: AIM id, FNC1 as ASCII 29 after the lot. */
const gs1 = (gtin: string, expiry: string, lot: string) =>
  `]C101${gtin}17${expiry.slice(2).replaceAll('-', '')}10${lot}${GS}`;

beforeAll(async () => {
  core = await createStationCore({
    dataDir: dir.path,
    keychain: memoryKeychain(),
    health: { intervalMs: 60_000 },
  });
  registerTestHandlers({ core, registered, isTrustedSender: () => true });
});
afterAll(async () => {
  await core.close();
  dir.remove();
});

describe('a verified pack at the station', () => {
  const order = PACK_FIXTURES.orders.gift;
  const batchSku = order.items.find((i) => PACK_FIXTURES.batches[i.sku])?.sku ?? '';
  const batch = PACK_FIXTURES.batches[batchSku];

  it('opens for 1 + uncached SKUs + batch-controlled SKUs requests, then packs offline-fast', async () => {
    await call('lookupOrder', { id: order.id });
    const before = core.status().budget?.used ?? 0;
    let view: PackView = await call('openPack', { orderId: order.id, expiryWarningDays: 30 });
    // The order itself came with the lookup a moment ago: 3 products + 1 batch-controlled SKU.
    expect((core.status().budget?.used ?? 0) - before).toBe(order.items.length + 1);
    expect(view.notes).toBe(order.notes);
    expect(view.lines.map((l) => [l.sku, l.expected])).toEqual(
      order.items.map((i) => [i.sku, i.quantity]),
    );
    const api = await core.api();
    const product = await api.getProduct(batchSku);
    const lots = Object.fromEntries(
      (batch?.lots ?? [])
        .filter((l) => l.warehouse === PACK_FIXTURES.warehouse)
        .map((l) => [l.batch, l]),
    );
    const expiryOf = async (lot: string) =>
      (
        await api.queryInventory({
          sku: batchSku,
          warehouse: PACK_FIXTURES.warehouse,
          batchExpiry: true,
        })
      ).data.find((row) => row.batch === lot)?.expiry_date ?? '';
    expect(Object.keys(lots)).toContain(batch?.fefo);
    const expired = await expiryOf(batch?.expired ?? '');
    const fine = await expiryOf(batch?.fine ?? '');
    const id = view.id;
    const used = core.status().budget?.used ?? 0;

    view = await call('packScan', { packId: id, code: PACK_FIXTURES.upcA.barcode });
    expect(view.verdict?.messageKey).toBe('packVerdict.notesFirst');
    view = await call('answerPack', { packId: id, answer: { kind: 'notes' } });
    expect(view.notesAcknowledged).toBe(true);
    view = await call('packScan', { packId: id, code: `]E00${PACK_FIXTURES.upcA.barcode}` });
    expect(view.units.at(-1)).toMatchObject({ sku: PACK_FIXTURES.upcA.sku, identifiedBy: 'gtin' });
    view = await call('packScan', { packId: id, code: PACK_FIXTURES.upcA.barcode });
    expect(view.lines.find((l) => l.sku === PACK_FIXTURES.upcA.sku)?.scanned).toBe(2);
    view = await call('packScan', { packId: id, code: PACK_FIXTURES.ean13.barcode });
    expect(view.verdict?.tone).toBe('ok');
    // The expired lot: locked, nothing counted, until acknowledged.
    const gtin = `0${product.barcode}`.slice(-14);
    view = await call('packScan', {
      packId: id,
      code: gs1(gtin, expired, batch?.expired ?? ''),
    });
    expect(view.prompt?.kind).toBe('lock');
    expect(view.verdict?.messageKey).toBe('packVerdict.expiredLot');
    view = await call('answerPack', { packId: id, answer: { kind: 'acknowledge' } });
    expect(view.prompt).toBeNull();
    // A fine lot that is not first to expire: counted with the packer's reason.
    view = await call('packScan', {
      packId: id,
      code: gs1(gtin, fine, batch?.fine ?? ''),
    });
    expect(view.prompt).toMatchObject({
      kind: 'reason',
      why: 'not_fefo',
      fefo: { lot: batch?.fefo },
    });
    view = await call('answerPack', {
      packId: id,
      answer: { kind: 'reason', reason: 'customer_asked' },
    });
    expect(view.units.at(-1)?.override).toMatchObject({
      kind: 'not_fefo',
      reason: 'customer_asked',
    });
    // A plain barcode on the batch product: the lot from the list, FEFO first.
    view = await call('packScan', { packId: id, code: product.barcode ?? '' });
    expect(view.prompt?.kind).toBe('lot');
    // Every scan was judged locally: not one request since the pack opened.
    expect((core.status().budget?.used ?? 0) - used).toBe(0);
    view = await call('answerPack', {
      packId: id,
      answer: { kind: 'lot', lot: batch?.fefo ?? '' },
    });
    // The last unit finishes the pack by itself (the default), and marks the order packed.
    expect(view.status).toBe('finished');
    expect(view.verdict?.messageKey).toBe('packVerdict.finished');
    const jobId = view.finish?.statusJobId ?? '';
    await until(
      () => core.work.view().jobs.some((j) => j.id === jobId && j.state === 'done'),
      'the packed status delivered',
    );
    expect((await api.getOrder(order.id)).status).toBe('packed');
    const updates = core.work
      .view()
      .jobs.filter((j) => j.kind === 'order.update' && j.subject === order.id);
    expect(updates).toHaveLength(1);

    const csv = await call('exportPacks', { orderId: order.id, format: 'csv' });
    const rows = csv.text.trim().split('\r\n');
    expect(rows).toHaveLength(1 + 5);
    expect(csv.text).toContain(`,${batch?.fine},`);
    expect(csv.text).toContain(',not_fefo,customer_asked,');
    const activity = await call('getAudit', { limit: 20 });
    expect(activity.map((a) => a.messageKey)).toContain('activity.pack_finished');
    // The packed status the station sent by itself is logged as what it is, not as a re-send.
    const log = await call('exportAuditCsv', undefined);
    expect(log).toContain(`Order ${order.id} marked packed`);
    expect(log).not.toContain('sent again');
    // Only an operator's confirmed re-send of the same change says re-send.
    const again = core.work.submit({
      kind: 'order.update',
      payload: { order: { id: order.id, status: 'packed' } },
      confirmResend: true,
    });
    expect(again.status).toBe('enqueued');
    expect(await call('exportAuditCsv', undefined)).toContain(
      `Order change for ${order.id} queued to be sent again`,
    );
  });

  it('refuses to pack an order that has shipped, in a sentence', async () => {
    const shipped = (await (await core.api()).listOrders({ pageSize: 100 })).data.find(
      (o) => o.status === 'shipped',
    );
    const result = await invoker(registered).result('openPack', {
      orderId: shipped?.id ?? '',
      expiryWarningDays: 30,
    });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error.messageKey).toBe('packVerdict.errors.cannot_pack');
  });

  it('packs on offline once the order is open; finishing queues the packed status', async () => {
    const sandbox = await startSandbox({ port: 0, host: '127.0.0.1' });
    const offline = tempDir('packbench-pack-offline-');
    const station = await stationFor(sandbox, offline.path);
    try {
      const handlers = new Map<string, (event: IpcEventLike, ...args: unknown[]) => unknown>();
      registerTestHandlers({ core: station, registered: handlers, isTrustedSender: () => true });
      const { unwrap: invoke } = invoker(handlers);
      const plain = PACK_FIXTURES.orders.plain;
      await invoke('lookupOrder', { id: plain.id });
      let view = await invoke('openPack', { orderId: plain.id, expiryWarningDays: 30 });
      await sandbox.close();
      for (const item of plain.items)
        for (let n = 0; n < item.quantity; n += 1)
          view = await invoke('packScan', { packId: view.id, code: item.sku });
      expect(view.status).toBe('finished');
      const job = station.work.view().jobs.find((j) => j.id === view.finish?.statusJobId);
      expect(job).toMatchObject({ kind: 'order.update', subject: plain.id });
      expect(job?.state).not.toBe('done');
    } finally {
      await station.close();
      await sandbox.close().catch(() => undefined);
      offline.remove();
    }
  });
});
