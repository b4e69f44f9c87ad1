import { entry } from '../model.ts';
import type { Product, ProductCreate, ProductUpdate } from '../../shared/api/types.ts';
import { canonicalJson } from '../../shared/canonical-json.ts';
import { conflict, notFound } from '../errors.ts';
import { sha256 } from '../files.ts';
import { paginate, type RouteHandler } from './context.ts';

export const listProducts: RouteHandler = ({ data, query }) => {
  const search = typeof query['search'] === 'string' ? query['search'].toLocaleLowerCase() : '';
  const matches = Object.values(data.products)
    .filter(
      (p) =>
        !search ||
        [p.sku, p.name, p.barcode ?? ''].some((v) => v.toLocaleLowerCase().includes(search)),
    )
    .sort((a, b) => a.sku.localeCompare(b.sku));
  return { status: 200, body: paginate(matches, query) };
};

export const getProduct: RouteHandler = ({ data, params }) => {
  const product = entry(data.products, params['sku']);
  if (!product) throw notFound('product', params['sku'] ?? '');
  return { status: 200, body: product };
};

export const createProduct: RouteHandler = ({ data, body, now, commit }) => {
  const input = body as ProductCreate;
  if (entry(data.products, input.sku)) {
    throw conflict(
      `A product with SKU "${input.sku}" already exists; update it with PUT /products.`,
    );
  }
  const at = now().toISOString();
  const product: Product = {
    batch_controlled: false,
    active: true,
    ...input,
    created_at: at,
    updated_at: at,
  };
  data.products[input.sku] = product;
  commit('product.create', input.sku, sha256(canonicalJson(input)));
  return { status: 201, body: product };
};

export const updateProduct: RouteHandler = ({ data, body, now, commit }) => {
  const input = body as ProductUpdate;
  const existing = entry(data.products, input.sku);
  if (!existing) throw notFound('product', input.sku);
  const updated: Product = { ...existing, ...input, updated_at: now().toISOString() };
  data.products[input.sku] = updated;
  commit('product.update', input.sku, sha256(canonicalJson(input)));
  return { status: 200, body: updated };
};
