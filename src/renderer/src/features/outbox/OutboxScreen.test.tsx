import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { AuditView } from '@shared/ipc/channels.ts';
import type { JobView, OutboxSnapshot } from '@shared/outbox.ts';
import { ok } from '@shared/result.ts';
import { fakeBridge, jobView, renderWithStores, sandboxStatus } from '@renderer/test-utils.tsx';
import { OutboxScreen } from './OutboxScreen.tsx';

const failed: JobView = jobView({
  kind: 'invoice.upload',
  payload: { order: 'PB-404', fileName: 'nf.pdf' },
  state: 'failed',
  attempts: 1,
  lastError: {
    family: 'not_found',
    code: 'not_found',
    messageKey: 'errors.api.not_found',
    message: 'No order with id "PB-404".',
    status: 404,
    serviceMessage: 'No order with id "PB-404".',
  },
  subject: 'PB-404',
  createdAt: Date.parse('2026-11-22T09:00:00Z'),
  updatedAt: Date.parse('2026-11-22T09:00:01Z'),
});
const snapshot: OutboxSnapshot = {
  notices: [],
  counts: { queued: 0, sending: 0, done: 4, failed: 1, uncertain: 0, orphaned: 0 },
  pausedForAuth: true,
  quarantined: 1,
  waiting: { count: 3, oldestAt: null, nextAttemptAt: null },
};

function setup(language: 'en' | 'pt-BR' = 'en') {
  const bridge = fakeBridge({
    getOutbox: vi.fn(async () => ok({ snapshot, jobs: [failed] })),
    getAudit: vi.fn(async () =>
      ok<AuditView[]>([
        {
          id: 1,
          at: Date.parse('2026-11-22T09:00:01Z'),
          event: 'job.failed',
          jobId: failed.id,
          messageKey: 'activity.failed',
          params: { kind: 'invoice.upload', subject: 'PB-404' },
          reason: {
            messageKey: 'errors.api.not_found',
            serviceMessage: 'No order with id "PB-404".',
          },
          message: 'No order with id "PB-404".',
        },
        {
          id: 0,
          at: Date.parse('2026-11-22T08:00:00Z'),
          event: 'job.enqueued',
          jobId: failed.id,
          messageKey: null,
          params: null,
          reason: null,
          message: 'invoice.upload queued (written before keyed sentences).',
        },
      ]),
    ),
    retryJob: vi.fn(async () => ok({ ...failed, state: 'queued' as const })),
    discardJob: vi.fn(async () => ok(snapshot)),
    retryAllJobs: vi.fn(async () => ok({ count: 1 })),
  });
  renderWithStores(<OutboxScreen />, bridge, { language });
  return bridge;
}

describe('OutboxScreen', () => {
  it('lists what is not delivered, in words, with counts, the auth hold and quarantined rows', async () => {
    setup();
    expect((await screen.findByTestId('jobs')).textContent).toContain(
      'The service has no such record.The service said, in its own words: “No order with id "PB-404".”',
    );
    expect(screen.getByText('Invoice')).toBeTruthy();
    expect(screen.getByText('PB-404')).toBeTruthy();
    expect(screen.getByTestId('outbox-counts').textContent).toContain('Failed: 1');
    expect(screen.getByText(/Sending is paused/)).toBeTruthy();
    expect(screen.getByText('1 stored job could not be read and was set aside.')).toBeTruthy();
    expect(screen.getAllByTestId('activity').map((row) => row.textContent)).toEqual([
      'Invoice for PB-404 failed. Reason: The service has no such record.The service said, in its own words: “No order with id "PB-404".”',
      'invoice.upload queued (written before keyed sentences).',
    ]);
  });

  it('renders the activity log and the reasons in the operator’s language, the service’s words as given', async () => {
    setup('pt-BR');
    await screen.findByTestId('jobs');
    expect(screen.getAllByTestId('activity')[0]?.textContent).toBe(
      'Nota fiscal de PB-404 falhou. Motivo: O serviço não tem esse registro.O serviço disse, nas palavras dele: “No order with id "PB-404".”',
    );
    expect(screen.getByTestId('jobs').textContent).toContain('O serviço não tem esse registro.');
  });

  it('retries, and discards only after a second, confirming press', async () => {
    const bridge = setup();
    fireEvent.click(await screen.findByText('Retry now'));
    await waitFor(() => expect(bridge.retryJob).toHaveBeenCalledWith({ id: failed.id }));
    fireEvent.click(screen.getByText('Discard'));
    expect(bridge.discardJob).not.toHaveBeenCalled();
    fireEvent.click(screen.getByText('Really discard?'));
    await waitFor(() => expect(bridge.discardJob).toHaveBeenCalledWith({ id: failed.id }));
  });
});

describe('OutboxScreen corrections', () => {
  it('corrects the order of a failed upload and sends it again', async () => {
    const editJob = vi.fn(async () => ok({ ...failed, state: 'queued' as const }));
    renderWithStores(
      <OutboxScreen />,
      fakeBridge({
        getOutbox: async () => ok({ snapshot, jobs: [failed] }),
        getAudit: async () => ok([]),
        editJob,
      }),
    );
    fireEvent.click(await screen.findByText('Correct'));
    fireEvent.change(screen.getByLabelText('Order number'), { target: { value: ' PB-10001 ' } });
    fireEvent.click(screen.getByText('Save and send again'));
    await waitFor(() =>
      expect(editJob).toHaveBeenCalledWith({
        id: failed.id,
        payload: { order: 'PB-10001', fileName: 'nf.pdf' },
      }),
    );
    await waitFor(() => expect(screen.queryByTestId('job-editor')).toBeNull());
  });
});

describe('OutboxScreen: jobs that wait for a reason', () => {
  it('says which earlier job of the order holds one back, and moves a removed profile’s job to the active profile', async () => {
    const waiting: JobView = {
      ...failed,
      id: '22222222-2222-4222-8222-222222222222',
      kind: 'label.upload',
      payload: { order: 'PB-404', fileName: 'label.zpl' },
      state: 'queued',
      lastError: null,
      attempts: 0,
      blockedBy: { id: failed.id, kind: 'invoice.upload' },
    };
    const orphan = jobView({
      ...failed,
      id: '33333333-3333-4333-8333-333333333333',
      profileId: 'gone',
      state: 'orphaned',
      lastError: null,
      subject: 'PB-10001',
      payload: { order: 'PB-10001', fileName: 'nf2.pdf' },
    });
    const reassignJob = vi.fn(async () =>
      ok({ ...orphan, profileId: 'sandbox', state: 'queued' as const }),
    );
    const view = renderWithStores(
      <OutboxScreen />,
      fakeBridge({
        getOutbox: async () => ok({ snapshot, jobs: [failed, waiting, orphan] }),
        getAudit: async () => ok([]),
        reassignJob,
      }),
      { language: 'es' },
    );
    view.stores.status.setState({ status: sandboxStatus });
    const table = await screen.findByTestId('jobs');
    await waitFor(() =>
      expect(table.textContent).toContain(
        'En espera: falló el/la Factura anterior de PB-404. Reintente o descarte ese primero.',
      ),
    );
    expect(table.textContent).toContain(
      'Su perfil se eliminó. Muévalo al perfil activo o descártelo.',
    );
    expect(screen.getByText('Perfil eliminado')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Mover a Sandbox' }));
    await waitFor(() => expect(reassignJob).toHaveBeenCalledWith({ id: orphan.id }));
  });
});
