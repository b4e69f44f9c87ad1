import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ok } from '@shared/result.ts';
import { fakeBridge, renderWithStores } from '@renderer/test-utils.tsx';
import { ProductsScreen } from './ProductsScreen.tsx';

const product = {
  sku: 'ACM-0001',
  name: 'Café 500 g',
  unit_price: 21.9,
  active: true,
  batch_controlled: true,
  ncm_code: '0901.21.00',
};

describe('ProductsScreen', () => {
  it('searches, shows every field the service sent, and queues an update through the outbox', async () => {
    const submitJob = vi.fn(async () => ok({ status: 'enqueued' as const, job: {} as never }));
    renderWithStores(
      <ProductsScreen />,
      fakeBridge({
        listProducts: vi.fn(async () => ok({ data: [product], page: 1, page_size: 50, total: 1 })),
        getProduct: vi.fn(async () => ok(product)),
        submitJob,
      }),
    );
    fireEvent.change(screen.getByLabelText('SKU, name or barcode'), { target: { value: 'café' } });
    fireEvent.click(screen.getByText('Search'));
    fireEvent.click(await screen.findByText('View'));
    expect((await screen.findByTestId('product-detail')).textContent).toContain('0901.21.00');
    fireEvent.click(screen.getByText('Edit'));
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Café Torrado 500 g' } });
    fireEvent.click(screen.getByText('Queue for sending'));
    await waitFor(() => expect(submitJob).toHaveBeenCalled());
    expect(submitJob).toHaveBeenCalledWith({
      kind: 'product.update',
      payload: {
        product: {
          sku: 'ACM-0001',
          name: 'Café Torrado 500 g',
          unit_price: 21.9,
          batch_controlled: true,
          active: true,
        },
      },
    });
    expect(await screen.findByText(/Queued in the outbox/)).toBeTruthy();
  });

  it('checks a new product with the generated ProductCreate rules, in the operator’s language', async () => {
    const submitJob = vi.fn(async () => ok({ status: 'enqueued' as const, job: {} as never }));
    renderWithStores(<ProductsScreen />, fakeBridge({ submitJob }), { language: 'es' });
    fireEvent.click(screen.getByText('Producto nuevo'));
    fireEvent.change(screen.getByLabelText('SKU'), { target: { value: 'ACM 9' } });
    fireEvent.change(screen.getByLabelText('Nombre'), { target: { value: 'Taza' } });
    fireEvent.change(screen.getByLabelText('Código de barras'), { target: { value: '12AB' } });
    fireEvent.click(screen.getByText('Poner en la cola de envío'));
    expect(await screen.findByText(/Use letras, dígitos/)).toBeTruthy();
    expect(screen.getByText('Solo dígitos: de 8 a 14 (EAN, UPC o GTIN).')).toBeTruthy();
    expect(submitJob).not.toHaveBeenCalled();

    fireEvent.change(screen.getByLabelText('SKU'), { target: { value: 'ACM-9' } });
    fireEvent.change(screen.getByLabelText('Código de barras'), {
      target: { value: '7891234567895' },
    });
    fireEvent.click(screen.getByText('Poner en la cola de envío'));
    await waitFor(() =>
      expect(submitJob).toHaveBeenCalledWith({
        kind: 'product.create',
        payload: {
          product: {
            sku: 'ACM-9',
            name: 'Taza',
            barcode: '7891234567895',
            batch_controlled: false,
            active: true,
          },
        },
      }),
    );
  });
});
