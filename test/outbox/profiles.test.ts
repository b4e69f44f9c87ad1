import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createStationCore } from '../../src/main/core/station-core.ts';
import { startSandbox, type RunningSandbox } from '../../src/sandbox/index.ts';
import { memoryKeychain, pdfBytes, stationFor, tempDir, useTestProfile } from './helpers.ts';
import { until } from '../support/until.ts';

// What happens to queued work when its profile goes away, and when an earlier job of the same
// order failed: nothing spins, nothing is lost, and the Outbox says why a job waits.

let sandbox: RunningSandbox;
const scratch = tempDir('packbench-profiles-');
beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, rateLimit: 1_000_000 });
});
afterAll(async () => {
  await sandbox.close();
  scratch.remove();
});

let dirs = 0;
const dataDir = () => join(scratch.path, `station-${dirs++}`);

/**
 * How often the outbox looked for work during `ms` (a spinning drain looks thousands of times).
 * The sleep is the point: it asserts that nothing happens for `ms` of real time, which is what a
 * spin (promise callbacks, not timers) would fill; a fake clock would not see it.
 */
async function lookups(ready: { mock: { calls: unknown[] } }, ms: number): Promise<number> {
  const before = ready.mock.calls.length;
  await new Promise((resolve) => setTimeout(resolve, ms));
  return ready.mock.calls.length - before;
}

describe('a profile removed with jobs still retrying', () => {
  it('stops its timers, shows its jobs as "profile removed", and delivers them once moved', async () => {
    // The profile's service refuses uploads for now (503): its jobs retry with backoff. The
    // profile they move to afterwards uses another service, which takes them.
    const other = await startSandbox({ port: 0, rateLimit: 1_000_000 });
    const core = await stationFor(sandbox, dataDir(), {
      fetch: (input, init) =>
        init?.method === 'POST' && String(input).startsWith(sandbox.url)
          ? Promise.resolve(new Response('{"message":"busy"}', { status: 503 }))
          : fetch(input, init),
    });
    const gone = core.profiles.active().id;
    for (let n = 0; n < 3; n += 1)
      core.outbox.enqueue({
        profileId: gone,
        kind: 'invoice.upload',
        payload: { order: `PB-1000${n + 1}`, fileName: `nf-${n}.pdf` },
        file: pdfBytes(n),
      });
    await vi.waitFor(
      () => expect(core.outbox.store.list({ profileId: gone })[0]?.attempts).toBeGreaterThan(1),
      { timeout: 10_000 },
    );

    const ready = vi.spyOn(core.outbox.store, 'ready');
    await core.removeProfile(gone);
    expect(core.outbox.store.list({ profileId: gone }).map((j) => j.state)).toEqual([
      'orphaned',
      'orphaned',
      'orphaned',
    ]);
    expect(await lookups(ready, 500)).toBeLessThan(10);
    expect(() =>
      core.outbox.retry(core.outbox.store.list({ profileId: gone })[0]?.id ?? ''),
    ).toThrow(/profile was removed/);

    const target = await useTestProfile(core, other.url);
    for (const job of core.outbox.store.list({ profileId: gone }))
      core.outbox.reassign(job.id, target.id);
    await core.outbox.idle(target.id, 20_000);
    expect(core.outbox.store.counts(target.id)).toMatchObject({ done: 3, orphaned: 0 });
    expect(core.outbox.store.counts(gone)).toMatchObject({ queued: 0, orphaned: 0 });
    expect(other.receipts('acme').filter((r) => r.kind === 'invoice')).toHaveLength(3);
    await core.close();
    await other.close();
  });

  it('a job for a profile that does not exist is refused, not spun on', async () => {
    const core = await createStationCore({ dataDir: dataDir(), keychain: memoryKeychain() });
    const ready = vi.spyOn(core.outbox.store, 'ready');
    expect(() =>
      core.outbox.enqueue({ profileId: 'nobody', kind: 'inbound.delete', payload: { id: 'IN-1' } }),
    ).toThrow(expect.objectContaining({ code: 'unknown_profile' }));
    expect(await lookups(ready, 300)).toBeLessThan(10);
    await core.close();
  });
});

describe('a profile removed while one of its jobs is being sent', () => {
  it('its request is cut off at once, and the job is read back before it is ever sent again', async () => {
    const other = await startSandbox({ port: 0, rateLimit: 1_000_000 });
    let aborted = 0;
    const core = await stationFor(sandbox, dataDir(), {
      // Uploads to the first service hang until the request is aborted.
      fetch: (input, init) =>
        init?.method === 'POST' && String(input).startsWith(sandbox.url)
          ? new Promise<Response>((_, reject) =>
              init.signal?.addEventListener('abort', () => {
                aborted += 1;
                reject(init.signal?.reason);
              }),
            )
          : fetch(input, init),
    });
    const gone = core.profiles.active().id;
    const job = core.outbox.enqueue({
      profileId: gone,
      kind: 'invoice.upload',
      payload: { order: 'PB-10004', fileName: 'cut.pdf' },
      file: pdfBytes(44),
    }).job;
    await vi.waitFor(() => expect(core.outbox.store.get(job.id).state).toBe('sending'));
    await core.removeProfile(gone);
    await vi.waitFor(() => expect(core.outbox.store.get(job.id).state).toBe('orphaned'));
    expect(aborted).toBe(1);
    expect(core.outbox.store.get(job.id).lastError?.code).toBe('profile_removed');

    const target = await useTestProfile(core, other.url);
    // It may have reached the first service: it comes back to be verified, not queued.
    expect(core.outbox.reassign(job.id, target.id).state).toBe('uncertain');
    await core.outbox.idle(target.id, 20_000);
    expect(core.outbox.store.get(job.id).state).toBe('done');
    expect(core.outbox.audit.list({ limit: 100 }).map((e) => e.event)).toContain(
      'job.verified_absent',
    );
    await core.close();
    await other.close();
  });
});

