import type { Inbound, Order, Product, Tracking } from '../shared/api/types.ts';

export const WAREHOUSES = ['SP01', 'PE01'] as const;

/** Stock of one SKU in one warehouse; batch and expiry are null for products without batches. */
export interface StockLot {
  sku: string;
  warehouse: string;
  batch: string | null;
  expiry_date: string | null;
  available: number;
  reserved: number;
}

export type ReceiptKind =
  | 'invoice'
  | 'label'
  | 'product.create'
  | 'product.update'
  | 'order.create'
  | 'order.update'
  | 'inbound.create'
  | 'inbound.delete';

/** One accepted mutation, keyed by a hash of its content: how tests prove "exactly once". */
export interface Receipt {
  company: string;
  kind: ReceiptKind;
  ref: string;
  sha256: string;
  at: string;
}

export interface CompanyState {
  products: Record<string, Product>;
  inbounds: Record<string, Inbound>;
  stock: StockLot[];
  orders: Record<string, Order>;
  trackings: Tracking[];
  nextInbound: number;
  nextLabel: number;
}

export interface SandboxState {
  version: 1;
  companies: Record<string, CompanyState>;
  receipts: Receipt[];
}

/**
 * One entry of a company's records by id or SKU. Own properties only: a plain-object lookup of
 * "constructor" or "toString" would find Object.prototype's function and answer with it.
 */
export const entry = <T>(records: Record<string, T>, key: string | undefined): T | undefined =>
  key !== undefined && Object.hasOwn(records, key) ? records[key] : undefined;
