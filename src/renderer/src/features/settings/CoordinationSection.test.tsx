import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import {
  DEFAULT_COORDINATION_SETTINGS,
  type CoordinationInput,
  type CoordinationSettings,
  type CoordinationTestResult,
  type CoordinationView,
} from '@shared/coordination.ts';
import { fail, ok, type Result } from '@shared/result.ts';
import { fakeBridge, renderWithStores, SANDBOX_PROFILE_BRIDGE } from '@renderer/test-utils.tsx';
import { CoordinationSection } from './CoordinationSection.tsx';
import { SettingsScreen } from './SettingsScreen.tsx';

const PEM = '-----BEGIN CERTIFICATE-----\nMIIBszCCAVmgAwIBAgIU\n-----END CERTIFICATE-----';

const view = (
  settings: Partial<CoordinationSettings> = {},
  more: Partial<Omit<CoordinationView, 'settings'>> = {},
): CoordinationView => ({
  settings: { ...DEFAULT_COORDINATION_SETTINGS, ...settings },
  passwordSet: false,
  recoveredFrom: null,
  state: null,
  ...more,
});

/** What main keeps for an input: the settings, and whether a password is kept afterwards. */
const keeping = (before: CoordinationView) =>
  vi.fn(async (input: CoordinationInput): Promise<Result<CoordinationView>> =>
    ok(
      view(
        { url: input.url, ca: input.ca },
        {
          passwordSet: input.password === undefined ? before.passwordSet : input.password !== null,
        },
      ),
    ),
  );

/** The one input Save (or Test) sent, exactly: an absent password is no `password` key at all. */
const sent = (call: { mock: { calls: unknown[][] } }) => {
  expect(call.mock.calls).toHaveLength(1);
  return call.mock.calls[0]?.[0];
};

const section = () => within(screen.getByTestId('coordination'));
const urlField = () => screen.getByLabelText('Redis address') as HTMLInputElement;
const passwordField = () => screen.getByLabelText('Password') as HTMLInputElement;
const caField = () => screen.getByLabelText('Certificate authority (PEM)') as HTMLTextAreaElement;
const save = () => fireEvent.click(section().getByRole('button', { name: 'Save' }));
const test = () => fireEvent.click(section().getByRole('button', { name: 'Test' }));

/** The field's error is its own: said under it and named by its aria-describedby. */
function expectFieldError(field: HTMLElement, sentence: string) {
  const error = screen.getByText(sentence);
  expect(field.getAttribute('aria-invalid')).toBe('true');
  expect(field.getAttribute('aria-describedby')?.split(' ')).toContain(error.id);
}

