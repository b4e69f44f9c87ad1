import type { Inbound, InboundCreate } from '../../shared/api/types.ts';
import { canonicalJson } from '../../shared/canonical-json.ts';
import { conflict, notFound, unprocessable } from '../errors.ts';
import { sha256 } from '../files.ts';
import { WAREHOUSES, entry } from '../model.ts';
import type { RouteHandler } from './context.ts';

export const getInbound: RouteHandler = ({ data, params }) => {
  const inbound = entry(data.inbounds, params['id']);
  if (!inbound) throw notFound('inbound', params['id'] ?? '');
  return { status: 200, body: inbound };
};

export const createInbound: RouteHandler = ({ data, body, now, commit }) => {
  const input = body as InboundCreate;
  if (!(WAREHOUSES as readonly string[]).includes(input.warehouse)) {
    throw unprocessable(
      `Unknown warehouse "${input.warehouse}". Known: ${WAREHOUSES.join(', ')}.`,
      [{ path: 'warehouse', message: 'is not a known warehouse' }],
    );
  }
  const problems = input.items.flatMap((item, i) => {
    const product = entry(data.products, item.sku);
    if (!product) return [{ path: `items.${i}.sku`, message: `unknown SKU "${item.sku}"` }];
    if (product.batch_controlled && (!item.batch || !item.expiry_date)) {
      return [
        {
          path: `items.${i}`,
          message: `SKU "${item.sku}" is batch-controlled: batch and expiry_date are required`,
        },
      ];
    }
    return [];
  });
  if (problems.length > 0) throw unprocessable('Some items cannot be received.', problems);
  const id = `IN-${String(data.nextInbound).padStart(5, '0')}`;
  data.nextInbound += 1;
  const inbound: Inbound = { ...input, id, status: 'scheduled', created_at: now().toISOString() };
  data.inbounds[id] = inbound;
  commit('inbound.create', id, sha256(canonicalJson(input)));
  return { status: 201, body: inbound };
};

export const deleteInbound: RouteHandler = ({ data, params, commit }) => {
  const id = params['id'] ?? '';
  const inbound = entry(data.inbounds, id);
  if (!inbound) throw notFound('inbound', id);
  if (inbound.status === 'received') {
    throw conflict(`Inbound "${id}" was already received into stock and can no longer be deleted.`);
  }
  const { [id]: _deleted, ...remaining } = data.inbounds;
  data.inbounds = remaining;
  commit('inbound.delete', id, sha256(id));
  return { status: 204 };
};
