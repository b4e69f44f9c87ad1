import { createContext, useContext, type ReactNode } from 'react';
import { useStore } from 'zustand';
import type { AboutState, createAboutStore } from '../features/settings/about-store.ts';
import type { CatalogState, createCatalogStore } from '../features/products/catalog-store.ts';
import type {
  createInventoryStore,
  InventoryState,
} from '../features/inventory/inventory-store.ts';
import type { createInvoicesStore, InvoicesState } from '../features/invoices/invoices-store.ts';
import type { createLabelsStore, LabelsState } from '../features/labels/labels-store.ts';
import type { createOrdersStore, OrdersState } from '../features/orders/orders-store.ts';
import type { createOutboxStore, OutboxState } from '../features/outbox/outbox-store.ts';
import type { createSettingsStore, SettingsState } from '../features/settings/settings-store.ts';
import type { createStationStore, StationState } from '../features/station/station-store.ts';
import type { createStatusStore, StatusState } from './status-store.ts';
import type {
  createTrackingsStore,
  TrackingsState,
} from '../features/trackings/trackings-store.ts';

export interface Stores {
  status: ReturnType<typeof createStatusStore>;
  station: ReturnType<typeof createStationStore>;
  settings: ReturnType<typeof createSettingsStore>;
  outbox: ReturnType<typeof createOutboxStore>;
  inventory: ReturnType<typeof createInventoryStore>;
  trackings: ReturnType<typeof createTrackingsStore>;
  orders: ReturnType<typeof createOrdersStore>;
  catalog: ReturnType<typeof createCatalogStore>;
  labels: ReturnType<typeof createLabelsStore>;
  invoices: ReturnType<typeof createInvoicesStore>;
  about: ReturnType<typeof createAboutStore>;
}

const StoresContext = createContext<Stores | null>(null);

export function StoresProvider({ stores, children }: { stores: Stores; children: ReactNode }) {
  return <StoresContext.Provider value={stores}>{children}</StoresContext.Provider>;
}

function useStores(): Stores {
  const stores = useContext(StoresContext);
  if (!stores) throw new Error('StoresProvider is missing');
  return stores;
}

export const useStatus = <T,>(select: (s: StatusState) => T) =>
  useStore(useStores().status, select);
export const useStation = <T,>(select: (s: StationState) => T) =>
  useStore(useStores().station, select);
export const useSettings = <T,>(select: (s: SettingsState) => T) =>
  useStore(useStores().settings, select);
export const useOutbox = <T,>(select: (s: OutboxState) => T) =>
  useStore(useStores().outbox, select);
export const useInventory = <T,>(select: (s: InventoryState) => T) =>
  useStore(useStores().inventory, select);
export const useTrackings = <T,>(select: (s: TrackingsState) => T) =>
  useStore(useStores().trackings, select);
export const useOrders = <T,>(select: (s: OrdersState) => T) =>
  useStore(useStores().orders, select);
export const useCatalog = <T,>(select: (s: CatalogState) => T) =>
  useStore(useStores().catalog, select);
export const useLabels = <T,>(select: (s: LabelsState) => T) =>
  useStore(useStores().labels, select);
export const useInvoices = <T,>(select: (s: InvoicesState) => T) =>
  useStore(useStores().invoices, select);
export const useAbout = <T,>(select: (s: AboutState) => T) => useStore(useStores().about, select);
