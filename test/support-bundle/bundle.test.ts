import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStationCore, type StationCore } from '../../src/main/core/station-core.ts';
import { buildBundle } from '../../src/main/support/bundle.ts';
import { COORDINATION_PASSWORD_ACCOUNT } from '../../src/shared/coordination.ts';
import { invoker, registerTestHandlers } from '../support/test-handlers.ts';
import { memoryKeychain, tempDir, useTestProfile } from '../outbox/helpers.ts';
import { startHostileApi, type HostileApi } from '../security/hostile-api.ts';
import { echoOfKey, keyForms } from '../security/key-forms.ts';
import { OPERATIONS, outcome } from '../security/operations.ts';

// Help → Save support bundle, through the real handlers of a real StationCore that has held two
// keys (one replaced) and read the Redis password, after a hostile server echoed the key back.
// The zip is read by `unzip` and Python's zipfile, not by the code that wrote it.

const OLD_KEY = 'live+Ky/7f3a9c2e4f2a=b81d0e6c';
const NEW_KEY = 'live_Nw9Qx2Lm5Rt8Vb3Kp7Zs';
const REDIS_PASSWORD = 'redis-Pw/8841+secret=k9';
/** The key of a profile never used since the start: only the keychain knows it. */
const IDLE_KEY = 'idle_Hq4Wm8Tz2Ny6Rc1Vx5Lb';

const ls = (file: string) => {
  const result = spawnSync('unzip', ['-Z1', file], { encoding: 'utf8' });
  expect(result.status, result.stderr).toBe(0);
  return result.stdout.split('\n').filter(Boolean);
};
const readAll = (file: string) => {
  const script = `
import json, sys, zipfile
with zipfile.ZipFile(sys.argv[1]) as z:
    assert z.testzip() is None
    print(json.dumps({i.filename: z.read(i).decode("latin-1") for i in z.infolist()}))
`;
  const result = spawnSync('python3', ['-c', script, file], { encoding: 'utf8' });
  expect(result.status, result.stderr).toBe(0);
  return JSON.parse(result.stdout) as Record<string, string>;
};

let hostile: HostileApi;
let core: StationCore;
let dir: { path: string; remove: () => void };
const registered = new Map();
const { unwrap } = invoker(registered);

beforeAll(async () => {
  hostile = await startHostileApi(OLD_KEY, 'extra-fields');
  dir = tempDir('packbench-support-window-');
  const keychain = memoryKeychain();
  await keychain.set(COORDINATION_PASSWORD_ACCOUNT, REDIS_PASSWORD);
  core = await createStationCore({
    dataDir: join(dir.path, 'data'),
    keychain,
    budget: { limit: 100_000 },
    health: { intervalMs: 60_000, retryMs: 100 },
    timeoutMs: 5_000,
  });
  registerTestHandlers({ core, registered, isTrustedSender: () => true });
  const profile = await useTestProfile(core, hostile.url, OLD_KEY);
  await core.coordinationView(); // reads (and notes) the Redis password
  for (const mode of ['error:422', 'extra-fields', 'not-json'] as const) {
    hostile.mode = mode;
    const api = await core.api();
    for (const call of Object.values(OPERATIONS)) await outcome(() => call(api));
  }
  await core.setKey(profile.id, NEW_KEY); // the old key is one the station has held
  const idle = await core.profiles.create({
    name: 'Idle',
    environment: 'test',
    baseUrl: hostile.url,
  });
  await keychain.set(idle.id, IDLE_KEY);
  // Where a bug could have left the secrets: startup.log and a settings file.
  const data = join(dir.path, 'data');
  mkdirSync(join(data, 'logs'), { recursive: true });
  writeFileSync(
    join(data, 'logs', 'startup.log'),
    `failed ${echoOfKey(OLD_KEY)} ${echoOfKey(NEW_KEY)} ${echoOfKey(REDIS_PASSWORD)} ${echoOfKey(IDLE_KEY)}\n`,
  );
  writeFileSync(join(data, 'aliases.json'), JSON.stringify({ note: echoOfKey(NEW_KEY) }));
});
afterAll(async () => {
  await core.close();
  await hostile.close();
  dir.remove();
});

