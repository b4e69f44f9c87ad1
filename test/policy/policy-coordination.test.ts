import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PrivateRedis } from '../support/private-redis.ts';
import { policyStation, type PolicyStation } from './policy-station.ts';

// Redis coordination under a locked policy, through the real IPC handlers (issue #31): the
// warehouse's address is IT's and a change to it is refused; the password stays the station's
// to set, in its keychain, because a policy never holds one.

const PASSWORD = 'redis-policy-secret-7781';
let redis: PrivateRedis;
let station: PolicyStation;
const call: PolicyStation['call'] = (name, input) => station.call(name, input);

beforeAll(async () => {
  redis = await PrivateRedis.start({ password: PASSWORD });
  station = await policyStation({ coordination: { url: redis.url, locked: true } });
}, 60_000);
afterAll(async () => {
  await station?.close();
  await redis.stop();
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
