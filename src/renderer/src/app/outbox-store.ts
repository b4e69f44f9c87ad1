import { createStore } from 'zustand/vanilla';
import type { PackbenchBridge } from '@shared/ipc/bridge-types.ts';
import type { JobPayloadInput, OutboxSnapshot } from '@shared/outbox.ts';
import type { AppError } from '@shared/result.ts';

type OutboxBridge = Pick<
  PackbenchBridge,
  | 'getOutbox'
  | 'retryJob'
  | 'editJob'
  | 'retryAllJobs'
  | 'discardJob'
  | 'acknowledgeOutboxNotice'
  | 'reassignJob'
  | 'exportAuditCsv'
  | 'onOutbox'
>;

/**
 * The outbox's live counts (pushed by main, shown in the status bar and the notices banner) and
 * the changes an operator makes to jobs. The job list and the activity log are TanStack Query
 * reads (queryKeys.outbox / queryKeys.audit), made stale by every outbox change.
 */
export interface OutboxState {
  snapshot: OutboxSnapshot | null;
  error: AppError | null;
  /** Reads the counts once (later ones are pushed). */
  load: () => Promise<void>;
  /** Follows pushed changes; returns the unsubscribe function. */
  start: () => () => void;
  retry: (id: string) => Promise<void>;
  /** Sends a failed job again with a corrected payload; false when it was refused. */
  edit: (id: string, payload: JobPayloadInput) => Promise<boolean>;
  retryAll: () => Promise<void>;
  /** Moves a job whose profile was removed to the active profile. */
  reassign: (id: string) => Promise<void>;
  /** The operator has read an outbox notice (a salvaged file…): it leaves the banner. */
  acknowledge: (id: number) => Promise<void>;
  discard: (id: string) => Promise<void>;
  exportCsv: () => Promise<string | null>;
}

export const createOutboxStore = (bridge: OutboxBridge) =>
  createStore<OutboxState>()((set, get) => {
    const check = <T>(
      result: { ok: true; value: T } | { ok: false; error: AppError },
    ): T | null => {
      if (result.ok) return result.value;
      set({ error: result.error });
      return null;
    };
    return {
      snapshot: null,
      error: null,
      load: async () => {
        const outbox = check(await bridge.getOutbox({}));
        if (outbox) set({ snapshot: outbox.snapshot, error: null });
      },
      start: () => bridge.onOutbox((change) => set({ snapshot: change.snapshot })),
      retry: async (id) => {
        if (check(await bridge.retryJob({ id }))) await get().load();
      },
      edit: async (id, payload) => {
        const edited = check(await bridge.editJob({ id, payload }));
        if (edited) await get().load();
        return edited !== null;
      },
      retryAll: async () => {
        if (check(await bridge.retryAllJobs())) await get().load();
      },
      reassign: async (id) => {
        if (check(await bridge.reassignJob({ id }))) await get().load();
      },
      acknowledge: async (id) => {
        const snapshot = check(await bridge.acknowledgeOutboxNotice({ id }));
        if (snapshot) set({ snapshot });
      },
      discard: async (id) => {
        if (check(await bridge.discardJob({ id }))) await get().load();
      },
      exportCsv: async () => check(await bridge.exportAuditCsv()),
    };
  });
