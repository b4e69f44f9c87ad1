import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { systemClock } from '../../src/main/platform/clock.ts';
import { ProfileStore } from '../../src/main/core/profile-store.ts';
import { nodeFs, type StationFs } from '../../src/main/platform/station-fs.ts';
import { Outbox } from '../../src/main/outbox/outbox.ts';
import { tempDir } from './helpers.ts';

// The core's file system comes in through its constructor; these tests hand it one that
// refuses a single call, the way a full disk or a folder turned read-only would, and check
// that nothing already on disk is lost or changed.

const scratch = tempDir('packbench-injected-fs-');
afterAll(() => scratch.remove());

const sha = (path: string) => createHash('sha256').update(readFileSync(path)).digest('hex');

function refusing(code: string, when: (call: string, args: unknown[]) => boolean): StationFs {
  const fail = (call: string, args: unknown[]) => {
    if (when(call, args)) throw Object.assign(new Error(`${code}: ${call} refused`), { code });
  };
  return {
    ...nodeFs,
    rename: (from, to) => (fail('rename', [from, to]), nodeFs.rename(from, to)),
    copy: (from, to) => (fail('copy', [from, to]), nodeFs.copy(from, to)),
    atomic: {
      open: nodeFs.atomic.open.bind(nodeFs.atomic),
      rename: async (from, to) => (
        fail('atomic.rename', [from, to]),
        nodeFs.atomic.rename(from, to)
      ),
    },
  };
}

describe('the file system injected into the core', () => {
  it('a profile save refused by a full disk rejects and leaves profiles.json as it was', async () => {
    const dir = join(scratch.path, 'profiles');
    const before = new ProfileStore(dir);
    await before.create({
      name: 'Acme live',
      environment: 'production',
      baseUrl: 'https://api.acme.example',
    });
    const file = join(dir, 'profiles.json');
    const hash = sha(file);

    const full = new ProfileStore(
      dir,
      undefined,
      refusing('ENOSPC', (call) => call === 'atomic.rename'),
    );
    await expect(
      full.create({ name: 'Beta', environment: 'sandbox', baseUrl: 'http://127.0.0.1:1' }),
    ).rejects.toMatchObject({ code: 'ENOSPC' });
    expect(sha(file)).toBe(hash);
    expect(new ProfileStore(dir).list().map((p) => p.name)).toContain('Acme live');
  });

  it('a damaged outbox whose set-aside is refused stops the start and stays byte for byte', () => {
    const dir = join(scratch.path, 'outbox');
    const file = join(dir, 'outbox.sqlite');
    nodeFs.makeDir(dir);
    // Not a database at all: SQLite refuses it, so the outbox must set it aside first.
    writeFileSync(file, Buffer.alloc(8192, 0x5a));
    const hash = sha(file);
    const calls: string[] = [];
    const fs = refusing('EROFS', (call) => {
      calls.push(call);
      return call === 'rename';
    });
    expect(
      () =>
        new Outbox({
          file,
          fs,
          clock: systemClock,
          clientFor: async () => null,
          isOnline: () => false,
        }),
    ).toThrow(/EROFS/);
    expect(calls).toContain('rename');
    expect(sha(file)).toBe(hash);
    expect(readdirSync(dir).filter((name) => name.includes('damaged'))).toEqual([]);
  });

  it('takes its ids from the constructor too: jobs and profiles get the ones it is given', async () => {
    let n = 0;
    const newId = () => `id-${(n += 1)}`;
    const dir = join(scratch.path, 'ids');
    const outbox = new Outbox({
      file: join(dir, 'outbox.sqlite'),
      clock: systemClock,
      newId,
      clientFor: async () => null,
      isOnline: () => false,
    });
    const queued = outbox.enqueue({
      profileId: 'p',
      kind: 'inbound.delete',
      payload: { id: 'IN-1' },
    });
    expect(queued.job.id).toBe('id-1');
    await outbox.close();
    const profiles = new ProfileStore(dir, undefined, nodeFs, newId);
    const created = await profiles.create({
      name: 'Counted',
      environment: 'sandbox',
      baseUrl: 'http://127.0.0.1:1',
    });
    expect(created.id).toBe('id-2');
  });
});
