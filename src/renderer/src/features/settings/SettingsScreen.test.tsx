import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { profileInputSchema, type Profile } from '@shared/profile.ts';
import { fail, ok } from '@shared/result.ts';
import type { KeyStatus } from '@shared/status.ts';
import { fakeBridge, renderWithStores, sandboxStatus } from '@renderer/test-utils.tsx';
import { SettingsScreen } from './SettingsScreen.tsx';

const sandbox: Profile = {
  ...profileInputSchema.parse({ name: 'Sandbox', environment: 'sandbox', baseUrl: null }),
  id: 'sandbox',
  createdAt: '',
  updatedAt: '',
};
const keychain = {
  state: 'available' as const,
  messageKey: 'keychain.available' as const,
  detail: '',
};
const demo: KeyStatus = {
  profileId: 'sandbox',
  set: false,
  masked: null,
  usingDemoKey: true,
  keychain,
};

describe('SettingsScreen', () => {
  it('keeps the key write-only: after saving, only its last characters show', async () => {
    const setKey = vi.fn(async ({ profileId }: { profileId: string; key: string }) =>
      ok<KeyStatus>({ ...demo, profileId, set: true, masked: '••••4f2a', usingDemoKey: false }),
    );
    const view = renderWithStores(
      <SettingsScreen />,
      fakeBridge({
        listProfiles: async () => ok({ profiles: [sandbox], activeId: 'sandbox' }),
        getKeyStatus: async () => ok(demo),
        setKey,
        testConnection: async () => ok(sandboxStatus.health),
      }),
    );
    expect((await screen.findByTestId('key-status')).textContent).toContain(
      'Using the public demo key',
    );
    const field = screen.getByLabelText('New API key');
    fireEvent.change(field, { target: { value: 'live-secret-7f3a9c2e4f2a' } });
    fireEvent.click(screen.getByText('Save key'));
    await waitFor(() =>
      expect(screen.getByTestId('key-status').textContent).toBe('API key: Set, ends with ••••4f2a'),
    );
    expect(setKey).toHaveBeenCalledWith({ profileId: 'sandbox', key: 'live-secret-7f3a9c2e4f2a' });
    expect((field as HTMLInputElement).value).toBe('');
    expect(view.container.innerHTML).not.toContain('live-secret-7f3a9c2e4f2a');
    expect(screen.getByText('Key saved in the system keychain.')).toBeTruthy();
  });

  it('explains a locked keychain and a refused key in words', async () => {
    renderWithStores(
      <SettingsScreen />,
      fakeBridge({
        listProfiles: async () => ok({ profiles: [sandbox], activeId: 'sandbox' }),
        getKeyStatus: async () =>
          ok({
            ...demo,
            keychain: {
              state: 'locked',
              messageKey: 'keychain.locked',
              detail: 'Collection is locked',
            },
          }),
        setKey: async () =>
          fail({
            code: 'keychain.locked',
            messageKey: 'keychain.locked',
            message: 'Collection is locked',
          }),
      }),
    );
    expect(await screen.findByText(/The system keychain is locked/)).toBeTruthy();
    fireEvent.change(screen.getByLabelText('New API key'), {
      target: { value: 'another-key-123' },
    });
    fireEvent.click(screen.getByText('Save key'));
    expect((await screen.findByRole('alert')).textContent).toMatch(/locked/);
  });

  it('tests the connection and switches language', async () => {
    const view = renderWithStores(
      <SettingsScreen />,
      fakeBridge({
        listProfiles: async () => ok({ profiles: [sandbox], activeId: 'sandbox' }),
        getKeyStatus: async () => ok(demo),
        testConnection: async () =>
          ok({ ...sandboxStatus.health, state: 'down' as const, online: false }),
      }),
    );
    fireEvent.click(await screen.findByText('Test connection'));
    expect((await screen.findByTestId('test-result')).textContent).toBe('Connection: Offline');
    fireEvent.click(screen.getByText('Español'));
    await waitFor(() => expect(view.i18n.language).toBe('es'));
    expect(await screen.findByText('Probar conexión')).toBeTruthy();
  });
});

