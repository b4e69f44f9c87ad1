import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  classifyKeychainError,
  KeychainError,
  NativeKeychain,
  type EntryLike,
} from './keychain.ts';
import {
  inPrivateKeyring,
  jsonLines,
  KEYRING_DAEMON_PID_SH,
} from '@test/support/private-keyring.ts';

// These run against the real gnome-keyring that `npm test` starts on a private D-Bus.
const realKeyring = Boolean(process.env['DBUS_SESSION_BUS_ADDRESS']);

describe('NativeKeychain on the real Secret Service', () => {
  it('is running inside the private keyring session of npm test', () => {
    expect(realKeyring, 'run the suite with `npm test`, which starts a private keyring').toBe(true);
  });

  it('stores, reads, replaces and deletes a key', async () => {
    const keychain = new NativeKeychain({ service: `Packbench-test-${randomUUID()}` });
    const account = 'profile-1';
    expect(await keychain.status()).toMatchObject({ state: 'available' });
    expect(await keychain.get(account)).toBeNull();
    await keychain.set(account, 'sk-test-1111');
    expect(await keychain.get(account)).toBe('sk-test-1111');
    await keychain.set(account, 'sk-test-2222');
    expect(await keychain.get(account)).toBe('sk-test-2222');
    expect(await keychain.delete(account)).toBe(true);
    expect(await keychain.delete(account)).toBe(false);
    expect(await keychain.get(account)).toBeNull();
  });

  it('keeps accounts apart', async () => {
    const keychain = new NativeKeychain({ service: `Packbench-test-${randomUUID()}` });
    await keychain.set('a', 'key-a');
    await keychain.set('b', 'key-b');
    expect([await keychain.get('a'), await keychain.get('b')]).toEqual(['key-a', 'key-b']);
    await keychain.delete('a');
    await keychain.delete('b');
  });
});

interface ChildReport {
  status: { state: string; messageKey: string };
  setError: string | null;
}

/**
 * In a child process with its own environment (optionally inside `wrapper`), asks our keychain
 * module for its status and tries to store a key; returns what happened.
 */
function probeInChild(env: NodeJS.ProcessEnv, wrapper: string[] = []): ChildReport {
  const code = `import { NativeKeychain } from './src/main/platform/keychain.ts';
    const k = new NativeKeychain({ timeoutMs: 8000 });
    const status = await k.status();
    let setError = null;
    try { await k.set('x', 'y'); } catch (e) { setError = e.state; }
    console.log(JSON.stringify({ status, setError }));`;
  const node = [process.execPath, '--input-type=module', '-e', code];
  const [command, ...args] = [...wrapper, ...node];
  const result = spawnSync(command as string, args, { env, encoding: 'utf8', timeout: 30_000 });
  if (result.status !== 0) throw new Error(`child failed (${result.status}): ${result.stderr}`);
  return JSON.parse(result.stdout.trim().split('\n').at(-1) ?? '{}') as ChildReport;
}

describe('NativeKeychain when the platform keychain fails for real', () => {
  it('says unavailable, with the reason, when there is no session bus at all', () => {
    const env = { ...process.env };
    delete env['DBUS_SESSION_BUS_ADDRESS'];
    const { status, setError } = probeInChild(env);
    expect(status).toMatchObject({ state: 'unavailable', messageKey: 'keychain.unavailable' });
    expect(setError).toBe('unavailable');
  });

  it('says locked when the keyring is locked, and never falls back to memory', () => {
    const script = `
      set -e
      printf pw | gnome-keyring-daemon --unlock --components=secrets >/dev/null
      gdbus wait --session --timeout 10 org.freedesktop.secrets
      gdbus call --session --dest org.freedesktop.secrets --object-path /org/freedesktop/secrets \\
        --method org.freedesktop.Secret.Service.Lock "['/org/freedesktop/secrets/collection/login']" >/dev/null
      exec "$@"`;
    const scratch = spawnSync('mktemp', ['-d'], { encoding: 'utf8' }).stdout.trim();
    const env = {
      ...process.env,
      XDG_DATA_HOME: `${scratch}/data`,
      XDG_RUNTIME_DIR: scratch,
      DISPLAY: '',
    };
    const { status, setError } = probeInChild(env, [
      'dbus-run-session',
      '--',
      'bash',
      '-c',
      script,
      'locked-keyring',
    ]);
    expect(status.state).toBe('locked');
    expect(setError).toBe('locked');
    spawnSync('rm', ['-rf', scratch]);
  });
});

