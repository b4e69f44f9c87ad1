import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type RunningSandbox } from '../../src/sandbox/index.ts';
import { startLossyProxy, type LossyProxy } from '../support/lossy-proxy.ts';
import { pdfBytes, stationFor, tempDir } from './helpers.ts';

// A network that loses 30 % of the answers to writes after the service did the work: every
// submission must arrive exactly once (uploads, creates) and every change be applied once (no
// PUT re-applied because its answer was lost): nothing lost, nothing duplicated.

let sandbox: RunningSandbox;
let proxy: LossyProxy;
const scratch = tempDir('packbench-lossy-');
beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, rateLimit: 1_000_000 });
  proxy = await startLossyProxy(sandbox.url, 0.3, 20261124);
});
afterAll(async () => {
  await proxy.close();
  await sandbox.close();
  scratch.remove();
});

describe('a network that drops 30 % of the answers to writes', () => {
  it('loses nothing, creates nothing twice and re-applies no change', async () => {
    const core = await stationFor(proxy.url, scratch.path, {
      outbox: { backoffBaseMs: 20, backoffCapMs: 200, concurrency: 4 },
      budget: { limit: 1_000_000 },
      timeoutMs: 5_000,
    });
    const p = core.profiles.active().id;
    const jobs: string[] = [];
    const add = (input: Parameters<typeof core.outbox.enqueue>[0]) =>
      jobs.push(core.outbox.enqueue(input).job.id);
    for (let i = 0; i < 20; i += 1) {
      add({
        profileId: p,
        kind: 'product.create',
        payload: { product: { sku: `LOSSY-${i}`, name: `Lossy ${i}` } },
      });
      add({
        profileId: p,
        kind: 'product.update',
        payload: { product: { sku: `LOSSY-${i}`, unit_price: 10 + i } },
      });
      add({
        profileId: p,
        kind: 'order.create',
        payload: {
          order: {
            id: `LOSSY-O${i}`,
            warehouse: 'SP01',
            customer: { name: `Cliente ${i}` },
            shipping_address: {
              street: 'Rua C',
              city: 'Recife',
              state: 'PE',
              postal_code: '50000-000',
            },
            items: [{ sku: 'ACM-0001', quantity: 1 + i }],
          },
        },
      });
      add({
        profileId: p,
        kind: 'order.update',
        payload: { order: { id: `LOSSY-O${i}`, notes: `Lossy note ${i}` } },
      });
      add({
        profileId: p,
        kind: 'invoice.upload',
        payload: { order: `LOSSY-O${i}`, fileName: `nf-${i}.pdf` },
        file: pdfBytes(5000 + i),
      });
      add({
        profileId: p,
        kind: 'label.upload',
        payload: { order: `LOSSY-O${i}`, fileName: `label-${i}.zpl` },
        file: new TextEncoder().encode(`^XA^FD${i}^FS^XZ`),
      });
    }
    await core.outbox.idle(p, 120_000);
    expect(proxy.stats.dropped).toBeGreaterThan(10);
    expect(core.outbox.snapshot(p).counts).toMatchObject({
      done: jobs.length,
      failed: 0,
      uncertain: 0,
      queued: 0,
    });
    const receipts = sandbox.receipts('acme');
    const times = new Map<string, number>();
    for (const r of receipts) {
      const key = `${r.kind} ${r.ref} ${r.sha256}`;
      times.set(key, (times.get(key) ?? 0) + 1);
    }
    expect([...times.entries()].filter(([, n]) => n > 1)).toEqual([]);
    expect(receipts).toHaveLength(jobs.length);
    await core.close();
  }, 150_000);
});
