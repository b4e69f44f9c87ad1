import { createStore } from 'zustand/vanilla';
import type { PackbenchBridge } from '@shared/ipc/bridge-types.ts';
import type { ScaleView } from '@shared/scale/settings.ts';

/** The station's scale as main watches it: the status bar, the card and Settings read it. */
export interface ScaleStoreState {
  view: ScaleView | null;
  /** Loads the scale's view and follows pushed updates; returns the unsubscribe function. */
  start: () => () => void;
}

export const createScaleStore = (bridge: Pick<PackbenchBridge, 'getScale' | 'onScale'>) =>
  createStore<ScaleStoreState>()((set) => ({
    view: null,
    start: () => {
      const off = bridge.onScale((view) => set({ view }));
      void bridge.getScale().then((result) => {
        if (result.ok) set({ view: result.value });
      });
      return off;
    },
  }));
