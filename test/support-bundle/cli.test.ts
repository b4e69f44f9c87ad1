import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/main/outbox/database.ts';
import { nodeFs } from '../../src/main/platform/station-fs.ts';
import { NativeKeychain } from '../../src/main/platform/keychain.ts';
import { COORDINATION_PASSWORD_ACCOUNT } from '../../src/shared/coordination.ts';
import { createStationCore } from '../../src/main/core/station-core.ts';
import { echoOfKey, keyForms } from '../security/key-forms.ts';
import { memoryKeychain, tempDir } from '../outbox/helpers.ts';

// The support-bundle command as IT runs it over SSH: a separate process, on a data folder whose
// files hold the station's secrets in every form we know (planted where a bug could have left
// them), with the keys and the Redis password in the (test session's) keychain. The zip is
// read back by Python's zipfile, a reader of its own, and every entry scanned.

const ROOT = join(import.meta.dirname, '../..');
const run = (args: string[], cwd: string) =>
  new Promise<{ status: number | null; stdout: string; stderr: string }>((done) => {
    const child = spawn(process.execPath, [join(ROOT, 'src/main/station-cli.ts'), ...args], {
      cwd: ROOT,
      env: { ...process.env, INIT_CWD: cwd },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('close', (status) => done({ status, stdout, stderr }));
  });

/** Python's zipfile: each entry's name, size and bytes (hex), read without fflate. */
function unzipWithPython(file: string): { name: string; size: number; text: string }[] {
  const script = `
import json, sys, zipfile
with zipfile.ZipFile(sys.argv[1]) as z:
    assert z.testzip() is None
    print(json.dumps([{"name": i.filename, "size": i.file_size, "hex": z.read(i).hex()} for i in z.infolist()]))
`;
  const result = spawnSync('python3', ['-c', script, file], { encoding: 'utf8' });
  expect(result.status, result.stderr).toBe(0);
  return (JSON.parse(result.stdout) as { name: string; size: number; hex: string }[]).map(
    (entry) => ({
      name: entry.name,
      size: entry.size,
      text: Buffer.from(entry.hex, 'hex').toString('latin1'),
    }),
  );
}

const KEY_A = 'live+Ky/7f3a9c2e4f2a=b81d0e6c';
const KEY_B = 'sk_live_Zq8vW2n4Xb7Tp1Lr9Hd3';
const REDIS_PASSWORD = 'redis-Pw/8841+secret=k9';
const SECRETS = { KEY_A, KEY_B, REDIS_PASSWORD };
const ACCOUNT_A = 'profile-cli-a';
const ACCOUNT_B = 'profile-cli-b';

let dir: { path: string; remove: () => void };
let dataDir: string;
const keychain = new NativeKeychain();

beforeAll(async () => {
  dir = tempDir('packbench-support-cli-');
  dataDir = join(dir.path, 'data');
  mkdirSync(join(dataDir, 'logs'), { recursive: true });
  await keychain.set(ACCOUNT_A, KEY_A);
  await keychain.set(ACCOUNT_B, KEY_B);
  await keychain.set(COORDINATION_PASSWORD_ACCOUNT, REDIS_PASSWORD);
  const echo = (secret: string) => `${echoOfKey(secret)} ${secret.toUpperCase()}`;
  const profile = (id: string, name: string) => ({
    id,
    name,
    environment: 'test',
    baseUrl: `https://api.example/?note=${encodeURIComponent(KEY_A)}`,
    apiVersion: 'v1.1',
    overrides: {},
    apiKey: KEY_B,
  });
  writeFileSync(
    join(dataDir, 'profiles.json'),
    JSON.stringify({
      version: 1,
      activeProfileId: ACCOUNT_A,
      profiles: [profile(ACCOUNT_A, 'Bench A'), profile(ACCOUNT_B, 'Bench B')],
    }),
  );
  writeFileSync(
    join(dataDir, 'coordination.json'),
    JSON.stringify({
      url: `rediss://packbench:${REDIS_PASSWORD}@redis.example:6380`,
      password: REDIS_PASSWORD,
      note: echo(REDIS_PASSWORD),
    }),
  );
  writeFileSync(
    join(dataDir, 'printer.json'),
    '{"target": "tcp://10.0.0.9:9100", "token": "t0k3n-printer-xyz"',
  );
  writeFileSync(join(dataDir, 'pack.json'), JSON.stringify({ note: echo(KEY_B) }));
  writeFileSync(
    join(dataDir, 'logs', 'station.log'),
    [
      JSON.stringify({ event: 'health.state', state: 'up' }),
      JSON.stringify({ event: 'bug', said: echo(KEY_A) }),
      JSON.stringify({ event: 'bug', said: echo(REDIS_PASSWORD) }),
      // A library's error logged as it came: password-like fields at any depth.
      JSON.stringify({
        msg: 'proxy login refused',
        password: 'LOG-PW-1',
        err: { authToken: 'LOG-PW-2' },
      }),
      'proxy said: user=packer password=LOG-PW-3 token="LOG-PW-4" next',
      `a damaged line {"event":"bug","passphrase": "LOG-PW-5"`,
    ].join('\n') + '\n',
  );
  writeFileSync(
    join(dataDir, 'logs', 'startup.log'),
    `start failed: ${echo(KEY_B)}\n${JSON.stringify({ msg: 'proxy login refused', password: 'LOG-PW-6' })}\n`,
  );
  const db = openDatabase(join(dataDir, 'outbox.sqlite'), nodeFs);
  const insert = db.prepare(
    `INSERT INTO jobs (id, profile_id, kind, sequence_key, idempotency_key, payload, state, attempts,
     next_attempt_at, last_error, created_at, updated_at) VALUES (?, ?, 'product.create', ?, ?, ?, ?, 1, 0, ?, 0, 0)`,
  );
  insert.run(
    'J-1',
    ACCOUNT_A,
    's1',
    'i1',
    JSON.stringify({ secretPayload: 'PAYLOAD-MARK' }),
    'failed',
    JSON.stringify({ family: 'http', code: 'rejected', message: `Rejected ${echo(KEY_A)}` }),
  );
  insert.run('J-2', ACCOUNT_B, 's2', 'i2', '{"p":"PAYLOAD-MARK"}', 'queued', null);
  db.close();
});
afterAll(async () => {
  for (const account of [ACCOUNT_A, ACCOUNT_B, COORDINATION_PASSWORD_ACCOUNT])
    await keychain.delete(account).catch(() => false);
  dir.remove();
});

describe('npm run -s station -- support-bundle, as a separate process', () => {
  it("writes the bundle (relative paths are the caller's) and --json names every entry", async () => {
    const before = readdirSync(dataDir, { recursive: true }).sort();
    const result = await run(
      ['support-bundle', '--data-dir', 'data', '--out', 'b.zip', '--json'],
      dir.path,
    );
    // Read-only: nothing created or removed in the data folder (no -wal or -shm beside the outbox).
    expect(readdirSync(dataDir, { recursive: true }).sort()).toEqual(before);
    expect([result.status, result.stderr]).toEqual([0, '']);
    const printed = JSON.parse(result.stdout) as {
      file: string;
      bytes: number;
      entries: { name: string; bytes: number }[];
    };
    expect(Object.keys(printed).sort()).toEqual(['bytes', 'entries', 'file']);
    expect(printed.file).toBe(join(dir.path, 'b.zip'));
    expect(printed.bytes).toBe(readFileSync(printed.file).length);
    const entries = unzipWithPython(printed.file);
    expect(entries.map((e) => ({ name: e.name, bytes: e.size }))).toEqual(printed.entries);
    expect(entries.map((e) => e.name).sort()).toEqual(
      [
        'health.json',
        'logs/startup.log',
        'logs/station.log',
        'manifest.json',
        'policy.json',
        'queues.json',
        'settings/coordination.json',
        'settings/pack.json',
        'settings/printer.json',
        'settings/profiles.json',
        'versions.json',
      ].sort(),
    );
    // Every form of every secret, in every entry: none.
    const leaks = entries.flatMap((entry) =>
      Object.entries(SECRETS).flatMap(([name, secret]) =>
        keyForms(secret)
          .filter((form) => entry.text.includes(form))
          .map((form) => `${entry.name}: ${name} as ${form}`),
      ),
    );
    expect(leaks).toEqual([]);
    const all = entries.map((e) => e.text).join('\n');
    expect(all).not.toContain('PAYLOAD-MARK');
    expect(all).not.toContain('t0k3n-printer-xyz');
    // Password-like fields in JSON log lines, and password-like pairs in text lines: emptied.
    expect(all).not.toMatch(/LOG-PW-\d/);
    const stationLog = entries.find((e) => e.name === 'logs/station.log')?.text ?? '';
    expect(stationLog).toContain('{"msg":"proxy login refused","password":"[removed]"');
    expect(stationLog).toContain('user=packer password=[removed] token=[removed] next');
    // What support needs is still there: the counts, the failed job's (masked) error, the logs.
    const queues = JSON.parse(entries.find((e) => e.name === 'queues.json')?.text ?? '{}') as {
      outbox: { counts: Record<string, number>; failed: { id: string; error: unknown }[] };
    };
    expect(queues.outbox.counts).toEqual({ failed: 1, queued: 1 });
    expect(queues.outbox.failed.map((f) => f.id)).toEqual(['J-1']);
    expect(JSON.stringify(queues.outbox.failed[0]?.error)).toContain('Rejected');
    expect(entries.find((e) => e.name === 'health.json')?.text).toContain('"state": "up"');
  });

  it('exit 1 with a sentence and nothing written for a missing data folder or an unwritable output', async () => {
    const missing = await run(
      ['support-bundle', '--data-dir', 'nowhere', '--out', 'm.zip'],
      dir.path,
    );
    expect(missing.status).toBe(1);
    expect(missing.stderr).toMatch(
      /^The data folder .*nowhere does not exist: nothing was written\.\n$/,
    );
    const unwritable = await run(
      ['support-bundle', '--data-dir', 'data', '--out', 'no/such/folder/u.zip', '--json'],
      dir.path,
    );
    expect(unwritable.status).toBe(1);
    expect(unwritable.stdout).toBe('');
    expect(unwritable.stderr).toMatch(
      /^Cannot write .*u\.zip \(ENOENT: its folder does not exist\): nothing was written\.\n$/,
    );
    // The folder part of --out is a regular file: one sentence, no stack trace.
    writeFileSync(join(dir.path, 'notes.txt'), 'kept as it was\n');
    const notAFolder = await run(
      ['support-bundle', '--data-dir', 'data', '--out', 'notes.txt/b.zip'],
      dir.path,
    );
    expect([notAFolder.status, notAFolder.stdout]).toEqual([1, '']);
    expect(notAFolder.stderr).toMatch(
      /^Cannot write .*notes\.txt\/b\.zip \(ENOTDIR: a part of its folder is a file, not a folder\): nothing was written\.\n$/,
    );
    expect(readFileSync(join(dir.path, 'notes.txt'), 'utf8')).toBe('kept as it was\n');
    expect(readdirSync(dir.path).sort()).toEqual(['b.zip', 'data', 'notes.txt']);
  });

  it('exit 2 for usage errors: an unknown option, no --out, a bare --data-dir', async () => {
    for (const args of [
      ['--data-dir', 'data', '--out', 'x.zip', '--verbose'],
      ['--data-dir', 'data'],
      ['--out', 'x.zip', '--data-dir'],
    ]) {
      const result = await run(['support-bundle', ...args], dir.path);
      expect(result.status, args.join(' ')).toBe(2);
      expect(result.stdout).toBe('');
      expect(result.stderr).toContain('Usage: npm run -s station -- support-bundle');
    }
    expect(existsSync(join(dir.path, 'x.zip'))).toBe(false);
  });

  it('beside a running station: still a bundle, the queues say in a sentence why they are missing', async () => {
    const live = join(dir.path, 'live');
    const core = await createStationCore({ dataDir: live, keychain: memoryKeychain() });
    try {
      const result = await run(
        ['support-bundle', '--data-dir', 'live', '--out', 'live.zip'],
        dir.path,
      );
      expect(result.status, result.stderr).toBe(0);
      const queues = unzipWithPython(join(dir.path, 'live.zip')).find(
        (e) => e.name === 'queues.json',
      );
      expect(queues?.text).toContain('The outbox is in use by a running station');
    } finally {
      await core.close();
    }
  });
});
