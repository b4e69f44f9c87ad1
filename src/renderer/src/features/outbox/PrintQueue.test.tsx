import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { PrintingState } from '@shared/ipc/channels.ts';
import { DEFAULT_PRINTER_SETTINGS } from '@shared/printing.ts';
import { fail, ok } from '@shared/result.ts';
import { fakeBridge, printJobView, renderWithStores } from '@renderer/test-utils.tsx';
import { PrintQueue } from './PrintQueue.tsx';

const held = printJobView({ id: 'held-1', fileName: 'held.zpl', state: 'held' });
const failed = printJobView({
  id: 'failed-1',
  fileName: 'cut.zpl',
  state: 'failed',
  lastError: 'tcp://10.0.0.9:9100 reset the connection twice.',
  attempts: 2,
});
const printed = printJobView({
  id: 'printed-1',
  fileName: 'again.zpl',
  state: 'printed',
  reprintReason: 'lost',
  requestedBy: 'bruno',
});
const state: PrintingState = {
  settings: { ...DEFAULT_PRINTER_SETTINGS, target: 'tcp://10.0.0.9:9100' },
  status: {
    online: true,
    paperOut: false,
    paused: false,
    headOpen: true,
    ribbonOut: false,
    bufferFull: false,
    labelsRemaining: 0,
  },
  jobs: [held, failed, printed],
  recoveredFrom: null,
};

describe('the print queue on the Outbox screen', () => {
  it('lists each label with its state, printer, who asked, why, and what stopped it', async () => {
    renderWithStores(<PrintQueue />, fakeBridge({ getPrinting: async () => ok(state) }), {
      language: 'pt-BR',
    });
    const rows = await screen.findAllByTestId('print-job');
    expect(rows.map((row) => row.getAttribute('data-state'))).toEqual([
      'held',
      'failed',
      'printed',
    ]);
    const [heldRow, failedRow, printedRow] = rows as [HTMLElement, HTMLElement, HTMLElement];
    expect(heldRow.textContent).toContain('Retido');
    expect(heldRow.textContent).toContain('tcp://10.0.0.9:9100');
    expect(heldRow.textContent).toContain('A impressora informa: cabeça aberta.');
    expect(failedRow.textContent).toContain('reset the connection twice');
    expect(printedRow.textContent).toContain('bruno');
    expect(printedRow.textContent).toContain('etiqueta perdida');
    // Only labels that did not come out can be retried or discarded.
    expect(within(printedRow).queryAllByRole('button')).toEqual([]);
  });

  it('retries, retries anyway past the printer’s condition, and discards after a confirmation', async () => {
    const retryPrint = vi.fn(async ({ id }: { id: string }) =>
      ok({ ...held, id, state: 'queued' as const }),
    );
    const discardPrint = vi.fn(async () => ok({ removed: true }));
    const getPrinting = vi.fn(async () => ok(state));
    renderWithStores(<PrintQueue />, fakeBridge({ getPrinting, retryPrint, discardPrint }));
    const [heldRow, failedRow] = (await screen.findAllByTestId('print-job')) as [
      HTMLElement,
      HTMLElement,
    ];
    fireEvent.click(within(heldRow).getByRole('button', { name: 'Retry anyway' }));
    await waitFor(() => expect(retryPrint).toHaveBeenCalledWith({ id: 'held-1', force: true }));
    fireEvent.click(within(failedRow).getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(retryPrint).toHaveBeenLastCalledWith({ id: 'failed-1' }));
    fireEvent.click(within(failedRow).getByRole('button', { name: 'Discard' }));
    expect(discardPrint).not.toHaveBeenCalled();
    fireEvent.click(within(failedRow).getByRole('button', { name: 'Really discard?' }));
    await waitFor(() => expect(discardPrint).toHaveBeenCalledWith({ id: 'failed-1' }));
    // Each change reads the queue again.
    await waitFor(() => expect(getPrinting.mock.calls.length).toBeGreaterThanOrEqual(4));
  });

  it('says why main refused a change', async () => {
    renderWithStores(
      <PrintQueue />,
      fakeBridge({
        getPrinting: async () => ok(state),
        discardPrint: async () =>
          fail({ code: 'internal', messageKey: 'errors.internal', message: 'database is locked' }),
      }),
    );
    const [heldRow] = (await screen.findAllByTestId('print-job')) as [HTMLElement];
    fireEvent.click(within(heldRow).getByRole('button', { name: 'Discard' }));
    fireEvent.click(within(heldRow).getByRole('button', { name: 'Really discard?' }));
    expect((await screen.findByRole('alert')).textContent).toContain('database is locked');
  });

  it('says so when the queue is empty', async () => {
    renderWithStores(<PrintQueue />, fakeBridge());
    expect(await screen.findByText('No labels in the print queue.')).toBeTruthy();
  });
});
