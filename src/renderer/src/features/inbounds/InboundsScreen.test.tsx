import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ok } from '@shared/result.ts';
import { fakeBridge, renderWithStores } from '@renderer/test-utils.tsx';
import { InboundsScreen } from './InboundsScreen.tsx';

describe('InboundsScreen', () => {
  it('opens an inbound and deletes it only after confirming', async () => {
    const submitJob = vi.fn(async () => ok({ status: 'enqueued' as const, job: {} as never }));
    renderWithStores(
      <InboundsScreen />,
      fakeBridge({
        getInbound: vi.fn(async () =>
          ok({
            id: 'IN-00004',
            warehouse: 'SP01',
            status: 'scheduled',
            items: [{ sku: 'ACM-0010', quantity: 24 }],
          }),
        ),
        submitJob,
      }),
    );
    fireEvent.change(screen.getByLabelText('Inbound id'), { target: { value: 'IN-00004' } });
    fireEvent.click(screen.getByText('Open'));
    expect((await screen.findByTestId('inbound')).textContent).toContain('ACM-0010');
    fireEvent.click(screen.getByText('Delete'));
    expect(submitJob).not.toHaveBeenCalled();
    fireEvent.click(screen.getByText('Really delete?'));
    await waitFor(() =>
      expect(submitJob).toHaveBeenCalledWith({
        kind: 'inbound.delete',
        payload: { id: 'IN-00004' },
      }),
    );
  });

  it('queues a new inbound with batch and expiry per item', async () => {
    const submitJob = vi.fn(async () => ok({ status: 'enqueued' as const, job: {} as never }));
    renderWithStores(<InboundsScreen />, fakeBridge({ submitJob }));
    fireEvent.change(screen.getByLabelText('SKU'), { target: { value: 'ACM-0001' } });
    fireEvent.change(screen.getByLabelText('Qty'), { target: { value: '48' } });
    fireEvent.change(screen.getByLabelText('Batch'), { target: { value: 'L2701' } });
    fireEvent.change(screen.getByLabelText('Expiry'), { target: { value: '2027-01-31' } });
    fireEvent.click(screen.getByText('Queue inbound'));
    await waitFor(() =>
      expect(submitJob).toHaveBeenCalledWith({
        kind: 'inbound.create',
        payload: {
          inbound: {
            warehouse: 'SP01',
            items: [{ sku: 'ACM-0001', quantity: 48, batch: 'L2701', expiry_date: '2027-01-31' }],
          },
        },
      }),
    );
  });

  it('names a half-filled row instead of dropping it, and skips rows left empty', async () => {
    const submitJob = vi.fn(async () => ok({ status: 'enqueued' as const, job: {} as never }));
    renderWithStores(<InboundsScreen />, fakeBridge({ submitJob }), { language: 'pt-BR' });
    fireEvent.click(screen.getByText('Adicionar item'));
    fireEvent.click(screen.getByText('Adicionar item'));
    const [first, , third] = screen.getAllByTestId('inbound-item');
    const sku = (row: HTMLElement | undefined) => row?.querySelector('input') as HTMLInputElement;
    fireEvent.change(sku(first), { target: { value: 'ACM-0001' } });
    fireEvent.change(screen.getAllByLabelText('Qtd.')[0] as HTMLElement, {
      target: { value: '5' },
    });
    fireEvent.change(sku(third), { target: { value: 'ACM 2' } });
    fireEvent.change(screen.getAllByLabelText('Lote')[2] as HTMLElement, {
      target: { value: 'L9' },
    });
    fireEvent.click(screen.getByText('Colocar entrada na fila'));
    // Row 3 (form index 2) is body item 1: its problems land on its own fields.
    expect(await screen.findByText(/Use letras, dígitos/)).toBeTruthy();
    expect(screen.getByText('Obrigatório.')).toBeTruthy();
    expect(submitJob).not.toHaveBeenCalled();
    const quantity = screen.getAllByLabelText('Qtd.')[2] as HTMLElement;
    expect(quantity.getAttribute('aria-invalid')).toBe('true');
  });
});
