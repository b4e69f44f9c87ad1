import { createContext, useContext, type ReactNode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useStore, type StoreApi } from 'zustand';
import type { PackbenchBridge } from '@shared/ipc/bridge-types.ts';
import { useShallow } from 'zustand/react/shallow';
import type { createCatalogStore } from './catalog-store.ts';
import type { createInventoryStore } from './inventory-store.ts';
import type { createOutboxStore } from './outbox-store.ts';
import type { createStationStore } from './station-store.ts';
import type { createStatusStore } from './status-store.ts';
import type { createPrintStore } from './print-store.ts';
import type { createScaleStore } from './scale-store.ts';

/**
 * The window's stores. These are the window-wide ones, which app/ owns: the status, the order
 * on the Station's card (every screen can open one), the outbox (the status bar counts it), the
 * catalogue reads two screens share, the expiry threshold, printing and the scale. Each feature
 * adds its own store beside it (`declare module '@renderer/app/context.tsx'` next to the store,
 * with its hook), so app/ never imports a feature; `createStores` (src/renderer/src) builds
 * them all, and the type checker says when one is missing.
 */
export interface Stores {
  status: ReturnType<typeof createStatusStore>;
  station: ReturnType<typeof createStationStore>;
  outbox: ReturnType<typeof createOutboxStore>;
  inventory: ReturnType<typeof createInventoryStore>;
  catalog: ReturnType<typeof createCatalogStore>;
  /** Printing a label from a screen, and the print queue's changes. */
  print: ReturnType<typeof createPrintStore>;
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

/** The stores themselves, for hooks that must read a store's newest state when an event comes. */
export function useStores(): Stores {
  const stores = useContext(StoresContext);
  if (!stores) throw new Error('StoresProvider is missing');
  return stores;
}

/**
 * A store's hook. Components name the fields they read (`useStation(['current', 'lookup'])`) or
 * pass a selector; either way they re-render only when what they read changes.
 */
export function storeHook<S>(of: (stores: Stores) => StoreApi<S>) {
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
export const useOutbox = storeHook((s) => s.outbox);
export const useInventory = storeHook((s) => s.inventory);
export const useCatalog = storeHook((s) => s.catalog);
export const usePrint = storeHook((s) => s.print);
export const useScale = storeHook((s) => s.scale);
