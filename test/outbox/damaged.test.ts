import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync, truncateSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { systemClock } from '../../src/main/platform/clock.ts';
import { createStationCore } from '../../src/main/core/station-core.ts';
import { Outbox } from '../../src/main/outbox/outbox.ts';
import { memoryKeychain, tempDir } from './helpers.ts';

// An outbox file damaged the ways power cuts and failing disks damage files: cut short, its
// header overwritten, a stretch of its middle overwritten. Each time the station must start,
// keep the damaged file byte for byte, recover every job it still can, say so until the
// operator acknowledges it, and not do any of that again on the next start.

const scratch = tempDir('packbench-damaged-');
afterAll(() => scratch.remove());

const JOBS = 40;

function outboxAt(file: string): Outbox {
  return new Outbox({
    file,
    clock: systemClock,
    clientFor: async () => null,
    isOnline: () => false,
  });
}

/** An outbox with JOBS queued jobs (half with a 4 KB file, so they span many pages), closed. */
async function filledOutbox(name: string): Promise<string> {
  const file = join(scratch.path, name, 'outbox.sqlite');
  const outbox = outboxAt(file);
  for (let i = 0; i < JOBS; i += 1) {
    if (i % 2 === 0)
      outbox.enqueue({
        profileId: 'p',
        kind: 'product.create',
        payload: { product: { sku: `DMG-${i}`, name: `Damaged ${i}` } },
      });
    else
      outbox.enqueue({
        profileId: 'p',
        kind: 'invoice.upload',
        payload: { order: `PB-${10000 + i}`, fileName: `inv-${i}.pdf` },
        file: new TextEncoder().encode(`%PDF-1.4\n${'x'.repeat(4096)}\n${i}\n%%EOF\n`),
      });
  }
  await outbox.close();
  return file;
}

const sha = (path: string) => createHash('sha256').update(readFileSync(path)).digest('hex');

const damages: [string, (file: string) => void][] = [
  // Where the cut falls decides what survives: the print queue's table (schema 5) moved the job
  // pages back by four, and a cut at half now lands before the first whole job leaf.
  ['cut short at 60 %', (file) => truncateSync(file, Math.floor(statSync(file).size * 0.6))],
  [
    'garbage over the header',
    (file) => {
      const bytes = readFileSync(file);
      bytes.fill(0x5a, 0, 100);
      writeFileSync(file, bytes);
    },
  ],
  [
    'garbage over the middle',
    (file) => {
      const bytes = readFileSync(file);
      const middle = Math.floor(bytes.length / 2);
      bytes.fill(0xa5, middle - 8192, middle + 8192);
      writeFileSync(file, bytes);
    },
  ],
];

describe('a damaged outbox', () => {
  it.each(damages)(
    '%s: set aside byte for byte, salvaged, reported once, and the queue works',
    async (name, damage) => {
      const file = await filledOutbox(name.replaceAll(' ', '-'));
      damage(file);
      const damagedBytes = sha(file);

      const outbox = outboxAt(file);
      const [notice, ...more] = outbox.notices.open();
      expect(more).toEqual([]);
      if (notice?.kind !== 'salvaged')
        throw new Error(`no salvage notice: ${JSON.stringify(notice)}`);
      const details = notice.details;
      expect(sha(details.damagedCopy)).toBe(damagedBytes);
      expect(details.damagedCopy).toMatch(/outbox\.sqlite\.damaged-\d{4}-\d\d-\d\dT/);
      const recovered = outbox.store.list({ limit: 1_000 });
      expect(recovered).toHaveLength(details.recovered);
      if (name === 'garbage over the header') expect(details.recovered).toBe(0);
      else {
        expect(details.recovered).toBeGreaterThan(0);
        expect(details.recovered + (details.unreadable ?? 0)).toBeLessThanOrEqual(JOBS);
      }
      // Recovered rows are whole: their payloads parse and their files match their hashes.
      for (const job of recovered) {
        const bytes = outbox.store.file(job.id);
        if (job.fileSha256)
          expect(
            createHash('sha256')
              .update(bytes ?? '')
              .digest('hex'),
          ).toBe(job.fileSha256);
      }
      // The queue takes new work at once.
      expect(
        outbox.enqueue({ profileId: 'p', kind: 'inbound.delete', payload: { id: 'IN-1' } }).status,
      ).toBe('enqueued');
      expect(outbox.audit.list({ limit: 10 }).map((e) => e.event)).toContain('outbox.salvaged');
      await outbox.close();

      // The next start: no second salvage, the notice still waits for the operator.
      const again = outboxAt(file);
      expect(again.notices.open()).toHaveLength(1);
      expect(
        readdirSync(join(file, '..')).filter((f) => f.includes('.damaged-') && !f.endsWith('-wal')),
      ).toHaveLength(1);
      expect(again.store.list({ limit: 1_000 })).toHaveLength(details.recovered + 1);
      again.acknowledgeNotice(notice?.id ?? 0);
      expect(again.notices.open()).toEqual([]);
      await again.close();

      // The same damage a second time: a second copy (never over the first), a second notice.
      damage(file);
      const secondBytes = sha(file);
      const third = outboxAt(file);
      const [next] = third.notices.open();
      if (next?.kind !== 'salvaged') throw new Error('no second salvage notice');
      expect(next.details.damagedCopy).not.toBe(details.damagedCopy);
      expect(sha(next.details.damagedCopy)).toBe(secondBytes);
      expect(sha(details.damagedCopy)).toBe(damagedBytes);
      await third.close();
    },
  );

  it('the station starts on it, and its status carries the notice', async () => {
    const file = await filledOutbox('station');
    const bytes = readFileSync(file);
    bytes.fill(0, 0, 16);
    writeFileSync(file, bytes);
    const core = await createStationCore({
      dataDir: join(file, '..'),
      keychain: memoryKeychain(),
    });
    try {
      expect(core.outbox.snapshot('sandbox').notices).toEqual([
        expect.objectContaining({
          kind: 'salvaged',
          details: expect.objectContaining({ recovered: 0 }),
        }),
      ]);
    } finally {
      await core.close();
    }
  });
});
