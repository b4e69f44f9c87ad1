import { createStore } from 'zustand/vanilla';
import type { Tracking } from '../../../../shared/api/schemas.ts';
import type { PackbenchBridge } from '../../../../shared/ipc/bridge-types.ts';
import type { AppError } from '../../../../shared/result.ts';

export type TrackingField = 'order' | 'id' | 'code';

export interface TrackingsState {
  results: Tracking[] | null;
  loading: boolean;
  error: AppError | null;
  search: (field: TrackingField, value: string) => Promise<void>;
}

export const createTrackingsStore = (bridge: Pick<PackbenchBridge, 'queryTrackings'>) =>
  createStore<TrackingsState>()((set) => ({
    results: null,
    loading: false,
    error: null,
    search: async (field, value) => {
      if (!value.trim()) return;
      set({ loading: true, error: null });
      const result = await bridge.queryTrackings({ [field]: value.trim() });
      set(
        result.ok
          ? { results: result.value, loading: false }
          : { error: result.error, loading: false },
      );
    },
  }));
