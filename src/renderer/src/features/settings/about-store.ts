import { createStore } from 'zustand/vanilla';
import type { PackbenchBridge } from '../../../../shared/ipc/bridge-types.ts';
import type { AppInfo } from '../../../../shared/ipc/channels.ts';
import type { AppError } from '../../../../shared/result.ts';

type AboutBridge = Pick<PackbenchBridge, 'getAppInfo' | 'getThirdPartyNotices'>;

export interface AboutState {
  info: AppInfo | null;
  /** THIRD_PARTY_NOTICES, fetched the first time someone opens it. */
  notices: string | null;
  error: AppError | null;
  loadInfo: () => Promise<void>;
  loadNotices: () => Promise<void>;
}

/** Settings → About: the version that runs and the notices that ship with it. */
export const createAboutStore = (bridge: AboutBridge) =>
  createStore<AboutState>()((set, get) => ({
    info: null,
    notices: null,
    error: null,
    loadInfo: async () => {
      const result = await bridge.getAppInfo();
      set(result.ok ? { info: result.value } : { error: result.error });
    },
    loadNotices: async () => {
      if (get().notices !== null) return;
      const result = await bridge.getThirdPartyNotices();
      set(result.ok ? { notices: result.value.text, error: null } : { error: result.error });
    },
  }));
