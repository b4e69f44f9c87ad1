import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ok } from '@shared/result.ts';
import { fakeBridge, renderWithStores, sandboxStatus } from '@renderer/test-utils.tsx';
import { OrdersScreen } from './OrdersScreen.tsx';

const page = {
  data: [
    {
      id: 'PB-10060',
      status: 'picking',
      items: [],
      customer: { name: 'Diego' },
      created_at: '2026-11-21T10:00:00Z',
    },
  ],
  page: 1,
  page_size: 50,
  total: 1,
};

const job = { id: 'j1' } as never;
const v1 = { ...sandboxStatus, profile: { ...sandboxStatus.profile, apiVersion: 'v1' as const } };
const type = (label: string | RegExp, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe('OrdersScreen', () => {
  it('lists orders on v1.1 and filters by dates', async () => {
    const listOrders = vi.fn(async () => ok(page));
    const view = renderWithStores(<OrdersScreen />, fakeBridge({ listOrders }));
    view.stores.status.setState({ status: sandboxStatus });
    expect((await screen.findByTestId('orders')).textContent).toContain('PB-10060');
    fireEvent.change(screen.getByLabelText('Created from'), { target: { value: '2026-11-01' } });
    fireEvent.click(screen.getByText('Filter'));
    await waitFor(() =>
      expect(listOrders).toHaveBeenLastCalledWith({ from: '2026-11-01', page: 1 }),
    );
  });

  it('explains on a v1 profile instead of asking the service', async () => {
    const listOrders = vi.fn(async () => ok(page));
    const view = renderWithStores(<OrdersScreen />, fakeBridge({ listOrders }), { language: 'es' });
    view.stores.status.setState({
      status: { ...sandboxStatus, profile: { ...sandboxStatus.profile, apiVersion: 'v1' } },
    });
    expect((await screen.findByTestId('orders-need-v11')).textContent).toContain('v1.1');
    expect(listOrders).not.toHaveBeenCalled();
  });

  it('creates an order on v1: names each missing field, then queues the order', async () => {
    const submitJob = vi.fn(async () => ok({ status: 'enqueued' as const, job }));
    const view = renderWithStores(<OrdersScreen />, fakeBridge({ submitJob }));
    view.stores.status.setState({ status: v1 });
    fireEvent.click(screen.getByRole('button', { name: 'New order' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Queue for sending' }));
    expect(await screen.findAllByText('Required.')).toHaveLength(8);
    expect(submitJob).not.toHaveBeenCalled();

    type(/^Order( \*)?$/, 'PB-30001');
    type(/^Warehouse/, 'SP01');
    type(/^Name/, 'Ana Souza');
    type(/^Email/, 'ana@');
    type(/^Street/, 'Rua das Flores');
    type(/^City/, 'Campinas');
    type(/^State/, 'SP');
    type(/^Postal code/, '13000-000');
    type(/^SKU/, 'SKU-RED-M');
    fireEvent.click(screen.getByRole('button', { name: 'Queue for sending' }));
    expect(await screen.findByText('This is not an email address.')).toBeTruthy();
    type(/^Email/, 'ana@example.com');
    fireEvent.click(screen.getByRole('button', { name: 'Queue for sending' }));

    expect(await screen.findByText(/Queued in the outbox/)).toBeTruthy();
    expect(submitJob).toHaveBeenCalledWith({
      kind: 'order.create',
      payload: {
        order: {
          id: 'PB-30001',
          warehouse: 'SP01',
          customer: { name: 'Ana Souza', email: 'ana@example.com' },
          shipping_address: {
            street: 'Rua das Flores',
            city: 'Campinas',
            state: 'SP',
            postal_code: '13000-000',
            country: 'BR',
          },
          items: [{ sku: 'SKU-RED-M', quantity: 1 }],
        },
      },
    });
    expect(screen.queryByTestId('order-form')).toBeNull();
  });

  it('changes an opened order by sending only what changed, and re-sends only when confirmed', async () => {
    const order = {
      id: 'PB-10001',
      status: 'new',
      warehouse: 'SP01',
      customer: { name: 'Ana' },
      shipping_address: { street: 'Rua A', city: 'Campinas', state: 'SP', postal_code: '13000' },
      items: [{ sku: 'SKU-1', quantity: 1 }],
    };
    const lookupOrder = vi.fn(async () => ok({ order, trackings: [], jobs: [] }));
    const submitJob = vi
      .fn()
      .mockResolvedValueOnce(ok({ status: 'needs_confirmation', job }))
      .mockResolvedValueOnce(ok({ status: 'enqueued', job }));
    const view = renderWithStores(<OrdersScreen />, fakeBridge({ lookupOrder, submitJob }), {
      language: 'pt-BR',
    });
    view.stores.status.setState({ status: v1 });
    type('Número do pedido a alterar', 'PB-10001');
    fireEvent.click(screen.getByRole('button', { name: 'Editar' }));
    expect(await screen.findByText('Alterar pedido PB-10001')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Colocar na fila de envio' }));
    expect(await screen.findByText(/Nada foi alterado/)).toBeTruthy();
    expect(submitJob).not.toHaveBeenCalled();

    fireEvent.change(screen.getByLabelText('Situação'), { target: { value: 'packed' } });
    fireEvent.click(screen.getByRole('button', { name: 'Colocar na fila de envio' }));
    const update = {
      kind: 'order.update',
      payload: { order: { id: 'PB-10001', status: 'packed' } },
    };
    await waitFor(() => expect(submitJob).toHaveBeenCalledWith(update));
    fireEvent.click(await screen.findByRole('button', { name: 'Enviar de novo' }));
    await waitFor(() =>
      expect(submitJob).toHaveBeenLastCalledWith({ ...update, confirmResend: true }),
    );
    expect(await screen.findByText(/Na fila de envio;/)).toBeTruthy();
  });
});
