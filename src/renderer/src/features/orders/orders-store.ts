import type { DataSubmission } from '../../../../shared/outbox.ts';
import { createStore } from 'zustand/vanilla';
import type { OrderPage } from '../../../../shared/api/schemas.ts';
import type { PackbenchBridge } from '../../../../shared/ipc/bridge-types.ts';
import type { SubmitOutcome } from '../../../../shared/ipc/channels.ts';
import type { AppError } from '../../../../shared/result.ts';
import {
  draftFromOrder,
  emptyOrderDraft,
  orderPayload,
  type DraftErrors,
  type OrderDraft,
} from './order-draft.ts';

export interface OrderFilters {
  from?: string;
  to?: string;
  updated?: string;
}

/** The order form: a new order, or an existing one with what it was when opened. */
export interface OrderEditor {
  mode: 'create' | 'update';
  original: OrderDraft | null;
  draft: OrderDraft;
  errors: DraftErrors;
}

export interface OrdersState {
  page: OrderPage | null;
  loading: boolean;
  error: AppError | null;
  filters: OrderFilters;
  editor: OrderEditor | null;
  lastSubmit: SubmitOutcome | null;
  load: (filters: OrderFilters, page?: number) => Promise<void>;
  startNew: (warehouse?: string) => void;
  openForEdit: (id: string) => Promise<void>;
  changeDraft: (draft: OrderDraft) => void;
  closeEditor: () => void;
  /** Checks the form and queues it; false (with field errors or an error) when nothing queued. */
  save: (confirmResend?: boolean) => Promise<boolean>;
}

export const createOrdersStore = (
  bridge: Pick<PackbenchBridge, 'listOrders' | 'lookupOrder' | 'submitJob'>,
) =>
  createStore<OrdersState>()((set, get) => ({
    page: null,
    loading: false,
    error: null,
    filters: {},
    editor: null,
    lastSubmit: null,
    load: async (filters, page = 1) => {
      const clean = Object.fromEntries(
        Object.entries(filters).filter(([, v]) => typeof v === 'string' && v !== ''),
      ) as OrderFilters;
      set({ loading: true, error: null, filters: clean });
      const result = await bridge.listOrders({ ...clean, page });
      set(
        result.ok
          ? { page: result.value, loading: false }
          : { error: result.error, loading: false, page: null },
      );
    },
    startNew: (warehouse) =>
      set({
        error: null,
        lastSubmit: null,
        editor: { mode: 'create', original: null, draft: emptyOrderDraft(warehouse), errors: {} },
      }),
    openForEdit: async (id) => {
      set({ loading: true, error: null, lastSubmit: null });
      const result = await bridge.lookupOrder({ id: id.trim() });
      if (!result.ok) return set({ loading: false, error: result.error });
      const original = draftFromOrder(result.value.order);
      set({
        loading: false,
        editor: { mode: 'update', original, draft: structuredClone(original), errors: {} },
      });
    },
    changeDraft: (draft) => {
      const editor = get().editor;
      if (editor) set({ editor: { ...editor, draft } });
    },
    closeEditor: () => set({ editor: null }),
    save: async (confirmResend) => {
      const editor = get().editor;
      if (!editor) return false;
      const refuse = (errors: DraftErrors) => {
        set({ editor: { ...editor, errors } });
        return false;
      };
      // Each kind with the body it takes: checked by the form, then by the generated schema.
      let submission: DataSubmission;
      const edit = editor.mode === 'create' ? null : editor.original;
      if (edit) {
        const outcome = orderPayload(editor.draft, edit);
        if (!outcome.ok) return refuse(outcome.errors);
        submission = { kind: 'order.update', payload: { order: outcome.order } };
      } else {
        const outcome = orderPayload(editor.draft);
        if (!outcome.ok) return refuse(outcome.errors);
        submission = { kind: 'order.create', payload: { order: outcome.order } };
      }
      set({ error: null, lastSubmit: null, editor: { ...editor, errors: {} } });
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
