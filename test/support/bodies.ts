import { PACK_FIXTURES } from '../../src/sandbox/index.ts';

/** A new order's body the service takes: every field OrderCreate requires, and no more. */
export const orderCreateBody = (id: string) => ({
  id,
  warehouse: 'SP01',
  customer: { name: 'Ana' },
  shipping_address: { street: 'Rua A', city: 'Campinas', state: 'SP', postal_code: '13000' },
  items: [{ sku: 'SKU-1', quantity: 1 }],
});

/**
 * An order in the packing fixtures' warehouse, with these lines, to a São Paulo address: what
 * the benches and the soak create at the sandbox for each pack.
 */
export const packOrderBody = (
  id: string,
  items: readonly { sku: string; quantity: number }[],
  number = '100',
) => ({
  id,
  warehouse: PACK_FIXTURES.warehouse,
  customer: { name: 'Ana Souza' },
  shipping_address: {
    street: 'Rua das Flores',
    number,
    city: 'São Paulo',
    state: 'SP',
    postal_code: '01000-000',
    country: 'BR',
  },
  items: [...items],
});
