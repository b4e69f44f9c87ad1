import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { PrintingState } from '@shared/ipc/channels.ts';
import {
  DEFAULT_PRINTER_SETTINGS,
  type PrinterSettings,
  type PrinterStatusView,
} from '@shared/printing.ts';
import { safeDetails, nothingSecret } from '@shared/details.ts';
import { fail, ok } from '@shared/result.ts';
import { fakeBridge, renderWithStores } from '@renderer/test-utils.tsx';
import { PrintersSection } from './PrintersSection.tsx';

const ready: PrinterStatusView = {
  online: true,
  paperOut: false,
  paused: false,
  headOpen: false,
  ribbonOut: false,
  bufferFull: false,
  labelsRemaining: 0,
};

const state = (settings: Partial<PrinterSettings> = {}): PrintingState => ({
  settings: { ...DEFAULT_PRINTER_SETTINGS, ...settings },
  status: null,
  jobs: [],
  recoveredFrom: null,
});

describe('Settings → Printers', () => {
  it('refuses a printer address the shared schema refuses, then saves tcp://host:port, density and auto print', async () => {
    const savePrinterSettings = vi.fn(async (settings: PrinterSettings) => ok(settings));
    const getPrinting = vi.fn(async () => ok(state()));
    renderWithStores(<PrintersSection />, fakeBridge({ getPrinting, savePrinterSettings }));
    fireEvent.click(await screen.findByLabelText('Network printer (TCP)'));
    fireEvent.change(screen.getByLabelText('Printer address (host name or IP)'), {
      target: { value: 'zebra one/2' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Save printer' }));
    expect(
      await screen.findByText(
        "Enter the printer's host name or IP address, without spaces or slashes.",
      ),
    ).toBeTruthy();
    // An empty address is refused with the same sentence, and nothing reaches main.
    fireEvent.change(screen.getByLabelText('Printer address (host name or IP)'), {
      target: { value: '' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Test print' }));
    expect(
      await screen.findByText(
        "Enter the printer's host name or IP address, without spaces or slashes.",
      ),
    ).toBeTruthy();
    expect(savePrinterSettings).not.toHaveBeenCalled();

    fireEvent.change(screen.getByLabelText('Printer address (host name or IP)'), {
      target: { value: ' 10.0.0.9 ' },
    });
    fireEvent.change(screen.getByLabelText('Port'), { target: { value: '6101' } });
    fireEvent.click(screen.getByLabelText('12 dpmm (300 dpi)'));
    fireEvent.click(screen.getByLabelText('Print automatically when the label is delivered'));
    fireEvent.click(screen.getByRole('button', { name: 'Save printer' }));
    await waitFor(() =>
      expect(savePrinterSettings).toHaveBeenCalledWith({
        target: 'tcp://10.0.0.9:6101',
        dpmm: 12,
        autoPrint: true,
      }),
    );
    expect(await screen.findByText('Printer settings saved.')).toBeTruthy();
    // The saved settings are read again (the status bar and Print buttons follow them).
    await waitFor(() => expect(getPrinting).toHaveBeenCalledTimes(2));
  });

  it('shows the saved printer, and a test print shows the status it got, in the operator’s words', async () => {
    const testPrint = vi.fn(async () => ok({ status: { ...ready, labelsRemaining: 2 } }));
    renderWithStores(
      <PrintersSection />,
      fakeBridge({
        getPrinting: async () => ok(state({ target: 'tcp://zebra-3.local:9100', dpmm: 8 })),
        testPrint,
      }),
    );
    const host = (await screen.findByLabelText(
      'Printer address (host name or IP)',
    )) as HTMLInputElement;
    expect(host.value).toBe('zebra-3.local');
    expect((screen.getByLabelText('8 dpmm (203 dpi)') as HTMLInputElement).checked).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Test print' }));
    expect((await screen.findByTestId('test-print-result')).textContent).toBe(
      'Test label sent. The printer reports: ready, 2 labels remaining.',
    );
    expect(testPrint).toHaveBeenCalledWith({ target: 'tcp://zebra-3.local:9100' });
  });

  it('a test print refused on paper out says why and what the printer reported, in Portuguese', async () => {
    const paperOut = { ...ready, paperOut: true, paused: true };
    renderWithStores(
      <PrintersSection />,
      fakeBridge({
        getPrinting: async () => ok(state({ target: 'tcp://10.0.0.9:9100' })),
        testPrint: async () =>
          fail({
            code: 'print.printer-stopped',
            messageKey: 'errors.print.printer-stopped',
            message: 'tcp://10.0.0.9:9100 reports paper out, paused: nothing was sent.',
            details: safeDetails({ status: paperOut }, nothingSecret),
          }),
      }),
      { language: 'pt-BR' },
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Impressão de teste' }));
    const error = await screen.findByTestId('printer-error');
    expect(error.textContent).toContain('A impressora informa uma condição que impede a impressão');
    expect(screen.getByTestId('printer-error-status').textContent).toBe(
      'A impressora informa: sem papel, pausada.',
    );
  });

  it('offers this computer’s CUPS queues and saves the one picked as cups:QUEUE', async () => {
    const savePrinterSettings = vi.fn(async (settings: PrinterSettings) => ok(settings));
    const listPrinterQueues = vi.fn(async () =>
      ok({ queues: ['Zebra1', 'Zebra2'], documentQueues: [] }),
    );
    renderWithStores(<PrintersSection />, fakeBridge({ listPrinterQueues, savePrinterSettings }));
    fireEvent.click(await screen.findByLabelText('CUPS queue on this computer'));
    fireEvent.click(screen.getByRole('button', { name: 'Save printer' }));
    expect(await screen.findByText('Pick a CUPS queue from the list.')).toBeTruthy();
    await waitFor(() => expect(listPrinterQueues).toHaveBeenCalledTimes(1));
    fireEvent.click(screen.getByRole('combobox', { name: 'CUPS queue' }));
    // The list is in the page at once; jsdom never ends its opening transition.
    fireEvent.click(await screen.findByRole('option', { name: 'Zebra2', hidden: true }));
    fireEvent.click(screen.getByRole('button', { name: 'Save printer' }));
    await waitFor(() =>
      expect(savePrinterSettings).toHaveBeenCalledWith({
        target: 'cups:Zebra2',
        dpmm: 8,
        autoPrint: false,
      }),
    );
  });

  it('opened from “Set up a printer”, the section has the focus', async () => {
    renderWithStores(<PrintersSection focused />, fakeBridge());
    await waitFor(() => expect(document.activeElement?.textContent).toBe('Printers'));
  });

  it('reads the density from the printer’s own answer, and says so when it cannot', async () => {
    const readPrinterDensity = vi
      .fn()
      .mockResolvedValueOnce(ok({ model: 'ZD621-300dpi', dpmm: 12 }))
      .mockResolvedValueOnce(
        fail({
          code: 'print.not-answering',
          messageKey: 'errors.print.not-answering',
          message: 'x',
        }),
      );
    renderWithStores(
      <PrintersSection />,
      fakeBridge({ getPrinting: vi.fn(async () => ok(state())), readPrinterDensity }),
    );
    fireEvent.click(await screen.findByLabelText('Network printer (TCP)'));
    fireEvent.change(screen.getByLabelText('Printer address (host name or IP)'), {
      target: { value: '10.0.0.9' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Read the density from the printer' }));
    expect(await screen.findByText('ZD621-300dpi says: 12 dots per mm.')).toBeTruthy();
    expect(readPrinterDensity).toHaveBeenCalledWith({ target: 'tcp://10.0.0.9:9100' });
    expect((screen.getByRole('radio', { name: /^12 dpmm/ }) as HTMLInputElement).checked).toBe(
      true,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Read the density from the printer' }));
    expect(
      await screen.findByText('The printer did not answer in time, so nothing was sent.'),
    ).toBeTruthy();
  });
});
