// Settings → "Stations sharing this key", through the station core as the window uses it: the
// settings file and the keychain, the Test button against real redis-servers (plain, with a
// password, with TLS), and whole station cores on one sandbox key coordinating through Redis.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { CoordinationError } from '../../src/main/budget/coordination-error.ts';
import {
  createStationCore,
  type StationCore,
  type StationCoreOptions,
} from '../../src/main/core/station-core.ts';
import { toAppError } from '../../src/main/core/errors-to-result.ts';
import {
  COORDINATION_PASSWORD_ACCOUNT,
  coordinationInputSchema,
} from '../../src/shared/coordination.ts';
import { startSandbox, type RunningSandbox } from '../../src/sandbox/index.ts';
import { memoryKeychain, stationFor, tempDir } from '../outbox/helpers.ts';
import { PrivateRedis } from '../support/private-redis.ts';
import { until } from './support.ts';

let sandbox: RunningSandbox;
let plain: PrivateRedis;
const opened: { core: StationCore; remove: () => void }[] = [];

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0 });
  plain = await PrivateRedis.start();
});
afterAll(async () => {
  await plain.stop();
  await sandbox.close();
});
afterEach(async () => {
  for (const { core, remove } of opened.splice(0)) {
    await core.close();
    remove();
  }
});

/** Short windows and polls, so a lost Redis is noticed in tenths of a second. */
const quick: StationCoreOptions['sharedBudget'] = {
  windowMs: 2000,
  pollMs: 40,
  waitTtlMs: 300,
  settleMs: 200,
  heartbeatMs: 100,
  commandTimeoutMs: 200,
};

async function station(options: Partial<StationCoreOptions> = {}) {
  const dir = tempDir('packbench-coordination-');
  const core = await stationFor(sandbox, dir.path, { sharedBudget: quick, ...options });
  opened.push({ core, remove: dir.remove });
  return { core, dir: dir.path };
}

/** One budgeted request through the active client. */
async function oneRequest(core: StationCore): Promise<void> {
  const api = await core.api();
  await api.getOrder('ORD-NOPE').catch(() => undefined);
}

