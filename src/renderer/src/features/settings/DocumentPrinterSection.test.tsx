import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { DEFAULT_DOCUMENT_PRINTER_SETTINGS } from '@shared/documents.ts';
import { fail, ok } from '@shared/result.ts';
import { fakeBridge, renderWithStores } from '@renderer/test-utils.tsx';
import { DocumentPrinterSection } from './DocumentPrinterSection.tsx';

const queues = async () => ok({ queues: ['Zebra', 'Office'], documentQueues: ['Office'] });

describe('Settings → Printers → Document printer', () => {
  it('offers the queues with a driver, saves the queue and paper, and sends a test page', async () => {
    const saveDocumentPrinter = vi.fn(async (settings: unknown) => ok(settings as never));
    const testDocumentPrinter = vi.fn(async () => ok({ printer: 'cups:Office' }));
    renderWithStores(
      <DocumentPrinterSection />,
      fakeBridge({ listPrinterQueues: queues, saveDocumentPrinter, testDocumentPrinter }),
    );
    const field = await screen.findByTestId('document-printer-target');
    // Typing opens the list, filtered by what is typed: both queues would match "cups:", but a
    // raw label queue is not offered (it cannot print a PDF).
    await waitFor(() => expect(screen.queryByText(/no CUPS queue/)).toBeNull());
    fireEvent.focus(field);
    fireEvent.change(field, { target: { value: 'cups:' } });
    await screen.findByRole('option', { name: 'cups:Office', hidden: true });
    expect(screen.queryByRole('option', { name: 'cups:Zebra', hidden: true })).toBeNull();
    // A bare queue name is read as a CUPS queue.
    fireEvent.change(field, { target: { value: 'Office' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save document printer' }));
    await waitFor(() =>
      expect(saveDocumentPrinter).toHaveBeenCalledWith({ target: 'cups:Office', paper: 'a4' }),
    );
    await screen.findByText('Document printer saved.');
    fireEvent.click(screen.getByRole('button', { name: 'Test page' }));
    await screen.findByText('Test page sent to cups:Office.');
    expect(testDocumentPrinter).toHaveBeenCalledWith({ target: 'cups:Office', paper: 'a4' });
  });

  it('says why a save was refused, in the operator’s language', async () => {
    const saveDocumentPrinter = vi.fn(async () =>
      fail({
        code: 'print.bad-target',
        messageKey: 'errors.print.bad-target',
        message: 'refused',
      }),
    );
    renderWithStores(
      <DocumentPrinterSection />,
      fakeBridge({
        listPrinterQueues: queues,
        saveDocumentPrinter,
        getDocumentPrinter: async () =>
          ok({ settings: DEFAULT_DOCUMENT_PRINTER_SETTINGS, recoveredFrom: 'x.damaged' }),
      }),
      { language: 'pt-BR' },
    );
    await screen.findByText(/configurações da impressora de documentos estavam danificadas/);
    fireEvent.change(await screen.findByTestId('document-printer-target'), {
      target: { value: 'cups:Office' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Salvar impressora de documentos' }));
    expect((await screen.findByRole('alert')).textContent).not.toBe('');
    expect(saveDocumentPrinter).toHaveBeenCalledTimes(1);
  });
});
