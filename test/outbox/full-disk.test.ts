import { spawn } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { tempDir } from './helpers.ts';

// A full disk at the station, for real: a 6 MB tmpfs in a private user and mount namespace
// (`unshare`), so the kernel answers ENOSPC. Queuing then must be refused with its own sentence
// (not "cannot rollback - no transaction is active"), the outbox must keep answering, what was
// already queued must stay intact, and queuing must work again once there is room; twice.

const scratch = tempDir('packbench-full-disk-');
afterAll(() => scratch.remove());

function inTinyDisk(dir: string): Promise<{ status: number | null; out: string; err: string }> {
  const script = [
    'set -e',
    'mount -t tmpfs -o size=6m none "$D"',
    'exec "$NODE" test/outbox/full-disk-child.ts "$D"',
  ].join('\n');
  return new Promise((resolve) => {
    const child = spawn('unshare', ['--user', '--map-root-user', '--mount', 'sh', '-c', script], {
      env: { ...process.env, NODE: process.execPath, D: dir },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (c: Buffer) => (out += c.toString()));
    child.stderr.on('data', (c: Buffer) => (err += c.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
    child.on('close', (status) => {
      clearTimeout(timer);
      resolve({ status, out, err });
    });
  });
}

describe('a full disk', () => {
  it('refuses to queue with "the disk is full", keeps answering, keeps what was queued, and recovers; twice', async () => {
    const dir = join(scratch.path, 'mnt');
    mkdirSync(dir);
    const run = await inTinyDisk(dir);
    expect(run.status, run.err).toBe(0);
    const result = JSON.parse(run.out.trim().split('\n').at(-1) ?? '{}') as {
      rounds: { refused: unknown; counts: { queued: number }; listed: number }[];
      queued: string[];
      ids: string[];
      check: string;
    };
    expect(result.rounds).toHaveLength(2);
    result.rounds.forEach((round, i) => {
      expect(round.refused, `round ${i}`).toEqual({
        code: 'disk_full',
        message: 'The disk is full: nothing was queued.',
      });
      expect(round.counts.queued).toBe(3 + i);
      expect(round.listed).toBe(3 + i);
    });
    expect(result.queued).toHaveLength(5);
    expect([...result.ids].sort()).toEqual([...result.queued].sort());
    expect(result.check).toBe('ok');
  }, 90_000);
});
