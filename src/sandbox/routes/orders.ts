import type { Order, OrderCreate, OrderStatus, OrderUpdate } from '../../shared/api/types.ts';
import { canonicalJson } from '../../shared/canonical-json.ts';
import type { CompanyState } from '../model.ts';
import { entry } from '../model.ts';
import { WAREHOUSES } from '../model.ts';
import { conflict, notFound, unprocessable, type ErrorDetail } from '../errors.ts';
import { sha256 } from '../files.ts';
import { paginate, type RouteHandler } from './context.ts';

const NEXT: Record<OrderStatus, readonly OrderStatus[]> = {
  new: ['processing', 'picking', 'packed', 'cancelled'],
  processing: ['picking', 'packed', 'cancelled'],
  picking: ['packed', 'cancelled'],
  packed: ['shipped', 'cancelled'],
  shipped: ['delivered'],
  delivered: [],
  cancelled: [],
};
const EDITABLE: readonly OrderStatus[] = ['new', 'processing'];

const isPlainDate = (value: string) => /^\d{4}-\d{2}-\d{2}$/.test(value);
const instant = (value: unknown, endOfDay = false): number | null => {
  if (typeof value !== 'string') return null;
  if (isPlainDate(value))
    return Date.parse(`${value}T${endOfDay ? '23:59:59.999' : '00:00:00.000'}Z`);
  return Date.parse(value);
};

export const listOrders: RouteHandler = ({ data, query }) => {
  const from = instant(query['from']);
  const to = instant(query['to'], true);
  const updated = instant(query['updated']);
  const matches = Object.values(data.orders)
    .filter((o) => {
      const created = Date.parse(o.created_at);
      return (
        (from === null || created >= from) &&
        (to === null || created <= to) &&
        (updated === null || Date.parse(o.updated_at) >= updated)
      );
    })
    .sort((a, b) => b.created_at.localeCompare(a.created_at) || b.id.localeCompare(a.id));
  return { status: 200, body: paginate(matches, query) };
};

export const getOrder: RouteHandler = ({ data, params }) => {
  const order = entry(data.orders, params['id']);
  if (!order) throw notFound('order', params['id'] ?? '');
  return { status: 200, body: order };
};

function checkReferences(data: CompanyState, input: Partial<OrderCreate>): void {
  const problems: ErrorDetail[] = [];
  if (
    input.warehouse !== undefined &&
    !(WAREHOUSES as readonly string[]).includes(input.warehouse)
  ) {
    problems.push({
      path: 'warehouse',
      message: `unknown warehouse "${input.warehouse}" (known: ${WAREHOUSES.join(', ')})`,
    });
  }
  input.items?.forEach((item, i) => {
    if (!entry(data.products, item.sku))
      problems.push({ path: `items.${i}.sku`, message: `unknown SKU "${item.sku}"` });
  });
  if (problems.length > 0)
    throw unprocessable('The order refers to things this company does not have.', problems);
}

export const createOrder: RouteHandler = ({ data, body, now, commit }) => {
  const input = body as OrderCreate;
  if (entry(data.orders, input.id)) {
    throw conflict(`An order with id "${input.id}" already exists; update it with PUT /orders.`);
  }
  checkReferences(data, input);
  const at = now().toISOString();
  const order: Order = {
    ...input,
    items: input.items.map((item) => ({
      ...item,
      unit_price: item.unit_price ?? entry(data.products, item.sku)?.unit_price ?? 0,
    })),
    status: 'new',
    created_at: at,
    updated_at: at,
    invoice: null,
    labels: [],
  };
  data.orders[input.id] = order;
  commit('order.create', input.id, sha256(canonicalJson(input)));
  return { status: 201, body: order };
};

export const updateOrder: RouteHandler = ({ data, body, now, commit }) => {
  const input = body as OrderUpdate;
  const existing = entry(data.orders, input.id);
  if (!existing) throw notFound('order', input.id);
  const { id, status, ...changes } = input;
  if (
    status !== undefined &&
    status !== existing.status &&
    !NEXT[existing.status].includes(status)
  ) {
    throw conflict(
      `Order "${id}" is ${existing.status}; it cannot become ${status}.` +
        (NEXT[existing.status].length ? ` Allowed next: ${NEXT[existing.status].join(', ')}.` : ''),
    );
  }
  if (Object.keys(changes).length > 0 && !EDITABLE.includes(existing.status)) {
    throw conflict(
      `Order "${id}" is ${existing.status}; only new or processing orders can change their contents.`,
    );
  }
  checkReferences(data, changes);
  const updated: Order = {
    ...existing,
    ...changes,
    ...(status ? { status } : {}),
    updated_at: now().toISOString(),
  };
  data.orders[id] = updated;
  commit('order.update', id, sha256(canonicalJson(input)));
  return { status: 200, body: updated };
};
