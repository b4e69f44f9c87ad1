import { QueryClient, useQuery, type QueryKey } from '@tanstack/react-query';
import { useState } from 'react';
import type { OutboxChange } from '@shared/ipc/channels.ts';
import type { JobKind } from '@shared/outbox.ts';
import type { AppError, Result } from '@shared/result.ts';

/** A failed read, carried through TanStack Query as a thrown error with the AppError inside. */
export class ReadFailure extends Error {
  readonly appError: AppError;
  constructor(appError: AppError) {
    super(appError.message);
    this.name = 'ReadFailure';
    this.appError = appError;
  }
}

/** A bridge call's value, or its failure thrown for the query to hold. */
export async function unwrap<T>(call: Promise<Result<T>>): Promise<T> {
  const result = await call;
  if (!result.ok) throw new ReadFailure(result.error);
  return result.value;
}

/** The AppError behind a query's error (null when it has none). */
export const readError = (error: unknown): AppError | null =>
  error instanceof ReadFailure ? error.appError : null;

/**
 * One QueryClient for the window. Main's client already retries, backs off and respects the
 * budget, so the window does not retry on its own; reads stay fresh until something they
 * depend on changes (the outbox and status events below say when).
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, staleTime: 60_000, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}

/** Keys per bridge operation: the first element is the channel's name. */
export const queryKeys = {
  appInfo: () => ['getAppInfo'] as const,
  notices: () => ['getThirdPartyNotices'] as const,
  trackings: (query: Record<string, string>) => ['queryTrackings', query] as const,
  inventory: (query: { sku?: string; warehouse?: string }) => ['queryInventory', query] as const,
  products: (query: { search?: string; page?: number }) => ['listProducts', query] as const,
  product: (sku: string) => ['getProduct', sku] as const,
  inbound: (id: string) => ['getInbound', id] as const,
  orders: (query: { from?: string; to?: string; updated?: string; page: number }) =>
    ['listOrders', query] as const,
  order: (id: string) => ['lookupOrder', id] as const,
  productNames: (skus: readonly string[]) => ['getProductNames', skus] as const,
  outbox: () => ['getOutbox'] as const,
  audit: (limit: number) => ['getAudit', { limit }] as const,
  /** This station's printer settings, its last known status and the print queue. */
  printing: () => ['getPrinting'] as const,
  printerQueues: () => ['listPrinterQueues'] as const,
  /** The machine's policy: what IT set and locked. */
  policy: () => ['getPolicy'] as const,
  /** Settings → Printers → Document printer (slips and invoices). */
  documentPrinter: () => ['getDocumentPrinter'] as const,
  /** The warehouse's Redis this station shares its key's budget through, if any. */
  coordination: () => ['getCoordination'] as const,
  records: () => ['getRecords'] as const,
  /** Settings → Packing: how a verified pack finishes on this station. */
  packSettings: () => ['getPackSettings'] as const,
  scaleSettings: () => ['getScaleSettings'] as const,
  scales: () => ['listScales'] as const,
  /** Settings → Barcode aliases: case and multi-pack codes kept on this station. */
  barcodeAliases: () => ['getBarcodeAliases'] as const,
} as const;

/** Which reads a delivered job of each kind makes stale. */
const STALE_AFTER: Record<JobKind, readonly string[]> = {
  'invoice.upload': ['lookupOrder', 'listOrders'],
  'label.upload': ['lookupOrder', 'listOrders', 'queryTrackings'],
  'order.create': ['lookupOrder', 'listOrders'],
  'order.update': ['lookupOrder', 'listOrders', 'queryTrackings'],
  'product.create': ['listProducts', 'getProduct', 'queryInventory'],
  'product.update': ['listProducts', 'getProduct', 'queryInventory'],
  'inbound.create': ['getInbound', 'queryInventory'],
  'inbound.delete': ['getInbound', 'queryInventory'],
};

/** The outbox's own reads: every change of any job changes its list and its activity log. */
export function invalidateOutboxReads(client: QueryClient): void {
  void client.invalidateQueries({ queryKey: ['getOutbox'] });
  void client.invalidateQueries({ queryKey: ['getAudit'] });
}

/**
 * Any change: the outbox's list and log are stale. A job the service now has: the reads it
 * changes are fetched again when next shown.
 */
export function invalidateForOutbox(client: QueryClient, change: OutboxChange): void {
  invalidateOutboxReads(client);
  if (change.job?.state !== 'done') return;
  for (const operation of STALE_AFTER[change.job.kind])
    void client.invalidateQueries({ queryKey: [operation] });
}

/**
 * A print job moved or the printer said something new: the printing read is stale, and so is
 * the activity log (a printed, held or failed label writes a row).
 */
export function invalidateForPrinting(client: QueryClient): void {
  void client.invalidateQueries({ queryKey: ['getPrinting'] });
  void client.invalidateQueries({ queryKey: ['getAudit'] });
}

/** The slice of the QueryClient a store reads through (a scan, opening an order). */
export type Reads = Pick<QueryClient, 'fetchQuery'>;

/** How long the window keeps product names: main keeps them as long (see product-names.ts). */
export const PRODUCT_NAMES_FRESH_MS = 15 * 60_000;

/**
 * A read the operator asks for (a search, an id): nothing until asked, one cached read per
 * question, and asking the same question again means "look again now", not "show what you had".
 */
export function useAskedRead<Q, T>(
  key: (question: Q) => QueryKey,
  read: (question: Q) => Promise<Result<T>>,
) {
  const [asked, setAsked] = useState<Q | null>(null);
  const query = useQuery({
    // Never fetched while nothing is asked (`enabled`), so the placeholder key holds no data.
    queryKey: asked === null ? ['notAskedYet'] : key(asked),
    queryFn: () => unwrap(read(asked as Q)),
    enabled: asked !== null,
  });
  const ask = (question: Q) => {
    if (JSON.stringify(question) === JSON.stringify(asked)) void query.refetch();
    else setAsked(question);
  };
  return {
    ask,
    data: query.data ?? null,
    loading: query.isFetching,
    error: readError(query.error),
  };
}
