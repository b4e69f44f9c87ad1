import type { Order } from '../../shared/api/schemas.ts';
import type { MessageKey } from '../../shared/i18n/message-key.ts';
import type { ApiClient } from '../api/client.ts';
import type { ProductNames } from '../api/product-names.ts';
import type { Clock } from '../platform/clock.ts';
import type { PrintRequestOutcome } from '../print-queue/print-queue.ts';
import type { PackSource } from './pack-service.ts';

/** A label file the station delivered (the outbox keeps it). */
export interface OrderLabelFile {
  bytes: Uint8Array;
  fileName: string;
  order: string;
}

export interface PackWiringOptions {
  clock: Clock;
  /** The active profile, whose client, names and looked-up orders a pack uses. */
  profileId: () => string;
  /** The active profile's budgeted client. */
  api: () => Promise<Pick<ApiClient, 'getOrder' | 'getProduct' | 'queryInventory'>>;
  productNames: ProductNames;
  /** The order's delivered files, newest first, and a label job's file. */
  orderFiles: (orderId: string) => readonly { id: string; kind: string }[];
  labelFile: (jobId: string) => OrderLabelFile | null;
  /** To the station's print queue; throws when the bytes are not ZPL. */
  print: (label: { bytes: Uint8Array; fileName: string; orderId: string }) => PrintRequestOutcome;
}

/** How long a looked-up order stands in for a request when it is opened for packing. */
const RECENT_ORDER_MS = 60_000;
const RECENT_ORDERS_KEPT = 50;

/**
 * What verified packs take from the rest of the station: the order, its products and lots
 * through the active profile's budgeted client, and the order's label to the print queue.
 */
export class PackWiring {
  /** Orders looked up a moment ago, so opening one for packing costs no second request. */
  private readonly recentOrders = new Map<string, { order: Order; at: number }>();
  private readonly options: PackWiringOptions;

  constructor(options: PackWiringOptions) {
    this.options = options;
  }

  /** An order the window just looked up: opening it for packing reads it from here. */
  noteOrder(order: Order): void {
    const key = `${this.options.profileId()}\n${order.id}`;
    this.recentOrders.delete(key);
    this.recentOrders.set(key, { order, at: this.options.clock.now() });
    if (this.recentOrders.size > RECENT_ORDERS_KEPT) {
      const oldest = this.recentOrders.keys().next().value;
      if (oldest !== undefined) this.recentOrders.delete(oldest);
    }
  }

  /** What opening a pack reads, through the active profile's budgeted client. */
  async source(): Promise<PackSource> {
    const { clock, productNames } = this.options;
    const api = await this.options.api();
    const profileId = this.options.profileId();
    return {
      order: async (orderId) => {
        const recent = this.recentOrders.get(`${profileId}\n${orderId}`);
        const order =
          recent && clock.now() - recent.at < RECENT_ORDER_MS
            ? recent.order
            : await api.getOrder(orderId);
        return {
          id: order.id,
          warehouse: order.warehouse ?? '',
          notes: typeof order.notes === 'string' ? order.notes.trim() || null : null,
          status: order.status,
          items: order.items.map((item) => ({ sku: item.sku, quantity: item.quantity })),
          full: order,
        };
      },
      products: (skus) =>
        productNames.products(profileId, { getProduct: (sku) => api.getProduct(sku) }, skus),
      lots: async (sku, warehouse) =>
        (await api.queryInventory({ sku, warehouse, batchExpiry: true })).data
          .filter((row) => row.sku === sku && row.warehouse === warehouse && row.batch)
          .map((row) => ({
            lot: row.batch ?? '',
            expiry: row.expiry_date ?? null,
            available: row.available,
          })),
    };
  }

  /** The order's newest ZPL label on this station, to the print queue (a pack's finish). */
  printOrderLabel(orderId: string): { jobId: string } | { problem: MessageKey } {
    const job = this.options.orderFiles(orderId).find((j) => j.kind === 'label.upload');
    const file = job ? this.options.labelFile(job.id) : null;
    if (!file) return { problem: 'packVerdict.print.noLabel' };
    try {
      const outcome = this.options.print({
        bytes: file.bytes,
        fileName: file.fileName,
        orderId,
      });
      if (outcome.status === 'queued') return { jobId: outcome.job.id };
      return {
        problem:
          outcome.status === 'no_printer'
            ? 'packVerdict.print.noPrinter'
            : 'packVerdict.print.printedBefore',
      };
    } catch {
      return { problem: 'packVerdict.print.notZpl' };
    }
  }
}
