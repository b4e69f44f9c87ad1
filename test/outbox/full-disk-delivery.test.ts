import { join } from 'node:path';
import type { DatabaseSync, StatementSync } from 'node:sqlite';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ApiClient } from '../../src/main/api/client.ts';
import { Outbox } from '../../src/main/outbox/outbox.ts';
import { FakeClock } from '../support/fake-clock.ts';
import { pdfBytes, tempDir } from './helpers.ts';

// The disk fills while the station is delivering what it queued. Every write to the outbox then
// fails (SQLITE_FULL), so a job cannot even be marked "sending". The outbox used to take the
// same job again at once, in a loop of promise callbacks that never gave the event loop back:
// main ran at 100 % CPU and answered nothing until space came back. It must keep answering and
// try again with back-off.

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  vi.restoreAllMocks();
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** Makes every write through `db` fail the way SQLite does on a full disk, while `full`. */
function fillableDisk(db: DatabaseSync): { full: boolean; refused: number } {
  const disk = { full: false, refused: 0 };
  const prepare = db.prepare.bind(db);
  vi.spyOn(db, 'prepare').mockImplementation((sql: string): StatementSync => {
    const statement = prepare(sql);
    if (!/^\s*(INSERT|UPDATE|DELETE|REPLACE)\b/i.test(sql)) return statement;
    return new Proxy(statement, {
      get(target, key) {
        const value: unknown = Reflect.get(target, key, target);
        if (key === 'run')
          return (...args: never[]) => {
            if (disk.full) {
              disk.refused += 1;
              throw Object.assign(new Error('database or disk is full'), {
                code: 'ERR_SQLITE_ERROR',
                errcode: 13,
              });
            }
            return target.run(...args);
          };
        return typeof value === 'function' ? (value as () => unknown).bind(target) : value;
      },
    });
  });
  return disk;
}

describe('a disk that fills while queued jobs are delivered', () => {
  it('keeps main answering and retries the delivery with back-off until space returns', async () => {
    // Each refused write says so once in the log; counted here, not printed.
    const warnings = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const clock = new FakeClock();
    const dir = tempDir('packbench-full-disk-delivery-');
    cleanups.push(dir.remove);
    let online = false;
    let attempts = 0;
    let profileLookups = 0;
    let uploads = 0;
    const api = {
      uploadInvoice: async () => {
        uploads += 1;
        return { sha256: 'abc' };
      },
    } as unknown as ApiClient;
    // A safety valve, so that the unfixed loop ends: after 2 s of real time, space returns.
    const started = performance.now();
    let disk = { full: false, refused: 0 };
    const outbox = new Outbox({
      file: join(dir.path, 'outbox.sqlite'),
      clock,
      random: () => 0.5,
      clientFor: async () => {
        attempts += 1;
        if (performance.now() - started > 2_000) disk.full = false;
        return api;
      },
      isOnline: () => online,
      // The station answers this from its profiles (a clone of each, every time).
      hasProfile: () => ((profileLookups += 1), true),
    });
    cleanups.push(() => outbox.close());
    outbox.start('p');
    const job = outbox.enqueue({
      profileId: 'p',
      kind: 'invoice.upload',
      payload: { order: 'PB-1', fileName: 'nf.pdf' },
      file: pdfBytes(1),
    }).job;

    disk = fillableDisk(outbox.database);
    disk.full = true;
    // Main's other work: a timer set for 50 ms must fire on time while the outbox retries.
    const timerFired = new Promise<number>((resolve) =>
      setTimeout(() => resolve(performance.now() - started), 50),
    );
    online = true;
    outbox.kick('p');
    const firedAfterMs = await timerFired;
    expect(firedAfterMs, `the timer waited behind ${attempts} attempts`).toBeLessThan(500);
    // One attempt, then nothing until its back-off ends.
    expect(attempts).toBe(1);
    expect(profileLookups).toBeLessThan(10);

    // Ten minutes of a full disk: a few attempts, further and further apart.
    const seen: number[] = [];
    for (let second = 0; second < 600; second += 1) {
      const before = attempts;
      await clock.advance(1_000);
      if (attempts > before) seen.push(second);
    }
    expect(attempts).toBeGreaterThanOrEqual(5);
    expect(attempts).toBeLessThanOrEqual(20);
    const gaps = seen.slice(1).map((at, i) => at - (seen[i] ?? 0));
    expect(gaps.at(-1)).toBeGreaterThanOrEqual(30);
    expect(uploads).toBe(0);
    expect(warnings.mock.calls.length).toBe(attempts);
    expect(outbox.store.get(job.id).state).toBe('queued');

    // Space comes back: the job is delivered at its next attempt, once.
    disk.full = false;
    await clock.advance(120_000);
    expect(outbox.store.get(job.id).state).toBe('done');
    expect(uploads).toBe(1);
  });
});