describe('a damaged profiles file', () => {
  it('its jobs are not stranded: they show as "profile removed", and a notice names the copy', async () => {
    const dir = dataDir();
    const first = await stationFor('http://127.0.0.1:9', dir);
    const lost = first.profiles.active().id;
    first.outbox.enqueue({
      profileId: lost,
      kind: 'inbound.delete',
      payload: { id: 'IN-7' },
    });
    await first.close();
    writeFileSync(join(dir, 'profiles.json'), '{ not json');

    const core = await createStationCore({ dataDir: dir, keychain: memoryKeychain() });
    expect(core.outbox.store.list({ profileId: lost }).map((j) => j.state)).toEqual(['orphaned']);
    const notice = core.outbox
      .snapshot(core.profiles.active().id)
      .notices.find((n) => n.kind === 'profiles_reset');
    expect(notice?.details).toMatchObject({
      damagedCopy: expect.stringMatching(/profiles\.json\.damaged-/),
      orphaned: 1,
    });
    await core.close();
    // The next start announces nothing new.
    const again = await createStationCore({ dataDir: dir, keychain: memoryKeychain() });
    expect(again.outbox.notices.open().filter((n) => n.kind === 'profiles_reset')).toHaveLength(1);
    await again.close();
  });
});

describe('a failed job of an order', () => {
  it('holds back the later jobs of that order with a visible reason; other orders go on; discarding it releases them', async () => {
    const core = await stationFor(sandbox, dataDir());
    const profileId = core.profiles.active().id;
    const bad = core.outbox.enqueue({
      profileId,
      kind: 'invoice.upload',
      payload: { order: 'PB-404404', fileName: 'first.pdf' },
      file: pdfBytes(1),
    }).job;
    await vi.waitFor(() => expect(core.outbox.store.get(bad.id).state).toBe('failed'), {
      timeout: 10_000,
    });
    const later = core.outbox.enqueue({
      profileId,
      kind: 'label.upload',
      payload: { order: 'PB-404404', fileName: 'second.zpl' },
      file: new TextEncoder().encode('^XA^FDx^FS^XZ'),
    }).job;
    const other = core.outbox.enqueue({
      profileId,
      kind: 'invoice.upload',
      payload: { order: 'PB-10002', fileName: 'other.pdf' },
      file: pdfBytes(2),
    }).job;
    await vi.waitFor(() => expect(core.outbox.store.get(other.id).state).toBe('done'), {
      timeout: 10_000,
    });
    expect(core.outbox.store.get(later.id)).toMatchObject({
      state: 'queued',
      subject: 'PB-404404',
      blockedBy: { id: bad.id, kind: 'invoice.upload' },
    });
    core.outbox.discard(bad.id);
    expect(core.outbox.store.get(later.id).blockedBy).toBeNull();
    // Nothing else was in the way: it goes (and fails for itself: the order does not exist).
    await vi.waitFor(() => expect(core.outbox.store.get(later.id).attempts).toBeGreaterThan(0), {
      timeout: 10_000,
    });
    await core.close();
  });
});

describe('an operator acting on a job that is in flight', () => {
  it('discarding or retrying it while it is being verified is refused with a sentence, never an unhandled rejection', async () => {
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    let verifying = false;
    const core = await stationFor(sandbox, dataDir(), {
      // Holds the verification read (GET /orders/…) until the test lets it go.
      fetch: async (input, init) => {
        if ((init?.method ?? 'GET') === 'GET' && String(input).includes('/orders/PB-10003')) {
          verifying = true;
          await held;
        }
        return fetch(input, init);
      },
    });
    const profileId = core.profiles.active().id;
    // Stored directly (as a crash mid-send leaves it): it must be verified before anything else.
    const job = core.outbox.store.enqueue({
      profileId,
      kind: 'invoice.upload',
      payload: { order: 'PB-10003', fileName: 'held.pdf' },
      file: pdfBytes(3),
    }).job;
    core.outbox.store.markSending(job.id);
    core.outbox.store.markUncertain(
      job.id,
      { family: 'network', code: 'interrupted', messageKey: 'outbox.interrupted', message: 'x' },
      0,
    );
    const rejections: unknown[] = [];
    const onRejection = (reason: unknown) => rejections.push(reason);
    process.on('unhandledRejection', onRejection);
    try {
      core.outbox.start(profileId);
      await until(() => verifying, 'the verification read');
      expect(core.outbox.store.get(job.id).state).toBe('uncertain');
      expect(() => core.outbox.discard(job.id)).toThrow(
        expect.objectContaining({ code: 'bad_state' }),
      );
      expect(() => core.outbox.retry(job.id)).toThrow(/being sent or checked/);
      release();
      await core.outbox.idle(profileId, 10_000);
      expect(core.outbox.store.get(job.id).state).toBe('done');
      expect(rejections).toEqual([]);
    } finally {
      process.off('unhandledRejection', onRejection);
      release();
      await core.close();
    }
  });
});
