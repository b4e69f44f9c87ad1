// `npm run bench`: measures what operators feel against the physical limits, prints a table and
// writes bench-results.json. Figures are ratios and distributions within one run (machines are
// noisy). Sections for the outbox, previews and the renderer join as their issues land.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { ApiClient } from '../src/main/api/client.ts';
import { systemClock } from '../src/main/core/clock.ts';
import { CompanyBudget } from '../src/main/core/rate-budget.ts';
import { createStationCore } from '../src/main/core/station-core.ts';
import { openDatabase } from '../src/main/outbox/database.ts';
import { JobStore } from '../src/main/outbox/job-store.ts';
import { memoryKeychain } from '../test/outbox/helpers.ts';
import { endpointOverridesSchema } from '../src/shared/profile.ts';
import { startSandbox, type RunningSandbox } from '../src/sandbox/index.ts';

const ROOT = join(import.meta.dirname, '..');
const { values } = parseArgs({
  options: {
    submissions: { type: 'string', default: '1000' },
    'window-ms': { type: 'string', default: '6000' },
    limit: { type: 'string', default: '100' },
  },
});
const submissions = Number(values.submissions);
const windowMs = Number(values['window-ms']);
const limit = Number(values.limit);

interface Row {
  measure: string;
  figure: string;
  goal: string;
  ok: boolean;
}
const rows: Row[] = [];
const results: Record<string, unknown> = {
  parameters: { submissions, windowMs, limit, node: process.version },
};

interface Attempt {
  status: number | null;
  at: number;
}

/** Requests the server accepted (answered with anything but 429 or silence), by arrival of the answer. */
const acceptedTimes = (attempts: Attempt[]) =>
  attempts.filter((a) => a.status !== null && a.status !== 429).map((a) => a.at);

function client(sandbox: RunningSandbox, attempts: Attempt[]) {
  return new ApiClient({
    target: {
      baseUrl: sandbox.url,
      apiVersion: 'v1.1',
      overrides: endpointOverridesSchema.parse({}),
    },
    getKey: async () => 'sbx-demo-acme',
    budget: new CompanyBudget({ clock: systemClock, limit, windowMs }),
    clock: systemClock,
    onAttempt: (a) => attempts.push({ status: a.status, at: Date.now() }),
  });
}

/** Accepted requests per window divided by the budget, over the span the receipts cover. */
function utilisation(times: number[]): number {
  const sorted = [...times].sort((a, b) => a - b);
  const span = (sorted.at(-1) ?? 0) - (sorted[0] ?? 0);
  return span > 0 ? ((sorted.length - 1) / span) * (windowMs / limit) : 0;
}

const percentile = (xs: number[], p: number) => {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
};

/** A fetch that records when each answer arrived and its status, for the utilisation figure. */
function recordingFetch(attempts: Attempt[]): typeof fetch {
  return async (input, init) => {
    try {
      const response = await fetch(input, init);
      attempts.push({ status: response.status, at: Date.now() });
      return response;
    } catch (error) {
      attempts.push({ status: null, at: Date.now() });
      throw error;
    }
  };
}

