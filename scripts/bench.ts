// `npm run bench`: measures what operators feel against the physical limits, prints a table and
// writes bench-results.json. Figures are ratios and distributions within one run (machines are
// noisy), except where the bench says it repeats a run in simulated time.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import { createStationCore } from '../src/main/core/station-core.ts';
import { openDatabase } from '../src/main/outbox/database.ts';
import { nodeFs } from '../src/main/core/station-fs.ts';
import { JobStore } from '../src/main/outbox/job-store.ts';
import { memoryKeychain, useTestProfile } from '../test/outbox/helpers.ts';
import { startLossyProxy } from '../test/support/lossy-proxy.ts';
import { startSandbox } from '../src/sandbox/index.ts';

const ROOT = join(import.meta.dirname, '..');
const { values } = parseArgs({
  options: {
    submissions: { type: 'string', default: '1000' },
    'window-ms': { type: 'string', default: '6000' },
    limit: { type: 'string', default: '100' },
    /** Comma-separated sections to run (default: all): see SECTIONS */
    only: { type: 'string', default: '' },
    /** The Labelary corpus for issue #32's rows (default ../shared/labelary; skipped if absent) */
    labelary: { type: 'string' },
  },
});
const SECTIONS = [
  'budget',
  'shared',
  'stations',
  'enqueue',
  'memory',
  'faults',
  'zpl',
  'print',
  'renderer',
  'pack',
];
const only = new Set(values.only ? values.only.split(',') : []);
const unknown = [...only].filter((section) => !SECTIONS.includes(section));
if (unknown.length > 0) {
  console.error(`Unknown section ${unknown.join(', ')}; sections are ${SECTIONS.join(', ')}.`);
  process.exit(2);
}
const wanted = (section: string) => only.size === 0 || only.has(section);

function positiveInteger(name: 'submissions' | 'window-ms' | 'limit'): number {
  const value = Number(values[name]);
  if (Number.isInteger(value) && value > 0) return value;
  console.error(`--${name} must be a whole number above 0, not "${values[name]}".`);
  process.exit(2);
}
const submissions = positiveInteger('submissions');
const windowMs = positiveInteger('window-ms');
const limit = positiveInteger('limit');

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

interface Utilisation {
  /** Accepted per whole window ÷ budget, averaged over the windows. */
  mean: number;
  /** The emptiest whole window ÷ budget. */
  lowest: number;
  windows: number;
}

/**
 * Accepted requests per window ÷ budget, over the whole windows of the drain counted from the
 * first answer; the last, partial window is left out (the queue runs dry in it). Counting whole
 * windows keeps the figure at or below 1 whatever the pattern: a rate over the span would credit a
 * station that fills each window in a burst with up to one extra window per run.
 */
function utilisation(times: number[], window = windowMs): Utilisation {
  const sorted = [...times].sort((a, b) => a - b);
  const first = sorted[0] ?? 0;
  const windows = Math.floor(((sorted.at(-1) ?? 0) - first) / window);
  const counts = new Array<number>(windows).fill(0);
  for (const t of sorted) {
    const k = Math.floor((t - first) / window);
    if (k < windows) counts[k] = (counts[k] ?? 0) + 1;
  }
  if (windows === 0) return { mean: 0, lowest: 0, windows };
  return {
    mean: counts.reduce((n, c) => n + c, 0) / windows / limit,
    lowest: Math.min(...counts) / limit,
    windows,
  };
}

