import { createStore } from 'zustand/vanilla';
import type { InventoryRow } from '../../../../shared/api/schemas.ts';
import type { PackbenchBridge } from '../../../../shared/ipc/bridge-types.ts';
import type { AppError } from '../../../../shared/result.ts';

export interface InventoryState {
  rows: InventoryRow[] | null;
  loading: boolean;
  error: AppError | null;
  thresholdDays: number;
  search: (query: { sku?: string; warehouse?: string }) => Promise<void>;
  setThreshold: (days: number) => void;
}

const THRESHOLD_KEY = 'packbench.expiryThresholdDays';

export const createInventoryStore = (bridge: Pick<PackbenchBridge, 'queryInventory'>) =>
  createStore<InventoryState>()((set) => ({
    rows: null,
    loading: false,
    error: null,
    thresholdDays: Number(globalThis.localStorage?.getItem(THRESHOLD_KEY) ?? 30) || 30,
    search: async ({ sku, warehouse }) => {
      set({ loading: true, error: null });
      const query = {
        ...(sku?.trim() ? { sku: sku.trim() } : {}),
        ...(warehouse?.trim() ? { warehouse: warehouse.trim() } : {}),
      };
      const result = await bridge.queryInventory(query);
      set(
        result.ok
          ? { rows: result.value, loading: false }
          : { error: result.error, loading: false },
      );
    },
    setThreshold: (days) => {
      const clamped = Math.min(3650, Math.max(0, Math.round(days)));
      globalThis.localStorage?.setItem(THRESHOLD_KEY, String(clamped));
      set({ thresholdDays: clamped });
    },
  }));
