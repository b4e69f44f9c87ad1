import { createStore } from 'zustand/vanilla';
import type { PackbenchBridge } from '@shared/ipc/bridge-types.ts';
import type { InvokeChannels } from '@shared/ipc/channels.ts';
import type { BarcodeAlias, PackSettings } from '@shared/pack/types.ts';
import type { AppError } from '@shared/result.ts';
import { storeHook } from '@renderer/app/context.tsx';

/**
 * Settings → Packing and Settings → Barcode aliases: what the Save presses did. The settings
 * and aliases themselves are reads (queryKeys.packSettings, queryKeys.barcodeAliases).
 */
export interface PackingStoreState {
  busy: 'settings' | 'aliases' | null;
  /** The section whose last save main kept. */
  saved: 'settings' | 'aliases' | null;
  error: { section: 'settings' | 'aliases'; error: AppError } | null;
  /** What main kept, or null when it refused. */
  saveSettings: (settings: PackSettings) => Promise<PackSettings | null>;
  saveAliases: (aliases: BarcodeAlias[]) => Promise<BarcodeAlias[] | null>;
  /** The pack records of one local day (YYYY-MM-DD), or null when main refused. */
  exportDay: (day: string, format: 'csv' | 'json') => Promise<PackRecords | null>;
  /** The last day export main refused. */
  exportError: AppError | null;
}

export type PackRecords = InvokeChannels['exportPacks']['output'];

export const createPackingStore = (
  bridge: Pick<PackbenchBridge, 'savePackSettings' | 'saveBarcodeAliases' | 'exportPacks'>,
) =>
  createStore<PackingStoreState>()((set) => ({
    busy: null,
    saved: null,
    error: null,
    exportError: null,
    exportDay: async (day, format) => {
      const result = await bridge.exportPacks({ day, format });
      set({ exportError: result.ok ? null : result.error });
      return result.ok ? result.value : null;
    },
    saveSettings: async (settings) => {
      set({ busy: 'settings', saved: null, error: null });
      const result = await bridge.savePackSettings(settings);
      if (!result.ok) {
        set({ busy: null, error: { section: 'settings', error: result.error } });
        return null;
      }
      set({ busy: null, saved: 'settings' });
      return result.value;
    },
    saveAliases: async (aliases) => {
      set({ busy: 'aliases', saved: null, error: null });
      const result = await bridge.saveBarcodeAliases({ aliases });
      if (!result.ok) {
        set({ busy: null, error: { section: 'aliases', error: result.error } });
        return null;
      }
      set({ busy: null, saved: 'aliases' });
      return result.value.aliases;
    },
  }));

declare module '@renderer/app/context.tsx' {
  interface Stores {
    /** Settings → Packing and Barcode aliases: what the Save presses did. */
    packing: ReturnType<typeof createPackingStore>;
  }
}

export const usePacking = storeHook((s) => s.packing);