const utilisationFigure = (u: Utilisation) =>
  `${u.mean.toFixed(3)} (lowest ${u.lowest.toFixed(2)}, ${u.windows} windows)`;

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
  const { core, profileId, close } = await benchCore(sandbox.url, attempts);
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
      profileId,
      kind: 'product.create',
      payload: { product: { sku: `BENCH-${i}`, name: 'bench' } },
    });
  }
  // Utilisation is measured over the drain: the health check answered before the queue filled.
  attempts.length = 0;
  await core.outbox.idle(profileId, 30 * 60_000);
  draining = false;
  await lookups;
  const counts = core.outbox.snapshot(profileId).counts;
  const use = utilisation(acceptedTimes(attempts));
  const limited = attempts.filter((a) => a.status === 429).length;
  rows.push({
    measure: '1. budget use, one core draining the outbox (accepted per window ÷ budget)',
    figure: utilisationFigure(use),
    goal: '≥ 0.99',
    ok: use.mean >= 0.99,
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
    utilisation: use,
    rateLimited: limited,
    counts,
    interactiveWaitSlots: waits,
  };
  await close();
  await sandbox.close();
}

/** Time until a job and its file are durably committed, per file size. */
function enqueueLatency(): void {
  const dir = mkdtempSync(join(tmpdir(), 'packbench-bench-'));
  const db = openDatabase(join(dir, 'outbox.sqlite'), nodeFs);
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

/**
 * 9. A network that loses 30 % of the answers to writes after the service did the work: 200 mixed
 * submissions (creates, changes, uploads) must all arrive once, and no change be re-applied.
 */
async function lossyNetwork(): Promise<void> {
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
async function removedProfileCpu(): Promise<void> {
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
    measure: '4. ZPL preview cold start in Chromium (worker, fonts, first label, ms)',
    figure: cold.toFixed(0),
    goal: 'report',
    ok: true,
  });
  results['zplPreview'] = { coldMs: cold, perLabelMs: figures };
  await station.close();
  await closeBrowser();
}

/** The engine alone, in a fresh Node process: cold start, warm ms per label, heap over 1,000. */
function zplEngine(): void {
  const child = spawnSync(process.execPath, ['--expose-gc', join(ROOT, 'scripts/bench-zpl.ts')], {
    encoding: 'utf8',
    cwd: ROOT,
  });
  if (child.status !== 0) throw new Error(`bench-zpl failed: ${child.stderr}`);
  const figures = JSON.parse(child.stdout.trim().split('\n').at(-1) ?? '{}') as {
    coldMs: number;
    perLabel: Record<string, { dpmm8: number; dpmm12: number; labels: number }>;
    varying: { dpmm8: number; dpmm12: number };
    heapBefore: number;
    heapAfter: number;
  };
  for (const [file, f] of Object.entries(figures.perLabel)) {
    const shipping = file.startsWith('shipping');
    rows.push({
      measure: `10. ZPL engine per label, ${file}, warm median at 8 / 12 dpmm (ms)`,
      figure: `${f.dpmm8.toFixed(1)} / ${f.dpmm12.toFixed(1)}`,
      goal: shipping ? '≤ 10 / ≤ 25' : 'report',
      ok: !shipping || (f.dpmm8 <= 10 && f.dpmm12 <= 25),
    });
  }
  rows.push({
    measure: '10. ZPL engine, 4×6 shipping label with new data each time, 8 / 12 dpmm (ms)',
    figure: `${figures.varying.dpmm8.toFixed(1)} / ${figures.varying.dpmm12.toFixed(1)}`,
    goal: '≤ 10 / ≤ 25',
    ok: figures.varying.dpmm8 <= 10 && figures.varying.dpmm12 <= 25,
  });
  rows.push({
    measure: '10. ZPL engine cold start: import, fonts, first picture (ms)',
    figure: figures.coldMs.toFixed(0),
    goal: '≤ 150',
    ok: figures.coldMs <= 150,
  });
  const growth = (figures.heapAfter - figures.heapBefore) / 1024 / 1024;
  rows.push({
    measure: '10. ZPL engine heap growth over 1,000 renders (MB)',
    figure: growth.toFixed(1),
    goal: '≤ 5 (flat)',
    ok: growth <= 5,
  });
  const assets = readdirSync(join(ROOT, 'out/renderer/assets'));
  const zplChunk = assets
    .filter((f) => f.startsWith('zpl.worker') || /\.(ttf|otf|woff2?)$/.test(f))
    .reduce((n, f) => n + gzipped(`assets/${f}`), 0);
  rows.push({
    measure: '10. ZPL worker + fonts, gzipped (kB)',
    figure: kb(zplChunk),
    goal: '≤ 450',
    ok: zplChunk <= 450 * 1024,
  });
  results['zplEngine'] = { ...figures, chunkGzipBytes: zplChunk };
}

