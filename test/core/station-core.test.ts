import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { KeychainError, NativeKeychain, type Keychain } from '../../src/main/platform/keychain.ts';
import {
  createStationCore,
  type StationCore,
  type StationStatus,
} from '../../src/main/core/station-core.ts';
import { startSandbox, type RunningSandbox } from '../../src/sandbox/index.ts';
import { memoryKeychain, useTestProfile } from '../outbox/helpers.ts';
import { until } from '../support/until.ts';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

function dataDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'packbench-core-'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

async function core(
  keychain: Keychain = new NativeKeychain({ service: `Packbench-test-${randomUUID()}` }),
): Promise<StationCore> {
  const station = await createStationCore({
    dataDir: dataDir(),
    keychain,
    health: { intervalMs: 60_000 },
  });
  cleanups.push(() => station.close());
  return station;
}

/** Waits for the station's status to match, and returns it. */
async function untilStatus(
  station: StationCore,
  predicate: (s: StationStatus) => boolean,
): Promise<StationStatus> {
  await until(() => predicate(station.status()), 'the station status to match', 5_000);
  return station.status();
}

describe('createStationCore', () => {
  it('first launch: the embedded sandbox is up with nothing configured', async () => {
    const station = await core();
    const status = await untilStatus(station, (s) => s.health.state === 'up');
    expect(status.profile).toMatchObject({
      id: 'sandbox',
      environment: 'sandbox',
      baseUrl: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+$/),
    });
    expect(status.health).toMatchObject({ online: true, lastError: null });
    expect(status.budget).toMatchObject({ limit: 100, used: 1 });
    const order = await (await station.api()).getOrder('PB-10001');
    expect(order.id).toBe('PB-10001');
    expect(await station.keyStatus()).toMatchObject({
      set: false,
      usingDemoKey: true,
      keychain: { state: 'available' },
    });
  });

  it('closes once however often it is asked (the last window closed, then quit)', async () => {
    const station = await core(memoryKeychain());
    await Promise.all([station.close(), station.close()]);
    await expect(station.close()).resolves.toBeUndefined();
    await expect(station.api()).rejects.toThrow(/closed/);
  });

  it('keeps a key in the real keychain and shows only its last four characters', async () => {
    const keychain = new NativeKeychain({ service: `Packbench-test-${randomUUID()}` });
    const station = await core(keychain);
    const status = await station.setKey('sandbox', 'sbx-demo-bolt');
    expect(status).toEqual({
      profileId: 'sandbox',
      set: true,
      masked: '••••bolt',
      usingDemoKey: false,
      keychain: expect.objectContaining({ state: 'available' }),
    });
    expect(await keychain.get('sandbox')).toBe('sbx-demo-bolt');
    expect(JSON.stringify(status)).not.toContain('sbx-demo-bolt');
    expect((await (await station.api()).getOrder('BT-10001')).id).toBe('BT-10001');
    await station.removeKey('sandbox');
    expect(await keychain.get('sandbox')).toBeNull();
    expect((await (await station.api()).getOrder('PB-10001')).id).toBe('PB-10001');
  });

  it('says unauthorized after a wrong key, and recovers when it is removed', async () => {
    const station = await core();
    await station.setKey('sandbox', 'sbx-demo-wrong');
    expect(await station.testConnection()).toMatchObject({ state: 'unauthorized', online: false });
    await station.removeKey('sandbox');
    expect(await station.testConnection()).toMatchObject({ state: 'up' });
  });

  it('switches to a test profile with its own URL, version and key', async () => {
    const remote: RunningSandbox = await startSandbox({ port: 0 });
    cleanups.push(() => remote.close());
    const station = await core();
    const profile = await station.profiles.create({
      name: 'Homologação',
      environment: 'test',
      baseUrl: remote.url,
      apiVersion: 'v1',
    });
    await station.setKey(profile.id, 'sbx-demo-bolt');
    const status = await station.switchProfile(profile.id);
    expect(status.profile).toMatchObject({
      id: profile.id,
      environment: 'test',
      baseUrl: remote.url,
      apiVersion: 'v1',
    });
    expect(status.health.state).toBe('up');
    const api = await station.api();
    expect((await api.getOrder('BT-10002')).id).toBe('BT-10002');
    await expect(api.listOrders()).rejects.toMatchObject({ code: 'version_too_old' });
  });

  it('a real environment without a key says so instead of sending', async () => {
    const station = await core();
    const profile = await station.profiles.create({
      name: 'Produção',
      environment: 'production',
      baseUrl: 'https://api.invalid',
    });
    await station.switchProfile(profile.id);
    expect(station.status().health).toMatchObject({
      state: 'unauthorized',
      lastError: { code: 'api.authentication.no_key' },
    });
    expect(await station.keyStatus()).toMatchObject({ set: false, usingDemoKey: false });
  });

  it('reports a locked keychain and refuses to store the key anywhere else', async () => {
    const locked: Keychain = {
      get: () => Promise.reject(new KeychainError('locked', 'Collection is locked')),
      set: () => Promise.reject(new KeychainError('locked', 'Collection is locked')),
      delete: () => Promise.reject(new KeychainError('locked', 'Collection is locked')),
      status: async () => ({
        state: 'locked',
        messageKey: 'keychain.locked',
        detail: 'Collection is locked',
      }),
    };
    const station = await core(locked);
    expect(await station.keyStatus()).toMatchObject({
      set: false,
      keychain: { state: 'locked', messageKey: 'keychain.locked' },
    });
    await expect(station.setKey('sandbox', 'sbx-demo-bolt')).rejects.toMatchObject({
      state: 'locked',
    });
    await untilStatus(station, (s) => s.health.state === 'up');
  });

  it('a keychain locked at start and unlocked later: requests go back to the company budget of the real key', async () => {
    const keys = new Map<string, string>();
    let locked = false;
    const guard = () => {
      if (locked) throw new KeychainError('locked', 'Collection is locked');
    };
    const keychain: Keychain = {
      get: async (account) => (guard(), keys.get(account) ?? null),
      set: async (account, secret) => (guard(), void keys.set(account, secret)),
      delete: async (account) => (guard(), keys.delete(account)),
      status: async () =>
        locked
          ? { state: 'locked', messageKey: 'keychain.locked', detail: 'locked' }
          : { state: 'available', messageKey: 'keychain.available', detail: 'ok' },
    };
    const station = await core(keychain);
    const url = station.status().profile.baseUrl ?? '';
    const profile = await station.profiles.create({
      name: 'Warehouse',
      environment: 'test',
      baseUrl: url,
    });
    await station.setKey(profile.id, 'sbx-demo-acme');
    locked = true;
    await station.switchProfile(profile.id);
    // The station is up on the profile although its key cannot be read.
    const boundKey = () =>
      (station as unknown as { bound: { key: string | null } | null }).bound?.key;
    expect(boundKey()).toBeNull();
    expect((await station.testConnection()).lastError).toMatchObject({ code: 'keychain.locked' });
    expect(station.status().keychain).toMatchObject({ state: 'locked' });

    locked = false;
    await station.testConnection(); // the first request to read the key again
    await untilStatus(station, (s) => boundKey() === 'sbx-demo-acme' && s.health.state === 'up');
    expect((await station.testConnection()).state).toBe('up');
    expect(station.status().budget?.used).toBeGreaterThanOrEqual(1);
  });

  it('publishes status changes for the status bar', async () => {
    const station = await core();
    const seen: StationStatus[] = [];
    const off = station.onStatus((s) => seen.push(s));
    await (await station.api()).getProduct('ACM-0001');
    off();
    expect(seen.length).toBeGreaterThan(0);
    expect(seen.at(-1)?.budget?.used).toBeGreaterThanOrEqual(1);
  });
});

