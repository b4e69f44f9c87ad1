import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ok } from '@shared/result.ts';
import { fakeBridge, renderWithStores } from '@renderer/test-utils.tsx';
import { TrackingsScreen } from './TrackingsScreen.tsx';

describe('TrackingsScreen', () => {
  it('searches by carrier code and shows the events', async () => {
    const queryTrackings = vi.fn(async () =>
      ok([
        {
          id: 'T1',
          order: 'PB-1',
          code: 'QB1BR',
          carrier: 'Loggi',
          events: [{ at: '2026-11-20T10:00:00Z', description: 'Objeto entregue' }],
        },
      ]),
    );
    renderWithStores(<TrackingsScreen />, fakeBridge({ queryTrackings }));
    fireEvent.click(screen.getByRole('radio', { name: 'Carrier code' }));
    fireEvent.change(screen.getByRole('textbox', { name: 'Carrier code' }), {
      target: { value: 'QB1BR' },
    });
    fireEvent.click(screen.getByText('Search'));
    expect((await screen.findByTestId('tracking-result')).textContent).toContain('Objeto entregue');
    expect(queryTrackings).toHaveBeenCalledWith({ code: 'QB1BR' });
  });
});
