import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { OutboxNotice, OutboxSnapshot } from '@shared/outbox.ts';
import { ok } from '@shared/result.ts';
import { fakeBridge, renderWithStores } from '@renderer/test-utils.tsx';
import { OutboxNotices } from './OutboxNotices.tsx';

const notice: OutboxNotice = {
  id: 3,
  kind: 'salvaged',
  details: {
    damagedCopy: '/data/Packbench/outbox.sqlite.damaged-2026-11-24T10-00-00-000Z',
    recovered: 38,
    unreadable: 2,
    reason: 'database disk image is malformed',
  },
  at: Date.parse('2026-11-24T10:00:00Z'),
};
const snapshot = (notices: OutboxNotice[]): OutboxSnapshot => ({
  notices,
  counts: { queued: 38, sending: 0, done: 0, failed: 0, uncertain: 0, orphaned: 0 },
  pausedForAuth: false,
  quarantined: 0,
  waiting: { count: 0, oldestAt: null, nextAttemptAt: null },
});

describe('OutboxNotices', () => {
  it('says what was salvaged and where the damaged file is, until the operator acknowledges it', async () => {
    const acknowledgeOutboxNotice = vi.fn(async () => ok(snapshot([])));
    const view = renderWithStores(<OutboxNotices />, fakeBridge({ acknowledgeOutboxNotice }), {
      language: 'pt-BR',
    });
    view.stores.outbox.setState({ snapshot: snapshot([notice]) });
    const banner = await screen.findByRole('alert');
    expect(banner.textContent).toContain('O arquivo da fila de envio estava danificado');
    expect(banner.textContent).toContain(notice.details.damagedCopy);
    expect(banner.textContent).toMatch(/38 tarefa\(s\) foram recuperadas.*2 não puderam ser lidas/);
    fireEvent.click(screen.getByRole('button', { name: 'Entendi' }));
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
    expect(acknowledgeOutboxNotice).toHaveBeenCalledWith({ id: 3 });
  });

  it('says so when the number of lost jobs cannot be told, and shows nothing without notices', async () => {
    const view = renderWithStores(<OutboxNotices />, fakeBridge());
    view.stores.outbox.setState({ snapshot: snapshot([]) });
    expect(screen.queryByRole('alert')).toBeNull();
    view.stores.outbox.setState({
      snapshot: snapshot([
        { ...notice, details: { ...notice.details, recovered: 0, unreadable: null } },
      ]),
    });
    expect((await screen.findByRole('alert')).textContent).toMatch(
      /0 job\(s\) were recovered from it and are in the Outbox; how many more it held cannot be told/,
    );
  });
});
