import { createStore } from 'zustand/vanilla';
import type {
  CoordinationInput,
  CoordinationTestResult,
  CoordinationView,
} from '@shared/coordination.ts';
import type { PackbenchBridge } from '@shared/ipc/bridge-types.ts';
import type { AppError } from '@shared/result.ts';
import { storeHook } from '@renderer/app/context.tsx';

/**
 * Settings → "Stations sharing this key": saving the warehouse's Redis and the Test button. The
 * settings themselves are a read (queryKeys.coordination); this store holds what the operator's
 * presses did.
 */
export interface CoordinationStoreState {
  busy: 'save' | 'test' | null;
  /** The last save: onto the shared budget, or alone (no Redis address). */
  saved: 'shared' | 'alone' | null;
  /** The last Test's answer. */
  tested: CoordinationTestResult | null;
  error: AppError | null;
  /** The view main kept, or null when it refused. */
  save: (input: CoordinationInput) => Promise<CoordinationView | null>;
  /** Connects with what the form holds, saved or not. */
  test: (input: CoordinationInput) => Promise<void>;
}

export const createCoordinationStore = (
  bridge: Pick<PackbenchBridge, 'saveCoordination' | 'testCoordination'>,
) =>
  createStore<CoordinationStoreState>()((set) => ({
    busy: null,
    saved: null,
    tested: null,
    error: null,
    save: async (input) => {
      set({ busy: 'save', saved: null, tested: null, error: null });
      const result = await bridge.saveCoordination(input);
      if (!result.ok) {
        set({ busy: null, error: result.error });
        return null;
      }
      set({ busy: null, saved: result.value.settings.url === null ? 'alone' : 'shared' });
      return result.value;
    },
    test: async (input) => {
      set({ busy: 'test', saved: null, tested: null, error: null });
      const result = await bridge.testCoordination(input);
      set(result.ok ? { busy: null, tested: result.value } : { busy: null, error: result.error });
    },
  }));

declare module '@renderer/app/context.tsx' {
  interface Stores {
    /** Settings → "Stations sharing this key": save and test the warehouse's Redis. */
    coordination: ReturnType<typeof createCoordinationStore>;
  }
}

export const useCoordination = storeHook((s) => s.coordination);
