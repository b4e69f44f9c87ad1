import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { CoordinationState, StationStatus } from '@shared/status.ts';
import type { Language } from '../i18n/index.ts';
import { fakeBridge, renderWithStores, sandboxStatus } from '../test-utils.tsx';
import { StatusBar } from './StatusBar.tsx';
import type { PrintingState } from '@shared/ipc/channels.ts';
import { DEFAULT_PRINTER_SETTINGS } from '@shared/printing.ts';
import { ok } from '@shared/result.ts';
import { invalidateForPrinting } from './queries.ts';
import { NavigationProvider } from './navigation.tsx';

function renderWith(status: StationStatus, language?: Language) {
  const view = renderWithStores(<StatusBar />, fakeBridge(), language ? { language } : {});
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
    expect(screen.getByText('Requests waiting: 5')).toBeTruthy();
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

  it('shows what waits in the outbox, since when and the next attempt, and opens the Outbox', async () => {
    const now = Date.now();
    const onOpenOutbox = vi.fn();
    const view = renderWithStores(<StatusBar onOpenOutbox={onOpenOutbox} />, fakeBridge(), {
      language: 'pt-BR',
    });
    view.stores.status.setState({ status: sandboxStatus });
    const counts = { queued: 2, sending: 1, done: 0, failed: 0, uncertain: 0, orphaned: 0 };
    const snapshot = { notices: [], counts, pausedForAuth: false, quarantined: 0 };
    view.stores.outbox.setState({
      snapshot: { ...snapshot, waiting: { count: 0, oldestAt: null, nextAttemptAt: null } },
    });
    expect((await screen.findByTestId('outbox-waiting')).textContent).toBe(
      'Nada aguardando na Fila de envio',
    );
    const next = now + 90_000;
    view.stores.outbox.setState({
      snapshot: {
        ...snapshot,
        waiting: { count: 3, oldestAt: now - 4 * 60_000 - 5_000, nextAttemptAt: next },
      },
    });
    const time = new Date(next).toLocaleTimeString('pt-BR');
    await waitFor(() =>
      expect(screen.getByTestId('outbox-waiting').textContent).toBe(
        `Fila de envio: 3 aguardando · mais antigo há 4 min · próxima tentativa ${time}`,
      ),
    );
    const link = screen.getByRole('button', { name: /Fila de envio: 3 aguardando/ });
    expect(link.getAttribute('title')).toBe('Abrir a Fila de envio');
    fireEvent.click(link);
    expect(onOpenOutbox).toHaveBeenCalledTimes(1);
  });

  it('shows the printer’s last known status only when a printer is set up, and follows it', async () => {
    const ready = {
      online: true,
      paperOut: false,
      paused: false,
      headOpen: false,
      ribbonOut: false,
      bufferFull: false,
      labelsRemaining: 0,
    };
    let printing: PrintingState = {
      settings: DEFAULT_PRINTER_SETTINGS,
      status: null,
      jobs: [],
      recoveredFrom: null,
    };
    const open = vi.fn();
    const view = renderWithStores(
      <NavigationProvider value={open}>
        <StatusBar />
      </NavigationProvider>,
      fakeBridge({ getPrinting: async () => ok(printing) }),
      { language: 'es' },
    );
    view.stores.status.setState({ status: sandboxStatus });
    await screen.findByText('En línea');
    await waitFor(() => expect(view.queryClient.getQueryData(['getPrinting'])).toBeTruthy());
    expect(screen.queryByTestId('printer-status')).toBeNull();

    printing = { ...printing, settings: { ...printing.settings, target: 'tcp://10.0.0.9:9100' } };
    invalidateForPrinting(view.queryClient);
    await waitFor(() =>
      expect(screen.getByTestId('printer-status').textContent).toBe('Impresora: aún sin comprobar'),
    );
    printing = { ...printing, status: { ...ready, paperOut: true, labelsRemaining: 1 } };
    invalidateForPrinting(view.queryClient);
    await waitFor(() =>
      expect(screen.getByTestId('printer-status').textContent).toBe(
        'Impresora: sin papel, 1 etiqueta pendiente',
      ),
    );
    expect(screen.getByTestId('printer-status').getAttribute('data-ready')).toBe('false');
    fireEvent.click(screen.getByTitle(/· tcp:\/\/10\.0\.0\.9:9100$/));
    expect(open).toHaveBeenCalledWith('settings', 'printers');
  });

  describe('stations sharing the key', () => {
    const coordinated = (coordination: CoordinationState | null): StationStatus => ({
      ...sandboxStatus,
      budget: sandboxStatus.budget && { ...sandboxStatus.budget, coordination },
    });

    it.each([
      [
        'en',
        'Coordination lost — running on 1/4 of the budget',
        "The warehouse's Redis cannot be reached or is too slow. This station sends at most 25 requests per minute until it is back, then rejoins by itself.",
      ],
      [
        'pt-BR',
        'Coordenação perdida — usando 1/4 do limite',
        'O Redis do armazém está inacessível ou lento demais. Esta estação envia no máximo 25 requisições por minuto até ele voltar, e então volta a coordenar sozinha.',
      ],
      [
        'es',
        'Coordinación perdida — usando 1/4 del límite',
        'El Redis del almacén no está accesible o es demasiado lento. Esta estación envía como máximo 25 solicitudes por minuto hasta que vuelva, y luego vuelve a coordinar sola.',
      ],
    ] as const)(
      'warns, in %s, when coordination is lost, with the share it runs on',
      async (language, line, hint) => {
        renderWith(
          coordinated({ coordination: 'lost', share: 25, stations: 4 }),
          language as Language,
        );
        const lost = await screen.findByTestId('coordination-status');
        // The line, then the hint in words for those who cannot hover its tooltip.
        expect(lost.textContent).toBe(`${line}${hint}`);
        expect(lost.getAttribute('data-coordination')).toBe('lost');
        expect(lost.getAttribute('title')).toBe(hint);
        // A warning colour, not the quiet line of a working share.
        expect(lost.getAttribute('style')).toMatch(/orange/);
      },
    );

    it.each([
      ['en', 'Budget shared through Redis · stations on this key: 3'],
      ['pt-BR', 'Limite compartilhado pelo Redis · estações nesta chave: 3'],
    ] as const)(
      'says quietly, in %s, how many stations share the budget',
      async (language, line) => {
        renderWith(coordinated({ coordination: 'shared', share: 33, stations: 3 }), language);
        const shared = await screen.findByTestId('coordination-status');
        expect(shared.textContent).toBe(line);
        expect(shared.getAttribute('data-coordination')).toBe('shared');
        expect(shared.getAttribute('style') ?? '').not.toMatch(/orange/);
        expect(screen.queryByText(/Coordination lost|Coordenação perdida/)).toBeNull();
      },
    );

    it.each(['en', 'es'] as const)(
      'says nothing new, in %s, for a station alone on its key',
      async (language) => {
        renderWith(coordinated(null), language);
        await screen.findByTestId('budget');
        expect(screen.queryByTestId('coordination-status')).toBeNull();
      },
    );
  });
});