async function singleCore(): Promise<void> {
  const sandbox = await startSandbox({ port: 0, rateLimit: limit, windowMs });
  const attempts: Attempt[] = [];
  const dir = mkdtempSync(join(tmpdir(), 'packbench-bench-'));
  const core = await createStationCore({
    dataDir: dir,
    keychain: memoryKeychain(),
    budget: { limit, windowMs },
    health: { intervalMs: 10 * windowMs },
    outbox: { concurrency: 8 },
    fetch: recordingFetch(attempts),
  });
  const profile = await core.profiles.create({
    name: 'Bench',
    environment: 'test',
    baseUrl: sandbox.url,
  });
  await core.setKey(profile.id, 'sbx-demo-acme');
  await core.switchProfile(profile.id);
  const api = await core.api();
  const slotMs = windowMs / limit;
  const waits: number[] = [];
  let draining = true;
  const lookups = (async () => {
    while (draining) {
      await new Promise((resolve) => setTimeout(resolve, 2_000));
      if (!draining) break;
      const started = performance.now();
      await api.getOrder('PB-10001');
      waits.push((performance.now() - started) / slotMs);
    }
  })();
  for (let i = 0; i < submissions; i += 1) {
    core.outbox.enqueue({
      profileId: profile.id,
      kind: 'product.create',
      payload: { product: { sku: `BENCH-${i}`, name: 'bench' } },
    });
  }
  await core.outbox.idle(profile.id, 30 * 60_000);
  draining = false;
  await lookups;
  const counts = core.outbox.snapshot(profile.id).counts;
  const ratio = utilisation(acceptedTimes(attempts));
  const limited = attempts.filter((a) => a.status === 429).length;
  rows.push({
    measure: '1. budget use, one core draining the outbox (accepted per window ÷ budget)',
    figure: ratio.toFixed(3),
    goal: '≥ 0.99',
    ok: ratio >= 0.99,
  });
  rows.push({
    measure: '1. 429s caused by the station',
    figure: String(limited),
    goal: '0',
    ok: limited === 0,
  });
  rows.push({
    measure: '1. delivered / failed',
    figure: `${counts.done} / ${counts.failed}`,
    goal: `${submissions} / 0`,
    ok: counts.done === submissions,
  });
  rows.push({
    measure: '3. interactive wait while draining (slots p50/p95/max)',
    figure: `${percentile(waits, 50).toFixed(2)} / ${percentile(waits, 95).toFixed(2)} / ${Math.max(0, ...waits).toFixed(2)}`,
    goal: 'p95 ≤ 1',
    ok: percentile(waits, 95) <= 1,
  });
  results['singleCore'] = {
    utilisation: ratio,
    rateLimited: limited,
    counts,
    interactiveWaitSlots: waits,
  };
  await core.close();
  await sandbox.close();
  rmSync(dir, { recursive: true, force: true });
}

/** Time until a job and its file are durably committed, per file size. */
function enqueueLatency(): void {
  const dir = mkdtempSync(join(tmpdir(), 'packbench-bench-'));
  const db = openDatabase(join(dir, 'outbox.sqlite'));
  const store = new JobStore(db, { now: Date.now, maxFileBytes: 20 * 1024 * 1024 });
  const figures: Record<string, { p50: number; p95: number }> = {};
  for (const [label, size, runs] of [
    ['10 KB', 10 * 1024, 50],
    ['1 MB', 1024 * 1024, 30],
    ['10 MB', 10 * 1024 * 1024, 10],
  ] as const) {
    const times: number[] = [];
    for (let i = 0; i < runs; i += 1) {
      const file = new Uint8Array(size).fill(i % 251);
      file[0] = 0x25;
      const started = performance.now();
      store.enqueue({
        profileId: 'p',
        kind: 'invoice.upload',
        payload: { order: `PB-${i}`, fileName: `${label}-${i}.pdf` },
        file,
      });
      times.push(performance.now() - started);
    }
    figures[label] = { p50: percentile(times, 50), p95: percentile(times, 95) };
    rows.push({
      measure: `6. enqueue to durable commit, ${label} file (ms p50/p95)`,
      figure: `${figures[label].p50.toFixed(1)} / ${figures[label].p95.toFixed(1)}`,
      goal: 'report',
      ok: true,
    });
  }
  const bookkeeping: number[] = [];
  for (const job of store.list({ states: ['queued'], limit: 50 })) {
    const started = performance.now();
    store.markSending(job.id);
    store.markDone(job.id, { sha256: 'x' });
    bookkeeping.push(performance.now() - started);
  }
  rows.push({
    measure: '6. drain bookkeeping per job (ms p50)',
    figure: percentile(bookkeeping, 50).toFixed(2),
    goal: 'report',
    ok: true,
  });
  results['enqueue'] = { figures, bookkeepingMsP50: percentile(bookkeeping, 50) };
  db.close();
  rmSync(dir, { recursive: true, force: true });
}

