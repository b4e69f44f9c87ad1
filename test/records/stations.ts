import type { IpcEventLike } from '../../src/main/ipc-manager.ts';
import { createStationCore, type StationCore } from '../../src/main/core/station-core.ts';
import { systemClock, type Clock } from '../../src/main/platform/clock.ts';
import { nodeFs } from '../../src/main/platform/station-fs.ts';
import { stationJournal, type PackJournal } from '../../src/main/records/journal.ts';
import {
  SqliteReplicationLog,
  type ReplicationLog,
} from '../../src/main/records/replication-log.ts';
import {
  RecordsReplicator,
  type RecordsReplicatorOptions,
} from '../../src/main/records/replicator.ts';
import type { PackView } from '../../src/shared/pack/types.ts';
import { PACK_FIXTURES } from '../../src/sandbox/index.ts';
import { memoryKeychain, tempDir } from '../outbox/helpers.ts';
import { invoker, registerTestHandlers } from '../support/test-handlers.ts';

// Real station cores on their embedded sandboxes, packing through the real IPC handlers as the
// window does, each with the records' replicator the core will own once it is wired (#40).

export interface TestStation {
  core: StationCore;
  dir: { path: string; remove: () => void };
  journal: PackJournal;
  call: ReturnType<typeof invoker>['unwrap'];
  replicator: RecordsReplicator | null;
  log: ReplicationLog | null;
}

export async function startStation(): Promise<TestStation> {
  const dir = tempDir('packbench-records-');
  const core = await createStationCore({
    dataDir: dir.path,
    keychain: memoryKeychain(),
    health: { intervalMs: 60_000 },
  });
  const registered = new Map<string, (event: IpcEventLike, ...args: unknown[]) => unknown>();
  registerTestHandlers({ core, registered, isTrustedSender: () => true });
  return {
    core,
    dir,
    journal: stationJournal(core.outbox.database),
    call: invoker(registered).unwrap,
    replicator: null,
    log: null,
  };
}

/** The station's replication log, opened once (it holds its file's lock until closed). */
export function logOf(station: TestStation): ReplicationLog {
  station.log ??= SqliteReplicationLog.open(station.dir.path, nodeFs);
  return station.log;
}

/** Starts the station's replicator (a fast retry on the real clock unless told otherwise). */
export function replicate(
  station: TestStation,
  url: string,
  options: Partial<RecordsReplicatorOptions> = {},
): RecordsReplicator {
  const clock: Clock = options.clock ?? systemClock;
  const replicator = new RecordsReplicator({
    journal: station.journal,
    log: logOf(station),
    database: { url, connectTimeoutMs: 2_000 },
    clock,
    retry: { firstMs: 50, maxMs: 200 },
    ...options,
  });
  station.replicator = replicator;
  replicator.start();
  return replicator;
}

export async function closeStation(station: TestStation): Promise<void> {
  await station.replicator?.stop();
  station.log?.close();
  await station.core.close();
  station.dir.remove();
}

type PackableOrder = {
  id: string;
  notes: string | null;
  items: readonly { sku: string; quantity: number }[];
};

/**
 * Opens the order for packing and scans it: notes acknowledged, each unit by SKU, lots FEFO;
 * `after` stops the scanning there. The pack is left as the last answer left it.
 */
export async function scanOrderUnits(
  call: TestStation['call'],
  order: PackableOrder,
  after: number | null = null,
): Promise<PackView> {
  await call('lookupOrder', { id: order.id });
  let view = await call('openPack', { orderId: order.id, expiryWarningDays: 30 });
  if (order.notes !== null)
    view = await call('answerPack', { packId: view.id, answer: { kind: 'notes' } });
  let scanned = 0;
  for (const item of order.items)
    for (let n = 0; n < item.quantity; n += 1) {
      if (scanned === after) break;
      view = await call('packScan', { packId: view.id, code: item.sku });
      if (view.prompt?.kind === 'lot') {
        const fefo = view.prompt.options.find((o) => o.fefo) ?? view.prompt.options[0];
        view = await call('answerPack', {
          packId: view.id,
          answer: { kind: 'lot', lot: fefo?.lot ?? '' },
        });
      }
      scanned += 1;
    }
  return view;
}

/** Packs one order to its end: notes acknowledged, each unit scanned by SKU, lots FEFO. */
export async function packOrder(
  station: TestStation,
  order: PackableOrder,
  short: { after: number } | null = null,
): Promise<PackView> {
  const { call } = station;
  let view = await scanOrderUnits(call, order, short?.after ?? null);
  if (short)
    view = await call('finishPack', { packId: view.id, short: { reason: 'out_of_stock' } });
  // A station with a scale holds the full pack for the box's weight, and the window finishes it
  // on the weight the scale holds (the caller put the box on it).
  else if (view.verdict?.messageKey === 'packVerdict.weight.weighNow')
    view = await call('finishPack', { packId: view.id });
  if (view.status === 'open') throw new Error(`order ${order.id} did not finish`);
  station.replicator?.notify();
  return view;
}

export const ORDERS = PACK_FIXTURES.orders;
