import { createStore } from 'zustand/vanilla';
import type { Inbound, Product, ProductPage } from '../../../../shared/api/schemas.ts';
import type { PackbenchBridge } from '../../../../shared/ipc/bridge-types.ts';
import type { SubmitOutcome } from '../../../../shared/ipc/channels.ts';
import type { DataSubmission } from '../../../../shared/outbox.ts';
import type { AppError } from '../../../../shared/result.ts';

type CatalogBridge = Pick<
  PackbenchBridge,
  'listProducts' | 'getProduct' | 'getInbound' | 'submitJob'
>;

/** Products and inbounds: reads go to the service, every change goes through the outbox. */
export interface CatalogState {
  products: ProductPage | null;
  product: Product | null;
  inbound: Inbound | null;
  loading: boolean;
  error: AppError | null;
  lastSubmit: SubmitOutcome | null;
  searchProducts: (search: string, page?: number) => Promise<void>;
  openProduct: (sku: string) => Promise<void>;
  openInbound: (id: string) => Promise<void>;
  /** Queues a change (a product or an inbound) with the payload its kind takes. */
  submit: (submission: DataSubmission) => Promise<boolean>;
  /** Sends the last change again after the operator confirmed it was meant to repeat. */
  sendAgain: () => Promise<boolean>;
}

export const createCatalogStore = (bridge: CatalogBridge) =>
  createStore<CatalogState>()((set, get) => {
    let last: DataSubmission | null = null;
    async function read<T>(
      call: () => Promise<{ ok: true; value: T } | { ok: false; error: AppError }>,
      apply: (value: T) => Partial<CatalogState>,
    ) {
      set({ loading: true, error: null });
      const result = await call();
      set(
        result.ok
          ? { ...apply(result.value), loading: false }
          : { error: result.error, loading: false },
      );
    }
    return {
      products: null,
      product: null,
      inbound: null,
      loading: false,
      error: null,
      lastSubmit: null,
      searchProducts: (search, page = 1) =>
        read(
          () => bridge.listProducts({ ...(search.trim() ? { search: search.trim() } : {}), page }),
          (products) => ({ products }),
        ),
      openProduct: (sku) =>
        read(
          () => bridge.getProduct({ sku: sku.trim() }),
          (product) => ({ product }),
        ),
      openInbound: (id) =>
        read(
          () => bridge.getInbound({ id: id.trim() }),
          (inbound) => ({ inbound }),
        ),
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
