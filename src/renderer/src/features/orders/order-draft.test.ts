import { describe, expect, it } from 'vitest';
import type { Order } from '@shared/api/schemas.ts';
import { draftFromOrder, emptyOrderDraft, orderPayload, type OrderDraft } from './order-draft.ts';

const filled = (): OrderDraft => ({
  ...emptyOrderDraft('SP01'),
  id: 'PB-20001',
  customer: { name: ' Ana Souza ', document: '', email: 'ana@example.com', phone: '' },
  address: {
    street: 'Rua A',
    number: '10',
    complement: '',
    district: '',
    city: 'São Paulo',
    state: 'SP',
    postal_code: '01000-000',
    country: 'br',
  },
  items: [{ sku: 'SKU-1', quantity: 2, unit_price: 9.9 }],
});

const existing: Order = {
  id: 'PB-10001',
  status: 'new',
  warehouse: 'SP01',
  customer: { name: 'Ana', email: 'ana@example.com' },
  shipping_address: { street: 'Rua A', city: 'São Paulo', state: 'SP', postal_code: '01000-000' },
  items: [{ sku: 'SKU-1', quantity: 1 }],
  invoice: null,
  labels: [],
  extra_field: 'kept',
};

describe('orderPayload for a new order', () => {
  it('builds the OrderCreate body, trimmed, without empty optional fields', () => {
    expect(orderPayload(filled())).toEqual({
      ok: true,
      order: {
        id: 'PB-20001',
        warehouse: 'SP01',
        customer: { name: 'Ana Souza', email: 'ana@example.com' },
        shipping_address: {
          street: 'Rua A',
          number: '10',
          city: 'São Paulo',
          state: 'SP',
          postal_code: '01000-000',
          country: 'BR',
        },
        items: [{ sku: 'SKU-1', quantity: 2, unit_price: 9.9 }],
      },
    });
  });

  it('names every problem by field before anything is queued', () => {
    const draft = filled();
    draft.id = 'has space';
    draft.warehouse = '';
    draft.customer.email = 'not-an-email';
    draft.address.state = 'S';
    draft.address.country = 'Brazil';
    draft.items = [
      { sku: 'SKU-1', quantity: 0, unit_price: -1 },
      { sku: '', quantity: 1.5, unit_price: '' },
    ];
    const outcome = orderPayload(draft);
    expect(outcome).toEqual({
      ok: false,
      errors: {
        id: { key: 'forms.identifier' },
        warehouse: { key: 'forms.required' },
        'customer.email': { key: 'forms.email' },
        // The limit named is the OpenAPI document's (Address.state minLength 2).
        'address.state': { key: 'forms.tooShort', params: { min: 2 } },
        'address.country': { key: 'orderForm.badCountry' },
        'items.0.quantity': { key: 'orderForm.quantity' },
        'items.0.unit_price': { key: 'orderForm.price' },
        'items.1.sku': { key: 'forms.required' },
        'items.1.quantity': { key: 'orderForm.quantity' },
      },
    });
  });

  it('refuses an order without items', () => {
    const draft = { ...filled(), items: [] };
    expect(orderPayload(draft)).toEqual({
      ok: false,
      errors: { items: { key: 'orderForm.noItems' } },
    });
  });
});

describe('orderPayload for an update', () => {
  it('sends the id and only what changed', () => {
    const original = draftFromOrder(existing);
    const draft = structuredClone(original);
    draft.status = 'picking';
    draft.items = [{ sku: 'SKU-1', quantity: 3, unit_price: '' }];
    expect(orderPayload(draft, original)).toEqual({
      ok: true,
      order: { id: 'PB-10001', status: 'picking', items: [{ sku: 'SKU-1', quantity: 3 }] },
    });
  });

  it('says so when nothing changed', () => {
    const original = draftFromOrder(existing);
    expect(orderPayload(structuredClone(original), original)).toEqual({
      ok: false,
      errors: { form: { key: 'orderForm.unchanged' } },
    });
  });

  it('clears carrier and notes with an empty value', () => {
    const original = draftFromOrder({ ...existing, carrier: 'Correios', notes: 'fragile' });
    const draft = { ...structuredClone(original), carrier: '', notes: '' };
    expect(orderPayload(draft, original)).toEqual({
      ok: true,
      order: { id: 'PB-10001', carrier: '', notes: '' },
    });
  });
});

describe('draftFromOrder', () => {
  it('fills the form from what the service sent, tolerating missing parts', () => {
    const draft = draftFromOrder({ id: 'X', status: 'new', items: [] });
    expect(draft.customer.name).toBe('');
    expect(draft.address.street).toBe('');
    expect(draft.items).toEqual([]);
  });
});
