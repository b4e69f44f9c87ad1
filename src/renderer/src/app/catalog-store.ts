import { createStore } from 'zustand/vanilla';
import type { PackbenchBridge } from '@shared/ipc/bridge-types.ts';
import type { SubmitOutcome } from '@shared/ipc/channels.ts';
import type { DataSubmission } from '@shared/outbox.ts';
import type { AppError } from '@shared/result.ts';

type CatalogBridge = Pick<PackbenchBridge, 'submitJob'>;

/**
 * Changes to products and inbounds, through the outbox (their reads go through TanStack Query,
 * in the screens).
 */
export interface CatalogState {
  /** The last change the outbox refused. */
  error: AppError | null;
  lastSubmit: SubmitOutcome | null;
  /** Queues a change (a product or an inbound) with the payload its kind takes. */
  submit: (submission: DataSubmission) => Promise<boolean>;
  /** Sends the last change again after the operator confirmed it was meant to repeat. */
  sendAgain: () => Promise<boolean>;
}

export const createCatalogStore = (bridge: CatalogBridge) =>
  createStore<CatalogState>()((set, get) => {
    let last: DataSubmission | null = null;
    return {
      error: null,
      lastSubmit: null,
      submit: async (submission) => {
        last = submission;
        set({ error: null, lastSubmit: null });
        const result = await bridge.submitJob(submission);
        set(result.ok ? { lastSubmit: result.value } : { error: result.error });
        return result.ok && result.value.status !== 'needs_confirmation';
      },
      sendAgain: async () => (last ? get().submit({ ...last, confirmResend: true }) : false),
    };
  });