/**
 * Printing on loopback against the Zebra emulator: one 4×6 label with a logo from the call to
 * the printer holding its last byte (status query included), and 100 labels asked for from two
 * screens at once through the station's print queue: each arrives once, in order per screen.
 */
async function printing(): Promise<void> {
  const { ZebraEmulator } = await import('../test/support/zebra-emulator.ts');
  const { openPrinter } = await import('../src/main/print/printer.ts');
  const { toTarget } = await import('../src/main/print/target.ts');
  const { PrintQueue } = await import('../src/main/print-queue/print-queue.ts');
  const { PrintStore } = await import('../src/main/print-queue/print-store.ts');
  const { systemClock } = await import('../src/main/core/clock.ts');
  const emulator = await ZebraEmulator.start();
  const label = readFileSync(join(ROOT, 'resources/samples/graphic-heavy.zpl'));
  const printer = openPrinter(toTarget(emulator.target));
  const times: number[] = [];
  for (let run = 0; run < 40; run += 1) {
    const before = emulator.jobs().length;
    const started = performance.now();
    await printer.print([{ name: 'label', bytes: label }]);
    // print() resolves once the printer closed the connection: it holds every byte.
    times.push(performance.now() - started);
    if (emulator.jobs().length !== before + 1) throw new Error('a label did not arrive');
  }
  rows.push({
    measure: '11. print one 4×6 label with a logo, call to last byte incl. ~HS (ms p50/p95)',
    figure: `${percentile(times, 50).toFixed(1)} / ${percentile(times, 95).toFixed(1)}`,
    goal: '≤ 50 (p95)',
    ok: percentile(times, 95) <= 50,
  });

  const db = openDatabase(':memory:', nodeFs);
  let n = 0;
  const queue = new PrintQueue({
    store: new PrintStore(db),
    clock: systemClock,
    newId: () => `bench-${(n += 1)}`,
    settings: () => ({ target: emulator.target, dpmm: 8, autoPrint: false }),
    open: (target) => openPrinter(toTarget(target)),
    record: () => undefined,
    user: () => 'bench',
  });
  const labelOf = (screen: string, i: number) =>
    new TextEncoder().encode(`^XA^FO20,20^A0N,40,40^FD${screen} ${i}^FS^XZ`);
  const firstJob = emulator.jobs().length;
  const started = performance.now();
  for (let i = 0; i < 50; i += 1)
    for (const screen of ['station', 'labels'])
      queue.request({ bytes: labelOf(screen, i), fileName: `${screen}-${i}.zpl` });
  await queue.idle();
  const elapsed = performance.now() - started;
  const arrived = emulator
    .jobs()
    .slice(firstJob)
    .map((b) => b.toString('latin1'));
  const inOrder = ['station', 'labels'].every((screen) => {
    const mine = arrived.filter((text) => text.includes(`^FD${screen} `));
    return mine.length === 50 && mine.every((text, i) => text.includes(`^FD${screen} ${i}^FS`));
  });
  const once = new Set(arrived).size === arrived.length && arrived.length === 100;
  rows.push({
    measure: '11. 100 labels from two screens: arrived once / in order per screen / total ms',
    figure: `${once ? 'yes' : 'no'} / ${inOrder ? 'yes' : 'no'} / ${elapsed.toFixed(0)}`,
    goal: 'yes / yes',
    ok: once && inOrder,
  });
  results['printing'] = { labelMs: times, queue: { once, inOrder, elapsedMs: elapsed } };
  await queue.close();
  db.close();
  await emulator.close();
}

const gzipped = (file: string) =>
  gzipSync(readFileSync(join(ROOT, 'out/renderer', file)), { level: 9 }).length;
