import type { QueryClient } from '@tanstack/react-query';
import type { PackbenchBridge } from '@shared/ipc/bridge-types.ts';
import type { FileChecker } from './ui/files/file-checker.ts';
import type { ZplPreviewer } from './features/labels/zpl-previewer.ts';
import type { SoundPlayer } from './app/feedback.ts';
import { createCatalogStore } from './app/catalog-store.ts';
import type { Stores } from './app/context.tsx';
import { createInventoryStore } from './app/inventory-store.ts';
import { createInvoicesStore, type ThumbnailRenderer } from './features/invoices/invoices-store.ts';
import { createLabelsStore } from './features/labels/labels-store.ts';
import { createOrdersStore } from './features/orders/orders-store.ts';
import { createOutboxStore } from './app/outbox-store.ts';
import { createSettingsStore } from './features/settings/settings-store.ts';
import { createPrinterStore } from './features/settings/printer-store.ts';
import { createCoordinationStore } from './features/settings/coordination-store.ts';
import { createStationStore } from './app/station-store.ts';
import { createPackStore } from './features/station/pack/pack-store.ts';
import { createPackingStore } from './features/settings/packing-store.ts';
import { createStatusStore } from './app/status-store.ts';
import { createPrintStore } from './app/print-store.ts';
import { createScaleStore } from './app/scale-store.ts';

/** Every store of the window, on one bridge; the app and the component tests build them here. */
export function createStores(
  bridge: PackbenchBridge,
  deps: {
    sounds: SoundPlayer;
    previewer: () => ZplPreviewer;
    thumbnail: ThumbnailRenderer;
    checkFile: FileChecker;
    /** The window's one QueryClient: stores read through it too. */
    queryClient: QueryClient;
    /** The clock for time stamps and names; tests fix it. */
    now?: () => number;
  },
): Stores {
  const inventory = createInventoryStore();
  const pack = createPackStore(bridge, deps.sounds, () => inventory.getState().thresholdDays);
  return {
    status: createStatusStore(bridge),
    // A found order opens for packing (the pack store decides whether its status is packed).
    station: createStationStore(
      bridge,
      deps.sounds,
      deps.checkFile,
      deps.queryClient,
      deps.now,
      (lookup) => void pack.getState().open(lookup.order.id, lookup.order.status),
    ),
    pack,
    settings: createSettingsStore(bridge),
    outbox: createOutboxStore(bridge),
    inventory,
    orders: createOrdersStore(bridge, deps.queryClient),
    catalog: createCatalogStore(bridge),
    invoices: createInvoicesStore(bridge, deps.thumbnail, deps.checkFile),
    labels: createLabelsStore(bridge, deps.previewer, deps.checkFile, deps.now),
    print: createPrintStore(bridge),
    printer: createPrinterStore(bridge),
    coordination: createCoordinationStore(bridge),
    packing: createPackingStore(bridge),
    scale: createScaleStore(bridge),
  };
}
