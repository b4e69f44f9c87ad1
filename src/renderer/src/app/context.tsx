import { createContext, useContext, type ReactNode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useStore, type StoreApi } from 'zustand';
import type { PackbenchBridge } from '@shared/ipc/bridge-types.ts';
import { useShallow } from 'zustand/react/shallow';
import type { createCatalogStore } from '../features/products/catalog-store.ts';
import type { createInventoryStore } from '../features/inventory/inventory-store.ts';
import type { createInvoicesStore } from '../features/invoices/invoices-store.ts';
import type { createLabelsStore } from '../features/labels/labels-store.ts';
import type { createOrdersStore } from '../features/orders/orders-store.ts';
import type { createOutboxStore } from '../features/outbox/outbox-store.ts';
import type { createSettingsStore } from '../features/settings/settings-store.ts';
import type { createStationStore } from '../features/station/station-store.ts';
import type { createPackStore } from '../features/station/pack/pack-store.ts';
import type { createPackingStore } from '../features/settings/packing-store.ts';
import type { createStatusStore } from './status-store.ts';
import type { createPrintStore } from './print-store.ts';
import type { createScaleStore } from './scale-store.ts';
import type { createPrinterStore } from '../features/settings/printer-store.ts';
import type { createCoordinationStore } from '../features/settings/coordination-store.ts';

export interface Stores {
  status: ReturnType<typeof createStatusStore>;
  station: ReturnType<typeof createStationStore>;
  /** The verified pack of the order on the Station's card. */
  pack: ReturnType<typeof createPackStore>;
  settings: ReturnType<typeof createSettingsStore>;
  outbox: ReturnType<typeof createOutboxStore>;
  inventory: ReturnType<typeof createInventoryStore>;
  orders: ReturnType<typeof createOrdersStore>;
  catalog: ReturnType<typeof createCatalogStore>;
  labels: ReturnType<typeof createLabelsStore>;
  invoices: ReturnType<typeof createInvoicesStore>;
  /** Printing a label from a screen, and the print queue's changes. */
  print: ReturnType<typeof createPrintStore>;
  /** Settings → Printers: save and test print. */
  printer: ReturnType<typeof createPrinterStore>;
  /** Settings → "Stations sharing this key": save and test the warehouse's Redis. */
  coordination: ReturnType<typeof createCoordinationStore>;
  /** Settings → Packing and Barcode aliases: what the Save presses did. */
  packing: ReturnType<typeof createPackingStore>;
  /** The station's scale, as main watches it. */
  scale: ReturnType<typeof createScaleStore>;
}

const StoresContext = createContext<Stores | null>(null);

const BridgeContext = createContext<PackbenchBridge | null>(null);

/** The stores, the bridge (for TanStack Query's reads) and the one QueryClient of the window. */
export function StoresProvider({
  stores,
  bridge,
  queryClient,
  children,
}: {
  stores: Stores;
  bridge: PackbenchBridge;
  queryClient: QueryClient;
  children: ReactNode;
}) {
  return (
    <QueryClientProvider client={queryClient}>
      <BridgeContext.Provider value={bridge}>
        <StoresContext.Provider value={stores}>{children}</StoresContext.Provider>
      </BridgeContext.Provider>
    </QueryClientProvider>
  );
}

/** `window.packbench` in the app, a fake in component tests. */
export function useBridge(): PackbenchBridge {
  const bridge = useContext(BridgeContext);
  if (!bridge) throw new Error('StoresProvider is missing');
  return bridge;
}

function useStores(): Stores {
  const stores = useContext(StoresContext);
  if (!stores) throw new Error('StoresProvider is missing');
  return stores;
}

/**
 * A store's hook. Components name the fields they read (`useStation(['current', 'lookup'])`) or
 * pass a selector; either way they re-render only when what they read changes.
 */
function storeHook<S>(of: (stores: Stores) => StoreApi<S>) {
  function use<K extends keyof S>(keys: readonly K[]): Pick<S, K>;
  function use<T>(select: (state: S) => T): T;
  function use(arg: readonly (keyof S)[] | ((state: S) => unknown)): unknown {
    const select =
      typeof arg === 'function'
        ? arg
        : (state: S) => Object.fromEntries(arg.map((key) => [key, state[key]]));
    return useStore(of(useStores()), useShallow(select));
  }
  return use;
}

export const useStatus = storeHook((s) => s.status);
export const useStation = storeHook((s) => s.station);
export const usePack = storeHook((s) => s.pack);
/** The pack store itself, for key handlers that must read its newest state when a key comes. */
export const usePackStore = () => useStores().pack;
export const usePacking = storeHook((s) => s.packing);
export const useScale = storeHook((s) => s.scale);
export const useSettings = storeHook((s) => s.settings);
export const useOutbox = storeHook((s) => s.outbox);
export const useInventory = storeHook((s) => s.inventory);
export const useOrders = storeHook((s) => s.orders);
export const useCatalog = storeHook((s) => s.catalog);
export const useLabels = storeHook((s) => s.labels);
export const useInvoices = storeHook((s) => s.invoices);
export const usePrint = storeHook((s) => s.print);
export const usePrinter = storeHook((s) => s.printer);
export const useCoordination = storeHook((s) => s.coordination);
