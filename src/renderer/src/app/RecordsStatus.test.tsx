import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { StationStatus } from '@shared/status.ts';
import type { Language } from '../i18n/index.ts';
import { fakeBridge, renderWithStores, sandboxStatus } from '../test-utils.tsx';
import { StatusBar } from './StatusBar.tsx';

function renderWith(records: StationStatus['records'], language?: Language) {
  const view = renderWithStores(<StatusBar />, fakeBridge(), language ? { language } : {});
  view.stores.status.setState({ status: { ...sandboxStatus, records } });
  return view;
}

describe('the pack records in the status bar', () => {
  it('says nothing while no PostgreSQL is set', () => {
    renderWith(sandboxStatus.records);
    expect(screen.queryByTestId('records-status')).toBeNull();
  });

  it('says quietly that the records are in PostgreSQL', async () => {
    renderWith({
      phase: 'upToDate',
      target: 'db:5432/packs',
      pending: 0,
      sent: 3,
      error: null,
      sentence: { messageKey: 'records.state.upToDate', params: {} },
    });
    expect((await screen.findByTestId('records-status')).textContent).toBe(
      'Records: in PostgreSQL',
    );
  });

  it('warns with the count waiting and the reason in words, in Portuguese too', async () => {
    const error = {
      messageKey: 'records.error.auth',
      params: { host: 'db:5432', user: 'pb' },
    } as const;
    renderWith(
      { phase: 'waiting', target: 'db:5432/packs', pending: 4, sent: 0, error, sentence: error },
      'pt-BR',
    );
    const badge = await screen.findByTestId('records-status');
    expect(badge.textContent).toContain('Registros: 4 esperando');
    expect(badge.textContent).toContain('O PostgreSQL em db:5432 recusou o usuário pb');
    expect(badge.getAttribute('title')).toContain('recusou o usuário pb');
  });
});
