import type { z } from 'zod';
import { zCreateOrderBody, zUpdateOrderBody } from '@shared/api/generated/hey-api/zod.gen.ts';
import type { Order } from '@shared/api/schemas.ts';
import { checkBody, type FieldErrors, type RulesOptions } from '@renderer/ui/forms/api-rules.ts';

// The order form's data and rules, kept out of the component: what the operator typed, and the
// body the service expects (OrderCreate or OrderUpdate in openapi.yaml). The rules are the
// generated schemas' own (see ui/forms/api-rules.ts); only the sentences are the form's.

export const ORDER_STATUSES = [
  'new',
  'processing',
  'picking',
  'packed',
  'shipped',
  'delivered',
  'cancelled',
] as const;

export interface OrderItemDraft {
  sku: string;
  quantity: number | '';
  unit_price: number | '';
}

export interface OrderDraft {
  id: string;
  warehouse: string;
  status: string;
  customer: { name: string; document: string; email: string; phone: string };
  address: {
    street: string;
    number: string;
    complement: string;
    district: string;
    city: string;
    state: string;
    postal_code: string;
    country: string;
  };
  items: OrderItemDraft[];
  carrier: string;
  notes: string;
}

/** A body the service takes (checked with the generated schema), or the problems per field. */
export type DraftOutcome<Body> = { ok: true; order: Body } | { ok: false; errors: FieldErrors };

export type OrderCreateBody = z.output<typeof zCreateOrderBody>;
export type OrderUpdateBody = z.output<typeof zUpdateOrderBody>;

// The body says `shipping_address`; the form calls the section `address`. A few fields have a
// sentence of their own that says more than the generic one would.
const RULES: RulesOptions = {
  fieldOf: (path) => path.replace(/^shipping_address\b/, 'address'),
  sentences: [
    [/^address\.country$/, 'orderForm.badCountry'],
    [/^items\.\d+\.quantity$/, 'orderForm.quantity'],
    [/^items\.\d+\.unit_price$/, 'orderForm.price'],
    [/^items$/, 'orderForm.noItems'],
  ],
};

function accepted<S extends z.ZodType>(schema: S, body: unknown): DraftOutcome<z.output<S>> {
  const checked = checkBody(schema, body, RULES);
  return checked.ok ? { ok: true, order: checked.value } : checked;
}

export const blankItem = (): OrderItemDraft => ({ sku: '', quantity: 1, unit_price: '' });

export const emptyOrderDraft = (warehouse = ''): OrderDraft => ({
  id: '',
  warehouse,
  status: '',
  customer: { name: '', document: '', email: '', phone: '' },
  address: {
    street: '',
    number: '',
    complement: '',
    district: '',
    city: '',
    state: '',
    postal_code: '',
    country: 'BR',
  },
  items: [blankItem()],
  carrier: '',
  notes: '',
});

const text = (value: unknown) => (typeof value === 'string' ? value : '');
const amount = (value: unknown) => (typeof value === 'number' ? value : '');

export function draftFromOrder(order: Order): OrderDraft {
  const customer = (order.customer ?? {}) as Record<string, unknown>;
  const address = (order.shipping_address ?? {}) as Record<string, unknown>;
  const empty = emptyOrderDraft();
  return {
    id: order.id,
    warehouse: text(order.warehouse),
    status: text(order.status),
    customer: {
      name: text(customer.name),
      document: text(customer.document),
      email: text(customer.email),
      phone: text(customer.phone),
    },
    // The service assumes BR when an address has no country; the form shows that.
    address: Object.fromEntries(
      Object.entries(empty.address).map(([key, fallback]) => [key, text(address[key]) || fallback]),
    ) as OrderDraft['address'],
    items: (order.items ?? []).map((item) => ({
      sku: item.sku,
      quantity: amount(item.quantity),
      unit_price: amount(item.unit_price),
    })),
    carrier: text((order as Record<string, unknown>).carrier),
    notes: text((order as Record<string, unknown>).notes),
  };
}

/** Drops empty optional strings so the service never sees `""` where it expects a value. */
const compact = (fields: Record<string, string>) =>
  Object.fromEntries(
    Object.entries(fields)
      .map(([k, v]) => [k, v.trim()] as const)
      .filter(([, v]) => v !== ''),
  );

function body(draft: OrderDraft): Record<string, unknown> {
  return {
    id: draft.id.trim(),
    warehouse: draft.warehouse.trim(),
    customer: compact(draft.customer),
    shipping_address: {
      ...compact(draft.address),
      country: draft.address.country.trim().toUpperCase(),
    },
    items: draft.items.map((item) => ({
      sku: item.sku.trim(),
      quantity: item.quantity,
      ...(item.unit_price === '' ? {} : { unit_price: item.unit_price }),
    })),
    ...compact({ carrier: draft.carrier, notes: draft.notes }),
  };
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * The body to queue. A new order carries everything; an update carries the id and only what
 * changed since the order was opened, so a status change does not resend the whole order.
 */
export function orderPayload(draft: OrderDraft): DraftOutcome<OrderCreateBody>;
export function orderPayload(
  draft: OrderDraft,
  original: OrderDraft,
): DraftOutcome<OrderUpdateBody>;
export function orderPayload(
  draft: OrderDraft,
  original?: OrderDraft,
): DraftOutcome<OrderCreateBody | OrderUpdateBody> {
  const next = body(draft);
  if (!original) return accepted(zCreateOrderBody, next);

  const before = body(original);
  const order: Record<string, unknown> = { id: next.id };
  for (const key of ['warehouse', 'customer', 'shipping_address', 'items'] as const)
    if (!same(next[key], before[key])) order[key] = next[key];
  for (const key of ['carrier', 'notes'] as const)
    if ((next[key] ?? '') !== (before[key] ?? '')) order[key] = next[key] ?? '';
  if (draft.status && draft.status !== original.status) order.status = draft.status;
  if (Object.keys(order).length === 1)
    return { ok: false, errors: { form: { key: 'orderForm.unchanged' } } };
  return accepted(zUpdateOrderBody, order);
}
