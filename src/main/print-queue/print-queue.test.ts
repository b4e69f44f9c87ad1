import { afterEach, describe, expect, it } from 'vitest';
import { ZebraEmulator } from '@test/support/zebra-emulator.ts';
import type { PrinterSettings } from '../../shared/printing.ts';
import { systemClock } from '../platform/clock.ts';
import { nodeFs } from '../platform/station-fs.ts';
import { AuditLog, type AuditInput } from '../outbox/audit-log.ts';
import { openDatabase } from '../outbox/database.ts';
import { openPrinter } from '../print/printer.ts';
import { parseTarget } from '../print/target.ts';
import { PrintQueue } from './print-queue.ts';
import { PrintStore } from './print-store.ts';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const LABEL = new TextEncoder().encode('^XA^FO50,50^A0N,40,40^FDPB-1^FS^XZ\r\n');

async function setup(emulatorOptions = {}) {
  const emulator = await ZebraEmulator.start(emulatorOptions);
  cleanups.push(() => emulator.close());
  const db = openDatabase(':memory:', nodeFs);
  cleanups.push(() => db.close());
  const audit = new AuditLog(db, () => systemClock.now());
  const recorded: AuditInput[] = [];
  let n = 0;
  const settings: PrinterSettings = { target: emulator.target, dpmm: 8, autoPrint: false };
  /** A queue on this database, as a station's start makes it (a second one: after a restart). */
  const open = () => {
    const queue = new PrintQueue({
      store: new PrintStore(db),
      clock: systemClock,
      newId: () => `p-${(n += 1)}`,
      settings: () => settings,
      documentTarget: () => null,
      open: (target) => {
        const parsed = parseTarget(target);
        if (!parsed.ok) throw new Error(parsed.message);
        return openPrinter(parsed.target, { timeoutMs: 1000 });
      },
      record: (entry) => {
        recorded.push(entry);
        audit.record(entry);
      },
      user: () => 'ana',
    });
    cleanups.push(() => queue.close());
    return queue;
  };
  const queue = open();
  return { emulator, queue, recorded, db, settings, reopen: open };
}

