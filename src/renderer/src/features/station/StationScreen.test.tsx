import { realPdf } from '@test/support/pdf.ts';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { fail, ok } from '@shared/result.ts';
import type { OrderLookup, OutboxChange } from '@shared/ipc/channels.ts';
import type { JobView, OutboxSnapshot } from '@shared/outbox.ts';
import { fakeBridge, jobView, renderWithStores } from '@renderer/test-utils.tsx';
import { StationScreen } from './StationScreen.tsx';

const lookup: OrderLookup = {
  order: {
    id: 'PB-10001',
    status: 'packed',
    customer: { name: 'Ana Silva' },
    items: [{ sku: 'ACM-0001', quantity: 2 }],
    invoice: { sha256: 'abcdef0123456789'.repeat(4) },
    labels: [{ sha256: '1'.repeat(64) }, { sha256: '2'.repeat(64) }],
  },
  trackings: [
    {
      id: 'T1',
      code: 'QB123BR',
      carrier: 'Correios SEDEX',
      events: [{ at: '2026-11-20T10:00:00Z', status: 'posted', description: 'Objeto postado' }],
    },
  ],
  jobs: [],
};

describe('StationScreen', () => {
  it('looks up a typed order on Enter and shows items, invoice, labels and tracking with a success sound', async () => {
    const lookupOrder = vi.fn(async ({ id }: { id: string }) =>
      ok({ ...lookup, order: { ...lookup.order, id } }),
    );
    const play = vi.fn();
    renderWithStores(<StationScreen />, fakeBridge({ lookupOrder }), { sounds: { play } });
    const input = screen.getByTestId('scan-input');
    expect(document.activeElement).toBe(input);
    fireEvent.change(input, { target: { value: ' PB-10001 ' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(await screen.findByText('Order PB-10001 found')).toBeTruthy();
    expect(lookupOrder).toHaveBeenCalledWith({ id: 'PB-10001' });
    expect(screen.getByTestId('invoice-state').textContent).toBe('InvoiceReceived (abcdef01)');
    expect(screen.getByTestId('label-state').textContent).toBe('Labels2 labels received');
    expect(screen.getByTestId('tracking-state').textContent).toContain('Objeto postado');
    expect(screen.getByTestId('tracking').textContent).toContain('Objeto postado');
    expect(screen.getByText('Ana Silva', { exact: false })).toBeTruthy();
    expect(play).toHaveBeenCalledWith('success');
    expect((input as HTMLInputElement).value).toBe('');
  });

  it('shows a failure in words, red, with the failure sound', async () => {
    const lookupOrder = vi.fn(async () =>
      fail<OrderLookup>({
        code: 'api.not_found.not_found',
        messageKey: 'errors.api.not_found',
        message: 'No order with id "X-1".',
        serviceMessage: 'No order with id "X-1".',
        status: 404,
      }),
    );
    const play = vi.fn();
    renderWithStores(<StationScreen />, fakeBridge({ lookupOrder }), { sounds: { play } });
    const input = screen.getByTestId('scan-input');
    fireEvent.change(input, { target: { value: 'X-1' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Order X-1 was not found');
    expect(alert.textContent).toContain('The service has no such record.');
    expect(screen.getByTestId('service-words').textContent).toBe(
      'The service said, in its own words: “No order with id "X-1".”',
    );
    expect(play).toHaveBeenCalledWith('failure');
    expect(screen.getByTestId('recent').textContent).toContain('X-1');
  });

  it('catches a scanner burst typed while focus is elsewhere, but not slow typing', async () => {
    const lookupOrder = vi.fn(async ({ id }: { id: string }) =>
      ok({ ...lookup, order: { ...lookup.order, id } }),
    );
    let clock = 0;
    renderWithStores(<StationScreen now={() => clock} />, fakeBridge({ lookupOrder }));
    (document.activeElement as HTMLElement).blur();
    const type = (text: string, gap: number) => {
      for (const key of [...text, 'Enter']) {
        clock += gap;
        fireEvent.keyDown(document.body, { key });
      }
    };
    type('hello', 200);
    expect(lookupOrder).not.toHaveBeenCalled();
    type('BT-10002', 6);
    await waitFor(() => expect(lookupOrder).toHaveBeenCalledWith({ id: 'BT-10002' }));
    expect(await screen.findByText('Order BT-10002 found')).toBeTruthy();
  });

  it('checks dropped files and queues them for the scanned order, asking before a re-send', async () => {
    const submitInvoice = vi
      .fn()
      .mockResolvedValueOnce(ok({ status: 'needs_confirmation', job: {} }))
      .mockResolvedValueOnce(ok({ status: 'enqueued', job: {} }));
    const view = renderWithStores(
      <StationScreen />,
      fakeBridge({ lookupOrder: async () => ok(lookup), submitInvoice }),
    );
    const input = screen.getByTestId('scan-input');
    fireEvent.change(input, { target: { value: 'PB-10001' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    await screen.findByTestId('drop-area');
    const pdf = realPdf('nf');
    await view.stores.station.getState().dropFiles([
      { name: 'nf.pdf', bytes: pdf },
      { name: 'empty.pdf', bytes: new Uint8Array() },
    ]);
    expect(await screen.findByText('nf.pdf was already delivered. Send it again?')).toBeTruthy();
    expect(
      screen.getByText('empty.pdf is empty (0 bytes). Save or download it again.'),
    ).toBeTruthy();
    fireEvent.click(screen.getByText('Send again'));
    expect(await screen.findByText('nf.pdf queued for order PB-10001')).toBeTruthy();
    expect(submitInvoice).toHaveBeenLastCalledWith({
      order: 'PB-10001',
      fileName: 'nf.pdf',
      bytes: pdf,
      confirmResend: true,
    });
  });

  it('speaks pt-BR', async () => {
    renderWithStores(<StationScreen />, fakeBridge({ lookupOrder: async () => ok(lookup) }), {
      language: 'pt-BR',
    });
    expect(screen.getByText('Bipe ou digite o número do pedido')).toBeTruthy();
    expect(screen.getByText('Nenhuma leitura ainda.')).toBeTruthy();
  });

  it('names the products, totals the units, and follows each file through the outbox', async () => {
    let push: ((change: OutboxChange) => void) | null = null;
    const getProductNames = vi.fn(async () =>
      ok({ names: { 'ACM-0001': 'Caneca Acme 300 ml', 'ACM-0002': null } }),
    );
    const retryJob = vi.fn(async () => ok({ ...job, state: 'queued' as const }));
    const discardJob = vi.fn(async () => ok(snapshot));
    const order = {
      ...lookup.order,
      invoice: undefined,
      labels: [],
      items: [
        { sku: 'ACM-0001', quantity: 2 },
        { sku: 'ACM-0002', quantity: 3 },
      ],
    };
    const view = renderWithStores(
      <StationScreen />,
      fakeBridge({
        lookupOrder: async () => ok({ order, trackings: [], jobs: [] }),
        getProductNames,
        retryJob,
        discardJob,
        onOutbox: (listener) => {
          push = listener;
          return () => undefined;
        },
      }),
      { language: 'pt-BR' },
    );
    const off = view.stores.station.getState().follow();
    await view.stores.station.getState().lookup('PB-10001');
    expect(getProductNames).toHaveBeenCalledWith({ skus: ['ACM-0001', 'ACM-0002'] });
    await waitFor(() =>
      expect(screen.getAllByTestId('item-name').map((c) => c.textContent)).toEqual([
        'Caneca Acme 300 ml',
        'Produto desconhecido',
      ]),
    );
    expect(screen.getByTestId('total-units').textContent).toBe('5 unidades no total');
    const label = () => screen.getByTestId('label-state');
    expect(label().dataset['state']).toBe('missing');
    const send = (change: { [P in keyof JobView]?: JobView[P] }) =>
      act(() =>
        (push as unknown as (c: OutboxChange) => void)({
          profileId: 'sandbox',
          snapshot,
          job: jobView({ ...job, ...change }),
        }),
      );
    send({ state: 'queued' });
    expect(label().textContent).toBe('EtiquetasNa fila');
    send({ state: 'sending' });
    expect(label().textContent).toBe('EtiquetasEnviando…');
    send({ state: 'done', result: { sha256: job.fileSha256 } });
    expect(label().textContent).toBe('EtiquetasRecebida (aaaaaaaa)');
    expect(
      screen.getByText(/O serviço confirmou o conteúdo \(SHA-256 aaaaaaaaaaaa…\)/),
    ).toBeTruthy();
    // Another order's job leaves this card alone.
    act(() =>
      (push as unknown as (c: OutboxChange) => void)({
        profileId: 'sandbox',
        snapshot,
        job: { ...job, id: 'other', subject: 'PB-2', state: 'failed' },
      }),
    );
    expect(label().dataset['state']).toBe('done');
    send({
      state: 'failed',
      result: null,
      lastError: {
        family: 'validation',
        code: 'api.validation',
        messageKey: 'errors.api.validation',
        message: 'label_count must be at least 1',
        status: 422,
      },
    });
    expect(label().dataset['state']).toBe('failed');
    fireEvent.click(screen.getByRole('button', { name: 'Tentar agora' }));
    await waitFor(() => expect(retryJob).toHaveBeenCalledWith({ id: job.id }));
    expect(label().dataset['state']).toBe('queued');
    send({ state: 'failed' });
    fireEvent.click(screen.getByRole('button', { name: 'Descartar' }));
    await waitFor(() => expect(discardJob).toHaveBeenCalledWith({ id: job.id }));
    await waitFor(() => expect(screen.queryByTestId('order-job')).toBeNull());
    off();
  });

  it('lets the keyboard leave the scan field, comes back on Escape, and shows the shortcuts on ?', async () => {
    renderWithStores(<StationScreen />, fakeBridge({ lookupOrder: async () => ok(lookup) }));
    const input = screen.getByTestId('scan-input') as HTMLInputElement;
    fireEvent.change(input, { target: { value: 'PB-10001' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    const target = await screen.findByRole('button', { name: /Drop the invoice PDF/ });
    // Tab moves the focus on; the scan field must not pull it back when its refocus timer
    // (150 ms) runs: fake timers run it now.
    vi.useFakeTimers();
    try {
      fireEvent.blur(input);
      target.focus();
      vi.advanceTimersByTime(250);
    } finally {
      vi.useRealTimers();
    }
    expect(document.activeElement).toBe(target);
    const click = vi.spyOn(HTMLInputElement.prototype, 'click').mockImplementation(() => undefined);
    fireEvent.keyDown(target, { key: 'Enter' });
    fireEvent.keyDown(target, { key: ' ' });
    expect(click).toHaveBeenCalledTimes(2);
    click.mockRestore();
    fireEvent.keyDown(target, { key: 'Escape' });
    expect(document.activeElement).toBe(input);
    // Focus that goes nowhere (a click on empty space) comes back to the scan field.
    fireEvent.blur(input);
    input.blur();
    await waitFor(() => expect(document.activeElement).toBe(input));
    fireEvent.keyDown(input, { key: '?' });
    expect(await screen.findByTestId('shortcut-help')).toBeTruthy();
    expect(screen.getByText('Back to the scan field')).toBeTruthy();
  });
});

const snapshot: OutboxSnapshot = {
  notices: [],
  counts: { queued: 0, sending: 0, done: 0, failed: 0, uncertain: 0, orphaned: 0 },
  pausedForAuth: false,
  quarantined: 0,
  waiting: { count: 0, oldestAt: null, nextAttemptAt: null },
};

const job: JobView = jobView({
  id: '22222222-2222-4222-8222-222222222222',
  kind: 'label.upload',
  payload: { order: 'PB-10001', fileName: 'PB-10001.zpl' },
  fileSize: 20,
});
