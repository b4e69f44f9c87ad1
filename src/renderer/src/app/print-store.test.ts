import { describe, expect, it, vi } from 'vitest';
import type { PrintingChange } from '@shared/ipc/channels.ts';
import { fail, ok } from '@shared/result.ts';
import { fakeBridge, printJobView } from '../test-utils.tsx';
import { createPrintStore } from './print-store.ts';

const source = { kind: 'job' as const, jobId: 'job-1' };

describe('the print store', () => {
  it('asks nothing of main until the operator accepts a density that differs from the printer’s', async () => {
    const printLabel = vi.fn(async () => ok({ status: 'no_printer' as const }));
    const store = createPrintStore(fakeBridge({ printLabel }));
    await store.getState().print('labels', source, 'a.zpl', { designed: 12, printer: 8 });
    expect(store.getState().attempts.labels).toMatchObject({
      phase: 'density',
      designed: 12,
      printer: 8,
    });
    expect(printLabel).not.toHaveBeenCalled();
    await store.getState().confirmDensity('labels');
    expect(printLabel).toHaveBeenCalledWith({ source });
    expect(store.getState().attempts.labels?.phase).toBe('no_printer');
    // Same density: straight to main.
    await store.getState().print('labels', source, 'a.zpl', { designed: 8, printer: 8 });
    expect(printLabel).toHaveBeenCalledTimes(2);
  });

  it('keeps a reprint waiting for its reason, then asks again with it; cancelling forgets it', async () => {
    const previous = printJobView({ state: 'printed' });
    const printLabel = vi
      .fn()
      .mockResolvedValueOnce(ok({ status: 'needs_reason', previous }))
      .mockResolvedValueOnce(ok({ status: 'queued', job: printJobView({ id: 'p2' }) }));
    const store = createPrintStore(fakeBridge({ printLabel }));
    await store.getState().print('station', source, 'etiqueta.zpl');
    expect(store.getState().attempts.station).toMatchObject({ phase: 'needs_reason', previous });
    await store.getState().giveReason('station', 'reweighed');
    expect(printLabel).toHaveBeenLastCalledWith({ source, reprintReason: 'reweighed' });
    expect(store.getState().attempts.station).toMatchObject({
      phase: 'queued',
      reason: 'reweighed',
    });
    store.getState().dismiss('station');
    expect(store.getState().attempts.station).toBeUndefined();
  });

  it('drops the answer to a request a newer one from the same place replaced', async () => {
    let answer: (value: unknown) => void = () => undefined;
    const printLabel = vi
      .fn()
      .mockImplementationOnce(() => new Promise((resolve) => (answer = resolve)))
      .mockResolvedValueOnce(ok({ status: 'queued', job: printJobView({ id: 'newer' }) }));
    const store = createPrintStore(fakeBridge({ printLabel }));
    const first = store.getState().print('station', source, 'old.zpl');
    await store.getState().print('station', { kind: 'job', jobId: 'job-2' }, 'new.zpl');
    answer(
      fail({ code: 'print.unreachable', messageKey: 'errors.print.unreachable', message: '' }),
    );
    await first;
    expect(store.getState().attempts.station).toMatchObject({
      phase: 'queued',
      fileName: 'new.zpl',
    });
  });

  it('keeps the status main pushes last, and the queue’s refusals', async () => {
    let push: (change: PrintingChange) => void = () => undefined;
    const store = createPrintStore(
      fakeBridge({
        onPrinting: (listener) => {
          push = listener;
          return () => undefined;
        },
        retryPrint: async () =>
          fail({ code: 'internal', messageKey: 'errors.internal', message: 'locked' }),
      }),
    );
    store.getState().follow();
    const status = {
      online: true,
      paperOut: true,
      paused: false,
      headOpen: false,
      ribbonOut: false,
      bufferFull: false,
      labelsRemaining: 0,
    };
    push({ job: null, status });
    push({ job: printJobView(), status: null });
    expect(store.getState().pushedStatus).toEqual(status);
    expect(await store.getState().retry('p1', true)).toBe(false);
    expect(store.getState().queueError?.message).toBe('locked');
  });
});