const kb = (bytes: number) => (bytes / 1024).toFixed(0);

/** What the window downloads before the station shows, and what it loads only when needed. */
function rendererSize(): void {
  const html = readFileSync(join(ROOT, 'out/renderer/index.html'), 'utf8');
  const initial = [...html.matchAll(/(?:src|href)="\.\/(assets\/[^"]+)"/g)].map((m) => m[1] ?? '');
  const all = readdirSync(join(ROOT, 'out/renderer/assets')).map((f) => `assets/${f}`);
  const initialJs = initial.filter((f) => f.endsWith('.js')).reduce((n, f) => n + gzipped(f), 0);
  const initialCss = initial.filter((f) => f.endsWith('.css')).reduce((n, f) => n + gzipped(f), 0);
  const lazy = all.filter((f) => f.endsWith('.js') && !initial.includes(f));
  const group = (test: (f: string) => boolean) =>
    lazy.filter(test).reduce((n, f) => n + gzipped(f), 0);
  const zpl = group((f) => f.includes('zpl'));
  const pdf = group((f) => /assets\/pdf[.-]/.test(f));
  const screens = group((f) => !f.includes('zpl') && !/assets\/pdf[.-]/.test(f));
  rows.push({
    measure: '7. renderer initial JS / CSS, gzipped (kB)',
    figure: `${kb(initialJs)} / ${kb(initialCss)}`,
    goal: 'report',
    ok: true,
  });
  rows.push({
    measure: '7. loaded on first use, gzipped (kB): other screens / pdf.js / ZPL renderer',
    figure: `${kb(screens)} / ${kb(pdf)} / ${kb(zpl)}`,
    goal: 'report',
    ok: true,
  });
  results['rendererSize'] = { initial, initialJs, initialCss, lazyScreens: screens, pdf, zpl };
}

/** In Chromium: start-up, PDF thumbnails through the Invoices screen, heap after 200 previews. */
async function rendererTimings(): Promise<void> {
  const { launchStation, closeBrowser, dropFiles } = await import('../test/e2e/harness.ts');
  const { realPdf } = await import('../test/support/pdf.ts');
  const station = await launchStation({ keychain: memoryKeychain() });
  const { page, context } = station;

  const starts: number[] = [];
  for (let run = 0; run < 7; run += 1) {
    const started = performance.now();
    await page.reload();
    await page.getByTestId('scan-input').waitFor();
    await page.waitForFunction(
      () => document.activeElement?.getAttribute('data-testid') === 'scan-input',
    );
    starts.push(performance.now() - started);
  }
  rows.push({
    measure: '7. navigation → station ready for a scan (ms p50/p95, 7 loads)',
    figure: `${percentile(starts, 50).toFixed(0)} / ${percentile(starts, 95).toFixed(0)}`,
    goal: 'report',
    ok: true,
  });

  await page.getByRole('button', { name: 'Invoices' }).click();
  const thumbnails: Record<string, number[]> = {};
  for (const pages of [1, 20]) {
    const bytes = realPdf('NF-e bench', pages);
    const times: number[] = [];
    for (let run = 0; run < 8; run += 1) {
      const name = `bench-${pages}p-${run}.pdf`;
      const started = performance.now();
      await dropFiles(page, '[data-testid=invoice-drop]', [
        { name, type: 'application/pdf', bytes },
      ]);
      await page
        .getByTestId('invoice-file')
        .filter({ hasText: name })
        .getByTestId('invoice-thumbnail')
        .waitFor({ timeout: 60_000 });
      times.push(performance.now() - started);
    }
    thumbnails[`${pages}p`] = times;
    // The first drop of the run also starts pdf.js and its worker.
    rows.push({
      measure: `5. PDF first-page thumbnail, ${pages}-page invoice (ms p50/p95${pages === 1 ? `; cold ${times[0]?.toFixed(0)}` : ''})`,
      figure: `${percentile(times.slice(1), 50).toFixed(0)} / ${percentile(times.slice(1), 95).toFixed(0)}`,
      goal: 'report',
      ok: true,
    });
  }

  await page.getByRole('button', { name: 'Labels' }).click();
  const cdp = await context.newCDPSession(page);
  const heap = async () => {
    await cdp.send('HeapProfiler.collectGarbage');
    return (await cdp.send('Runtime.getHeapUsage')).usedSize;
  };
  const label = readFileSync(join(ROOT, 'resources/samples/shipping-4x6-203dpi.zpl'), 'utf8');
  await page.getByTestId('zpl-input').fill(label);
  const preview = async () => {
    await page.getByRole('button', { name: 'Preview' }).click();
    await page.getByTestId('previews').waitFor({ timeout: 120_000 });
  };
  await preview();
  const before = await heap();
  for (let i = 0; i < 200; i += 1) await preview();
  const after = await heap();
  const growth = (after - before) / 1024 / 1024;
  rows.push({
    measure: '8. renderer JS heap after 200 label previews (MB; growth after the first)',
    figure: `${(after / 1024 / 1024).toFixed(1)} (+${growth.toFixed(1)})`,
    goal: 'growth < 5',
    ok: growth < 5,
  });
  results['renderer'] = {
    startMs: starts,
    thumbnailMs: thumbnails,
    heapBefore: before,
    heapAfter: after,
  };
  await station.close();
  await closeBrowser();
}

