import { describe, expect, it } from 'vitest';
import { en } from '../../shared/i18n/en.ts';
import { es } from '../../shared/i18n/es.ts';
import { ptBR } from '../../shared/i18n/pt-BR.ts';
import { nodeFs } from '../platform/station-fs.ts';
import { PrintStore } from '../print-queue/print-store.ts';
import { openDatabase } from './database.ts';
import { FILE_RETENTION_DAYS, fileForgotten, forgetOldFiles } from './file-retention.ts';
import { JobStore } from './job-store.ts';

const DAY = 86_400_000;
const pdf = new TextEncoder().encode('%PDF-1.4 test');

function setup() {
  let now = 1_000 * DAY;
  const db = openDatabase(':memory:', nodeFs);
  const jobs = new JobStore(db, { now: () => now });
  const prints = new PrintStore(db);
  const upload = (order: string) => {
    const outcome = jobs.enqueue({
      profileId: 'p1',
      kind: 'invoice.upload',
      payload: { order, fileName: 'nf.pdf' },
      file: pdf,
    });
    return outcome.job.id;
  };
  const print = (id: string) =>
    prints.add(
      {
        id,
        kind: 'label',
        printer: 'tcp://127.0.0.1:9100',
        media: null,
        purpose: null,
        labelKey: `key-${id}`,
        orderId: null,
        fileName: `${id}.zpl`,
        bytes: new TextEncoder().encode('^XA^FDlabel^FS^XZ'),
        copies: 1,
        reprintReason: null,
        requestedBy: 'ana',
      },
      now,
    ).id;
  const bytesOf = (id: string) => prints.bytes(id)?.length ?? -1;
  return {
    db,
    jobs,
    prints,
    upload,
    print,
    bytesOf,
    now: () => now,
    pass: (days: number) => (now += days * DAY),
  };
}

describe('the retention of files nothing reads again', () => {
  it('lets go of a delivered upload’s file after the retention period, and says so', () => {
    const t = setup();
    const delivered = t.upload('PB-1');
    t.jobs.markSending(delivered);
    t.jobs.markDone(delivered, {});
    const waiting = t.upload('PB-2');
    t.pass(FILE_RETENTION_DAYS - 1);
    expect(forgetOldFiles(t.db, t.now())).toEqual({ files: 0, prints: 0 });
    expect(t.jobs.file(delivered)).toEqual(pdf);
    t.pass(2);
    expect(forgetOldFiles(t.db, t.now()).files).toBe(1);
    // The row, its state and its hash stay; only the bytes go.
    expect(t.jobs.file(delivered)).toBeNull();
    expect(t.jobs.get(delivered).state).toBe('done');
    expect(fileForgotten(t.db, delivered)).toBe(true);
    // A job not yet delivered keeps its file however old: it is still to be sent.
    expect(t.jobs.file(waiting)).toEqual(pdf);
    expect(fileForgotten(t.db, waiting)).toBe(false);
    // Run again: nothing more to let go.
    expect(forgetOldFiles(t.db, t.now())).toEqual({ files: 0, prints: 0 });
  });

  it('empties a printed job’s bytes after the retention period, never a job that may still print', () => {
    const t = setup();
    const printed = t.print('printed');
    t.prints.setState(printed, 'printed', { at: t.now() });
    const held = t.print('held');
    t.prints.setState(held, 'held');
    const failed = t.print('failed');
    t.prints.setState(failed, 'failed');
    const queued = t.print('queued');
    t.pass(FILE_RETENTION_DAYS + 1);
    expect(forgetOldFiles(t.db, t.now()).prints).toBe(1);
    expect(t.bytesOf(printed)).toBe(0);
    expect(t.prints.get(printed)?.state).toBe('printed');
    for (const id of [held, failed, queued]) expect(t.bytesOf(id)).toBeGreaterThan(0);
  });

  it('names the period in the sentence every language gives when such a label is asked for', () => {
    for (const catalogue of [en, ptBR, es])
      expect(catalogue.errors.print['file-forgotten']).toContain(String(FILE_RETENTION_DAYS));
  });
});
