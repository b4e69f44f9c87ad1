import { createStore } from 'zustand/vanilla';
import type { PackbenchBridge } from '@shared/ipc/bridge-types.ts';
import type { AppError } from '@shared/result.ts';
import type { StationStatus } from '@shared/status.ts';

export interface StatusState {
  status: StationStatus | null;
  error: AppError | null;
  /** Loads the current status and follows pushed updates; returns the unsubscribe function. */
  start: () => () => void;
}

export const createStatusStore = (bridge: Pick<PackbenchBridge, 'getStatus' | 'onStatus'>) =>
  createStore<StatusState>()((set) => ({
    status: null,
    error: null,
    start: () => {
      const off = bridge.onStatus((status) => set({ status, error: null }));
      void bridge
        .getStatus()
        .then((result) =>
          set(result.ok ? { status: result.value, error: null } : { error: result.error }),
        );
      return off;
    },
  }));
