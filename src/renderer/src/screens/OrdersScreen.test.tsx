import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ok } from '../../../shared/result.ts';
import { fakeBridge, renderWithStores, sandboxStatus } from '../test-utils.tsx';
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
});
