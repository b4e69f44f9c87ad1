import { createStore } from 'zustand/vanilla';
import type { OrderPage } from '../../../shared/api/schemas.ts';
import type { PackbenchBridge } from '../../../shared/ipc/bridge-types.ts';
import type { AppError } from '../../../shared/result.ts';

export interface OrderFilters {
  from?: string;
  to?: string;
  updated?: string;
}

export interface OrdersState {
  page: OrderPage | null;
  loading: boolean;
  error: AppError | null;
  filters: OrderFilters;
  load: (filters: OrderFilters, page?: number) => Promise<void>;
}

export const createOrdersStore = (bridge: Pick<PackbenchBridge, 'listOrders'>) =>
  createStore<OrdersState>()((set) => ({
    page: null,
    loading: false,
    error: null,
    filters: {},
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
  }));
