import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { PackbenchBridge } from '@shared/ipc/bridge-types.ts';
import type { PackView } from '@shared/pack/types.ts';
import { fail, ok } from '@shared/result.ts';
import { fakeBridge, renderWithStores } from '@renderer/test-utils.tsx';
import { StationScreen } from '../StationScreen.tsx';
import { line, packLookup, packView, verdict } from './pack-fixtures.ts';

/** A bridge whose pack answers with the views a test lines up, one per call in order. */
function packBridge(opened: PackView, overrides: Partial<PackbenchBridge> = {}) {
  const openPack = vi.fn(async () => ok(opened));
  const bridge = fakeBridge({
    lookupOrder: async () => ok(packLookup()),
    openPack,
    ...overrides,
  });
  return { bridge, openPack };
}

const answering = (...views: PackView[]) => {
  const fn = vi.fn();
  for (const view of views) fn.mockResolvedValueOnce(ok(view));
  return fn;
};

async function openOrder(
  bridge: PackbenchBridge,
  options: Parameters<typeof renderWithStores>[2] = {},
) {
  const view = renderWithStores(<StationScreen />, bridge, options);
  const input = screen.getByTestId('scan-input') as HTMLInputElement;
  fireEvent.change(input, { target: { value: 'PB-20001' } });
  fireEvent.keyDown(input, { key: 'Enter' });
  await screen.findByTestId('pack-checklist');
  return { ...view, input };
}

const enter = (input: HTMLInputElement, value = '') => {
  fireEvent.change(input, { target: { value } });
  fireEvent.keyDown(input, { key: 'Enter' });
};