describe('Help → Save support bundle', () => {
  it('previews the files it saves, and the zip holds exactly those', async () => {
    const preview = await unwrap('previewSupportBundle', undefined);
    const saved = await unwrap('saveSupportBundle', undefined);
    expect(saved.fileName).toMatch(/^packbench-support-\d{4}-\d\d-\d\dT[\d-]+Z\.zip$/);
    expect(saved.entries.map((e) => e.name)).toEqual(preview.entries.map((e) => e.name));
    const file = join(dir.path, saved.fileName);
    writeFileSync(file, saved.zip);
    expect(saved.bytes).toBe(saved.zip.length);
    expect(ls(file)).toEqual(saved.entries.map((e) => e.name));
    expect(ls(file)).toEqual(
      expect.arrayContaining([
        'versions.json',
        'policy.json',
        'queues.json',
        'health.json',
        'logs/station.log',
        'logs/startup.log',
        'settings/profiles.json',
        'settings/aliases.json',
        'manifest.json',
      ]),
    );
  });

  it('holds no form of any key the station held, nor of the Redis password', async () => {
    const saved = await unwrap('saveSupportBundle', undefined);
    const file = join(dir.path, 'scan.zip');
    writeFileSync(file, saved.zip);
    const entries = readAll(file);
    const leaks = Object.entries(entries).flatMap(([name, text]) =>
      Object.entries({ OLD_KEY, NEW_KEY, REDIS_PASSWORD, IDLE_KEY }).flatMap(([which, secret]) =>
        keyForms(secret)
          .filter((form) => text.includes(form))
          .map((form) => `${name}: ${which} as ${form}`),
      ),
    );
    expect(leaks).toEqual([]);
    // The logs are in it, masked where the key was.
    const log = entries['logs/station.log'] ?? '';
    // (One more: the embedded sandbox's health check at start, before the test profile.)
    expect(
      log.split('\n').filter((l) => l.includes('"event":"api.request"')).length,
    ).toBeGreaterThanOrEqual(hostile.seen.length);
    expect(entries['logs/startup.log']).toContain(
      Buffer.from('••••0e6c', 'utf8').toString('latin1'),
    );
    expect(JSON.parse(entries['versions.json'] ?? '{}')).toMatchObject({ packbench: 'test' });
  });
});

describe('the bundle’s size cap', () => {
  it('stays under the cap by leaving out the oldest log lines first', () => {
    const small = tempDir('packbench-support-cap-');
    try {
      mkdirSync(join(small.path, 'logs'));
      const line = (n: number) => JSON.stringify({ n, pad: 'x'.repeat(200) });
      // 3 files × 1,000 lines of ~220 bytes: ~660 KB of logs through a 256 KB cap.
      for (const [index, name] of ['station.2.log', 'station.1.log', 'station.log'].entries())
        writeFileSync(
          join(small.path, 'logs', name),
          Array.from({ length: 1_000 }, (_, i) => line(index * 1_000 + i)).join('\n') + '\n',
        );
      const cap = 256 * 1024;
      const bundle = buildBundle({
        dataDir: small.path,
        redact: (text) => text,
        now: Date.parse('2026-11-26T09:00:00Z'),
        versions: {},
        policy: null,
        capBytes: cap,
      });
      expect(bundle.zip.length).toBeLessThanOrEqual(cap);
      const contents = bundle.entries.reduce((sum, e) => sum + e.bytes, 0);
      expect(contents).toBeLessThanOrEqual(cap);
      expect(bundle.trimmedLogLines).toBeGreaterThan(1_000);
      const file = join(small.path, 'cap.zip');
      writeFileSync(file, bundle.zip);
      const entries = readAll(file);
      const kept = ['logs/station.2.log', 'logs/station.1.log', 'logs/station.log']
        .flatMap((name) => (entries[name] ?? '').split('\n').filter(Boolean))
        .map((text) => (JSON.parse(text) as { n: number }).n);
      // The newest line is there, the run is unbroken, and what is missing is the oldest.
      expect(kept.at(-1)).toBe(2_999);
      kept.forEach((n, i) => expect(n).toBe((kept[0] ?? -1) + i));
      expect(kept[0]).toBe(bundle.trimmedLogLines);
      expect(JSON.parse(entries['manifest.json'] ?? '{}')).toMatchObject({
        capBytes: cap,
        trimmedLogLines: bundle.trimmedLogLines,
      });
    } finally {
      small.remove();
    }
  });
});
