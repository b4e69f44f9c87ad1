import { afterEach, describe, expect, it } from 'vitest';
import type { StationCore } from '../../src/main/core/station-core.ts';
import { startSandbox } from '../../src/sandbox/index.ts';
import { pdfBytes, stationFor, tempDir } from './helpers.ts';
import { until } from '../support/until.ts';
import { translate } from '../../src/shared/i18n/translate.ts';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function setup(
  sandboxOptions: Parameters<typeof startSandbox>[0] = {},
  coreOptions: Parameters<typeof stationFor>[2] = {},
) {
  const sandbox = await startSandbox({ port: 0, ...sandboxOptions });
  cleanups.push(() => sandbox.close());
  const dir = tempDir();
  cleanups.push(dir.remove);
  const core = await stationFor(sandbox, dir.path, coreOptions);
  cleanups.push(() => core.close());
  return { sandbox, core, dir: dir.path };
}

const profileOf = (core: StationCore) => core.profiles.active().id;

describe('outbox delivery', () => {
  it('delivers every kind of submission, an order before its invoice', async () => {
    const { sandbox, core } = await setup();
    const p = profileOf(core);
    const order = {
      id: 'OB-1',
      warehouse: 'SP01',
      customer: { name: 'Ana' },
      shipping_address: { street: 'Rua C', city: 'Recife', state: 'PE', postal_code: '50000-000' },
      items: [{ sku: 'ACM-0001', quantity: 1 }],
    };
    core.outbox.enqueue({ profileId: p, kind: 'order.create', payload: { order } });
    core.outbox.enqueue({
      profileId: p,
      kind: 'invoice.upload',
      payload: { order: 'OB-1', fileName: 'nf.pdf' },
      file: pdfBytes(1),
    });
    core.outbox.enqueue({
      profileId: p,
      kind: 'label.upload',
      payload: { order: 'OB-1', fileName: 'l.zpl' },
      file: new TextEncoder().encode('^XA^FDx^FS^XZ'),
    });
    core.outbox.enqueue({
      profileId: p,
      kind: 'order.update',
      payload: { order: { id: 'OB-1', status: 'packed' } },
    });
    core.outbox.enqueue({
      profileId: p,
      kind: 'product.create',
      payload: { product: { sku: 'OB-P1', name: 'Produto' } },
    });
    core.outbox.enqueue({
      profileId: p,
      kind: 'product.update',
      payload: { product: { sku: 'OB-P1', unit_price: 9.5 } },
    });
    core.outbox.enqueue({
      profileId: p,
      kind: 'inbound.create',
      payload: { inbound: { warehouse: 'SP01', items: [{ sku: 'OB-P1', quantity: 5 }] } },
    });
    core.outbox.enqueue({ profileId: p, kind: 'inbound.delete', payload: { id: 'IN-00004' } });
    await core.outbox.idle(p);
    expect(core.outbox.snapshot(p).counts).toMatchObject({ done: 8, failed: 0, uncertain: 0 });
    expect(sandbox.receipts('acme').map((r) => r.kind)).toEqual(
      expect.arrayContaining([
        'order.create',
        'invoice',
        'label',
        'order.update',
        'product.create',
        'product.update',
        'inbound.create',
        'inbound.delete',
      ]),
    );
    const kinds = sandbox.receipts('acme').map((r) => r.kind);
    expect(kinds.indexOf('order.create')).toBeLessThan(kinds.indexOf('invoice'));
    expect(kinds.indexOf('invoice')).toBeLessThan(kinds.indexOf('order.update'));
  });

  it('drains each profile with its own key, the inactive one too', async () => {
    const { sandbox, core } = await setup();
    const other = await startSandbox({ port: 0 });
    cleanups.push(() => other.close());
    const second = await core.profiles.create({
      name: 'Bolt',
      environment: 'test',
      baseUrl: other.url,
    });
    await core.setKey(second.id, 'sbx-demo-bolt');
    core.outbox.enqueue({
      profileId: second.id,
      kind: 'product.create',
      payload: { product: { sku: 'BOLT-1', name: 'b' } },
    });
    core.outbox.enqueue({
      profileId: profileOf(core),
      kind: 'product.create',
      payload: { product: { sku: 'ACME-1', name: 'a' } },
    });
    await core.outbox.idle(second.id);
    await core.outbox.idle(profileOf(core));
    expect(other.receipts('bolt').map((r) => r.ref)).toEqual(['BOLT-1']);
    expect(sandbox.receipts('acme').map((r) => r.ref)).toEqual(['ACME-1']);
  });

  it('marks permanent failures failed with the server message; edit and retry fixes them', async () => {
    const { core } = await setup();
    const p = profileOf(core);
    const { job } = core.outbox.enqueue({
      profileId: p,
      kind: 'invoice.upload',
      payload: { order: 'NOPE-1', fileName: 'nf.pdf' },
      file: pdfBytes(2),
    });
    await core.outbox.idle(p);
    expect(core.outbox.store.get(job.id)).toMatchObject({
      state: 'failed',
      lastError: {
        family: 'not_found',
        status: 404,
        // The service's own words, beside the sentence the screen shows (also in English).
        serviceMessage: expect.stringContaining('NOPE-1'),
        message: translate('en', 'errors.api.not_found'),
      },
    });
    core.outbox.editAndRetry(job.id, { order: 'PB-10001', fileName: 'nf.pdf' });
    await core.outbox.idle(p);
    expect(core.outbox.store.get(job.id).state).toBe('done');
  });

  it('pauses the whole profile on 401 with one message until the key changes', async () => {
    const { sandbox, core } = await setup();
    const p = profileOf(core);
    await core.setKey(p, 'sbx-demo-nobody');
    for (let i = 0; i < 3; i += 1)
      core.outbox.enqueue({
        profileId: p,
        kind: 'product.create',
        payload: { product: { sku: `AUTH-${i}`, name: 'x' } },
      });
    await until(
      () => core.outbox.snapshot(p).pausedForAuth && core.outbox.snapshot(p).counts.queued === 3,
      'the profile paused on 401 with its three jobs queued',
    );
    expect(core.outbox.snapshot(p).counts).toMatchObject({ queued: 3, failed: 0, done: 0 });
    expect(core.outbox.audit.list().filter((e) => e.event === 'outbox.paused_auth')).toHaveLength(
      1,
    );
    await core.setKey(p, 'sbx-demo-acme');
    await core.outbox.idle(p);
    expect(core.outbox.snapshot(p)).toMatchObject({ pausedForAuth: false, counts: { done: 3 } });
    expect(sandbox.receipts('acme')).toHaveLength(3);
  });

  it('returns the existing job for a repeat, and needs confirmation to re-send a delivered one', async () => {
    const { sandbox, core } = await setup();
    const p = profileOf(core);
    const input = {
      profileId: p,
      kind: 'invoice.upload' as const,
      payload: { order: 'PB-10001', fileName: 'nf.pdf' },
      file: pdfBytes(3),
    };
    const first = core.outbox.enqueue(input);
    expect(core.outbox.enqueue(input)).toEqual({ status: 'existing', job: first.job });
    await core.outbox.idle(p);
    expect(core.outbox.enqueue(input).status).toBe('needs_confirmation');
    expect(core.outbox.enqueue({ ...input, confirmResend: true }).status).toBe('enqueued');
    await core.outbox.idle(p);
    expect(sandbox.receipts('acme').filter((r) => r.kind === 'invoice')).toHaveLength(2);
    expect(core.outbox.audit.list().some((e) => e.message.includes('re-send confirmed'))).toBe(
      true,
    );
  });

  it('exports the audit log as CSV, neutralising formulas', async () => {
    const { core } = await setup();
    const p = profileOf(core);
    core.outbox.enqueue({
      profileId: p,
      kind: 'product.create',
      payload: { product: { sku: 'CSV-1', name: '=HYPERLINK("x")' } },
    });
    await core.outbox.idle(p);
    const csv = core.outbox.audit.toCsv(core.outbox.audit.list());
    expect(csv.split('\r\n')[0]).toBe('time,profile,event,job,message_key,message');
    expect(csv).toContain('job.done');
    expect(csv).not.toContain('sbx-demo-acme');
  });
});

