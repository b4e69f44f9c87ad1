// The weight check at a pack's finish, through the real handlers of a real station core on its
// embedded sandbox, with our serial scale emulator: the product weights come from the sandbox,
// the weight from the scale, and the record keeps both.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStationCore, type StationCore } from '../../src/main/core/station-core.ts';
import type { IpcEventLike } from '../../src/main/ipc-manager.ts';
import type { PackView } from '../../src/shared/pack/types.ts';
import { DEFAULT_SCALE_SETTINGS } from '../../src/shared/scale/settings.ts';
import { SERIAL_DEFAULTS } from '../../src/shared/scale/types.ts';
import { PACK_FIXTURES } from '../../src/sandbox/index.ts';
import { memoryKeychain, tempDir } from '../outbox/helpers.ts';
import { ScaleEmulator } from '../support/scale-emulator.ts';
import { invoker, registerTestHandlers } from '../support/test-handlers.ts';
import { until } from '../support/until.ts';

const dir = tempDir('packbench-pack-weight-');
const registered = new Map<string, (event: IpcEventLike, ...args: unknown[]) => unknown>();
let core: StationCore;
let emulator: ScaleEmulator;
const TARE = 150;

const { unwrap: call } = invoker(registered);

/** What the order's box should weigh, from the sandbox's own products. */
async function expectedGrams(order: { items: readonly { sku: string; quantity: number }[] }) {
  const api = await core.api();
  let grams = TARE;
  for (const item of order.items)
    grams += Number((await api.getProduct(item.sku)).weight_kg ?? 0) * 1000 * item.quantity;
  return Math.round(grams);
}

/** Opens the order and scans every unit by its SKU; the last scan asks for the scale. */
async function packAll(order: { id: string; items: readonly { sku: string; quantity: number }[] }) {
  await call('lookupOrder', { id: order.id });
  let view: PackView = await call('openPack', { orderId: order.id, expiryWarningDays: 30 });
  for (const item of order.items)
    for (let n = 0; n < item.quantity; n += 1)
      view = await call('packScan', { packId: view.id, code: item.sku });
  return view;
}

const show = (grams: number) =>
  emulator.show({ kind: 'stable', value: (grams / 1000).toFixed(3), unit: 'kg' });

beforeAll(async () => {
  emulator = await ScaleEmulator.start({ protocol: 'nci' });
  emulator.show({ kind: 'zero', value: '0.000', unit: 'kg' });
  core = await createStationCore({
    dataDir: dir.path,
    keychain: memoryKeychain(),
    health: { intervalMs: 60_000 },
  });
  registerTestHandlers({ core, registered, isTrustedSender: () => true });
  await call('saveScaleSettings', {
    ...DEFAULT_SCALE_SETTINGS,
    device: `serial:${emulator.path}`,
    protocol: 'nci',
    serial: SERIAL_DEFAULTS.nci,
    boxes: [{ name: 'M', tareGrams: TARE }],
    defaultBox: 'M',
    tolerance: { grams: 20, percent: 2 },
  });
  await until(() => core.scale.view().state === 'reading', 'the scale read');
});
afterAll(async () => {
  await core.close();
  await emulator.stop();
  dir.remove();
});

describe('a verified pack on a station with a scale', () => {
  const order = PACK_FIXTURES.orders.plain;

  it('waits for the box on the scale, holds a light box, and records the weight', async () => {
    let view = await packAll(order);
    expect(view).toMatchObject({ status: 'open', complete: true });
    expect(view.verdict?.messageKey).toBe('packVerdict.weight.weighNow');
    const expected = await expectedGrams(order);
    // A unit short of the expectation by far more than the tolerance.
    show(expected - 412);
    await until(() => core.scale.view().stable, 'a stable light box');
    view = await call('finishPack', { packId: view.id });
    expect(view.status).toBe('open');
    expect(view.verdict).toMatchObject({
      tone: 'error',
      messageKey: 'packVerdict.weight.lighter',
      params: { off: 412, weighed: expected - 412, expected },
    });
    // Weighed again, right this time: within the tolerance, finished and recorded.
    show(expected + 5);
    await until(() => core.scale.monitor.stableReading()?.grams === expected + 5, 'the box again');
    view = await call('finishPack', { packId: view.id });
    expect(view.status).toBe('finished');
    expect(view.weighing).toEqual({
      grams: expected + 5,
      expectedGrams: expected,
      unweighed: [],
      box: 'M',
      tareGrams: TARE,
      differenceGrams: 5,
      allowedGrams: Math.round(Math.max(20, expected * 0.02) * 100) / 100,
      override: null,
    });
    expect(core.scale.view().needsZero).toBe(true);
  });

  it('the next box waits for zero; an off weight leaves with a reason, kept', async () => {
    // The case order: fragile notes first, a batch line answered with its first-expiring lot.
    const caseOrder = PACK_FIXTURES.orders.case;
    await call('lookupOrder', { id: caseOrder.id });
    let view = await call('openPack', { orderId: caseOrder.id, expiryWarningDays: 30 });
    expect(view.notes).not.toBeNull();
    view = await call('answerPack', { packId: view.id, answer: { kind: 'notes' } });
    for (const item of caseOrder.items) {
      const batch = PACK_FIXTURES.batches[item.sku];
      for (let n = 0; n < item.quantity; n += 1) {
        view = await call('packScan', { packId: view.id, code: item.sku });
        if (view.prompt?.kind === 'lot' && batch)
          view = await call('answerPack', {
            packId: view.id,
            answer: { kind: 'lot', lot: batch.fefo },
          });
      }
    }
    expect(view.complete).toBe(true);
    view = await call('finishPack', { packId: view.id });
    expect(view.verdict?.messageKey).toBe('packVerdict.weight.needsZero');
    emulator.show({ kind: 'zero', value: '0.000', unit: 'kg' });
    await until(() => !core.scale.view().needsZero, 'zero seen');
    const expected = await expectedGrams(caseOrder);
    show(expected + 600);
    await until(() => core.scale.monitor.stableReading()?.grams === expected + 600, 'heavy box');
    view = await call('finishPack', { packId: view.id });
    expect(view.verdict?.messageKey).toBe('packVerdict.weight.heavier');
    view = await call('finishPack', {
      packId: view.id,
      weightOverride: { reason: 'packaging_differs' },
    });
    expect(view.status).toBe('finished');
    expect(view.weighing).toMatchObject({
      grams: expected + 600,
      differenceGrams: 600,
      override: { reason: 'packaging_differs', text: null },
    });
  });
});
