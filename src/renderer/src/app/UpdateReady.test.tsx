import { act, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { UpdateStatus } from '@shared/updates.ts';
import { ok } from '@shared/result.ts';
import type { Language } from '../i18n/index.ts';
import { fakeBridge, renderWithStores, sandboxStatus } from '../test-utils.tsx';
import { StatusBar } from './StatusBar.tsx';

function renderWith(first: UpdateStatus, language?: Language) {
  let push: (status: UpdateStatus) => void = () => undefined;
  const bridge = fakeBridge({
    getUpdate: async () => ok(first),
    onUpdate: (listener) => {
      push = listener;
      return () => undefined;
    },
  });
  const view = renderWithStores(<StatusBar />, bridge, language ? { language } : {});
  view.stores.status.setState({ status: sandboxStatus });
  return { push: (status: UpdateStatus) => act(() => push(status)) };
}

describe('the status bar and updates', () => {
  it('says nothing while no update is ready, then says when one is', async () => {
    const { push } = renderWith({ state: 'downloading', version: '0.2.0' });
    expect(await screen.findByText('Online')).toBeTruthy();
    expect(screen.queryByTestId('update-ready')).toBeNull();
    push({ state: 'ready', version: '0.2.0', hours: null });
    expect((await screen.findByTestId('update-ready')).textContent).toBe(
      'Update 0.2.0 is ready: it installs when Packbench closes.',
    );
  });

  it('names the policy hours, in Portuguese', async () => {
    const ready: UpdateStatus = {
      state: 'ready',
      version: '0.2.0',
      hours: { from: '22:00', to: '05:00' },
    };
    renderWith(ready, 'pt-BR');
    expect((await screen.findByTestId('update-ready')).textContent).toBe(
      'A atualização 0.2.0 está pronta: ela é instalada quando o Packbench fechar ou entre 22:00 e 05:00 quando ninguém estiver trabalhando.',
    );
  });

  it('says it in Spanish', async () => {
    renderWith({ state: 'ready', version: '0.2.0', hours: null }, 'es');
    expect((await screen.findByTestId('update-ready')).textContent).toBe(
      'La actualización 0.2.0 está lista: se instala cuando Packbench se cierre.',
    );
  });

  it('says an update was refused in a few words, and why on hover, in each language', async () => {
    const refused: UpdateStatus = {
      state: 'refused',
      version: '0.2.0',
      reason: 'size',
      sentence: {
        key: 'updates.refused.size',
        values: { version: '0.2.0', actual: 1000, expected: 1017 },
      },
    };
    const { push } = renderWith({ state: 'checking' }, 'es');
    expect(await screen.findByText('En línea')).toBeTruthy();
    expect(screen.queryByTestId('update-refused')).toBeNull();
    push(refused);
    const shown = await screen.findByTestId('update-refused');
    expect(shown.textContent).toBe('Actualización no instalada');
    expect(shown.getAttribute('title')).toBe(
      'La actualización 0.2.0 fue rechazada: el archivo descargado tiene 1000 bytes, no los 1017 que anunció el servidor de actualizaciones. No se instaló nada.',
    );
    expect(shown.getAttribute('aria-label')).toBe(shown.getAttribute('title'));
    push({ state: 'ready', version: '0.2.1', hours: null });
    expect(await screen.findByTestId('update-ready')).toBeTruthy();
    expect(screen.queryByTestId('update-refused')).toBeNull();
  });

  it('says a manifest refused for its signature (issue #43) the same way', async () => {
    renderWith({
      state: 'refused',
      version: null,
      reason: 'mismatch',
      sentence: {
        key: 'updates.refused.mismatch',
        values: { version: '', file: 'latest-linux.yml', url: 'https://it.example/pb/' },
      },
    });
    const shown = await screen.findByTestId('update-refused');
    expect(shown.textContent).toBe('Update not installed');
    expect(shown.getAttribute('title')).toBe(
      'An update was refused before anything was downloaded: the signature of latest-linux.yml does not match it with the keys this station trusts (the file was changed after signing, or signed by another key). Nothing was installed.',
    );
  });
});
