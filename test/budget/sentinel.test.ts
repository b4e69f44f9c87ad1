// The shared budget under Redis Sentinel (issue #42), against real processes of the tests' own: a
// primary, a replica and three of Debian's redis-sentinel on loopback ports (private-sentinel.ts),
// with Sentinel calling a silent primary down after 500 ms. The primary is SIGKILLed mid-shift,
// the Sentinels promote the replica, the stations follow it; then the old primary comes back and
// Sentinel makes it a replica. Every grant is recorded by Redis TIME (one machine, one clock).
import { Redis } from 'ioredis';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { CoordinationError } from '../../src/main/budget/coordination-error.ts';
import { budgetKeyPrefix, type CoordinationState } from '../../src/main/budget/shared-budget.ts';
import { testConnection } from '../../src/main/budget/test-connection.ts';
import { freePort } from '../support/free-port.ts';
import { PrivateSentinel } from '../support/private-sentinel.ts';
import { transitions, until, Warehouse } from './support.ts';

const password = 'sentinel-test-secret';
let sentinel: PrivateSentinel;
let warehouse: Warehouse | null = null;

beforeAll(async () => {
  sentinel = await PrivateSentinel.start({ password });
}, 30_000);
afterAll(async () => {
  await sentinel.stop();
});
afterEach(async () => {
  await warehouse?.close();
  warehouse = null;
});

async function windowOn(port: number, companyKey: string): Promise<string[]> {
  const admin = new Redis({ host: '127.0.0.1', port, password, lazyConnect: true });
  try {
    await admin.connect();
    return await admin.zrange(
      `${budgetKeyPrefix('https://sandbox.test', companyKey)}window`,
      '0',
      '-1',
    );
  } finally {
    admin.disconnect();
  }
}

describe('the shared budget under Redis Sentinel', () => {
  it('keeps granting on its own pace when the primary is SIGKILLed, follows the promoted replica at once (no settle), and bursts, doubles or loses nothing', async () => {
    const windowMs = 1500;
    const limit = 12;
    warehouse = new Warehouse({
      url: sentinel.url,
      password,
      environment: 'https://sandbox.test',
      companyKey: `key-${Math.random()}`,
      limit,
      margin: 2,
      windowMs,
      interactiveReserve: 0,
      pollMs: 40,
      waitTtlMs: 400,
      // How long a server that came back empty holds everyone: a promoted replica must not.
      settleMs: 1500,
      commandTimeoutMs: 200,
    });
    const w = warehouse;
    const stations = ['a', 'b', 'c'].map((name) => w.station(name));
    const states: CoordinationState[] = [];
    stations[0]?.subscribe((state) => states.push(state));
    // A shift's worth of work at each station: more than three windows of the budget.
    const work = stations.flatMap((station, s) =>
      Array.from({ length: 12 }, (_, i) =>
        station.acquire(i % 5 === s ? 'interactive' : 'background'),
      ),
    );
    await until(() => w.grants.length >= 10, 'the first window through the primary');
    const former = await sentinel.killPrimary();
    await until(
      () => stations.every((s) => s.state().coordination === 'lost'),
      'every station saying coordination is lost',
    );
    // The stations keep packing on their own while the Sentinels decide: each reuses its own
    // slots as they free (the primary refused them, so no station is granted through Redis).
    await until(
      () => w.grants.some((g) => g.mode === 'local'),
      'a grant on the local share during the failover',
    );
    const newPort = await sentinel.promoted(former.port);
    await until(
      () => stations.every((s) => s.state().coordination === 'shared'),
      'every station following the promoted replica',
      20_000,
    );
    // The new primary went on from the old one's window (replicated): it did not hold everyone
    // as a server that came back empty does (its settle marker would live 1.5 s from the first
    // station's contact, a moment ago), and grants go on through it at once.
    const prefix = budgetKeyPrefix('https://sandbox.test', w.companyKey);
    const admin = new Redis({ host: '127.0.0.1', port: newPort, password });
    try {
      expect(await admin.pttl(`${prefix}settle`)).toBe(-2);
      expect(await admin.get(`${prefix}boot`)).toMatch(/^[0-9a-f]{40}$/);
    } finally {
      admin.disconnect();
    }
    await Promise.all(work);
    expect(transitions(states)).toEqual(['shared', 'lost', 'shared']);
    expect(w.grants).toHaveLength(36);
    expect(new Set(w.grants.map((g) => g.id)).size).toBe(36);
    // Across the kill, the failover and the follow, no window holds more than the limit.
    expect(w.busiestWindow(windowMs)).toBeLessThanOrEqual(limit);
    // The new primary's window has this last window's grants, counted once each.
    const last = Math.max(...w.grants.map((g) => g.serverMs));
    const recent = w.grants.filter((g) => g.serverMs > last - windowMs / 2);
    const window = await windowOn(newPort, w.companyKey);
    for (const grant of recent) expect(window).toContain(grant.id);
    expect(new Set(window).size).toBe(window.length);
    // The next grant goes through the promoted replica. (On a busy machine the shift's work can
    // all be done on the local shares before the promotion, so it is asked for here.)
    const [first] = stations;
    if (!first) throw new Error('three stations were opened');
    (await first.acquire('interactive'))();
    expect(w.grants.at(-1)?.mode).toBe('shared');

    // The old primary comes back as a replica of the new one, and the stations stay where they
    // are, granting through the new primary.
    await sentinel.bringBack(former);
    const [, second] = stations;
    if (!second) throw new Error('three stations were opened');
    (await second.acquire('interactive'))();
    expect(w.grants.at(-1)?.mode).toBe('shared');
    expect(stations.every((s) => s.state().coordination === 'shared')).toBe(true);
    const id = w.grants.at(-1)?.id ?? '';
    await until(
      async () => (await windowOn(former.port, w.companyKey)).includes(id),
      'the old primary replicating the new window',
    );
  }, 60_000);

  it('Test connects through the Sentinels, and names a master they do not know, a wrong password and Sentinels that are not there', async () => {
    const input = {
      url: sentinel.url,
      password,
      stationsKey: `${budgetKeyPrefix('https://sandbox.test', 'nobody')}stations`,
      activeMs: 30_000,
    };
    const result = await testConnection(input);
    expect(result.server).toMatch(/^redis \d+\.\d+/);
    expect(result.stations).toBe(0);
    const code = (error: unknown) => (error instanceof CoordinationError ? error.code : error);
    await expect(
      testConnection({ ...input, url: sentinel.url.replace(/\/mymaster$/, '/elsewhere') }).catch(
        code,
      ),
    ).resolves.toBe('no-master');
    await expect(testConnection({ ...input, password: 'wrong' }).catch(code)).resolves.toBe('auth');
    const nobody = await freePort();
    await expect(
      testConnection({ ...input, url: `redis+sentinel://127.0.0.1:${nobody}/mymaster` }).catch(
        code,
      ),
    ).resolves.toBe('unreachable');
  });
});