/** The real preview path in Chromium: the Labels screen rendering each sample in its worker. */
async function zplPreview(): Promise<void> {
  const { launchStation, closeBrowser } = await import('../test/e2e/harness.ts');
  const station = await launchStation({ keychain: memoryKeychain() });
  const { page } = station;
  await page.getByRole('button', { name: 'Labels' }).click();
  const samples = [
    'shipping-4x6-203dpi.zpl',
    'shipping-4x6-300dpi.zpl',
    'graphic-heavy.zpl',
    'twenty-labels.zpl',
  ];
  const figures: Record<string, number[]> = {};
  const renderOnce = async (text: string, dpmm: string) => {
    await page.getByTestId('zpl-input').fill(text);
    await page.getByText(`${dpmm} dpmm`, { exact: true }).click();
    const started = performance.now();
    await page.getByRole('button', { name: 'Preview' }).click();
    await page.getByTestId('previews').waitFor({ timeout: 120_000 });
    return performance.now() - started;
  };
  const first = readFileSync(join(ROOT, 'resources/samples', samples[0] as string), 'utf8');
  const cold = await renderOnce(first, '8');
  for (const sample of samples) {
    const text = readFileSync(join(ROOT, 'resources/samples', sample), 'utf8');
    const labels = sample.startsWith('twenty') ? 20 : 1;
    const times: number[] = [];
    for (let run = 0; run < 5; run += 1)
      times.push((await renderOnce(text, sample.includes('300dpi') ? '12' : '8')) / labels);
    figures[sample] = times;
    rows.push({
      measure: `4. ZPL preview per label, ${sample} (ms p50/p95)`,
      figure: `${percentile(times, 50).toFixed(0)} / ${percentile(times, 95).toFixed(0)}`,
      goal: 'report',
      ok: true,
    });
  }
  rows.push({
    measure: '4. ZPL preview cold start (worker + WebAssembly + first label, ms)',
    figure: cold.toFixed(0),
    goal: 'report',
    ok: true,
  });
  results['zplPreview'] = { coldMs: cold, perLabelMs: figures };
  await station.close();
  await closeBrowser();
}

/** Resident memory of the core's store with 10,000 queued jobs. */
function memoryWithQueue(): void {
  const dir = mkdtempSync(join(tmpdir(), 'packbench-bench-'));
  const db = openDatabase(join(dir, 'outbox.sqlite'));
  const store = new JobStore(db, { now: Date.now });
  const before = process.memoryUsage().rss;
  for (let i = 0; i < 10_000; i += 1) {
    store.enqueue({
      profileId: 'p',
      kind: 'product.create',
      payload: { product: { sku: `MEM-${i}`, name: 'memory' } },
    });
  }
  const after = process.memoryUsage().rss;
  rows.push({
    measure: '8. process RSS with 10,000 queued jobs (MB; growth while queueing)',
    figure: `${(after / 1024 / 1024).toFixed(0)} (+${((after - before) / 1024 / 1024).toFixed(1)})`,
    goal: 'report',
    ok: true,
  });
  results['memory'] = { rssBefore: before, rssAfter: after };
  db.close();
  rmSync(dir, { recursive: true, force: true });
}

async function sharedKey(): Promise<void> {
  const sandbox = await startSandbox({ port: 0, rateLimit: limit, windowMs });
  const attempts: Attempt[] = [];
  const cores = [client(sandbox, attempts), client(sandbox, attempts), client(sandbox, attempts)];
  const per = Math.ceil(submissions / cores.length);
  const settled = await Promise.allSettled(
    cores.flatMap((api, c) =>
      Array.from({ length: per }, (_, i) =>
        api.createProduct({ sku: `SHARED-${c}-${i}`, name: 'bench' }, { lane: 'submission' }),
      ),
    ),
  );
  const lost = settled.filter((s) => s.status === 'rejected').length;
  const ratio = utilisation(acceptedTimes(attempts));
  const limited = attempts.filter((a) => a.status === 429).length;
  rows.push({
    measure: '2. shared key, three cores (aggregate ÷ budget)',
    figure: ratio.toFixed(3),
    goal: '≥ 0.90',
    ok: ratio >= 0.9,
  });
  rows.push({
    measure: '2. shared key: 429s / lost submissions',
    figure: `${limited} / ${lost}`,
    goal: 'lost = 0',
    ok: lost === 0,
  });
  results['sharedKey'] = { utilisation: ratio, rateLimited: limited, lost };
  await sandbox.close();
}

console.log(
  `Packbench bench: ${submissions} submissions, budget ${limit} per ${windowMs} ms (time-scaled), ${process.version}`,
);
await singleCore();
await sharedKey();
enqueueLatency();
memoryWithQueue();
await zplPreview();
const width = Math.max(...rows.map((r) => r.measure.length));
console.log(`\n${'measure'.padEnd(width)}  ${'figure'.padEnd(22)}  goal`);
for (const row of rows)
  console.log(
    `${row.measure.padEnd(width)}  ${row.figure.padEnd(22)}  ${row.goal} ${row.ok ? '✓' : '✗'}`,
  );
console.log(
  '\nNot measured yet: PDF thumbnail timings, renderer start, renderer heap after 200 previews.',
);
writeFileSync('bench-results.json', `${JSON.stringify({ ...results, rows }, null, 2)}\n`);
