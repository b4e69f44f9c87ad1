import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { StationStatus } from '../../../shared/status.ts';
import { fakeBridge, renderWithStores, sandboxStatus } from '../test-utils.tsx';
import { StatusBar } from './StatusBar.tsx';

function renderWith(status: StationStatus) {
  const view = renderWithStores(<StatusBar />, fakeBridge());
  view.stores.status.setState({ status });
  return view;
}

describe('StatusBar', () => {
  it('shows environment, profile, health, latency and this minute of budget', async () => {
    renderWith(sandboxStatus);
    expect(await screen.findByText('Sandbox', { selector: 'span' })).toBeTruthy();
    expect(screen.getByText('Online')).toBeTruthy();
    expect(screen.getByText('12 ms')).toBeTruthy();
    expect(screen.getByTestId('budget').textContent).toBe('Requests: 7/100 this minute');
  });

  it('says offline and shows the pause a 429 imposed', async () => {
    renderWith({
      ...sandboxStatus,
      profile: { ...sandboxStatus.profile, environment: 'production', name: 'Loja' },
      health: { ...sandboxStatus.health, state: 'down', online: false, latencyMs: null },
      budget: sandboxStatus.budget && {
        ...sandboxStatus.budget,
        pausedUntil: Date.parse('2026-11-22T10:01:00Z'),
        queued: { interactive: 1, submission: 4, background: 0 },
      },
    });
    expect(await screen.findByText('Offline')).toBeTruthy();
    expect(screen.getByText('Production')).toBeTruthy();
    expect(screen.getByText(/Paused by the service until/)).toBeTruthy();
    expect(screen.getByText('Waiting: 5')).toBeTruthy();
  });

  it('says when the keychain is unavailable, in the operator’s language, and nothing while it works', async () => {
    const { unmount } = renderWith(sandboxStatus);
    await screen.findByText('Online');
    expect(screen.queryByText(/Keychain/)).toBeNull();
    unmount();
    renderWith({
      ...sandboxStatus,
      profile: { ...sandboxStatus.profile, environment: 'production' },
      keychain: {
        state: 'unavailable',
        messageKey: 'keychain.unavailable',
        detail: 'org.freedesktop.DBus.Error.ServiceUnknown',
      },
    });
    const badge = await screen.findByText('Keychain unavailable');
    expect(badge.closest('[title]')?.getAttribute('title')).toMatch(/No system keychain/);
  });

  it('follows pushed status updates from main', async () => {
    let push: ((s: StationStatus) => void) | null = null;
    const view = renderWithStores(
      <StatusBar />,
      fakeBridge({
        onStatus: (listener) => {
          push = listener;
          return () => undefined;
        },
      }),
    );
    view.stores.status.getState().start();
    expect(await screen.findByText('Online')).toBeTruthy();
    (push as unknown as (s: StationStatus) => void)({
      ...sandboxStatus,
      health: { ...sandboxStatus.health, state: 'unauthorized' },
    });
    expect(await screen.findByText('Key refused')).toBeTruthy();
  });
});
