import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { realPdf } from '@test/support/pdf.ts';
import { ok } from '@shared/result.ts';
import { fakeBridge, renderWithStores } from '@renderer/test-utils.tsx';
import { InvoicesScreen } from './InvoicesScreen.tsx';

const pdf = realPdf('NF-e 10004');
const png = Uint8Array.from([0x89, 0x50, 0x4e, 0x47]);

describe('InvoicesScreen', () => {
  it('checks many files, shows thumbnails, finds the order in the file name, and queues each', async () => {
    const submitInvoice = vi.fn(async () => ok({ status: 'enqueued' as const, job: {} as never }));
    const thumbnail = vi.fn(async () => 'data:image/png;base64,iVBORw0KGgo=');
    const view = renderWithStores(<InvoicesScreen />, fakeBridge({ submitInvoice }), { thumbnail });
    await view.stores.invoices.getState().addFiles(
      [
        { name: 'NF-e PB-10004.pdf', bytes: pdf },
        { name: 'photo.pdf', bytes: png },
      ],
      null,
    );
    expect(
      await screen.findByText(
        'photo.pdf is not a PDF: its contents are of another kind, whatever its name says.',
      ),
    ).toBeTruthy();
    expect(await screen.findAllByTestId('invoice-thumbnail')).toHaveLength(1);
    expect(thumbnail).toHaveBeenCalledTimes(1);
    expect((screen.getByLabelText('Order number') as HTMLInputElement).value).toBe('PB-10004');
    fireEvent.click(screen.getByText('Queue invoice'));
    await waitFor(() =>
      expect(submitInvoice).toHaveBeenCalledWith({
        order: 'PB-10004',
        fileName: 'NF-e PB-10004.pdf',
        bytes: pdf,
      }),
    );
    expect(await screen.findByText('NF-e PB-10004.pdf queued for order PB-10004')).toBeTruthy();
  });

  it('marks a PDF whose first page pdf.js cannot draw', async () => {
    const view = renderWithStores(<InvoicesScreen />, fakeBridge(), {
      thumbnail: () => Promise.reject(new Error('Invalid PDF structure')),
    });
    await view.stores.invoices.getState().addFiles([{ name: 'broken.pdf', bytes: pdf }], 'PB-1');
    expect(
      await screen.findByText(
        'broken.pdf is damaged or incomplete (perhaps cut off while downloading). Download or export it again.',
      ),
    ).toBeTruthy();
  });

  it('says when the file-name pattern is not a valid regular expression', async () => {
    localStorage.clear();
    renderWithStores(<InvoicesScreen />, fakeBridge(), { language: 'pt-BR' });
    const field = screen.getByLabelText('Número do pedido no nome do arquivo');
    fireEvent.change(field, { target: { value: 'PB-(' } });
    expect(await screen.findByText(/Não é uma expressão regular válida/)).toBeTruthy();
    fireEvent.change(field, { target: { value: 'PB-\\d+' } });
    await waitFor(() =>
      expect(screen.queryByText(/Não é uma expressão regular válida/)).toBeNull(),
    );
  });
});
