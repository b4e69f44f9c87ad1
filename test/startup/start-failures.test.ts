import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterAll, describe, expect, it } from 'vitest';
import { createStationCore } from '../../src/main/core/station-core.ts';
import { MIGRATIONS } from '../../src/main/outbox/database.ts';
import { memoryKeychain, tempDir } from '../outbox/helpers.ts';

// The station core started for real on the data directories that stop real stations: a
// read-only folder (a read-only bind mount) and a full disk (a tiny tmpfs filled up), each in a
// private user and mount namespace (`unshare`, so the kernel itself answers EROFS and ENOSPC,
// also for root), and an outbox written by a newer Packbench. Each start must fail with the
// cause named, change nothing in the data directory, and leave nothing running: the child never
// calls process.exit, so it ends only if the failed start stopped everything it had started.

const CHILD = join(import.meta.dirname, 'start-core-child.ts');
const scratch = tempDir('packbench-start-failure-');
afterAll(() => scratch.remove());

interface ChildResult {
  status: number | null;
  signal: NodeJS.Signals | null;
  lines: string[];
  stderr: string;
}

function run(command: string, args: string[], env: NodeJS.ProcessEnv = process.env) {
  return new Promise<ChildResult>((resolve) => {
    const child = spawn(command, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    // A start that leaves a server or a timer behind never ends: that is the failure.
    const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
    child.on('close', (status, signal) => {
      clearTimeout(timer);
      resolve({ status, signal, lines: stdout.trim().split('\n'), stderr });
    });
  });
}

/** Runs `setup` then the child in a private user and mount namespace; mounts vanish with it. */
function inNamespace(setup: string, dataDir: string, env?: NodeJS.ProcessEnv) {
  const script = [
    'set -e',
    // Every file's hash and every path under the data directory, hashed once more.
    'snap() { (cd "$D" 2>/dev/null && find . -type f -exec sha256sum {} + | sort && find . | sort) | sha256sum; }',
    setup,
    'echo "BEFORE $(snap)"',
    '"$NODE" "$CHILD" "$D"',
    'echo "AFTER $(snap)"',
  ].join('\n');
  return run('unshare', ['--user', '--map-root-user', '--mount', 'sh', '-c', script], {
    ...process.env,
    ...env,
    NODE: process.execPath,
    CHILD,
    D: dataDir,
  });
}

const parsed = (result: ChildResult) => {
  const line = result.lines.find((l) => l.startsWith('{'));
  if (!line) throw new Error(`no result: ${result.lines.join('\n')}\n${result.stderr}`);
  return JSON.parse(line) as {
    started: boolean;
    failure?: { cause: string; dir: string };
    [key: string]: unknown;
  };
};
const snapshots = (result: ChildResult) => ({
  before: result.lines.find((l) => l.startsWith('BEFORE ')),
  after: result.lines.find((l) => l.startsWith('AFTER ')),
});

/** A data directory a station has already used: outbox, profiles, sandbox data. */
async function usedDataDir(name: string): Promise<string> {
  const dir = join(scratch.path, name);
  const core = await createStationCore({ dataDir: dir, keychain: memoryKeychain() });
  await core.close();
  return dir;
}

function fileHashes(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const entry of readdirSync(dir, { recursive: true, encoding: 'utf8' })) {
    const path = join(dir, entry);
    if (statSync(path).isFile())
      out[relative(dir, path)] = createHash('sha256').update(readFileSync(path)).digest('hex');
  }
  return out;
}

const READ_ONLY = 'mount --bind "$D" "$D"; mount -o remount,bind,ro "$D"';

describe('a start that cannot use its data directory', () => {
  it('read-only folder, new station: "read-only", the folder named, nothing written', async () => {
    const dir = join(scratch.path, 'ro-new');
    mkdirSync(dir);
    const result = await inNamespace(READ_ONLY, dir);
    expect(result.status, result.stderr).toBe(0);
    expect(parsed(result)).toEqual({
      started: false,
      failure: expect.objectContaining({ cause: 'read_only', dir }),
    });
    expect(readdirSync(dir)).toEqual([]);
  });

  it('read-only folder with an outbox in it: "read-only", every byte as it was', async () => {
    const dir = await usedDataDir('ro-used');
    const before = fileHashes(dir);
    const result = await inNamespace(READ_ONLY, dir);
    expect(result.status, result.stderr).toBe(0);
    expect(parsed(result).failure).toMatchObject({ cause: 'read_only', dir });
    expect(fileHashes(dir)).toEqual(before);
  });

  it.each([
    ['new station', false],
    ['station with an outbox', true],
  ])('full disk, %s: "the disk is full", nothing written', async (_name, used) => {
    const seed = used ? await usedDataDir('full-seed') : '';
    const mountPoint = join(scratch.path, used ? 'full-used' : 'full-new');
    mkdirSync(mountPoint);
    const dataDir = join(mountPoint, 'Packbench');
    const setup = [
      `mount -t tmpfs -o size=4m none "${mountPoint}"`,
      used ? `mkdir "$D" && cp -a "${seed}/." "$D/"` : ':',
      `dd if=/dev/zero of="${mountPoint}/filler" bs=64k 2>/dev/null || true`,
    ].join('\n');
    const result = await inNamespace(setup, dataDir);
    expect(result.status, result.stderr).toBe(0);
    expect(parsed(result).failure).toMatchObject({
      cause: 'disk_full',
      dir: used ? dataDir : mountPoint,
    });
    const { before, after } = snapshots(result);
    expect(before).toBeDefined();
    expect(after).toBe(before?.replace('BEFORE', 'AFTER'));
  });

  it('an outbox from a newer Packbench: named with both versions, every byte as it was', async () => {
    const dir = await usedDataDir('newer');
    const db = new DatabaseSync(join(dir, 'outbox.sqlite'));
    db.exec('PRAGMA user_version = 97');
    db.close();
    const before = fileHashes(dir);
    const result = await run(process.execPath, [CHILD, dir]);
    expect(result.status, result.stderr).toBe(0);
    expect(parsed(result).failure).toMatchObject({
      cause: 'newer_schema',
      params: { found: 97, known: MIGRATIONS.at(-1)?.version },
    });
    expect(fileHashes(dir)).toEqual(before);
  });
});

describe('no keychain at all (no D-Bus session)', () => {
  it('a production profile still opens; the keychain is reported unavailable and a key is refused', async () => {
    const dir = join(scratch.path, 'no-dbus');
    const core = await createStationCore({ dataDir: dir, keychain: memoryKeychain() });
    const profile = await core.profiles.create({
      name: 'Warehouse',
      environment: 'production',
      baseUrl: 'http://127.0.0.1:9/',
    });
    await core.profiles.setActive(profile.id);
    await core.close();

    const result = await run(process.execPath, [CHILD, dir, 'native'], {
      ...process.env,
      DBUS_SESSION_BUS_ADDRESS: `unix:path=${join(scratch.path, 'no-bus-here')}`,
    });
    expect(result.status, result.stderr).toBe(0);
    expect(parsed(result)).toEqual({
      started: true,
      environment: 'production',
      keychain: 'unavailable',
      statusKeychain: 'unavailable',
      keyStatus: 'unavailable',
      setKey: { name: 'KeychainError', state: 'unavailable' },
    });
  });
});
