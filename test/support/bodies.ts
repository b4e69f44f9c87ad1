/** A new order's body the service takes: every field OrderCreate requires, and no more. */
export const orderCreateBody = (id: string) => ({
  id,
  warehouse: 'SP01',
  customer: { name: 'Ana' },
  shipping_address: { street: 'Rua A', city: 'Campinas', state: 'SP', postal_code: '13000' },
  items: [{ sku: 'SKU-1', quantity: 1 }],
});
