import { createStore } from 'zustand/vanilla';

/** This computer's inventory preference; the stock itself is read through TanStack Query. */
export interface InventoryState {
  /** How many days before expiry a batch turns amber. */
  thresholdDays: number;
  setThreshold: (days: number) => void;
}

const THRESHOLD_KEY = 'packbench.expiryThresholdDays';

export const createInventoryStore = () =>
  createStore<InventoryState>()((set) => ({
    thresholdDays: Number(globalThis.localStorage?.getItem(THRESHOLD_KEY) ?? 30) || 30,
    setThreshold: (days) => {
      const clamped = Math.min(3650, Math.max(0, Math.round(days)));
      globalThis.localStorage?.setItem(THRESHOLD_KEY, String(clamped));
      set({ thresholdDays: clamped });
    },
  }));
