import type { z } from 'zod';
import {
  zCreateOrderBody,
  zUpdateOrderBody,
} from '../../../../shared/api/generated/hey-api/zod.gen.ts';
import type { Order } from '../../../../shared/api/schemas.ts';

// The order form's data and rules, kept out of the component: what the operator typed, the
// problems found before anything is queued, and the body the service expects (OrderCreate or
// OrderUpdate in openapi.yaml).

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

/** Field path (`customer.email`, `items.2.quantity`) → i18n key of the problem. */
export type DraftErrors = Record<string, string>;

/** A body the service takes (checked with the generated schema), or the problems per field. */
export type DraftOutcome<Body> = { ok: true; order: Body } | { ok: false; errors: DraftErrors };

export type OrderCreateBody = z.output<typeof zCreateOrderBody>;
export type OrderUpdateBody = z.output<typeof zUpdateOrderBody>;

/**
 * The generated schema has the last word: what the form's own checks let through must also be
 * what the OpenAPI document allows; anything else is named on its field.
 */
function accepted<S extends z.ZodType>(schema: S, body: unknown): DraftOutcome<z.output<S>> {
  const parsed = schema.safeParse(body);
  if (parsed.success) return { ok: true, order: parsed.data };
  const errors: DraftErrors = {};
  for (const issue of parsed.error.issues)
    errors[issue.path.join('.') || 'form'] = 'orderForm.notAccepted';
  return { ok: false, errors };
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

const IDENTIFIER = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Drops empty optional strings so the service never sees `""` where it expects a value. */
const compact = (fields: Record<string, string>) =>
  Object.fromEntries(
    Object.entries(fields)
      .map(([k, v]) => [k, v.trim()] as const)
      .filter(([, v]) => v !== ''),
  );

function check(draft: OrderDraft): DraftErrors {
  const errors: DraftErrors = {};
  const need = (path: string, value: string, max: number, min = 1) => {
    const v = value.trim();
    if (v.length < min) errors[path] = v === '' ? 'orderForm.required' : 'orderForm.tooShort';
    else if (v.length > max) errors[path] = 'orderForm.tooLong';
  };
  const identifier = (path: string, value: string, max: number) => {
    need(path, value, max);
    if (!errors[path] && !IDENTIFIER.test(value.trim())) errors[path] = 'orderForm.identifier';
  };
  identifier('id', draft.id, 64);
  identifier('warehouse', draft.warehouse, 32);
  need('customer.name', draft.customer.name, 200);
  if (draft.customer.email.trim() && !EMAIL.test(draft.customer.email.trim()))
    errors['customer.email'] = 'orderForm.badEmail';
  need('address.street', draft.address.street, 200);
  need('address.city', draft.address.city, 100);
  need('address.state', draft.address.state, 50, 2);
  need('address.postal_code', draft.address.postal_code, 16, 3);
  if (!/^[A-Za-z]{2}$/.test(draft.address.country.trim()))
    errors['address.country'] = 'orderForm.badCountry';
  if (draft.items.length === 0) errors.items = 'orderForm.noItems';
  draft.items.forEach((item, i) => {
    identifier(`items.${i}.sku`, item.sku, 64);
    const q = item.quantity;
    if (q === '' || !Number.isInteger(q) || q < 1 || q > 100_000)
      errors[`items.${i}.quantity`] = 'orderForm.quantity';
    if (item.unit_price !== '' && (item.unit_price < 0 || item.unit_price > 100_000_000))
      errors[`items.${i}.unit_price`] = 'orderForm.price';
  });
  return errors;
}

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
  const errors = check(draft);
  if (Object.keys(errors).length > 0) return { ok: false, errors };
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
    return { ok: false, errors: { form: 'orderForm.unchanged' } };
  return accepted(zUpdateOrderBody, order);
}