/** A whole station core, offline, with 10,000 queued jobs, measured in a process of its own. */
function memoryWithQueue(): void {
  const output = execFileSync(
    process.execPath,
    ['--expose-gc', join(ROOT, 'scripts/bench-memory.ts')],
    { encoding: 'utf8' },
  );
  const figures = JSON.parse(output.trim().split('\n').at(-1) ?? '{}') as {
    jobs: number;
    queued: number;
    rssBefore: number;
    rssAfter: number;
    heapBefore: number;
    heapAfter: number;
  };
  const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(0);
  rows.push({
    measure: `8. core RSS, offline with ${figures.queued.toLocaleString('en')} queued jobs (MB; growth while queueing; JS heap)`,
    figure: `${mb(figures.rssAfter)} (+${mb(figures.rssAfter - figures.rssBefore)}; heap ${mb(figures.heapAfter)})`,
    goal: 'report',
    ok: figures.queued === figures.jobs,
  });
  results['memory'] = figures;
}

/** A full station core (outbox, budget, health) on its own data directory, sending to `url`. */
async function benchCore(url: string, attempts: Attempt[]) {
  const dir = mkdtempSync(join(tmpdir(), 'packbench-bench-'));
  const core = await createStationCore({
    dataDir: dir,
    keychain: memoryKeychain(),
    budget: { limit, windowMs },
    health: { intervalMs: 10 * windowMs },
    outbox: { concurrency: 8 },
    fetch: recordingFetch(attempts),
  });
  const profile = await useTestProfile(core, url, 'sbx-demo-acme', 'Bench');
  return {
    core,
    profileId: profile.id,
    close: async () => {
      await core.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Three stations on one key, each with its own outbox, none knowing of the others. */
async function sharedKey(): Promise<void> {
  const sandbox = await startSandbox({ port: 0, rateLimit: limit, windowMs });
  const attempts: Attempt[] = [];
  const stations = await Promise.all([0, 1, 2].map(() => benchCore(sandbox.url, attempts)));
  const per = Math.ceil(submissions / stations.length);
  stations.forEach(({ core, profileId }, c) => {
    for (let i = 0; i < per; i += 1)
      core.outbox.enqueue({
        profileId,
        kind: 'product.create',
        payload: { product: { sku: `SHARED-${c}-${i}`, name: 'bench' } },
      });
  });
  attempts.length = 0;
  await Promise.all(
    stations.map(({ core, profileId }) => core.outbox.idle(profileId, 30 * 60_000)),
  );
  const counts = stations.map(({ core, profileId }) => core.outbox.snapshot(profileId).counts);
  const delivered = counts.reduce((n, c) => n + c.done, 0);
  const lost = per * stations.length - delivered;
  const use = utilisation(acceptedTimes(attempts));
  const limited = attempts.filter((a) => a.status === 429).length;
  rows.push({
    measure: '2. shared key, three full cores draining (aggregate ÷ budget)',
    figure: utilisationFigure(use),
    goal: '≥ 0.90',
    ok: use.mean >= 0.9,
  });
  rows.push({
    measure: '2. shared key: 429s / lost submissions',
    figure: `${limited} / ${lost}`,
    goal: 'lost = 0',
    ok: lost === 0,
  });
  results['sharedKey'] = { utilisation: use, rateLimited: limited, lost, counts };
  await Promise.all(stations.map((s) => s.close()));
  await sandbox.close();
}

/** The same budget code in simulated time: the spread over many runs, for one key and for the real window. */
async function sharedKeySimulated(): Promise<void> {
  const { simulateSharedKey } = await import('./shared-key-simulation.ts');
  const runs = 20;
  const figures: Record<string, { utilisation: number[]; rateLimited: number[] }> = {};
  for (const window of new Set([windowMs, 60_000])) {
    const utilisations: number[] = [];
    const limited: number[] = [];
    for (let seed = 1; seed <= runs; seed += 1) {
      const run = await simulateSharedKey({
        stations: 3,
        submissions,
        limit,
        windowMs: window,
        seed,
      });
      utilisations.push(utilisation(run.accepted, window).mean);
      limited.push(run.rateLimited);
    }
    figures[String(window)] = { utilisation: utilisations, rateLimited: limited };
    rows.push({
      measure: `2. same, simulated time, ${runs} runs, ${window / 1000} s window (median / lowest; 429s median)`,
      figure: `${percentile(utilisations, 50).toFixed(3)} / ${Math.min(...utilisations).toFixed(3)}; ${percentile(limited, 50)}`,
      goal: 'lowest ≥ 0.90',
      ok: Math.min(...utilisations) >= 0.9,
    });
  }
  results['sharedKeySimulated'] = figures;
}

/**
 * Many stations on one key (issue #21): 10, 20 and 40 station cores against the sandbox, through
 * a private redis-server and each alone; then 20 coordinated stations whose Redis is killed and
 * comes back empty mid-run. Rows go to bench-results.json under `stations`, exactly the issue's
 * fields; the rest (counts, Redis' cost, the scale) under `stationsDetail`.
 */
async function manyStations(): Promise<void> {
  const { runStations } = await import('./bench-stations.ts');
  const { PrivateRedis } = await import('../test/support/private-redis.ts');
  const redis = await PrivateRedis.start();
  const stationRows: unknown[] = [];
  const details: unknown[] = [];
  const fixed = (x: number, digits = 2) => x.toFixed(digits);
  try {
    const runs: { stations: number; coordination: 'redis' | 'none'; disrupted?: boolean }[] = [
      { stations: 10, coordination: 'redis' },
      { stations: 20, coordination: 'redis' },
      { stations: 40, coordination: 'redis' },
      { stations: 10, coordination: 'none' },
      { stations: 20, coordination: 'none' },
      { stations: 40, coordination: 'none' },
      { stations: 20, coordination: 'redis', disrupted: true },
    ];
    for (const run of runs) {
      const row = await runStations({
        stations: run.stations,
        coordination: run.coordination,
        limit,
        windowMs,
        uploads: 8 * limit,
        redisUrl: redis.url,
        ...(run.disrupted
          ? {
              events: [
                { atMs: 2 * windowMs, action: () => redis.kill() },
                { atMs: 3 * windowMs, action: () => redis.restart() },
              ],
            }
          : {}),
      });
      const { coordination, stations, rateLimitedPer100, utilisation, fairness, lookupP95Ms } = row;
      if (!run.disrupted)
        stationRows.push({
          coordination,
          stations,
          rateLimitedPer100,
          utilisation,
          fairness,
          lookupP95Ms,
          lost: row.lost,
          duplicated: row.duplicated,
        });
      details.push({ ...row, disrupted: run.disrupted ?? false });
      const name = `12. ${stations} stations, ${coordination === 'redis' ? 'through Redis' : 'each alone'}${run.disrupted ? ', Redis killed for a window and back empty' : ''}`;
      const redisGoal = coordination === 'redis' && !run.disrupted;
      rows.push({
        measure: `${name}: 429s per 100 accepted / utilisation / fairness (Jain)`,
        figure: `${fixed(rateLimitedPer100)} / ${fixed(utilisation, 3)} / ${fixed(fairness, 3)}`,
        goal: redisGoal
          ? '≤ 0.5 / ≥ 0.95 / ≥ 0.95'
          : coordination === 'none' && stations === 10
            ? '≤ 5 429s'
            : 'report',
        ok: redisGoal
          ? rateLimitedPer100 <= 0.5 && utilisation >= 0.95 && fairness >= 0.95
          : coordination === 'none' && stations === 10
            ? rateLimitedPer100 <= 5
            : true,
      });
      rows.push({
        measure: `${name}: scan p95 (real-time ms, ×${row.scale}) / lost / sent twice${row.coordinationLost ? ` (coordination lost ${row.coordinationLost}×)` : ''}`,
        figure: `${Math.round(lookupP95Ms)} / ${row.lost} / ${row.duplicated}`,
        goal: redisGoal && stations === 40 ? '≤ 1000 / 0 / 0' : 'lost 0, twice 0',
        ok:
          row.lost === 0 &&
          row.duplicated === 0 &&
          (!redisGoal || stations !== 40 || lookupP95Ms <= 1000),
      });
      if (row.redis && !run.disrupted)
        rows.push({
          measure: `${name}: Redis round trip per grant p50 / p95 (ms); Redis scripts per accepted request`,
          figure: `${fixed(row.redis.grantP50Ms)} / ${fixed(row.redis.grantP95Ms)}; ${fixed(row.redis.commandsPerAccepted, 1)} (${Object.entries(
            row.redis.byScript,
          )
            .map(([script, n]) => `${script} ${fixed(n, 1)}`)
            .join(', ')})`,
          goal: 'report',
          ok: true,
        });
    }
  } finally {
    await redis.stop();
  }
  results['stations'] = stationRows;
  results['stationsDetail'] = details;
}

console.log(
  `Packbench bench: ${submissions} submissions, budget ${limit} per ${windowMs} ms${windowMs < 60_000 ? ' (time-scaled)' : ''}, ${process.version}`,
);
if (wanted('budget')) await singleCore();
if (wanted('shared')) {
  await sharedKey();
  await sharedKeySimulated();
}
if (wanted('stations')) await manyStations();
if (wanted('enqueue')) enqueueLatency();
if (wanted('memory')) memoryWithQueue();
if (wanted('faults')) {
  await lossyNetwork();
  await removedProfileCpu();
}
if (wanted('print')) await printing();
if (wanted('zpl')) {
  zplEngine();
  (await import('./bench/labelary.ts')).labelarySection(rows, results, values.labelary);
  await zplPreview();
}
if (wanted('pack')) await (await import('./bench/pack.ts')).packSection(rows, results);
if (wanted('renderer')) {
  rendererSize();
  await rendererTimings();
}
const width = Math.max(...rows.map((r) => r.measure.length));
const figureWidth = Math.max(6, ...rows.map((r) => r.figure.length));
console.log(`\n${'measure'.padEnd(width)}  ${'figure'.padEnd(figureWidth)}  goal`);
for (const row of rows)
  console.log(
    `${row.measure.padEnd(width)}  ${row.figure.padEnd(figureWidth)}  ${row.goal} ${row.ok ? '✓' : '✗'}`,
  );
writeFileSync('bench-results.json', `${JSON.stringify({ ...results, rows }, null, 2)}\n`);
