// Child of the full-disk test, run inside a private mount namespace whose tmpfs is tiny: fills
// the disk, tries to queue, frees the disk, queues again, twice; prints one JSON line.
import { closeSync, openSync, rmSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { systemClock } from '../../src/main/platform/clock.ts';
import { OutboxInputError } from '../../src/main/outbox/job-types.ts';
import { Outbox } from '../../src/main/outbox/outbox.ts';

const [dir = ''] = process.argv.slice(2);
const file = join(dir, 'outbox.sqlite');
const filler = join(dir, 'filler');
const open = () =>
  new Outbox({ file, clock: systemClock, clientFor: async () => null, isOnline: () => false });

function fillDisk(): void {
  const fd = openSync(filler, 'w');
  const chunk = Buffer.alloc(16 * 1024, 1);
  try {
    for (;;) writeSync(fd, chunk);
  } catch {
    // ENOSPC: the disk is full.
  } finally {
    closeSync(fd);
  }
}

const invoice = (n: number) => ({
  profileId: 'p',
  kind: 'invoice.upload' as const,
  payload: { order: `PB-${n}`, fileName: `inv-${n}.pdf` },
  file: new TextEncoder().encode(`%PDF-1.4\n${'z'.repeat(256 * 1024)}\n${n}\n%%EOF\n`),
});

const outbox = open();
const queued: string[] = [];
for (let n = 0; n < 3; n += 1) queued.push(outbox.enqueue(invoice(n)).job.id);
const rounds: unknown[] = [];
for (let round = 0; round < 2; round += 1) {
  fillDisk();
  let refused: unknown = null;
  try {
    outbox.enqueue(invoice(100 + round));
  } catch (error) {
    refused =
      error instanceof OutboxInputError
        ? { code: error.code, message: error.message }
        : { unexpected: String(error) };
  }
  // The outbox keeps answering while the disk is full.
  const counts = outbox.store.counts('p');
  const listed = outbox.store.list({ profileId: 'p' }).length;
  rmSync(filler);
  queued.push(outbox.enqueue(invoice(200 + round)).job.id);
  rounds.push({ refused, counts, listed });
}
await outbox.close();

const reopened = open();
const ids = reopened.store.list({ limit: 100 }).map((j) => j.id);
await reopened.close();
const db = new DatabaseSync(file);
const check = (db.prepare('PRAGMA integrity_check').get() as { integrity_check: string })
  .integrity_check;
db.close();
console.log(JSON.stringify({ rounds, queued, ids, check }));
