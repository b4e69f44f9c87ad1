import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { fail, ok } from '@shared/result.ts';
import { fakeBridge, renderWithStores } from '@renderer/test-utils.tsx';
import { InventoryScreen } from './InventoryScreen.tsx';

const rows = [
  {
    sku: 'ACM-0001',
    warehouse: 'SP01',
    available: 40,
    reserved: 2,
    batch: 'L-NEW',
    expiry_date: '2027-05-01',
  },
  {
    sku: 'ACM-0001',
    warehouse: 'SP01',
    available: 12,
    reserved: 0,
    batch: 'L-OLD',
    expiry_date: '2026-11-01',
  },
  {
    sku: 'ACM-0001',
    warehouse: 'PE01',
    available: 9,
    reserved: 1,
    batch: 'L-SOON',
    expiry_date: '2026-12-01',
  },
];

describe('InventoryScreen', () => {
  it('shows batches first-expiry-first-out, expired red and expiring amber, with totals', async () => {
    const queryInventory = vi.fn(async () => ok(rows));
    renderWithStores(
      <InventoryScreen today={() => '2026-11-22'} />,
      fakeBridge({ queryInventory }),
    );
    fireEvent.change(screen.getByLabelText('SKU'), { target: { value: ' ACM-0001 ' } });
    fireEvent.click(screen.getByText('Show stock'));
    const table = await screen.findByTestId('inventory');
    expect(queryInventory).toHaveBeenCalledWith({ sku: 'ACM-0001' });
    const body = within(table).getAllByRole('row').slice(1);
    expect(body.map((r) => r.getAttribute('data-tone'))).toEqual(['expired', 'soon', 'ok']);
    expect(body.map((r) => r.textContent)).toEqual([
      expect.stringContaining('expired 21 days ago'),
      expect.stringContaining('9 days'),
      expect.stringContaining('160 days'),
    ]);
    // The expired batch (12) and the one expiring within 30 days (9) are not "available".
    const totals = screen.getByTestId('inventory-totals').textContent ?? '';
    expect(totals).toContain('Available: 40');
    expect(totals).toContain('Expiring soon: 9');
    expect(totals).toContain('Expired: 12');
  });

  it('explains a failure and an empty answer', async () => {
    const queryInventory = vi
      .fn()
      .mockResolvedValueOnce(
        fail({
          code: 'api.network.offline',
          messageKey: 'errors.api.network',
          message: 'ECONNREFUSED',
        }),
      )
      .mockResolvedValueOnce(ok([]));
    renderWithStores(<InventoryScreen />, fakeBridge({ queryInventory }));
    fireEvent.click(screen.getByText('Show stock'));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Cannot reach the service. Check the network.',
    );
    fireEvent.click(screen.getByText('Show stock'));
    expect(await screen.findByText('No stock matches.')).toBeTruthy();
  });
});