describe('Stations sharing this key', () => {
  it('without a Redis address the station budgets alone, exactly as before', async () => {
    const { core, dir } = await station();
    await oneRequest(core);
    expect(core.status().budget?.coordination).toBeNull();
    expect(await core.coordinationView()).toEqual({
      settings: { url: null, ca: null },
      passwordSet: false,
      recoveredFrom: null,
      state: null,
    });
    expect(readdirSync(dir)).not.toContain('coordination.json');
  });

  it('keeps the address in coordination.json and the password only in the keychain; two stations on one key see each other', async () => {
    const locked = await PrivateRedis.start({ password: 'warehouse%41secret-9f3' });
    try {
      const keychain = memoryKeychain();
      const a = await station({ keychain });
      const b = await station();
      await a.core.saveCoordination({
        url: locked.url,
        ca: null,
        password: 'warehouse%41secret-9f3',
      });
      await b.core.saveCoordination({
        url: locked.url,
        ca: null,
        password: 'warehouse%41secret-9f3',
      });
      await oneRequest(a.core);
      await oneRequest(b.core);
      await until(
        () => a.core.status().budget?.coordination?.stations === 2,
        'station a to see station b',
      );
      expect(a.core.status().budget?.coordination).toEqual({
        coordination: 'shared',
        stations: 2,
        share: 49,
      });
      const file = readFileSync(join(a.dir, 'coordination.json'), 'utf8');
      expect(JSON.parse(file)).toEqual({ url: locked.url, ca: null });
      expect(file).not.toContain('warehouse%41secret');
      expect(await keychain.get(COORDINATION_PASSWORD_ACCOUNT)).toBe('warehouse%41secret-9f3');
      expect((await a.core.coordinationView()).passwordSet).toBe(true);
      // A failure that echoes the password leaves main with it masked.
      const echoed = toAppError(new Error('AUTH warehouse%41secret-9f3 failed'), a.core.redact);
      expect(echoed.message).not.toContain('warehouse%41secret-9f3');
      // Removing the password: the keychain forgets it, Redis then refuses and the station
      // says coordination is lost instead of failing its work.
      await a.core.saveCoordination({ url: locked.url, ca: null, password: null });
      expect(await keychain.get(COORDINATION_PASSWORD_ACCOUNT)).toBeNull();
      await oneRequest(a.core);
      expect(a.core.status().budget?.coordination?.coordination).toBe('lost');
    } finally {
      await locked.stop();
    }
  });

  it('never shares the embedded sandbox: each station has its own, with its own limit', async () => {
    const dir = tempDir('packbench-coordination-');
    const core = await createStationCore({
      dataDir: dir.path,
      keychain: memoryKeychain(),
      health: { intervalMs: 60_000 },
      sharedBudget: quick,
    });
    opened.push({ core, remove: dir.remove });
    await core.saveCoordination({ url: plain.url, ca: null });
    expect(core.profiles.active().baseUrl).toBeNull();
    await oneRequest(core);
    expect(core.status().budget?.coordination).toBeNull();
    expect((await core.coordinationView()).settings.url).toBe(plain.url);
  });

  it('refuses an address that is not redis:// or rediss://, one with a password inside, and a CA that is not PEM, each with its own sentence', () => {
    const sentence = (input: unknown) => {
      const parsed = coordinationInputSchema.safeParse(input);
      if (parsed.success) return null;
      return parsed.error.issues.map(
        (issue) => (issue as { params?: { messageKey?: string } }).params?.messageKey,
      );
    };
    expect(sentence({ url: 'http://redis.lan:6379', ca: null })).toEqual([
      'coordination.errors.url',
    ]);
    expect(sentence({ url: 'redis://:hunter2@redis.lan:6379', ca: null })).toEqual([
      'coordination.errors.passwordInUrl',
    ]);
    expect(sentence({ url: 'redis://redis.lan:6379/cache', ca: null })).toEqual([
      'coordination.errors.database',
    ]);
    expect(sentence({ url: 'redis://redis.lan', ca: 'not a certificate' })).toEqual([
      'coordination.errors.ca',
    ]);
    expect(sentence({ url: 'rediss://default@redis.lan:6380/2', ca: null })).toBeNull();
    expect(sentence({ url: null, ca: null })).toBeNull();
  });

  it('Test shows the latency, the server and the stations active on the key, and names each failure', async () => {
    const { core } = await station();
    const other = await station();
    await other.core.saveCoordination({ url: plain.url, ca: null });
    await oneRequest(other.core);
    const result = await core.testCoordination({ url: plain.url, ca: null });
    expect(result.server).toMatch(/^(redis|valkey) \d+\.\d+/);
    expect(result.latencyMs).toBeGreaterThanOrEqual(0);
    // The other station is active on this key; this one has not joined (it only tested).
    expect(result.stations).toBe(1);
    expect(core.status().budget?.coordination ?? null).toBeNull();

    const failure = async (input: { url: string; ca?: string | null; password?: string }) => {
      try {
        await core.testCoordination({ ca: null, ...input });
      } catch (error) {
        expect(error).toBeInstanceOf(CoordinationError);
        const appError = toAppError(error, core.redact);
        expect(appError.messageKey).toBe(
          `errors.coordination.${(error as CoordinationError).code}`,
        );
        return (error as CoordinationError).code;
      }
      return 'answered';
    };
    const gone = await PrivateRedis.start();
    const goneUrl = gone.url;
    await gone.stop();
    expect(await failure({ url: goneUrl })).toBe('unreachable');
    const locked = await PrivateRedis.start({ password: 'right' });
    const notRedis = await httpLookalike();
    try {
      expect(await failure({ url: locked.url, password: 'wrong' })).toBe('auth');
      expect(await failure({ url: locked.url })).toBe('auth');
      expect(await failure({ url: locked.url, password: 'right' })).toBe('answered');
      const address = notRedis.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      expect(await failure({ url: `redis://127.0.0.1:${port}` })).toBe('not-redis');
    } finally {
      await locked.stop();
      await new Promise((resolve) => notRedis.close(resolve));
    }
  });

  it('speaks TLS for rediss://, trusting a private CA given as PEM, and refuses a certificate it cannot check', async () => {
    const secure = await PrivateRedis.start({ tls: true });
    try {
      const { core } = await station();
      const ca = secure.caPem ?? '';
      const ok = await core.testCoordination({ url: secure.tlsUrl, ca });
      expect(ok.server).toMatch(/^redis /);
      await expect(core.testCoordination({ url: secure.tlsUrl, ca: null })).rejects.toMatchObject({
        code: 'tls',
      });
      // The station itself coordinates over TLS.
      await core.saveCoordination({ url: secure.tlsUrl, ca });
      await oneRequest(core);
      expect(core.status().budget?.coordination?.coordination).toBe('shared');
    } finally {
      await secure.stop();
    }
  });

  it('says "coordination lost" when Redis goes away, keeps working on its share, and comes back by itself', async () => {
    const redis = await PrivateRedis.start();
    try {
      const { core } = await station();
      await core.saveCoordination({ url: redis.url, ca: null });
      await oneRequest(core);
      expect(core.status().budget?.coordination?.coordination).toBe('shared');
      await redis.kill();
      await until(
        () => core.status().budget?.coordination?.coordination === 'lost',
        'the status to say coordination lost',
      );
      // Work goes on, on the station's share (one station: the whole cap but the margin).
      const api = await core.api();
      const order = Object.keys(sandbox.state.companies['acme']?.orders ?? {})[0] ?? 'ORD-1';
      await expect(api.getOrder(order)).resolves.toBeTruthy();
      await redis.restart();
      await until(
        () => core.status().budget?.coordination?.coordination === 'shared',
        'the status to say shared again',
      );
    } finally {
      await redis.stop();
    }
  });

  it('moves queued work onto Redis when saved mid-drain: every upload delivered once', async () => {
    const { core } = await station();
    const profileId = core.profiles.active().id;
    const skus = Array.from({ length: 30 }, (_, i) => `COORD-MOVE-${Date.now()}-${i}`);
    for (const sku of skus)
      core.outbox.enqueue({
        profileId,
        kind: 'product.create',
        payload: { product: { sku, name: 'moved' } },
      });
    await core.saveCoordination({ url: plain.url, ca: null });
    await core.outbox.idle(profileId, 60_000);
    expect(core.outbox.snapshot(profileId).counts.done).toBeGreaterThanOrEqual(30);
    const products = Object.values(sandbox.state.companies['acme']?.products ?? {});
    for (const sku of skus) expect(products.filter((p) => p.sku === sku)).toHaveLength(1);
    expect(core.status().budget?.coordination?.coordination).toBe('shared');
  });

  it('sets a damaged coordination.json aside byte for byte and starts alone, saying so', async () => {
    const dir = tempDir('packbench-coordination-');
    const damaged = '{"url": "redis://\u0000';
    writeFileSync(join(dir.path, 'coordination.json'), damaged);
    const core = await stationFor(sandbox, dir.path);
    opened.push({ core, remove: dir.remove });
    const view = await core.coordinationView();
    expect(view.settings).toEqual({ url: null, ca: null });
    expect(view.recoveredFrom).toMatch(/coordination\.json\.damaged-/);
    expect(readFileSync(view.recoveredFrom ?? '', 'utf8')).toBe(damaged);
    expect(core.status().budget?.coordination ?? null).toBeNull();
  });
});

/** A TCP server that answers like a web server: something, but not Redis. */
async function httpLookalike(): Promise<Server> {
  const server = createServer((socket) => {
    socket.on('data', () => {
      socket.end('HTTP/1.1 400 Bad Request\r\nContent-Length: 0\r\n\r\n');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  return server;
}