describe('the print queue', () => {
  it('sends a queued label byte for byte after the status, and records who printed it', async () => {
    const { emulator, queue, recorded } = await setup();
    const outcome = queue.request({ bytes: LABEL, fileName: 'pb-1.zpl', orderId: 'PB-1' });
    expect(outcome.status).toBe('queued');
    await queue.idle();
    expect(emulator.jobs()).toEqual([Buffer.from(LABEL)]);
    expect(queue.list()[0]).toMatchObject({
      state: 'printed',
      requestedBy: 'ana',
      orderId: 'PB-1',
    });
    expect(recorded.map((r) => [r.event, r.params])).toEqual([
      ['print.printed', { file: 'pb-1.zpl', printer: emulator.target, user: 'ana' }],
    ]);
  });

  it('asks for a reason before printing the same label again, then records it', async () => {
    const { emulator, queue, recorded } = await setup();
    queue.request({ bytes: LABEL, fileName: 'pb-1.zpl' });
    await queue.idle();
    const again = queue.request({ bytes: LABEL, fileName: 'pb-1.zpl' });
    expect(again.status).toBe('needs_reason');
    expect(emulator.jobs()).toHaveLength(1);
    expect(
      queue.request({ bytes: LABEL, fileName: 'pb-1.zpl', reprintReason: 'damaged' }).status,
    ).toBe('queued');
    await queue.idle();
    expect(emulator.jobs()).toHaveLength(2);
    expect(recorded.at(-1)).toMatchObject({
      event: 'print.reprinted',
      params: { reason: 'damaged', user: 'ana', printer: emulator.target },
    });
  });

  it('holds a label when the printer is out of paper, and sends it once fixed and retried', async () => {
    const { emulator, queue } = await setup({ flags: { paperOut: true } });
    const outcome = queue.request({ bytes: LABEL, fileName: 'pb-1.zpl' });
    await queue.idle();
    expect(emulator.jobs()).toEqual([]);
    const held = queue.list()[0];
    expect(held).toMatchObject({ state: 'held', lastError: expect.stringMatching(/paper out/i) });
    expect(queue.status()).toMatchObject({ paperOut: true });
    emulator.configure({ flags: { paperOut: false } });
    if (outcome.status !== 'queued') throw new Error('not queued');
    queue.retry(outcome.job.id);
    await queue.idle();
    expect(emulator.jobs()).toEqual([Buffer.from(LABEL)]);
    expect(queue.status()).toMatchObject({ paperOut: false });
  });

  it('keeps the jobs behind a held one waiting, and prints them in order once it is retried', async () => {
    const { emulator, queue } = await setup({ flags: { paperOut: true } });
    const first = new TextEncoder().encode('^XA^FO10,10^FDfirst^FS^XZ');
    const second = new TextEncoder().encode('^XA^FO10,10^FDsecond^FS^XZ');
    const held = queue.request({ bytes: first, fileName: 'first.zpl' });
    queue.request({ bytes: second, fileName: 'second.zpl' });
    await queue.idle();
    // Only the first met the condition: the second was not tried against it, and does not
    // slip past the held one when the printer comes back.
    // (The list is newest first.)
    expect(queue.list().map((job) => [job.fileName, job.state])).toEqual([
      ['second.zpl', 'queued'],
      ['first.zpl', 'held'],
    ]);
    emulator.configure({ flags: { paperOut: false } });
    await queue.idle();
    expect(emulator.jobs()).toEqual([]);
    if (held.status !== 'queued') throw new Error('not queued');
    queue.retry(held.job.id);
    await queue.idle();
    expect(emulator.jobs()).toEqual([Buffer.from(first), Buffer.from(second)]);
  });

  it('keeps them waiting behind the held one after a restart too', async () => {
    const { emulator, queue, reopen } = await setup({ flags: { paperOut: true } });
    const first = new TextEncoder().encode('^XA^FO10,10^FDfirst^FS^XZ');
    const second = new TextEncoder().encode('^XA^FO10,10^FDsecond^FS^XZ');
    const held = queue.request({ bytes: first, fileName: 'first.zpl' });
    queue.request({ bytes: second, fileName: 'second.zpl' });
    await queue.idle();
    await queue.close();
    emulator.configure({ flags: { paperOut: false } });
    const restarted = reopen();
    expect(restarted.recover()).toBe(0);
    await restarted.idle();
    expect(emulator.jobs()).toEqual([]);
    if (held.status !== 'queued') throw new Error('not queued');
    restarted.retry(held.job.id);
    await restarted.idle();
    expect(emulator.jobs()).toEqual([Buffer.from(first), Buffer.from(second)]);
  });

  it('sends the jobs behind a held one when it is discarded', async () => {
    const { emulator, queue } = await setup({ flags: { paperOut: true } });
    const second = new TextEncoder().encode('^XA^FO10,10^FDsecond^FS^XZ');
    const held = queue.request({ bytes: LABEL, fileName: 'first.zpl' });
    queue.request({ bytes: second, fileName: 'second.zpl' });
    await queue.idle();
    emulator.configure({ flags: { paperOut: false } });
    if (held.status !== 'queued') throw new Error('not queued');
    expect(queue.discard(held.job.id)).toBe(true);
    await queue.idle();
    expect(emulator.jobs()).toEqual([Buffer.from(second)]);
  });

  it('prints nothing without a printer set up, and keeps the order of many labels', async () => {
    const { emulator, queue, settings } = await setup();
    settings.target = null;
    expect(queue.request({ bytes: LABEL, fileName: 'x.zpl' })).toEqual({ status: 'no_printer' });
    settings.target = emulator.target;
    const labels = Array.from({ length: 5 }, (_, i) =>
      new TextEncoder().encode(`^XA^FO10,10^FD${i}^FS^XZ`),
    );
    for (const [i, bytes] of labels.entries()) queue.request({ bytes, fileName: `${i}.zpl` });
    await queue.idle();
    expect(emulator.jobs()).toEqual(labels.map((b) => Buffer.from(b)));
  });

  it('brings a label cut off by a stop back as interrupted, never re-sent by itself', async () => {
    const { queue, db } = await setup();
    db.prepare(
      `INSERT INTO print_jobs (id, printer, label_key, file_name, bytes, state, requested_by, created_at)
       VALUES ('cut', 'tcp://127.0.0.1:9', 'k', 'cut.zpl', x'00', 'printing', 'ana', 1)`,
    ).run();
    expect(queue.recover()).toBe(1);
    expect(queue.list().find((j) => j.id === 'cut')).toMatchObject({ state: 'interrupted' });
  });
});