describe('NativeKeychain when gnome-keyring restarts under it', () => {
  it('keeps answering with the same keys after the daemon goes away', () => {
    // Its own private session, so the suite's daemon is never touched.
    const code = `import { NativeKeychain } from './src/main/platform/keychain.ts';
      import { execSync } from 'node:child_process';
      const k = new NativeKeychain({ timeoutMs: 8000 });
      await k.set('profile-1', 'key-one');
      const before = await k.get('profile-1');
      const pid = Number(execSync(process.env.PID_SH).toString());
      process.kill(pid);
      while (true) { try { process.kill(pid, 0); await new Promise((r) => setTimeout(r, 50)); } catch { break; } }
      const after = await k.get('profile-1');
      await k.set('profile-1', 'key-two');
      console.log(JSON.stringify({ before, after, replaced: await k.get('profile-1') }));`;
    const result = inPrivateKeyring([process.execPath, '--input-type=module', '-e', code], {
      PID_SH: KEYRING_DAEMON_PID_SH,
    });
    expect(result.status, result.stderr).toBe(0);
    expect(jsonLines(result.stdout)).toEqual([
      { before: 'key-one', after: 'key-one', replaced: 'key-two' },
    ]);
  });
});

describe('NativeKeychain keeps one entry per account', () => {
  const counting = (answers: Array<() => Promise<string | null>>) => {
    const made: string[] = [];
    const factory = (_service: string, account: string): EntryLike => {
      made.push(account);
      const answer = answers.shift() ?? (() => Promise.resolve('kept'));
      return {
        getPassword: answer,
        setPassword: () => Promise.resolve(),
        deletePassword: () => Promise.resolve(true),
      };
    };
    return { made, factory };
  };

  it('makes one native entry for many reads of the same account', async () => {
    const { made, factory } = counting([]);
    const keychain = new NativeKeychain({ entryFactory: factory });
    for (let i = 0; i < 5; i++) await keychain.get('profile-1');
    await keychain.get('profile-2');
    expect(made).toEqual(['profile-1', 'profile-2']);
  });

  it('replaces a kept entry that stopped answering, and answers from the new one', async () => {
    let calls = 0;
    const made: number[] = [];
    const keychain = new NativeKeychain({
      entryFactory: () => {
        const id = made.length;
        made.push(id);
        return {
          getPassword: () => {
            calls += 1;
            // The first entry works once, then its daemon session is gone.
            if (id === 0 && calls > 1)
              return Promise.reject(
                new Error('Platform failure: DBus error: The session does not exist'),
              );
            return Promise.resolve(`from-${id}`);
          },
          setPassword: () => Promise.resolve(),
          deletePassword: () => Promise.resolve(true),
        };
      },
    });
    expect(await keychain.get('p')).toBe('from-0');
    expect(await keychain.get('p')).toBe('from-1');
    expect(await keychain.get('p')).toBe('from-1');
    expect(made).toEqual([0, 1]);
  });

  it('does not keep an entry that failed, and says the failure once', async () => {
    const locked = () => Promise.reject(new Error('Collection is locked'));
    const { made, factory } = counting([locked, locked]);
    const keychain = new NativeKeychain({ entryFactory: factory });
    await expect(keychain.get('p')).rejects.toMatchObject({ state: 'locked' });
    await expect(keychain.get('p')).rejects.toMatchObject({ state: 'locked' });
    expect(await keychain.get('p')).toBe('kept');
    expect(made).toEqual(['p', 'p', 'p']);
  });
});

describe('NativeKeychain with backends that fail in each way', () => {
  const failing = (make: () => Promise<never>): EntryLike => ({
    getPassword: make,
    setPassword: make,
    deletePassword: make,
  });

  it.each([
    [
      'unavailable',
      'Platform failure: DBus error: org.freedesktop.DBus.Error.ServiceUnknown: The name org.freedesktop.secrets was not provided by any .service files',
    ],
    ['unavailable', "Couldn't access platform storage: Secret Service: no result found"],
    ['locked', "Couldn't access platform storage: Secret Service: unlock prompt was dismissed"],
    ['locked', 'Collection is locked'],
    ['error', 'Ambiguous: more than one credential matches'],
  ] as const)('reports %s for "%s"', async (state, message) => {
    const keychain = new NativeKeychain({
      entryFactory: () => failing(() => Promise.reject(new Error(message))),
    });
    expect(await keychain.status()).toEqual({
      state,
      messageKey: `keychain.${state}`,
      detail: message,
    });
    await expect(keychain.set('p', 'k')).rejects.toMatchObject({ state });
  });

  it('reports a constructor failure (no bus) as unavailable', async () => {
    const keychain = new NativeKeychain({
      entryFactory: () => {
        throw new Error(
          'Platform failure: DBus error: Using X11 for dbus-daemon autolaunch was disabled',
        );
      },
    });
    expect((await keychain.status()).state).toBe('unavailable');
  });

  it('times out when the keychain never answers', async () => {
    const keychain = new NativeKeychain({
      timeoutMs: 50,
      entryFactory: () => failing(() => new Promise<never>(() => undefined)),
    });
    expect((await keychain.status()).state).toBe('timeout');
    await expect(keychain.get('p')).rejects.toBeInstanceOf(KeychainError);
  });

  it('keeps KeychainErrors as they are', () => {
    const original = new KeychainError('locked', 'x');
    expect(classifyKeychainError(original)).toBe(original);
  });
});
