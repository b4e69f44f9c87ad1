import type { components } from './generated/openapi-types.ts';

/** Names for the schemas of openapi.yaml, so code never spells `components['schemas'][…]`. */
type S = components['schemas'];

export type ApiVersion = 'v1' | 'v1.1';
export const API_VERSIONS: readonly ApiVersion[] = ['v1', 'v1.1'];

export type ErrorCode = S['ErrorBody']['error']['code'];
export type ErrorBody = S['ErrorBody'];
export type Health = S['Health'];
export type Product = S['Product'];
export type ProductCreate = S['ProductCreate'];
export type ProductUpdate = S['ProductUpdate'];
export type ProductPage = S['ProductPage'];
export type Inbound = S['Inbound'];
export type InboundCreate = S['InboundCreate'];
export type InboundItem = S['InboundItem'];
export type InventoryRow = S['InventoryRow'];
export type InventoryList = S['InventoryList'];
export type Order = S['Order'];
export type OrderCreate = S['OrderCreate'];
export type OrderUpdate = S['OrderUpdate'];
export type OrderStatus = S['OrderStatus'];
export type OrderItem = S['OrderItem'];
export type OrderPage = S['OrderPage'];
export type Customer = S['Customer'];
export type Address = S['Address'];
export type FileReceipt = S['FileReceipt'];
export type LabelRecord = S['LabelRecord'];
export type LabelFormat = LabelRecord['format'];
export type InvoiceReceipt = S['InvoiceReceipt'];
export type LabelReceipt = S['LabelReceipt'];
export type Tracking = S['Tracking'];
export type TrackingEvent = S['TrackingEvent'];
export type TrackingList = S['TrackingList'];
