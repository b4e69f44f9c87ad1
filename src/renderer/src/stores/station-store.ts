import { createStore } from 'zustand/vanilla';
import type { PackbenchBridge } from '../../../shared/ipc/bridge-types.ts';
import type { OrderLookup } from '../../../shared/ipc/channels.ts';
import type { AppError } from '../../../shared/result.ts';
import type { SoundPlayer } from '../station/feedback.ts';

export interface RecentScan {
  id: string;
  ok: boolean;
  at: number;
}

export interface StationState {
  pending: string | null;
  current: { id: string; lookup: OrderLookup } | null;
  failure: { id: string; error: AppError } | null;
  recent: RecentScan[];
  muted: boolean;
  lookup: (id: string) => Promise<void>;
  toggleMute: () => void;
}

const RECENT_LIMIT = 12;

export const createStationStore = (
  bridge: Pick<PackbenchBridge, 'lookupOrder'>,
  sounds: SoundPlayer,
  now: () => number = Date.now,
) =>
  createStore<StationState>()((set, get) => ({
    pending: null,
    current: null,
    failure: null,
    recent: [],
    muted: globalThis.localStorage?.getItem('packbench.muted') === '1',
    lookup: async (raw) => {
      const id = raw.trim();
      if (!id) return;
      set({ pending: id });
      const result = await bridge.lookupOrder({ id });
      // A newer scan may have started meanwhile: only the latest one updates the screen.
      if (get().pending !== id) return;
      const recent = [
        { id, ok: result.ok, at: now() },
        ...get().recent.filter((r) => r.id !== id),
      ].slice(0, RECENT_LIMIT);
      if (result.ok) {
        set({ pending: null, current: { id, lookup: result.value }, failure: null, recent });
        sounds.play('success');
      } else {
        set({ pending: null, failure: { id, error: result.error }, recent });
        sounds.play('failure');
      }
    },
    toggleMute: () => {
      const muted = !get().muted;
      globalThis.localStorage?.setItem('packbench.muted', muted ? '1' : '0');
      set({ muted });
    },
  }));