describe('Settings → Stations sharing this key', () => {
  it('saves a new address with a password: the password is sent once and never shown', async () => {
    const before = view();
    const saveCoordination = keeping(before);
    const view_ = renderWithStores(
      <CoordinationSection />,
      fakeBridge({ getCoordination: async () => ok(before), saveCoordination }),
    );
    await screen.findByLabelText('Redis address');
    expect(screen.queryByLabelText('Remove the kept password')).toBeNull();
    expect(screen.queryByText(/A password is kept/)).toBeNull();
    fireEvent.change(urlField(), { target: { value: ' redis://redis.warehouse.lan:6379 ' } });
    fireEvent.change(passwordField(), { target: { value: 'hunter2-redis' } });
    save();
    await waitFor(() => expect(saveCoordination).toHaveBeenCalled());
    expect(sent(saveCoordination)).toStrictEqual({
      url: 'redis://redis.warehouse.lan:6379',
      ca: null,
      password: 'hunter2-redis',
    });
    expect(
      await screen.findByText(
        'Saved. This station takes its requests from the budget shared through Redis.',
      ),
    ).toBeTruthy();
    // The typed password leaves the form; from now on only "a password is kept" is said.
    await waitFor(() => expect(passwordField().value).toBe(''));
    expect(
      await screen.findByText(
        'A password is kept in the system keychain. Type a new one to replace it.',
      ),
    ).toBeTruthy();
    expect(screen.getByLabelText('Remove the kept password')).toBeTruthy();
    expect(view_.container.innerHTML).not.toContain('hunter2-redis');
  });

  it('keeps the kept password when none is typed: no password key is sent', async () => {
    const before = view(
      { url: 'rediss://redis.warehouse.lan:6380', ca: PEM },
      { passwordSet: true },
    );
    const saveCoordination = keeping(before);
    renderWithStores(
      <CoordinationSection />,
      fakeBridge({ getCoordination: async () => ok(before), saveCoordination }),
    );
    await screen.findByText(
      'A password is kept in the system keychain. Type a new one to replace it.',
    );
    expect(urlField().value).toBe('rediss://redis.warehouse.lan:6380');
    expect(caField().value).toBe(PEM);
    expect(passwordField().value).toBe('');
    save();
    await waitFor(() => expect(saveCoordination).toHaveBeenCalled());
    const input = sent(saveCoordination);
    expect(input).toStrictEqual({ url: 'rediss://redis.warehouse.lan:6380', ca: PEM });
    expect(Object.keys(input as object)).not.toContain('password');
  });

  it('removes the kept password (null) and the certificate authority when their fields are emptied', async () => {
    const before = view({ url: 'redis://10.0.0.5:6379', ca: PEM }, { passwordSet: true });
    const saveCoordination = keeping(before);
    renderWithStores(
      <CoordinationSection />,
      fakeBridge({ getCoordination: async () => ok(before), saveCoordination }),
    );
    fireEvent.click(await screen.findByLabelText('Remove the kept password'));
    expect(passwordField().disabled).toBe(true);
    fireEvent.change(caField(), { target: { value: '  ' } });
    save();
    await waitFor(() => expect(saveCoordination).toHaveBeenCalled());
    expect(sent(saveCoordination)).toStrictEqual({
      url: 'redis://10.0.0.5:6379',
      ca: null,
      password: null,
    });
    // Nothing is kept any more: the checkbox goes with the password.
    await waitFor(() => expect(screen.queryByLabelText('Remove the kept password')).toBeNull());
  });

  it('an emptied address sends url null, and says the station now budgets alone', async () => {
    const before = view({ url: 'redis://10.0.0.5:6379' });
    const saveCoordination = keeping(before);
    renderWithStores(
      <CoordinationSection />,
      fakeBridge({ getCoordination: async () => ok(before), saveCoordination }),
    );
    await screen.findByDisplayValue('redis://10.0.0.5:6379');
    fireEvent.change(urlField(), { target: { value: '' } });
    save();
    expect(await screen.findByText('Saved. This station budgets alone.')).toBeTruthy();
    expect(sent(saveCoordination)).toStrictEqual({ url: null, ca: null });
    // Nothing to test without an address.
    expect((section().getByRole('button', { name: 'Test' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
  });

  it.each([
    [
      'not an address',
      'redis.warehouse.lan:6379',
      'Enter a redis://, rediss:// or redis+sentinel:// address, such as redis://redis.warehouse.lan:6379.',
    ],
    [
      'another protocol',
      'http://redis.warehouse.lan:6379',
      'Enter a redis://, rediss:// or redis+sentinel:// address, such as redis://redis.warehouse.lan:6379.',
    ],
    [
      'a password in the address',
      'redis://default:hunter2@redis.warehouse.lan:6379',
      'Take the password out of the address and type it in the password field: the address is stored in plain text, the password in the system keychain.',
    ],
    [
      'a database that is not a number',
      'redis://redis.warehouse.lan:6379/cache',
      'After the port, only a database number may follow (such as /0).',
    ],
  ])('refuses %s under the address field, and sends nothing', async (_, url, sentence) => {
    const saveCoordination = vi.fn();
    const testCoordination = vi.fn();
    renderWithStores(<CoordinationSection />, fakeBridge({ saveCoordination, testCoordination }));
    fireEvent.change(await screen.findByLabelText('Redis address'), { target: { value: url } });
    save();
    await screen.findByText(sentence);
    expectFieldError(urlField(), sentence);
    test();
    await screen.findByText(sentence);
    expect(saveCoordination).not.toHaveBeenCalled();
    expect(testCoordination).not.toHaveBeenCalled();
  });

  it('refuses a certificate authority that is not PEM, in the operator’s language, and sends nothing', async () => {
    const saveCoordination = vi.fn();
    const testCoordination = vi.fn();
    renderWithStores(<CoordinationSection />, fakeBridge({ saveCoordination, testCoordination }), {
      language: 'pt-BR',
    });
    fireEvent.change(await screen.findByLabelText('Endereço do Redis'), {
      target: { value: 'rediss://redis.armazem.lan:6380' },
    });
    const ca = screen.getByLabelText('Autoridade certificadora (PEM)');
    fireEvent.change(ca, { target: { value: 'MIIBszCCAVmgAwIBAgIU' } });
    fireEvent.click(
      within(screen.getByTestId('coordination')).getByRole('button', { name: 'Testar' }),
    );
    const sentence = 'Cole o certificado em texto PEM, começando com -----BEGIN CERTIFICATE-----.';
    await screen.findByText(sentence);
    expectFieldError(ca, sentence);
    fireEvent.click(
      within(screen.getByTestId('coordination')).getByRole('button', { name: 'Salvar' }),
    );
    await screen.findByText(sentence);
    expect(saveCoordination).not.toHaveBeenCalled();
    expect(testCoordination).not.toHaveBeenCalled();
  });

  it('tests what the form holds, unsaved, and says what answered, how fast and how many stations', async () => {
    let answer: (result: Result<CoordinationTestResult>) => void = () => undefined;
    const testCoordination = vi.fn(
      () => new Promise<Result<CoordinationTestResult>>((resolve) => (answer = resolve)),
    );
    const saveCoordination = vi.fn();
    renderWithStores(
      <CoordinationSection />,
      fakeBridge({
        getCoordination: async () =>
          ok(view({ url: 'redis://10.0.0.5:6379' }, { passwordSet: true })),
        testCoordination,
        saveCoordination,
      }),
    );
    await screen.findByDisplayValue('redis://10.0.0.5:6379');
    fireEvent.change(urlField(), { target: { value: 'redis://valkey.warehouse.lan:6379/2' } });
    test();
    // Busy while it connects: neither button can be pressed again.
    await waitFor(() =>
      expect((section().getByRole('button', { name: 'Save' }) as HTMLButtonElement).disabled).toBe(
        true,
      ),
    );
    expect(section().getByRole('button', { name: 'Test' }).hasAttribute('data-loading')).toBe(true);
    answer(ok({ latencyMs: 3, stations: 4, server: 'valkey 8.0.1' }));
    expect((await screen.findByTestId('coordination-test-result')).textContent).toBe(
      'valkey 8.0.1 answered in 3 ms. Stations active on this key: 4.',
    );
    expect(sent(testCoordination)).toStrictEqual({
      url: 'redis://valkey.warehouse.lan:6379/2',
      ca: null,
    });
    expect(saveCoordination).not.toHaveBeenCalled();
  });

  it('says why Test or Save failed, in the error’s own sentence', async () => {
    renderWithStores(
      <CoordinationSection />,
      fakeBridge({
        getCoordination: async () => ok(view({ url: 'redis://10.0.0.5:6379' })),
        testCoordination: async () =>
          fail({
            code: 'coordination.auth',
            messageKey: 'errors.coordination.auth',
            message: 'WRONGPASS invalid username-password pair',
          }),
        saveCoordination: async () =>
          fail({
            code: 'coordination.unreachable',
            messageKey: 'errors.coordination.unreachable',
            message: 'connect ECONNREFUSED 10.0.0.5:6379',
          }),
      }),
    );
    await screen.findByDisplayValue('redis://10.0.0.5:6379');
    fireEvent.change(passwordField(), { target: { value: 'wrong' } });
    test();
    expect((await screen.findByTestId('coordination-error')).textContent).toBe(
      'Redis refused the password (or the user name in the address).',
    );
    save();
    await waitFor(() =>
      expect(screen.getByTestId('coordination-error').textContent).toBe(
        'Redis cannot be reached at that address: check the host, the port and that it is running.',
      ),
    );
    expect(screen.queryByTestId('coordination-saved')).toBeNull();
    // Not kept: the typed password stays for the operator to correct.
    expect(passwordField().value).toBe('wrong');
  });

  it('says, in orange, that damaged settings were set aside', async () => {
    renderWithStores(
      <CoordinationSection />,
      fakeBridge({
        getCoordination: async () =>
          ok(view({}, { recoveredFrom: 'coordination.json.damaged-1732269600000' })),
      }),
      { language: 'es' },
    );
    const alert = await screen.findByTestId('coordination-recovered');
    expect(alert.textContent).toBe(
      'La configuración de las estaciones que comparten esta clave estaba dañada y se guardó aparte (coordination.json.damaged-1732269600000). Esta estación administra su límite sola hasta que se configure de nuevo.',
    );
    expect(alert.getAttribute('style') ?? alert.className).toMatch(/orange/);
  });

  it('comes after Printers in Settings', async () => {
    renderWithStores(<SettingsScreen />, fakeBridge(SANDBOX_PROFILE_BRIDGE));
    await screen.findByLabelText('Redis address');
    const headings = screen.getAllByRole('heading').map((h) => h.textContent);
    const printers = headings.indexOf('Printers');
    expect(printers).toBeGreaterThanOrEqual(0);
    // The document printer is part of Printers (issue #30); then come the stations.
    expect(headings.slice(printers + 1, printers + 3)).toEqual([
      'Document printer',
      'Stations sharing this key',
    ]);
  });
});
