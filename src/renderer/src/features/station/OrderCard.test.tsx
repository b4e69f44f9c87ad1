import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { OrderLookup, PrintingState } from '@shared/ipc/channels.ts';
import { DEFAULT_PRINTER_SETTINGS, type PrintJobView } from '@shared/printing.ts';
import { ok } from '@shared/result.ts';
import { invalidateForPrinting } from '@renderer/app/queries.ts';
import { NavigationProvider } from '@renderer/app/navigation.tsx';
import { fakeBridge, jobView, printJobView, renderWithStores } from '@renderer/test-utils.tsx';
import { OrderSummary } from './OrderCard.tsx';

const label = jobView({
  id: '22222222-2222-4222-8222-222222222222',
  kind: 'label.upload',
  payload: { order: 'PB-10001', fileName: 'etiqueta.zpl', format: 'zpl' },
  state: 'done',
});
const lookup: OrderLookup = {
  order: { id: 'PB-10001', status: 'packed', items: [{ sku: 'ACM-0001', quantity: 1 }] },
  trackings: [],
  jobs: [label, jobView({ state: 'done' })],
};
const printing = (jobs: PrintJobView[], status: PrintingState['status'] = null): PrintingState => ({
  settings: { ...DEFAULT_PRINTER_SETTINGS, target: 'tcp://10.0.0.9:9100' },
  status,
  jobs,
  recoveredFrom: null,
});

describe('Print on the order card', () => {
  it('prints a label of the order; a reprint asks for a reason and sends it; a held label says why', async () => {
    const previous = printJobView({
      state: 'printed',
      printedAt: Date.parse('2026-11-22T10:01:00Z'),
    });
    const reprint = printJobView({ id: 'print-2', reprintReason: 'damaged' });
    const printLabel = vi
      .fn()
      .mockResolvedValueOnce(ok({ status: 'needs_reason', previous }))
      .mockResolvedValueOnce(ok({ status: 'queued', job: reprint }));
    const retryPrint = vi.fn(async () => ok({ ...reprint, state: 'queued' as const }));
    let queue = printing([previous]);
    const view = renderWithStores(
      <OrderSummary lookup={lookup} />,
      fakeBridge({ printLabel, retryPrint, getPrinting: async () => ok(queue) }),
    );
    // Only the label has a Print button, named after its file (beside the card's papers).
    expect(
      screen
        .getAllByRole('button', { name: /^Print/ })
        .map((b) => b.getAttribute('aria-label') ?? b.textContent),
    ).toEqual(['Print etiqueta.zpl', 'Print slip', 'Print invoice', 'Print a PDF only…']);
    fireEvent.click(screen.getByRole('button', { name: 'Print etiqueta.zpl' }));
    await waitFor(() =>
      expect(printLabel).toHaveBeenCalledWith({ source: { kind: 'job', jobId: label.id } }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Print this label again?' });
    expect(dialog.textContent).toContain('etiqueta.zpl was already printed on tcp://10.0.0.9:9100');
    const again = within(dialog).getByRole('button', { name: 'Print again' });
    expect((again as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(within(dialog).getByLabelText('Label damaged'));
    fireEvent.click(again);
    await waitFor(() =>
      expect(printLabel).toHaveBeenLastCalledWith({
        source: { kind: 'job', jobId: label.id },
        reprintReason: 'damaged',
      }),
    );
    expect((await screen.findByTestId('print-notice')).textContent).toContain(
      'etiqueta.zpl is waiting for the printer.',
    );

    // The printer reports paper out: main holds the job and says so (onPrinting → read again).
    queue = printing([{ ...reprint, state: 'held', lastError: 'reports paper out' }, previous], {
      online: true,
      paperOut: true,
      paused: false,
      headOpen: false,
      ribbonOut: false,
      bufferFull: false,
      labelsRemaining: 0,
    });
    invalidateForPrinting(view.queryClient);
    const held = await screen.findByRole('alert');
    await waitFor(() => expect(held.textContent).toContain('etiqueta.zpl is held, not printed.'));
    expect(held.textContent).toContain(
      'The printer reports a condition that stops printing (paper out, head open, paused or ribbon out); nothing was sent.',
    );
    expect(screen.getByTestId('print-notice-status').textContent).toBe(
      'The printer reports: paper out.',
    );
    fireEvent.click(within(held).getByRole('button', { name: 'Retry anyway' }));
    await waitFor(() => expect(retryPrint).toHaveBeenCalledWith({ id: 'print-2', force: true }));
  });

  it('without a printer, says so and opens Settings → Printers', async () => {
    const open = vi.fn();
    renderWithStores(
      <NavigationProvider value={open}>
        <OrderSummary lookup={lookup} />
      </NavigationProvider>,
      fakeBridge({ printLabel: async () => ok({ status: 'no_printer' as const }) }),
      { language: 'es' },
    );
    fireEvent.click(screen.getByRole('button', { name: 'Imprimir etiqueta.zpl' }));
    const notice = await screen.findByRole('alert');
    expect(notice.textContent).toContain(
      'Esta estación no tiene una impresora de etiquetas configurada; no se imprimió nada.',
    );
    fireEvent.click(within(notice).getByRole('button', { name: 'Configurar una impresora' }));
    expect(open).toHaveBeenCalledWith('settings', 'printers');
  });
});

describe('Papers on the order card', () => {
  it('prints the slip, the delivered invoice, or a PDF chosen to print only', async () => {
    const queued = ok({ status: 'queued' as const, job: printJobView({ kind: 'slip' }) });
    const printPaper = vi.fn(async (_input: unknown) => queued);
    renderWithStores(<OrderSummary lookup={lookup} />, fakeBridge({ printPaper }));
    fireEvent.click(screen.getByRole('button', { name: 'Print slip' }));
    await waitFor(() =>
      expect(printPaper).toHaveBeenCalledWith({ orderId: 'PB-10001', document: 'slip' }),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Print invoice' }));
    await waitFor(() =>
      expect(printPaper).toHaveBeenLastCalledWith({ orderId: 'PB-10001', document: 'invoice' }),
    );
    const input = document.querySelector('input[type=file][accept*="pdf"]');
    if (!(input instanceof HTMLInputElement)) throw new Error('no file input');
    const pdf = new File([new TextEncoder().encode('%PDF-1.4\n%%EOF\n')], 'nf-outra.pdf', {
      type: 'application/pdf',
    });
    fireEvent.change(input, { target: { files: [pdf] } });
    await waitFor(() => expect(printPaper).toHaveBeenCalledTimes(3));
    const last = printPaper.mock.lastCall?.[0] as {
      document: string;
      file: { bytes: Uint8Array; fileName: string };
    };
    expect([last.document, last.file.fileName]).toEqual(['invoice', 'nf-outra.pdf']);
    expect(new TextDecoder().decode(last.file.bytes)).toBe('%PDF-1.4\n%%EOF\n');
  });
});
