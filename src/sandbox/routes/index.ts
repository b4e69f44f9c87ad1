import type { RouteHandler } from './context.ts';
import { uploadInvoice, uploadLabel } from './files.ts';
import { healthCheck } from './health.ts';
import { createInbound, deleteInbound, getInbound } from './inbounds.ts';
import { queryInventory } from './inventories.ts';
import { createOrder, getOrder, listOrders, updateOrder } from './orders.ts';
import { createProduct, getProduct, listProducts, updateProduct } from './products.ts';
import { queryTrackings } from './trackings.ts';

/** One handler per operationId of openapi.yaml; the server refuses to start if one is missing. */
export const HANDLERS: Record<string, RouteHandler> = {
  healthCheck,
  listProducts,
  getProduct,
  createProduct,
  updateProduct,
  getInbound,
  createInbound,
  deleteInbound,
  queryInventory,
  listOrders,
  getOrder,
  createOrder,
  updateOrder,
  uploadInvoice,
  queryTrackings,
  uploadLabel,
};