describe('Verified pack on the Station', () => {
  it('opens a found order for packing and shows its checklist, lots amber when expiring', async () => {
    localStorage.setItem('packbench.expiryThresholdDays', '45');
    const opened = packView({
      lines: [
        line({ scanned: 2 }),
        line({
          sku: 'VIT-0100',
          name: null,
          barcode: null,
          expected: 3,
          scanned: 1,
          batchControlled: true,
          lots: [{ lot: 'L-22', expiry: '2026-12-10', quantity: 1, state: 'expiring' }],
        }),
      ],
    });
    const { bridge, openPack } = packBridge(opened);
    await openOrder(bridge);
    localStorage.removeItem('packbench.expiryThresholdDays');
    expect(openPack).toHaveBeenCalledWith({ orderId: 'PB-20001', expiryWarningDays: 45 });
    const rows = screen.getAllByTestId('pack-line');
    expect(
      rows.map((r) => [r.dataset['sku'], r.dataset['scanned'], r.dataset['expected']]),
    ).toEqual([
      ['ACM-0001', '2', '2'],
      ['VIT-0100', '1', '3'],
    ]);
    expect(rows[0]?.dataset['state']).toBe('done');
    expect(within(rows[0] as HTMLElement).getByText('Complete')).toBeTruthy();
    expect(screen.getAllByTestId('item-name').map((c) => c.textContent)).toEqual([
      'Caneca Acme 300 ml',
      'Unknown product',
    ]);
    expect(within(rows[0] as HTMLElement).getByText('07891234567895')).toBeTruthy();
    const lot = screen.getByTestId('pack-lot');
    expect(lot.dataset['state']).toBe('expiring');
    // The state in words, not only in colour.
    expect(lot.textContent).toBe('L-22 · 2026-12-10 · × 1 · expiring soon');
    expect(screen.getByTestId('total-units').textContent).toBe('5 units in all');
    expect(screen.getByTestId('pack-progress').textContent).toBe('3 of 5 units scanned');
  });

  it('leaves an order a packer does not pack (shipped) with its plain items table', async () => {
    const openPack = vi.fn(async () =>
      fail<PackView>({
        code: 'pack.cannot_pack',
        messageKey: 'packVerdict.errors.cannot_pack',
        message: 'Order PB-20001 is shipped.',
      }),
    );
    renderWithStores(
      <StationScreen />,
      fakeBridge({ lookupOrder: async () => ok(packLookup('shipped')), openPack }),
    );
    enter(screen.getByTestId('scan-input') as HTMLInputElement, 'PB-20001');
    await screen.findByTestId('order-items');
    // Main is asked only whether a pack was left open; its "no" is not said.
    await waitFor(() => expect(openPack).toHaveBeenCalledTimes(1));
    expect(screen.queryByTestId('pack-checklist')).toBeNull();
    expect(screen.queryByTestId('pack-error')).toBeNull();
  });

  it('shows the notes large until Enter acknowledges them', async () => {
    const notes = 'Gift: no invoice in the box. Fragile!';
    const answerPack = answering(
      packView({
        notes,
        notesAcknowledged: true,
        verdict: verdict({ messageKey: 'packVerdict.notesAcknowledged' }),
      }),
    );
    const { bridge } = packBridge(packView({ notes, notesAcknowledged: false }), { answerPack });
    const { input } = await openOrder(bridge);
    expect(screen.getByTestId('pack-notes').textContent).toContain(notes);
    enter(input);
    await waitFor(() =>
      expect(answerPack).toHaveBeenCalledWith({ packId: 'pack-1', answer: { kind: 'notes' } }),
    );
    await waitFor(() => expect(screen.queryByTestId('pack-notes')).toBeNull());
    expect(screen.getByTestId('pack-notes-read').textContent).toContain(notes);
    expect(screen.getByTestId('pack-verdict').textContent).toBe('Notes read. Scan the first unit.');
  });

  it('sends a scan exactly as typed; a mistake locks the screen red until Enter', async () => {
    const gs1 = ']d201078912345678951726123110L-22\u001d21SN 7';
    const mistake = verdict({
      tone: 'error',
      messageKey: 'packVerdict.notInOrder',
      params: { name: 'Chá verde', sku: 'CHA-0001' },
      serial: 3,
    });
    const settings = { ...packView().settings, ackCode: 'ACK-OK' };
    const packScan = answering(
      packView({ settings, prompt: { kind: 'lock', verdict: mistake }, verdict: mistake }),
    );
    const answerPack = answering(
      packView({
        settings,
        verdict: verdict({ messageKey: 'packVerdict.acknowledged', serial: 4 }),
      }),
    );
    const play = vi.fn();
    const { bridge } = packBridge(packView({ settings }), { packScan, answerPack });
    const { input } = await openOrder(bridge, { sounds: { play } });
    play.mockClear();
    enter(input, gs1);
    await waitFor(() => expect(packScan).toHaveBeenCalledWith({ packId: 'pack-1', code: gs1 }));
    const lock = await screen.findByRole('alertdialog');
    expect(within(lock).getByRole('alert').textContent).toBe(
      'Chá verde (CHA-0001) is not in this order. Take it out of the box.',
    );
    expect(lock.textContent).toContain('Press Enter, or scan ACK-OK, to continue.');
    expect(screen.getByTestId('station').dataset['locked']).toBe('true');
    expect(play).toHaveBeenCalledExactlyOnceWith('failure');
    // Escape does not release it; Enter in the empty scan field does.
    fireEvent.keyDown(input, { key: 'Escape' });
    expect(answerPack).not.toHaveBeenCalled();
    enter(input);
    await waitFor(() =>
      expect(answerPack).toHaveBeenCalledWith({
        packId: 'pack-1',
        answer: { kind: 'acknowledge' },
      }),
    );
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(screen.getByTestId('station').dataset['locked']).toBe('false');
    expect(play).toHaveBeenLastCalledWith('success');
  });

  it('asks for the lot with a keyboard list: earliest expiry first, FEFO marked, expired not choosable', async () => {
    const prompt = {
      kind: 'lot' as const,
      sku: 'VIT-0100',
      code: '07890000000017',
      quantity: 1,
      options: [
        { lot: 'L-30', expiry: '2027-06-30', available: 8, state: 'ok' as const, fefo: false },
        { lot: 'L-01', expiry: '2026-01-31', available: 2, state: 'expired' as const, fefo: false },
        { lot: 'L-22', expiry: '2026-12-10', available: 5, state: 'expiring' as const, fefo: true },
      ],
    };
    const packScan = answering(packView({ prompt }), packView({ prompt }));
    const answerPack = answering(packView(), packView());
    const { bridge } = packBridge(packView(), { packScan, answerPack });
    const { input } = await openOrder(bridge);
    enter(input, '07890000000017');
    const list = await screen.findByRole('listbox', {
      name: 'Which lot is this unit of VIT-0100?',
    });
    await waitFor(() => expect(document.activeElement).toBe(list));
    const options = within(list).getAllByRole('option');
    expect(options.map((o) => o.dataset['lot'])).toEqual(['L-01', 'L-22', 'L-30']);
    expect(options[0]?.getAttribute('aria-disabled')).toBe('true');
    expect(options[0]?.textContent).toContain('Expired: cannot go in the box');
    expect(options[1]?.textContent).toContain('First to expire: this one goes next');
    // The FEFO lot is where the list starts; up stops there (the expired one is skipped).
    expect(options[1]?.getAttribute('aria-selected')).toBe('true');
    fireEvent.keyDown(list, { key: 'ArrowUp' });
    expect(options[1]?.getAttribute('aria-selected')).toBe('true');
    fireEvent.keyDown(list, { key: 'ArrowDown' });
    expect(options[2]?.getAttribute('aria-selected')).toBe('true');
    fireEvent.keyDown(list, { key: 'Enter' });
    await waitFor(() =>
      expect(answerPack).toHaveBeenCalledWith({
        packId: 'pack-1',
        answer: { kind: 'lot', lot: 'L-30' },
      }),
    );
    await waitFor(() => expect(screen.queryByRole('listbox')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(input));
    // Escape cancels.
    enter(input, '07890000000017');
    const again = await screen.findByRole('listbox');
    fireEvent.keyDown(again, { key: 'Escape' });
    await waitFor(() =>
      expect(answerPack).toHaveBeenLastCalledWith({ packId: 'pack-1', answer: { kind: 'cancel' } }),
    );
  });

  it('takes a reason by its digit, and "other" only with words', async () => {
    const prompt = {
      kind: 'reason' as const,
      why: 'not_fefo' as const,
      sku: 'VIT-0100',
      lot: 'L-30',
      expiry: '2027-06-30',
      fefo: { lot: 'L-22', expiry: '2026-12-10' },
      reasons: ['not_on_shelf', 'damaged', 'customer_asked', 'other'] as const,
    };
    const packScan = answering(packView({ prompt }), packView({ prompt }));
    const answerPack = answering(packView(), packView());
    const { bridge } = packBridge(packView(), { packScan, answerPack });
    const { input } = await openOrder(bridge);
    enter(input, '(01)07890000000017(10)L-30');
    let dialog = await screen.findByRole('dialog', { name: 'Lot L-30 is not the first to expire' });
    expect(dialog.textContent).toContain('Lot L-22 (2026-12-10) should go first.');
    await waitFor(() => expect(document.activeElement).toBe(dialog));
    fireEvent.keyDown(dialog, { key: '2' });
    await waitFor(() =>
      expect(answerPack).toHaveBeenCalledWith({
        packId: 'pack-1',
        answer: { kind: 'reason', reason: 'damaged' },
      }),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    enter(input, '(01)07890000000017(10)L-30');
    dialog = await screen.findByRole('dialog');
    fireEvent.keyDown(dialog, { key: '4' });
    const words = await within(dialog).findByLabelText('Say why, in your words');
    await waitFor(() => expect(document.activeElement).toBe(words));
    fireEvent.keyDown(words, { key: 'Enter' });
    expect(
      await within(dialog).findByText('Say why in a few words, then press Enter.'),
    ).toBeTruthy();
    expect(answerPack).toHaveBeenCalledTimes(1);
    fireEvent.change(words, { target: { value: 'Box 3 of the pallet was open' } });
    fireEvent.keyDown(words, { key: 'Enter' });
    await waitFor(() =>
      expect(answerPack).toHaveBeenLastCalledWith({
        packId: 'pack-1',
        answer: { kind: 'reason', reason: 'other', text: 'Box 3 of the pallet was open' },
      }),
    );
  });

  it('sends a scanner burst typed anywhere to the pack, not to an order lookup', async () => {
    let clock = 0;
    const lookupOrder = vi.fn(async () => ok(packLookup()));
    const packScan = vi.fn(async () => ok(packView()));
    const { bridge } = packBridge(packView(), { lookupOrder, packScan });
    renderWithStores(<StationScreen now={() => clock} />, bridge);
    enter(screen.getByTestId('scan-input') as HTMLInputElement, 'PB-20001');
    await screen.findByTestId('pack-checklist');
    (document.activeElement as HTMLElement).blur();
    for (const key of [...'07891234567895', 'Enter']) {
      clock += 5;
      fireEvent.keyDown(document.body, { key });
    }
    await waitFor(() =>
      expect(packScan).toHaveBeenCalledWith({ packId: 'pack-1', code: '07891234567895' }),
    );
    expect(lookupOrder).toHaveBeenCalledTimes(1);
  });

  it('undoes the last scan with F8, Ctrl+Z in the empty field, or the button', async () => {
    const counted = packView({ units: [unit] });
    const undoPackScan = vi.fn(async () => ok(counted));
    const { bridge } = packBridge(counted, { undoPackScan });
    const { input } = await openOrder(bridge);
    fireEvent.keyDown(document.body, { key: 'F8' });
    await waitFor(() => expect(undoPackScan).toHaveBeenCalledTimes(1));
    fireEvent.keyDown(input, { key: 'z', ctrlKey: true });
    await waitFor(() => expect(undoPackScan).toHaveBeenCalledTimes(2));
    // With text in the field, Ctrl+Z is the field's own undo.
    fireEvent.change(input, { target: { value: 'ACM' } });
    fireEvent.keyDown(input, { key: 'z', ctrlKey: true });
    fireEvent.click(screen.getByRole('button', { name: 'Undo the last scan (F8)' }));
    await waitFor(() => expect(undoPackScan).toHaveBeenCalledTimes(3));
    expect(undoPackScan).toHaveBeenCalledWith({ packId: 'pack-1' });
  });

  it('finishes a complete pack with Enter, then says Packed and exports the record', async () => {
    const settings = { ...packView().settings, autoFinish: false };
    const complete = packView({
      settings,
      complete: true,
      units: [unit],
      lines: [line({ scanned: 2 }), line({ sku: 'VIT-0100', expected: 1, scanned: 1 })],
    });
    const finishPack = answering({
      ...complete,
      status: 'finished',
      finishedAt: Date.parse('2026-11-26T10:05:00Z'),
      finish: { statusJobId: 'job-9', printJobId: null, printProblem: null, documents: [] },
      verdict: verdict({ messageKey: 'packVerdict.finished', params: { units: 3 }, serial: 9 }),
    });
    const exportPacks = vi.fn(async () =>
      ok({ fileName: 'pack-PB-20001.csv', text: 'packId,orderId\n', count: 3 }),
    );
    const { bridge } = packBridge(complete, { finishPack, exportPacks });
    const { input } = await openOrder(bridge);
    expect(screen.getByTestId('pack-finish-hint').textContent).toBe(
      'Every line is complete. Press Enter to finish.',
    );
    enter(input);
    await waitFor(() => expect(finishPack).toHaveBeenCalledWith({ packId: 'pack-1' }));
    const done = await screen.findByTestId('pack-finished');
    expect(done.dataset['status']).toBe('finished');
    expect(within(done).getByText('Packed')).toBeTruthy();
    expect(screen.getByTestId('pack-mark-packed').textContent).toBe(
      'The order will be marked packed.',
    );
    const createObjectURL = vi.fn(() => 'blob:pack');
    const revokeObjectURL = vi.fn();
    const click = vi
      .spyOn(HTMLAnchorElement.prototype, 'click')
      .mockImplementation(() => undefined);
    Object.assign(URL, { createObjectURL, revokeObjectURL });
    fireEvent.click(screen.getByRole('button', { name: 'Export record (CSV)' }));
    await waitFor(() =>
      expect(exportPacks).toHaveBeenCalledWith({ orderId: 'PB-20001', format: 'csv' }),
    );
    expect(await screen.findByText('pack-PB-20001.csv saved: 3 scans.')).toBeTruthy();
    expect(click).toHaveBeenCalled();
    click.mockRestore();
  });

  it('finishes short only with a reason', async () => {
    const finishPack = answering(packView({ status: 'short' }));
    const { bridge } = packBridge(packView({ units: [unit] }), { finishPack });
    await openOrder(bridge);
    fireEvent.click(screen.getByRole('button', { name: 'Finish short…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Finish this pack short' });
    expect(dialog.textContent).toContain('3 units are missing.');
    fireEvent.keyDown(dialog, { key: '1' });
    await waitFor(() =>
      expect(finishPack).toHaveBeenCalledWith({
        packId: 'pack-1',
        short: { reason: 'out_of_stock' },
      }),
    );
    expect((await screen.findByTestId('pack-finished')).textContent).toContain('Packed short');
  });

  it('plays each verdict’s sound once, by its serial', async () => {
    const play = vi.fn();
    const packScan = answering(
      packView({ verdict: verdict({ serial: 1 }) }),
      packView({ verdict: verdict({ serial: 1 }) }),
      packView({ verdict: verdict({ tone: 'warning', serial: 2 }) }),
    );
    const { bridge } = packBridge(packView(), { packScan });
    const { input } = await openOrder(bridge, { sounds: { play } });
    play.mockClear();
    for (const code of ['A1', 'A2', 'A3']) enter(input, code);
    await waitFor(() => expect(packScan).toHaveBeenCalledTimes(3));
    await waitFor(() => expect(play).toHaveBeenCalledTimes(2));
    expect(play.mock.calls).toEqual([['success'], ['warning']]);
    expect(packScan.mock.calls.map(([input]) => input.code)).toEqual(['A1', 'A2', 'A3']);
    expect(screen.getByTestId('pack-verdict').dataset['tone']).toBe('warning');
  });

  it('sets the pack aside with Esc twice; a scan then looks an order up, and the order resumes', async () => {
    let clock = 0;
    const lookupOrder = vi.fn(async () => ok(packLookup()));
    const packScan = vi.fn();
    const { bridge, openPack } = packBridge(packView(), { lookupOrder, packScan });
    renderWithStores(<StationScreen now={() => clock} />, bridge);
    const input = screen.getByTestId('scan-input') as HTMLInputElement;
    enter(input, 'PB-20001');
    await screen.findByTestId('pack-checklist');
    fireEvent.keyDown(input, { key: 'Escape' });
    expect(screen.getByTestId('pack-aside-hint').textContent).toContain('Press Esc again');
    clock += 500;
    fireEvent.keyDown(input, { key: 'Escape' });
    expect(await screen.findByTestId('pack-aside')).toBeTruthy();
    expect(screen.queryByTestId('pack-checklist')).toBeNull();
    enter(input, 'PB-20001');
    await waitFor(() => expect(lookupOrder).toHaveBeenCalledTimes(2));
    expect(packScan).not.toHaveBeenCalled();
    await waitFor(() => expect(openPack).toHaveBeenCalledTimes(2));
    expect(await screen.findByTestId('pack-checklist')).toBeTruthy();
  });
});

const unit = {
  seq: 1,
  at: Date.parse('2026-11-26T10:01:00Z'),
  sku: 'ACM-0001',
  quantity: 1,
  code: '07891234567895',
  identifiedBy: 'gtin' as const,
  lot: null,
  expiry: null,
  lotState: null,
  override: null,
};