describe('outbox under hostile conditions', () => {
  it('chaos: 300 submissions through 10% failures and latency all end done, none duplicated', async () => {
    // Budget and server limit raised: this test is about failures, the rate test about limits.
    const { sandbox, core } = await setup(
      { failRate: 0.1, latencyMs: 5, rateLimit: 1_000_000 },
      {
        outbox: { backoffBaseMs: 50, backoffCapMs: 400, concurrency: 8 },
        budget: { limit: 1_000_000 },
      },
    );
    const p = profileOf(core);
    for (let i = 0; i < 150; i += 1)
      core.outbox.enqueue({
        profileId: p,
        kind: 'product.create',
        payload: { product: { sku: `CH-${i}`, name: `Caos ${i}` } },
      });
    for (let i = 0; i < 150; i += 1) {
      core.outbox.enqueue({
        profileId: p,
        kind: 'invoice.upload',
        payload: { order: `PB-${10001 + (i % 60)}`, fileName: `nf-${i}.pdf` },
        file: pdfBytes(1000 + i),
      });
    }
    await core.outbox.idle(p, 120_000);
    expect(core.outbox.snapshot(p).counts).toMatchObject({
      done: 300,
      failed: 0,
      uncertain: 0,
      queued: 0,
    });
    const receipts = sandbox.receipts('acme');
    const byContent = new Map<string, number>();
    for (const r of receipts)
      byContent.set(`${r.kind}:${r.sha256}`, (byContent.get(`${r.kind}:${r.sha256}`) ?? 0) + 1);
    expect(byContent.size).toBe(300);
    expect([...byContent.values()].every((n) => n === 1)).toBe(true);
    expect(core.outbox.audit.list({ limit: 10_000 }).some((e) => e.event === 'job.uncertain')).toBe(
      true,
    );
  }, 150_000);

  it('offline: 50 submissions wait while the service is down and drain by themselves when it returns', async () => {
    const { sandbox, core } = await setup();
    const p = profileOf(core);
    const port = sandbox.port;
    await sandbox.close();
    await core.testConnection();
    expect(core.status().health).toMatchObject({ state: 'down', online: false });
    for (let i = 0; i < 50; i += 1)
      core.outbox.enqueue({
        profileId: p,
        kind: 'product.create',
        payload: { product: { sku: `OFF-${i}`, name: 'offline' } },
      });
    // Each enqueue asked the outbox to send, and it declined at once (the service is down): no
    // sleep can show more. That it kept them waiting is judged once they are delivered: each
    // job took one attempt, made after the service returned.
    expect(core.outbox.snapshot(p).counts).toMatchObject({ queued: 50, done: 0, failed: 0 });
    expect(core.outbox.store.list({ profileId: p }).filter((j) => j.attempts > 0)).toEqual([]);
    const back = await startSandbox({ port });
    cleanups.push(() => back.close());
    await core.outbox.idle(p, 30_000);
    expect(core.outbox.snapshot(p).counts).toMatchObject({ done: 50 });
    expect(back.receipts('acme')).toHaveLength(50);
    expect(new Set(core.outbox.store.list({ profileId: p }).map((j) => j.attempts))).toEqual(
      new Set([1]),
    );
  }, 60_000);

  it('rate: the outbox never causes a 429 and lookups still get through while it drains', async () => {
    const { core } = await setup(
      { rateLimit: 10, windowMs: 1_000 },
      { budget: { limit: 10, windowMs: 1_000 } },
    );
    const p = profileOf(core);
    for (let i = 0; i < 30; i += 1)
      core.outbox.enqueue({
        profileId: p,
        kind: 'product.create',
        payload: { product: { sku: `RATE-${i}`, name: 'rate' } },
      });
    const api = await core.api();
    // A slot is window ÷ limit = 100 ms. Each lookup is made while the drain is under way, with
    // at least ten jobs (a whole window) still ahead of it: behind them it would wait a second
    // or more; in the interactive lane it takes the next slot that frees.
    const slotMs = 1_000 / 10;
    const lookups: { ms: number; ahead: number }[] = [];
    for (const delivered of [1, 6, 11, 16]) {
      await until(() => core.outbox.snapshot(p).counts.done >= delivered, `${delivered} delivered`);
      const { queued, sending } = core.outbox.snapshot(p).counts;
      const started = performance.now();
      await api.getOrder('PB-10001');
      lookups.push({ ms: performance.now() - started, ahead: queued + sending });
    }
    await core.outbox.idle(p, 30_000);
    expect(core.outbox.snapshot(p).counts.done).toBe(30);
    expect(core.status().budget?.rateLimitedTotal).toBe(0);
    for (const { ms, ahead } of lookups) {
      expect(ahead).toBeGreaterThanOrEqual(10);
      // At most a few slots (a quiet machine: about one, see the bench), never the queue's wait.
      expect(ms, `a lookup with ${ahead} jobs ahead`).toBeLessThan(5 * slotMs);
    }
  }, 60_000);
});
