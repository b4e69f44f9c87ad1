import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { DEFAULT_PACK_SETTINGS, type BarcodeAlias, type PackSettings } from '@shared/pack/types.ts';
import { ok } from '@shared/result.ts';
import { fakeBridge, renderWithStores } from '@renderer/test-utils.tsx';
import { AliasesSection } from './AliasesSection.tsx';
import { PackingSection } from './PackingSection.tsx';

describe('Settings → Packing', () => {
  it('saves the four settings; an empty acknowledgement barcode is Enter only', async () => {
    const savePackSettings = vi.fn(async (settings: PackSettings) => ok(settings));
    renderWithStores(<PackingSection />, fakeBridge({ savePackSettings }));
    // A switch's label holds its description too.
    const auto = (await screen.findByLabelText(
      /^Finish by itself when the last unit is scanned/,
    )) as HTMLInputElement;
    expect(auto.checked).toBe(true);
    fireEvent.click(auto);
    // What a finish prints stands in one group under its heading, in the order it prints.
    const onFinish = screen.getByRole('group', { name: 'When a pack finishes, print' });
    expect(
      within(onFinish)
        .getAllByRole('switch')
        .map((s) => s.getAttribute('data-testid')),
    ).toEqual(['packing-print-label', 'packing-print-slip', 'packing-print-invoice']);
    fireEvent.click(within(onFinish).getByLabelText('The order’s label (on the label printer)'));
    const code = screen.getByLabelText('Acknowledgement barcode');
    fireEvent.change(code, { target: { value: ' ACK-OK ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(savePackSettings).toHaveBeenCalledWith({
        autoFinish: false,
        markPacked: true,
        printLabel: true,
        printSlip: false,
        printInvoice: false,
        ackCode: 'ACK-OK',
      }),
    );
    expect(await screen.findByText('Packing settings saved.')).toBeTruthy();
    fireEvent.change(code, { target: { value: '   ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(savePackSettings).toHaveBeenLastCalledWith(expect.objectContaining({ ackCode: null })),
    );
  });

  it('refuses an acknowledgement barcode over 64 characters, in words under the field', async () => {
    const savePackSettings = vi.fn(async (settings: PackSettings) => ok(settings));
    renderWithStores(
      <PackingSection />,
      fakeBridge({
        getPackSettings: async () => ok({ ...DEFAULT_PACK_SETTINGS, ackCode: 'ACK' }),
        savePackSettings,
      }),
      { language: 'pt-BR' },
    );
    const code = await screen.findByLabelText('Código de barras de confirmação');
    expect((code as HTMLInputElement).value).toBe('ACK');
    fireEvent.change(code, { target: { value: 'A'.repeat(65) } });
    fireEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Use de 1 a 64 caracteres.')).toBeTruthy();
    expect(code.getAttribute('aria-invalid')).toBe('true');
    expect(savePackSettings).not.toHaveBeenCalled();
  });

  it('exports the pack records of a day', async () => {
    const exportPacks = vi.fn(async () =>
      ok({ fileName: 'packs-2026-11-25.json', text: '[]', count: 0 }),
    );
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:day'), revokeObjectURL: vi.fn() });
    const click = vi
      .spyOn(HTMLAnchorElement.prototype, 'click')
      .mockImplementation(() => undefined);
    renderWithStores(<PackingSection />, fakeBridge({ exportPacks }));
    fireEvent.change(await screen.findByLabelText('Day'), { target: { value: '2026-11-25' } });
    fireEvent.click(screen.getByRole('button', { name: 'Export the day (JSON)' }));
    await waitFor(() =>
      expect(exportPacks).toHaveBeenCalledWith({ day: '2026-11-25', format: 'json' }),
    );
    expect(await screen.findByText('packs-2026-11-25.json saved: 0 scans.')).toBeTruthy();
    expect(click).toHaveBeenCalled();
    click.mockRestore();
  });
});

describe('Settings → Barcode aliases', () => {
  const kept: BarcodeAlias[] = [{ alias: 'CASE-12', sku: 'ACM-0001', quantity: 12 }];

  it('adds, removes and saves aliases; a bad field is named under it', async () => {
    const saveBarcodeAliases = vi.fn(async ({ aliases }: { aliases: BarcodeAlias[] }) =>
      ok({ aliases }),
    );
    renderWithStores(
      <AliasesSection />,
      fakeBridge({ getBarcodeAliases: async () => ok({ aliases: kept }), saveBarcodeAliases }),
    );
    expect(await screen.findByText('1 alias')).toBeTruthy();
    const alias = screen.getByLabelText('Alias barcode');
    fireEvent.change(alias, { target: { value: 'has space' } });
    fireEvent.change(screen.getByLabelText('SKU'), { target: { value: 'ACM-0002' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    expect(
      await screen.findByText('The alias must be 1 to 64 printable characters without spaces.'),
    ).toBeTruthy();
    fireEvent.change(alias, { target: { value: 'PACK-6' } });
    fireEvent.change(screen.getByLabelText('Quantity'), { target: { value: '6' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    expect(await screen.findByText('2 aliases')).toBeTruthy();
    expect(screen.getByText('Changes not saved yet.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Remove CASE-12' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save aliases' }));
    await waitFor(() =>
      expect(saveBarcodeAliases).toHaveBeenCalledWith({
        aliases: [{ alias: 'PACK-6', sku: 'ACM-0002', quantity: 6 }],
      }),
    );
    expect(await screen.findByText('Barcode aliases saved.')).toBeTruthy();
    expect(screen.queryByText('Changes not saved yet.')).toBeNull();
  });

  it('imports pasted CSV: each bad line refused by line and field, the good ones kept', async () => {
    renderWithStores(
      <AliasesSection />,
      fakeBridge({ getBarcodeAliases: async () => ok({ aliases: kept }) }),
      { language: 'es' },
    );
    const paste = await screen.findByLabelText('CSV a importar (encabezado alias,sku,quantity)');
    fireEvent.change(paste, {
      target: {
        value: 'alias,sku,quantity\nCASE-12,ACM-0001,24\nPACK 3,ACM-0002,3\nPACK-4,ACM-0004,0\n',
      },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Importar el CSV pegado' }));
    expect(await screen.findByText('1 código importado.')).toBeTruthy();
    const problems = screen.getByTestId('aliases-import-problems');
    expect(
      within(problems).getByText('2 líneas rechazadas; las demás se conservaron:'),
    ).toBeTruthy();
    expect(
      within(problems)
        .getAllByTestId('aliases-import-problem')
        .map((p) => p.textContent),
    ).toEqual([
      'Línea 3, campo alias: de 1 a 64 caracteres imprimibles, sin espacios.',
      'Línea 4, campo quantity: un número entero de 1 a 10.000.',
    ]);
    // The alias imported again takes its new quantity.
    const row = screen
      .getAllByTestId('alias-row')
      .find((r) => r.dataset['alias'] === 'CASE-12') as HTMLElement;
    expect(within(row).getByText('24')).toBeTruthy();
  });

  it('exports the table as CSV', async () => {
    const createObjectURL = vi.fn((blob: Blob) => {
      void blob;
      return 'blob:aliases';
    });
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    const click = vi
      .spyOn(HTMLAnchorElement.prototype, 'click')
      .mockImplementation(() => undefined);
    renderWithStores(
      <AliasesSection />,
      fakeBridge({ getBarcodeAliases: async () => ok({ aliases: kept }) }),
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Export CSV' }));
    expect(click).toHaveBeenCalled();
    const blob = createObjectURL.mock.calls[0]?.[0] as Blob;
    expect(await blob.text()).toBe('alias,sku,quantity\r\nCASE-12,ACM-0001,12\r\n');
    click.mockRestore();
  });
});
