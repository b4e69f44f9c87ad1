import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStationCore, type StationCore } from '../../src/main/core/station-core.ts';
import type { IpcEventLike } from '../../src/main/ipc-manager.ts';
import { readPolicy } from '../../src/main/policy/read-policy.ts';
import { memoryKeychain, tempDir } from '../outbox/helpers.ts';
import { PrivateRedis } from '../support/private-redis.ts';
import { invoker, registerTestHandlers } from '../support/test-handlers.ts';

// Redis coordination under a locked policy, through the real IPC handlers (issue #31): the
// warehouse's address is IT's and a change to it is refused; the password stays the station's
// to set, in its keychain, because a policy never holds one.

const dir = tempDir('packbench-policy-redis-');
const FILE = '/etc/packbench/policy.json';
const PASSWORD = 'redis-policy-secret-7781';
let redis: PrivateRedis;
let core: StationCore;
const registered = new Map<string, (event: IpcEventLike, ...args: unknown[]) => unknown>();
const call: ReturnType<typeof invoker>['result'] = (name, input) =>
  invoker(registered).result(name, input);

beforeAll(async () => {
  redis = await PrivateRedis.start({ password: PASSWORD });
  const read = readPolicy(JSON.stringify({ coordination: { url: redis.url, locked: true } }));
  if (!read.ok) throw new Error(JSON.stringify(read.errors));
  core = await createStationCore({
    dataDir: dir.path,
    keychain: memoryKeychain(),
    health: { intervalMs: 60_000 },
    policy: { file: FILE, policy: read.policy },
  });
  registerTestHandlers({ core, registered, isTrustedSender: () => true });
}, 60_000);
afterAll(async () => {
  await core.close();
  await redis.stop();
  dir.remove();
});

describe('Redis coordination under a locked policy', () => {
  it("shows IT's address and refuses another", async () => {
    const view = await call('getCoordination', undefined);
    if (!view.ok) throw new Error(view.error.message);
    expect(view.value.settings.url).toBe(redis.url);
    const refused = await call('saveCoordination', { url: 'redis://127.0.0.1:1', ca: null });
    expect(refused.ok ? 'saved' : refused.error.code).toBe('policy.locked');
    const none = await call('saveCoordination', { url: null, ca: null });
    expect(none.ok ? 'saved' : none.error.code).toBe('policy.locked');
  });

  it('takes the password for that address, into the keychain', async () => {
    const saved = await call('saveCoordination', {
      url: redis.url,
      ca: null,
      password: PASSWORD,
    });
    if (!saved.ok) throw new Error(`${saved.error.code} ${saved.error.message}`);
    expect(saved.value.settings.url).toBe(redis.url);
    expect(saved.value.passwordSet).toBe(true);
  });
});
