import { nodeFs } from '../platform/station-fs.ts';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openDatabase, schemaVersion, MIGRATIONS } from './database.ts';
import { JobStore } from './job-store.ts';
import { OutboxInputError } from './job-types.ts';
import { orderCreateBody } from '@test/support/bodies.ts';
import { inputSchemas } from '../../shared/ipc/input-schemas.ts';
import { en } from '../../shared/i18n/en.ts';
import { toAppError } from '../core/errors-to-result.ts';

function setup(maxFileBytes?: number) {
  let now = 1_000;
  const db = openDatabase(':memory:', nodeFs);
  const store = new JobStore(db, { now: () => now, ...(maxFileBytes ? { maxFileBytes } : {}) });
  return { db, store, tick: (ms = 1) => (now += ms) };
}

const pdf = new TextEncoder().encode('%PDF-1.4 test');
const invoice = (order = 'PB-1') => ({
  profileId: 'p1',
  kind: 'invoice.upload' as const,
  payload: { order, fileName: 'nf.pdf' },
  file: pdf,
});

describe('JobStore', () => {
  it('migrates an empty database to the newest schema, and refuses a newer one', () => {
    const { db } = setup();
    expect(schemaVersion(db)).toBe(MIGRATIONS.at(-1)?.version);
    const dir = mkdtempSync(join(tmpdir(), 'packbench-migrate-'));
    const file = join(dir, 'outbox.sqlite');
    const v1 = openDatabase(file, nodeFs, MIGRATIONS.slice(0, 1));
    v1.close();
    const later = [...MIGRATIONS, { version: 99, sql: 'ALTER TABLE jobs ADD COLUMN note TEXT;' }];
    const upgraded = openDatabase(file, nodeFs, later);
    expect(schemaVersion(upgraded)).toBe(99);
    upgraded.close();
    expect(() => openDatabase(file, nodeFs)).toThrow(/newer Packbench/);
    rmSync(dir, { recursive: true, force: true });
  });

  it('returns the existing job for the same content, and asks before re-sending a delivered one', () => {
    const { store } = setup();
    const first = store.enqueue(invoice());
    expect(first.status).toBe('enqueued');
    expect(store.enqueue(invoice())).toEqual({ status: 'existing', job: first.job });
    store.markSending(first.job.id);
    store.markDone(first.job.id, {});
    expect(store.enqueue(invoice())).toMatchObject({
      status: 'needs_confirmation',
      job: { id: first.job.id },
    });
    const again = store.enqueue({ ...invoice(), confirmResend: true });
    expect(again.status).toBe('enqueued');
    expect(again.job.id).not.toBe(first.job.id);
  });

  it('gives each bad input a specific error and stores nothing', () => {
    const { store } = setup(1024);
    const attempt = (input: Parameters<JobStore['enqueue']>[0]) => {
      try {
        store.enqueue(input);
        return null;
      } catch (error) {
        return (error as OutboxInputError).code;
      }
    };
    expect(attempt({ ...invoice(), payload: { order: '' } })).toBe('invalid_payload');
    expect(attempt({ ...invoice(), file: new Uint8Array() })).toBe('file_required');
    expect(attempt({ ...invoice(), file: new Uint8Array(2048) })).toBe('file_too_large');
    expect(
      attempt({ profileId: 'p1', kind: 'inbound.delete', payload: { id: 'IN-1' }, file: pdf }),
    ).toBe('file_not_allowed');
    expect(store.counts()).toMatchObject({ queued: 0 });
  });

  // Names every plain object inherits: a lookup on `jobPayloadSchemas` found a function there
  // and threw a TypeError instead of refusing the kind.
  it.each(['constructor', '__proto__', 'toString', 'hasOwnProperty'])(
    'refuses the job kind %s with a sentence, through enqueue and at the IPC door',
    (kind) => {
      const { store } = setup();
      let refusal: unknown;
      try {
        store.enqueue({ profileId: 'p1', kind: kind as 'inbound.delete', payload: { id: 'IN-1' } });
      } catch (error) {
        refusal = error;
      }
      expect(refusal).toBeInstanceOf(OutboxInputError);
      expect((refusal as OutboxInputError).code).toBe('unknown_kind');
      const shown = toAppError(refusal, (text) => text);
      expect(shown.messageKey).toBe('errors.outbox.unknown_kind');
      expect(en.errors.outbox.unknown_kind).toMatch(/not known/);
      expect(store.counts()).toMatchObject({ queued: 0 });
      // submitJob's input schema refuses it before the outbox is reached.
      expect(inputSchemas.submitJob.safeParse({ kind, payload: { id: 'IN-1' } }).success).toBe(
        false,
      );
    },
  );

  it('counts what waits (queued, sending, to be checked), the oldest and the next attempt due', () => {
    const { store, tick } = setup();
    expect(store.waiting('p1')).toEqual({ count: 0, oldestAt: null, nextAttemptAt: null });
    const a = store.enqueue(invoice('PB-1')).job;
    tick(1_000);
    const b = store.enqueue(invoice('PB-2')).job;
    tick(1_000);
    const c = store.enqueue(invoice('PB-3')).job;
    store.markSending(a.id);
    store.markSending(b.id);
    store.markUncertain(
      b.id,
      {
        family: 'network',
        code: 'network.reset',
        messageKey: 'errors.api.network',
        message: 'reset',
      },
      60_000,
    );
    store.markSending(c.id);
    store.markFailed(c.id, {
      family: 'api',
      code: 'api.bad_request',
      messageKey: 'errors.api.validation',
      message: '400',
    });
    // a is sending (no next attempt of its own), b waits to be checked at 60 s, c failed.
    expect(store.waiting('p1')).toEqual({ count: 2, oldestAt: 1_000, nextAttemptAt: 60_000 });
    expect(store.waiting('other')).toEqual({ count: 0, oldestAt: null, nextAttemptAt: null });
  });

  it('releases jobs of one order in enqueue order, and independent ones in parallel', () => {
    const { store, tick } = setup();
    const create = store.enqueue({
      profileId: 'p1',
      kind: 'order.create',
      payload: {
        order: orderCreateBody('PB-9'),
      },
    }).job;
    tick();
    const upload = store.enqueue(invoice('PB-9')).job;
    tick();
    const other = store.enqueue(invoice('PB-8')).job;
    tick();
    expect(store.ready('p1', 10).map((j) => j.id)).toEqual([create.id, other.id]);
    store.markSending(create.id);
    expect(store.ready('p1', 10).map((j) => j.id)).toEqual([other.id]);
    store.markFailed(create.id, {
      family: 'validation',
      code: 'x',
      messageKey: 'errors.internal',
      message: 'bad',
    });
    expect(store.ready('p1', 10).map((j) => j.id)).toEqual([other.id]);
    store.requeue(create.id, 0, null, ['failed']);
    store.markSending(create.id);
    store.markDone(create.id, {});
    expect(store.ready('p1', 10).map((j) => j.id)).toEqual([upload.id, other.id]);
    expect(store.ready('p1', 10, new Set([upload.id])).map((j) => j.id)).toEqual([other.id]);
  });

  it('turns jobs caught while sending into uncertain ones after a crash', () => {
    const { store } = setup();
    const job = store.enqueue(invoice()).job;
    store.markSending(job.id);
    expect(store.recoverInterrupted().map((j) => j.state)).toEqual(['uncertain']);
    expect(store.get(job.id)).toMatchObject({
      state: 'uncertain',
      attempts: 1,
      lastError: { code: 'interrupted' },
    });
  });

  it('quarantines rows that do not validate instead of dropping them', () => {
    const { db, store } = setup();
    const good = store.enqueue(invoice()).job;
    const bad = store.enqueue(invoice('PB-2')).job;
    db.prepare('UPDATE jobs SET payload = \'{"order": 42}\' WHERE id = ?').run(bad.id);
    expect(store.quarantineInvalid()).toEqual([
      { jobId: bad.id, reason: expect.stringContaining('invoice.upload') },
    ]);
    expect(store.quarantined()).toEqual([expect.objectContaining({ jobId: bad.id })]);
    expect(store.list().map((j) => j.id)).toEqual([good.id]);
  });

  it('edits the payload of a failed job and keeps the file', () => {
    const { store } = setup();
    const job = store.enqueue(invoice('PB-WRONG')).job;
    store.markSending(job.id);
    store.markFailed(job.id, {
      family: 'not_found',
      code: 'not_found',
      messageKey: 'errors.internal',
      message: 'no order',
    });
    const edited = store.replacePayload(job.id, { order: 'PB-1', fileName: 'nf.pdf' });
    expect(edited.payload).toEqual({ order: 'PB-1', fileName: 'nf.pdf' });
    expect(store.file(job.id)).toEqual(pdf);
    expect(() => store.replacePayload(job.id, { order: '' })).toThrow(OutboxInputError);
  });

  it('changes state only through allowed moves, as a compare-and-set, with its audit row in the same transaction', () => {
    const { db, store } = setup();
    const job = store.enqueue(invoice('PB-CAS')).job;
    const audit = () => db.prepare('SELECT count(*) AS n FROM audit').get() as { n: number };
    // queued cannot jump to done or failed: it has not been sent.
    expect(() => store.markDone(job.id, {})).toThrow(
      expect.objectContaining({ code: 'bad_state' }),
    );
    expect(() =>
      store.markFailed(job.id, {
        family: 'x',
        code: 'x',
        messageKey: 'errors.internal',
        message: 'm',
      }),
    ).toThrow(/cannot become failed/);
    store.markSending(job.id);
    // Two parties finishing the same send: only the first wins.
    store.markDone(job.id, { ok: 1 }, ['sending'], () =>
      db
        .prepare(
          "INSERT INTO audit (at, event, message_key, message) VALUES (1, 'job.done', 'k', 'm')",
        )
        .run(),
    );
    expect(() => store.markDone(job.id, { ok: 2 }, ['sending'])).toThrow(/cannot become done/);
    expect(audit().n).toBe(1);
    // A failing audit write undoes the state change with it.
    const other = store.enqueue(invoice('PB-CAS-2')).job;
    expect(() =>
      store.markSending(other.id, () => {
        throw new Error('audit write failed');
      }),
    ).toThrow('audit write failed');
    expect(store.get(other.id)).toMatchObject({ state: 'queued', attempts: 0 });
    // The same for a new job: its audit row failing leaves no job behind.
    expect(() =>
      store.enqueue(invoice('PB-CAS-3'), () => {
        throw new Error('audit write failed');
      }),
    ).toThrow('audit write failed');
    expect(store.list().map((j) => j.payload)).not.toContainEqual(
      expect.objectContaining({ order: 'PB-CAS-3' }),
    );
    // done is final; uncertain never goes straight back to the queue (it is verified first).
    expect(() => store.requeue(job.id, 0, null, ['done'])).toThrow(/cannot become queued/);
    store.markSending(other.id);
    store.markUncertain(
      other.id,
      { family: 'network', code: 'x', messageKey: 'errors.internal', message: 'm' },
      0,
    );
    expect(() => store.requeue(other.id, 0, null, ['uncertain'])).toThrow(/cannot become queued/);
  });

  it('refuses a payload over the bounds before parsing or storing it', () => {
    const { store } = setup();
    const huge = 'x'.repeat(100 * 1024 * 1024);
    expect(() =>
      store.enqueue({
        profileId: 'p1',
        kind: 'product.create',
        payload: { product: { sku: 'BIG-1', name: 'Big', note: huge } },
      }),
    ).toThrow(
      expect.objectContaining({
        code: 'invalid_payload',
        details: expect.objectContaining({
          code: 'limits.string_too_long',
          path: ['product', 'note'],
        }),
      }),
    );
    expect(store.list()).toEqual([]);
  });
});