describe('SettingsScreen profiles', () => {
  it('creates a profile with its own endpoint overrides, checked by the profile schema first and by main after', async () => {
    const saveProfile = vi
      .fn()
      .mockResolvedValueOnce(
        fail({
          code: 'ipc.invalid_input',
          messageKey: 'errors.ipc.invalid_input',
          message: 'profile.name is already used by another profile',
        }),
      )
      .mockResolvedValueOnce(ok(sandbox));
    renderWithStores(
      <SettingsScreen />,
      fakeBridge({
        listProfiles: async () => ok({ profiles: [sandbox], activeId: 'sandbox' }),
        getKeyStatus: async () => ok(demo),
        saveProfile,
      }),
    );
    fireEvent.click(await screen.findByText('New profile'));
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Loja' } });
    fireEvent.change(screen.getByLabelText('Base URL'), {
      target: { value: 'http://api.loja.example' },
    });
    fireEvent.change(screen.getByLabelText('Batch/expiry parameter'), {
      target: { value: 'lote validade' },
    });
    fireEvent.click(screen.getByText('Save profile'));
    // The form's rules are profileInputSchema's: nothing reaches main while they fail.
    expect(await screen.findByText(/must use https:\/\//)).toBeTruthy();
    expect(screen.getByText(/A plain query parameter name/)).toBeTruthy();
    expect(saveProfile).not.toHaveBeenCalled();

    fireEvent.change(screen.getByLabelText('Base URL'), {
      target: { value: 'https://api.loja.example' },
    });
    fireEvent.change(screen.getByLabelText('Batch/expiry parameter'), {
      target: { value: 'lote_validade' },
    });
    fireEvent.click(screen.getByText('Save profile'));
    expect((await screen.findByRole('alert')).textContent).toContain('already used');
    fireEvent.click(screen.getByText('Save profile'));
    await waitFor(() => expect(saveProfile).toHaveBeenCalledTimes(2));
    expect(saveProfile).toHaveBeenLastCalledWith({
      profile: expect.objectContaining({
        name: 'Loja',
        environment: 'test',
        baseUrl: 'https://api.loja.example',
        overrides: expect.objectContaining({
          batchExpiryParam: 'lote_validade',
          labelsPath: '/labels',
        }),
      }),
    });
    await waitFor(() => expect(screen.queryByTestId('profile-form')).toBeNull());
  });

  it('sets the sounds and expiry warning, kept for the next start', async () => {
    localStorage.clear();
    const view = renderWithStores(
      <SettingsScreen />,
      fakeBridge({
        listProfiles: async () => ok({ profiles: [sandbox], activeId: 'sandbox' }),
        getKeyStatus: async () => ok(demo),
      }),
      { language: 'es' },
    );
    const sounds = await screen.findByLabelText('Sonidos al escanear (éxito y error)');
    expect((sounds as HTMLInputElement).checked).toBe(true);
    fireEvent.click(sounds);
    expect(view.stores.station.getState().muted).toBe(true);
    expect(localStorage.getItem('packbench.muted')).toBe('1');
    const threshold = screen.getByLabelText('Avisar días antes del vencimiento');
    fireEvent.change(threshold, { target: { value: '45' } });
    await waitFor(() => expect(view.stores.inventory.getState().thresholdDays).toBe(45));
  });

  it('About: the version that runs, and the third-party notices in a dialog', async () => {
    const getThirdPartyNotices = vi.fn(async () =>
      ok({ text: 'Packbench: third-party software notices\nreact 19.3.1\nLicense: MIT' }),
    );
    renderWithStores(
      <SettingsScreen />,
      fakeBridge({
        listProfiles: async () => ok({ profiles: [sandbox], activeId: 'sandbox' }),
        getKeyStatus: async () => ok(demo),
        getThirdPartyNotices,
      }),
      { language: 'es' },
    );
    await waitFor(() =>
      expect(screen.getByTestId('app-version').textContent).toBe('Versión 0.1.0'),
    );
    expect(
      screen.getByText(/Electron 45\.4\.1 · Chromium 140\.0 · Node\.js 24\.0\.0/),
    ).toBeTruthy();
    expect(getThirdPartyNotices).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Avisos de terceros' }));
    expect(await screen.findByText('Software de terceros en Packbench')).toBeTruthy();
    await waitFor(() =>
      expect(screen.getByTestId('third-party-notices').textContent).toContain('react 19.3.1'),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Cerrar' }));
    fireEvent.click(screen.getByRole('button', { name: 'Avisos de terceros' }));
    expect(getThirdPartyNotices).toHaveBeenCalledTimes(1);
  });

  it('About: a build without notices says so instead of showing nothing', async () => {
    renderWithStores(
      <SettingsScreen />,
      fakeBridge({
        listProfiles: async () => ok({ profiles: [sandbox], activeId: 'sandbox' }),
        getKeyStatus: async () => ok(demo),
        getThirdPartyNotices: async () =>
          fail({
            code: 'internal',
            messageKey: 'errors.internal',
            message: 'ENOENT: THIRD_PARTY_NOTICES',
          }),
      }),
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Third-party notices' }));
    expect((await screen.findByRole('alert')).textContent).toContain('ENOENT: THIRD_PARTY_NOTICES');
  });
});
