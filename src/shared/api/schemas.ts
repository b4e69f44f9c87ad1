import { z } from 'zod';
import type * as Api from './types.ts';

// Tolerant response schemas: the fields Packbench relies on are checked, everything else passes
// through so the UI can show it raw (and the outbox can read back what it sent). Unknown fields are
// not stripped but redacted: the API client copies every answer with every form of the API key
// replaced (src/main/api/redact.ts) before it leaves the client. Each schema is checked against
// the generated OpenAPI type.

const timestamp = z.string().min(1);
const loose = z.looseObject;

export const healthSchema = loose({
  status: z.string(),
  time: timestamp.optional(),
  version: z.string().optional(),
});

export const productSchema = loose({
  sku: z.string(),
  name: z.string(),
  active: z.boolean().optional(),
  batch_controlled: z.boolean().optional(),
  barcode: z.string().optional(),
  unit_price: z.number().optional(),
  created_at: timestamp.optional(),
  updated_at: timestamp.optional(),
});

const page = <T extends z.ZodType>(item: T) =>
  loose({
    data: z.array(item),
    page: z.number().optional(),
    page_size: z.number().optional(),
    total: z.number().optional(),
  });

export const productPageSchema = page(productSchema);

const inboundItemSchema = loose({
  sku: z.string(),
  quantity: z.number(),
  batch: z.string().optional(),
  expiry_date: z.string().optional(),
});

export const inboundSchema = loose({
  id: z.string(),
  warehouse: z.string(),
  status: z.string(),
  items: z.array(inboundItemSchema),
  created_at: timestamp.optional(),
});

export const inventoryRowSchema = loose({
  sku: z.string(),
  warehouse: z.string(),
  available: z.number(),
  reserved: z.number().optional(),
  batch: z.string().optional(),
  expiry_date: z.string().optional(),
});

export const inventoryListSchema = loose({ data: z.array(inventoryRowSchema) });

export const fileReceiptSchema = loose({
  file_name: z.string().optional(),
  content_type: z.string().optional(),
  size: z.number().optional(),
  sha256: z.string(),
  received_at: timestamp.optional(),
});

export const labelRecordSchema = fileReceiptSchema.extend({
  id: z.string().optional(),
  format: z.string().optional(),
  label_count: z.number().optional(),
});

export const orderSchema = loose({
  id: z.string(),
  status: z.string(),
  warehouse: z.string().optional(),
  customer: loose({ name: z.string() }).optional(),
  shipping_address: loose({}).optional(),
  items: z.array(
    loose({ sku: z.string(), quantity: z.number(), unit_price: z.number().optional() }),
  ),
  carrier: z.string().optional(),
  created_at: timestamp.optional(),
  updated_at: timestamp.optional(),
  invoice: fileReceiptSchema.nullable().optional(),
  labels: z.array(labelRecordSchema).optional(),
});

export const orderPageSchema = page(orderSchema);

export const invoiceReceiptSchema = fileReceiptSchema.extend({
  order: z.string().optional(),
  replaced: z.boolean().optional(),
});
export const labelReceiptSchema = labelRecordSchema.extend({ order: z.string().optional() });

export const trackingEventSchema = loose({
  at: timestamp,
  status: z.string().optional(),
  description: z.string().optional(),
  location: z.string().optional(),
});

export const trackingSchema = loose({
  id: z.string(),
  order: z.string().optional(),
  code: z.string().optional(),
  carrier: z.string().optional(),
  status: z.string().optional(),
  url: z.string().optional(),
  events: z.array(trackingEventSchema).default([]),
});

export const trackingListSchema = loose({ data: z.array(trackingSchema) });

export const errorBodySchema = z.object({
  error: loose({ code: z.string(), message: z.string(), details: z.array(z.unknown()).optional() }),
});

export type Health = z.infer<typeof healthSchema>;
export type Product = z.infer<typeof productSchema>;
export type ProductPage = z.infer<typeof productPageSchema>;
export type Inbound = z.infer<typeof inboundSchema>;
export type InventoryRow = z.infer<typeof inventoryRowSchema>;
export type InventoryList = z.infer<typeof inventoryListSchema>;
export type Order = z.infer<typeof orderSchema>;
export type OrderPage = z.infer<typeof orderPageSchema>;
export type InvoiceReceipt = z.infer<typeof invoiceReceiptSchema>;
export type LabelReceipt = z.infer<typeof labelReceiptSchema>;
export type Tracking = z.infer<typeof trackingSchema>;
export type TrackingList = z.infer<typeof trackingListSchema>;

// Compile-time proof that what the API documents satisfies what we parse.
type Accepts<Parsed, Documented extends Parsed> = Documented;
export type SchemaChecks = [
  Accepts<Health, Api.Health>,
  Accepts<Product, Api.Product>,
  Accepts<Inbound, Api.Inbound>,
  Accepts<InventoryList, Api.InventoryList>,
  Accepts<Order, Api.Order>,
  Accepts<InvoiceReceipt, Api.InvoiceReceipt>,
  Accepts<LabelReceipt, Api.LabelReceipt>,
  Accepts<TrackingList, Api.TrackingList>,
];
