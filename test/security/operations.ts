import { ApiClient, type ApiClientOptions, type AttemptLog } from '../../src/main/api/client.ts';
import { systemClock } from '../../src/main/platform/clock.ts';
import { CompanyBudget } from '../../src/main/budget/rate-budget.ts';
import { endpointOverridesSchema } from '../../src/shared/profile.ts';
import { orderCreateBody } from '../support/bodies.ts';

/** A real ApiClient with the hostile key, quick retries, and its attempt log. */
export function hostileClient(
  baseUrl: string,
  key: string,
  options: Partial<ApiClientOptions> = {},
): { api: ApiClient; attempts: AttemptLog[] } {
  const attempts: AttemptLog[] = [];
  const api = new ApiClient({
    target: { baseUrl, apiVersion: 'v1.1', overrides: endpointOverridesSchema.parse({}) },
    getKey: async () => key,
    budget: new CompanyBudget({ clock: systemClock, limit: 100_000 }),
    clock: systemClock,
    backoffBaseMs: 1,
    backoffCapMs: 2,
    maxRetries: 1,
    maxRateLimitRetries: 0,
    timeoutMs: 5_000,
    onAttempt: (entry) => attempts.push(entry),
    ...options,
  });
  return { api, attempts };
}

const file = { name: 'f.pdf', bytes: new TextEncoder().encode('%PDF-1.4\n%%EOF\n') };

/** Every operation of the client, each called once with ordinary arguments. */
export const OPERATIONS: Record<string, (api: ApiClient) => Promise<unknown>> = {
  healthCheck: (api) => api.healthCheck(),
  listProducts: (api) => api.listProducts({ search: 'a' }),
  getProduct: (api) => api.getProduct('SKU-1'),
  createProduct: (api) => api.createProduct({ sku: 'SKU-1', name: 'n' }),
  updateProduct: (api) => api.updateProduct({ sku: 'SKU-1', name: 'n' }),
  getInbound: (api) => api.getInbound('IN-1'),
  createInbound: (api) => api.createInbound({ warehouse: 'SP01', items: [] }),
  deleteInbound: (api) => api.deleteInbound('IN-1'),
  queryInventory: (api) => api.queryInventory({ sku: 'SKU-1', batchExpiry: true }),
  listOrders: (api) => api.listOrders({ from: '2025-01-01' }),
  getOrder: (api) => api.getOrder('PB-1'),
  createOrder: (api) => api.createOrder(orderCreateBody('PB-1')),
  updateOrder: (api) => api.updateOrder({ id: 'PB-1', status: 'packed' }),
  uploadInvoice: (api) => api.uploadInvoice('PB-1', file),
  uploadLabel: (api) => api.uploadLabel('PB-1', { name: 'l.zpl', bytes: file.bytes }, 'zpl'),
  queryTrackings: (api) => api.queryTrackings({ order: 'PB-1' }),
};

/** Runs a call and returns what it produced, value or error, without throwing. */
export async function outcome(
  work: () => Promise<unknown>,
): Promise<{ value?: unknown; error?: unknown }> {
  try {
    return { value: await work() };
  } catch (error) {
    return { error };
  }
}
