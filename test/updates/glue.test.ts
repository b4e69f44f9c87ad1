// index.ts with a policy that turns updates on, on the stand-in `electron` module: the station
// makes its id once, answers getUpdate, and reads what it was doing as the quit begins.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type * as StandIn from '../support/electron-stand-in.ts';
import { channelOf } from '../../src/shared/ipc/channels.ts';

vi.mock('electron', async () => (await import('../support/electron-stand-in.ts')).electron);
vi.mock('../../src/main/platform/keychain.ts', async () => {
  const { memoryKeychain } = await import('../outbox/helpers.ts');
  return { NativeKeychain: memoryKeychain };
});

let stand: typeof StandIn.stand;
let dir: string;
const own = { sender: { id: 7 }, senderFrame: { url: 'app://packbench/index.html' } };

beforeAll(async () => {
  const standIn = await import('../support/electron-stand-in.ts');
  stand = standIn.stand;
  standIn.standInForRequire();
  dir = mkdtempSync(join(tmpdir(), 'packbench-updates-glue-'));
  stand.dataDir = join(dir, 'data');
  const policy = join(dir, 'policy.json');
  writeFileSync(
    policy,
    JSON.stringify({
      updates: { enabled: true, url: 'https://updates.example/packbench/', channel: 'beta' },
    }),
  );
  vi.stubEnv('PACKBENCH_POLICY', policy);
  vi.stubEnv('XDG_CACHE_HOME', join(dir, 'cache'));
  await import('../../src/main/index.ts');
  stand.ready();
  await vi.waitFor(() => expect(stand.windows).toHaveLength(1), { timeout: 10_000 });
});

afterAll(async () => {
  await stand.emit('will-quit');
  vi.unstubAllEnvs();
  rmSync(dir, { recursive: true, force: true });
});

describe('updates in the Electron glue', () => {
  it('keeps a station id in the data folder and answers getUpdate', async () => {
    const id = readFileSync(join(stand.dataDir, 'station-id'), 'utf8').trim();
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    const getUpdate = stand.handlers.get(channelOf('getUpdate'));
    if (!getUpdate) throw new Error('getUpdate is not handled');
    // On, and nothing checked yet: the first check waits two minutes after the start.
    expect(await getUpdate(own, undefined)).toEqual({ ok: true, value: { state: 'idle' } });
  });

  it('reads the station at before-quit and does nothing at quit with no update ready', async () => {
    await stand.emit('before-quit');
    await stand.emit('quit');
    expect(stand.quits).toBe(0);
    expect(stand.relaunches).toBe(0);
  });
});
