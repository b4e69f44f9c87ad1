// Section `faults`: a lossy network (answers lost) and a removed profile with retrying jobs.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createStationCore } from '../../src/main/core/station-core.ts';
import { startLossyProxy } from '../../test/support/lossy-proxy.ts';
import { startSandbox } from '../../src/sandbox/index.ts';
import { memoryKeychain, useTestProfile } from '../../test/outbox/helpers.ts';
import { type BenchContext, type BenchSection } from './context.ts';

/**
 * 9. A network that loses 30 % of the answers to writes after the service did the work: 200 mixed
 * submissions (creates, changes, uploads) must all arrive once, and no change be re-applied.
 */
export async function lossyNetwork({ rows, results }: BenchContext): Promise<void> {
  const sandbox = await startSandbox({ port: 0, rateLimit: 1_000_000 });
  const proxy = await startLossyProxy(sandbox.url, 0.3, 20261124);
  const dir = mkdtempSync(join(tmpdir(), 'packbench-bench-lossy-'));
  const core = await createStationCore({
    dataDir: dir,
    keychain: memoryKeychain(),
    budget: { limit: 1_000_000 },
    outbox: { backoffBaseMs: 20, backoffCapMs: 200, concurrency: 4 },
    timeoutMs: 5_000,
  });
  await useTestProfile(core, proxy.url);
  const p = core.profiles.active().id;
  const started = performance.now();
  let jobs = 0;
  for (let i = 0; i < 40; i += 1) {
    const order = `BENCH-O${i}`;
    const inputs = [
      { kind: 'product.create', payload: { product: { sku: `BL-${i}`, name: `Bench ${i}` } } },
      { kind: 'product.update', payload: { product: { sku: `BL-${i}`, unit_price: 5 + i } } },
      {
        kind: 'order.create',
        payload: {
          order: {
            id: order,
            warehouse: 'SP01',
            customer: { name: `Cliente ${i}` },
            shipping_address: {
              street: 'Rua B',
              city: 'Recife',
              state: 'PE',
              postal_code: '50000-000',
            },
            items: [{ sku: 'ACM-0001', quantity: 1 }],
          },
        },
      },
      { kind: 'order.update', payload: { order: { id: order, notes: `bench ${i}` } } },
      {
        kind: 'invoice.upload',
        payload: { order, fileName: `nf-${i}.pdf` },
        file: new TextEncoder().encode(`%PDF-1.4\n% bench ${i}\n%%EOF\n`),
      },
    ] as const;
    for (const input of inputs) {
      core.outbox.enqueue({ profileId: p, ...input } as Parameters<typeof core.outbox.enqueue>[0]);
      jobs += 1;
    }
  }
  await core.outbox.idle(p, 10 * 60_000);
  const drainS = (performance.now() - started) / 1000;
  const counts = core.outbox.snapshot(p).counts;
  const times = new Map<string, number>();
  for (const r of sandbox.receipts('acme')) {
    const key = `${r.kind} ${r.ref} ${r.sha256}`;
    times.set(key, (times.get(key) ?? 0) + 1);
  }
  const repeated = [...times.entries()].filter(([, n]) => n > 1);
  const repeatedWrites = repeated.filter(([k]) => k.includes('.update')).length;
  const duplicated = repeated.length - repeatedWrites;
  const lost = jobs - counts.done;
  rows.push({
    measure: `9. lossy network (30 % of write answers lost), ${jobs} mixed submissions: lost / duplicated / repeated writes / drain s`,
    figure: `${lost} / ${duplicated} / ${repeatedWrites} / ${drainS.toFixed(1)}`,
    goal: '0 / 0 / 0',
    ok: lost === 0 && duplicated === 0 && repeatedWrites === 0,
  });
  results['lossyNetwork'] = {
    jobs,
    lost,
    duplicated,
    repeatedWrites,
    drainS,
    dropped: proxy.stats,
  };
  await core.close();
  await proxy.close();
  await sandbox.close();
  rmSync(dir, { recursive: true, force: true });
}

/** 9. Main's CPU in the 10 s after a profile with 50 retrying jobs is removed (idle: nothing is due). */
export async function removedProfileCpu({ rows, results }: BenchContext): Promise<void> {
  const sandbox = await startSandbox({ port: 0, rateLimit: 1_000_000 });
  const dir = mkdtempSync(join(tmpdir(), 'packbench-bench-remove-'));
  const core = await createStationCore({
    dataDir: dir,
    keychain: memoryKeychain(),
    outbox: { backoffBaseMs: 50, backoffCapMs: 500 },
    // The profile's service refuses uploads for now: its jobs retry.
    fetch: (input, init) =>
      init?.method === 'POST'
        ? Promise.resolve(new Response('{"message":"busy"}', { status: 503 }))
        : fetch(input, init),
  });
  const profile = await useTestProfile(core, sandbox.url);
  for (let i = 0; i < 50; i += 1)
    core.outbox.enqueue({
      profileId: profile.id,
      kind: 'invoice.upload',
      payload: { order: `PB-${10001 + (i % 60)}`, fileName: `retry-${i}.pdf` },
      file: new TextEncoder().encode(`%PDF-1.4\n% retry ${i}\n%%EOF\n`),
    });
  await new Promise((resolve) => setTimeout(resolve, 2_000)); // every job has failed at least once
  await core.removeProfile(profile.id);
  const before = process.cpuUsage();
  await new Promise((resolve) => setTimeout(resolve, 10_000));
  const used = process.cpuUsage(before);
  const cpuMs = (used.user + used.system) / 1000;
  const orphaned = core.outbox.store.counts(profile.id).orphaned;
  rows.push({
    measure:
      '9. profile removed with 50 retrying jobs: main CPU over the next 10 s (ms) / jobs shown as removed',
    figure: `${cpuMs.toFixed(0)} / ${orphaned}`,
    goal: '< 500 / 50',
    ok: cpuMs < 500 && orphaned === 50,
  });
  results['removedProfile'] = { cpuMs, orphaned };
  await core.close();
  await sandbox.close();
  rmSync(dir, { recursive: true, force: true });
}

export const section: BenchSection = async (context) => {
  await lossyNetwork(context);
  await removedProfileCpu(context);
};
