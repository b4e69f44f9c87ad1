import { queryKeys, type Reads } from '@renderer/app/queries.ts';
import type { DataSubmission } from '@shared/outbox.ts';
import { createStore } from 'zustand/vanilla';
import type { PackbenchBridge } from '@shared/ipc/bridge-types.ts';
import type { SubmitOutcome } from '@shared/ipc/channels.ts';
import type { AppError } from '@shared/result.ts';
import { draftFromOrder, emptyOrderDraft, orderPayload, type OrderDraft } from './order-draft.ts';
import { storeHook } from '@renderer/app/context.tsx';

export interface OrderFilters {
  from?: string;
  to?: string;
  updated?: string;
}

/**
 * The order form: a new order, or an existing one with what it was when opened. What the
 * operator types lives in the form (@mantine/form); the store keeps where it started and the
 * last draft queued, so "send again" can repeat it.
 */
export interface OrderEditor {
  mode: 'create' | 'update';
  original: OrderDraft | null;
  draft: OrderDraft;
}

export interface OrdersState {
  /** Opening an order to change it (the list itself is a TanStack Query read). */
  loading: boolean;
  /** The last failure of opening or queueing an order. */
  error: AppError | null;
  /** The list's question, kept while the operator visits other screens. */
  filters: OrderFilters;
  pageNumber: number;
  editor: OrderEditor | null;
  lastSubmit: SubmitOutcome | null;
  /** Asks the list for other filters or another page (empty filters are dropped). */
  setFilters: (filters: OrderFilters, page?: number) => void;
  startNew: (warehouse?: string) => void;
  openForEdit: (id: string) => Promise<void>;
  closeEditor: () => void;
  /** Queues the draft (the form checked it first); false when nothing was queued. */
  save: (draft: OrderDraft, confirmResend?: boolean) => Promise<boolean>;
  /** Queues the last draft again after the operator confirmed a resend. */
  sendAgain: () => Promise<boolean>;
}

export const createOrdersStore = (
  bridge: Pick<PackbenchBridge, 'lookupOrder' | 'submitJob'>,
  reads: Reads,
) =>
  createStore<OrdersState>()((set, get) => ({
    loading: false,
    error: null,
    filters: {},
    pageNumber: 1,
    editor: null,
    lastSubmit: null,
    setFilters: (filters, page = 1) => {
      const clean = Object.fromEntries(
        Object.entries(filters).filter(([, v]) => typeof v === 'string' && v !== ''),
      ) as OrderFilters;
      set({ filters: clean, pageNumber: page });
    },
    startNew: (warehouse) =>
      set({
        error: null,
        lastSubmit: null,
        editor: { mode: 'create', original: null, draft: emptyOrderDraft(warehouse) },
      }),
    openForEdit: async (id) => {
      set({ loading: true, error: null, lastSubmit: null });
      // The same cached read as a scan at the station; opening always looks again.
      const result = await reads.fetchQuery({
        queryKey: queryKeys.order(id.trim()),
        queryFn: () => bridge.lookupOrder({ id: id.trim() }),
        staleTime: 0,
      });
      if (!result.ok) return set({ loading: false, error: result.error });
      const original = draftFromOrder(result.value.order);
      set({
        loading: false,
        editor: { mode: 'update', original, draft: structuredClone(original) },
      });
    },
    closeEditor: () => set({ editor: null }),
    sendAgain: () => {
      const editor = get().editor;
      return editor ? get().save(editor.draft, true) : Promise.resolve(false);
    },
    save: async (draft, confirmResend) => {
      const editor = get().editor;
      if (!editor) return false;
      // Each kind with the body it takes, as the generated schema parsed it (the form showed
      // any problem already; a draft that still fails queues nothing).
      let submission: DataSubmission;
      const edit = editor.mode === 'create' ? null : editor.original;
      if (edit) {
        const outcome = orderPayload(draft, edit);
        if (!outcome.ok) return false;
        submission = { kind: 'order.update', payload: { order: outcome.order } };
      } else {
        const outcome = orderPayload(draft);
        if (!outcome.ok) return false;
        submission = { kind: 'order.create', payload: { order: outcome.order } };
      }
      set({ error: null, lastSubmit: null, editor: { ...editor, draft } });
      const result = await bridge.submitJob({
        ...submission,
        ...(confirmResend ? { confirmResend } : {}),
      });
      if (!result.ok) {
        set({ error: result.error });
        return false;
      }
      set({ lastSubmit: result.value });
      if (result.value.status === 'needs_confirmation') return false;
      set({ editor: null });
      return true;
    },
  }));

declare module '@renderer/app/context.tsx' {
  interface Stores {
    /** The Orders screen: its filters and submissions. */
    orders: ReturnType<typeof createOrdersStore>;
  }
}

export const useOrders = storeHook((s) => s.orders);
