import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AppInfo } from '@shared/ipc/channels.ts';
import { ok } from '@shared/result.ts';
import { fakeBridge, renderWithStores } from '@renderer/test-utils.tsx';
import { AboutSection } from './AboutSection.tsx';

// Settings → About (issue #43): whether updates are signature-checked, and where the bill of
// materials of this version is, in the station's language.

const base: AppInfo = {
  name: 'Packbench',
  version: '0.2.0',
  versions: { node: '24.0.0', electron: '45.4.1', chrome: '140.0' },
  platform: 'linux',
  sbom: 'Packbench-0.2.0.cdx.json',
};

function renderWith(info: AppInfo, language: 'en' | 'pt-BR' | 'es' = 'en') {
  renderWithStores(<AboutSection />, fakeBridge({ getAppInfo: async () => ok(info) }), {
    language,
  });
}

describe('Settings → About and signed updates', () => {
  it('says updates are not signature-checked when the policy names no key', async () => {
    renderWith({ ...base, updates: { on: true, signatureKeys: null } });
    expect((await screen.findByTestId('update-signatures')).textContent).toBe(
      'Updates are not signature-checked: the policy names no release key (updates.publicKeys), so the station trusts whatever its update folder holds.',
    );
    expect(screen.getByTestId('sbom-location').textContent).toBe(
      'Bill of materials (CycloneDX): Packbench-0.2.0.cdx.json, beside the installers of this version (the release folder, and the update folder when IT copies it there).',
    );
  });

  it('names the keys a release must be signed by, in Portuguese', async () => {
    renderWith(
      { ...base, updates: { on: true, signatureKeys: ['SHA256:abc', 'SHA256:def'] } },
      'pt-BR',
    );
    expect((await screen.findByTestId('update-signatures')).textContent).toBe(
      'As atualizações têm a assinatura verificada: uma versão na pasta de atualizações precisa estar assinada por uma destas chaves: SHA256:abc, SHA256:def.',
    );
    expect(screen.getByTestId('sbom-location').textContent).toContain('Packbench-0.2.0.cdx.json');
  });

  it('says nothing of signatures while updates are off', async () => {
    renderWith({ ...base, updates: { on: false } }, 'es');
    expect((await screen.findByTestId('sbom-location')).textContent).toContain(
      'Lista de materiales (CycloneDX)',
    );
    expect(screen.queryByTestId('update-signatures')).toBeNull();
  });
});