describe('two stations sharing one key', () => {
  it('nothing fails and the server never accepts more than the budget in any window', async () => {
    const server = await startSandbox({ port: 0, rateLimit: 8, windowMs: 1_000 });
    cleanups.push(() => server.close());
    const station = async () => {
      const c = await createStationCore({
        dataDir: dataDir(),
        keychain: new NativeKeychain({ service: `Packbench-test-${randomUUID()}` }),
        budget: { limit: 8, windowMs: 1_000 },
        health: { intervalMs: 60_000 },
      });
      cleanups.push(() => c.close());
      await useTestProfile(c, server.url, 'sbx-demo-acme', 'Shared');
      return c;
    };
    const [a, b] = await Promise.all([station(), station()]);
    const submit = async (c: StationCore, prefix: string) => {
      const api = await c.api();
      return Promise.all(
        Array.from({ length: 10 }, (_, i) =>
          api.createProduct({ sku: `${prefix}-${i}`, name: prefix }, { lane: 'submission' }),
        ),
      );
    };
    const [fromA, fromB] = await Promise.all([submit(a, 'SA'), submit(b, 'SB')]);
    expect(fromA.length + fromB.length).toBe(20);
    const accepted = server.receipts('acme').map((r) => Date.parse(r.at));
    expect(accepted).toHaveLength(20);
    const maxInWindow = Math.max(
      ...accepted.map((t) => accepted.filter((u) => u >= t && u < t + 1_000).length),
    );
    expect(maxInWindow).toBeLessThanOrEqual(8);
    expect(
      (a.status().budget?.rateLimitedTotal ?? 0) + (b.status().budget?.rateLimitedTotal ?? 0),
    ).toBeGreaterThan(0);
  });
});
