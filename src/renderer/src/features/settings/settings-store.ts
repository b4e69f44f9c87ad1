import { createStore } from 'zustand/vanilla';
import type { PackbenchBridge } from '@shared/ipc/bridge-types.ts';
import type { Profile, ProfileInput } from '@shared/profile.ts';
import type { AppError } from '@shared/result.ts';
import type { HealthSnapshot, KeyStatus } from '@shared/status.ts';
import { storeHook } from '@renderer/app/context.tsx';

type SettingsBridge = Pick<
  PackbenchBridge,
  | 'listProfiles'
  | 'switchProfile'
  | 'getKeyStatus'
  | 'setKey'
  | 'removeKey'
  | 'testConnection'
  | 'saveProfile'
  | 'deleteProfile'
>;

export interface SettingsState {
  profiles: Profile[];
  activeId: string | null;
  keys: Record<string, KeyStatus>;
  lastTest: HealthSnapshot | null;
  busy: boolean;
  error: AppError | null;
  notice: 'keySaved' | 'keyRemoved' | null;
  load: () => Promise<void>;
  use: (id: string) => Promise<void>;
  saveKey: (profileId: string, key: string) => Promise<boolean>;
  removeKey: (profileId: string) => Promise<void>;
  test: () => Promise<void>;
  saveProfile: (id: string | null, profile: ProfileInput) => Promise<boolean>;
  deleteProfile: (id: string) => Promise<void>;
}

export const createSettingsStore = (bridge: SettingsBridge) =>
  createStore<SettingsState>()((set, get) => {
    /** Runs one bridge call with busy/error bookkeeping; returns its value or null. */
    async function run<T>(
      call: () => Promise<{ ok: true; value: T } | { ok: false; error: AppError }>,
    ): Promise<T | null> {
      set({ busy: true, error: null, notice: null });
      const result = await call();
      set({ busy: false, ...(result.ok ? {} : { error: result.error }) });
      return result.ok ? result.value : null;
    }
    const refreshKey = async (profileId: string) => {
      const status = await run(() => bridge.getKeyStatus({ profileId }));
      if (status) set({ keys: { ...get().keys, [profileId]: status } });
    };
    return {
      profiles: [],
      activeId: null,
      keys: {},
      lastTest: null,
      busy: false,
      error: null,
      notice: null,
      load: async () => {
        const list = await run(() => bridge.listProfiles());
        if (!list) return;
        set({ profiles: list.profiles, activeId: list.activeId });
        await Promise.all(list.profiles.map((p) => refreshKey(p.id)));
      },
      use: async (id) => {
        const status = await run(() => bridge.switchProfile({ id }));
        if (status) set({ activeId: status.profile.id, lastTest: status.health });
      },
      saveKey: async (profileId, key) => {
        const status = await run(() => bridge.setKey({ profileId, key }));
        if (!status) return false;
        set({ keys: { ...get().keys, [profileId]: status }, notice: 'keySaved' });
        return true;
      },
      removeKey: async (profileId) => {
        const status = await run(() => bridge.removeKey({ profileId }));
        if (status) set({ keys: { ...get().keys, [profileId]: status }, notice: 'keyRemoved' });
      },
      saveProfile: async (id, profile) => {
        const saved = await run(() => bridge.saveProfile({ ...(id ? { id } : {}), profile }));
        if (!saved) return false;
        await get().load();
        return true;
      },
      deleteProfile: async (id) => {
        const list = await run(() => bridge.deleteProfile({ id }));
        if (list) set({ profiles: list.profiles, activeId: list.activeId });
      },
      test: async () => {
        const health = await run(() => bridge.testConnection());
        if (health) set({ lastTest: health });
      },
    };
  });

declare module '@renderer/app/context.tsx' {
  interface Stores {
    /** Settings: profiles and keys. */
    settings: ReturnType<typeof createSettingsStore>;
  }
}

export const useSettings = storeHook((s) => s.settings);
