// Issue #27's measures: what opening an order for packing costs in requests, how long a scan
// takes to be judged and committed (and what 10,000 of them add to the database), and, in
// Chromium, how long a scan takes from the key to the verdict painted on the card.
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { systemClock } from '../../src/main/platform/clock.ts';
import { createStationCore } from '../../src/main/core/station-core.ts';
import { nodeFs } from '../../src/main/platform/station-fs.ts';
import { openDatabase } from '../../src/main/outbox/database.ts';
import { PackService } from '../../src/main/pack/pack-service.ts';
import { PackStore } from '../../src/main/pack/pack-store.ts';
import { DEFAULT_PACK_SETTINGS } from '../../src/shared/pack/types.ts';
import { PACK_FIXTURES } from '../../src/sandbox/index.ts';
import { memoryKeychain } from '../../test/outbox/helpers.ts';
import type { BenchRow, BenchSection } from './context.ts';
import { linesDone, nearestRank, packCodes, paintedVerdictTimes } from './painted.ts';

const percentile = nearestRank;

/** Requests spent opening each fixture order, cold (nothing cached) and as the formula says. */
async function openingCost(rows: BenchRow[], results: Record<string, unknown>): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'packbench-bench-pack-'));
  const core = await createStationCore({
    dataDir: dir,
    keychain: memoryKeychain(),
    health: { intervalMs: 3_600_000 },
  });
  const figures: Record<string, { spent: number; expected: number }> = {};
  try {
    const api = await core.api();
    // The health monitor's first check is a request too: let it land before counting.
    while (core.status().health.state === 'unknown')
      await new Promise((resolve) => setTimeout(resolve, 20));
    for (const fixture of Object.values(PACK_FIXTURES.orders)) {
      const used = () => core.status().budget?.used ?? 0;
      const skus = [...new Set(fixture.items.map((i) => i.sku))];
      const uncached = core.uncachedProducts(skus);
      const before = used();
      // The station's own lookup (the order, then its trackings) comes first, as at the bench.
      const order = await api.getOrder(fixture.id);
      core.noteOrder(order);
      const afterLookup = used();
      const view = await core.packing.service.open(fixture.id, 30);
      const batch = view.lines.filter((l) => l.batchControlled).length;
      const spent = used() - afterLookup + (afterLookup - before);
      figures[fixture.id] = { spent, expected: 1 + uncached + batch };
    }
  } finally {
    await core.close();
    rmSync(dir, { recursive: true, force: true });
  }
  const ok = Object.values(figures).every((f) => f.spent === f.expected);
  rows.push({
    measure: '13. opening an order for packing: requests spent vs 1 + uncached SKUs + batch SKUs',
    figure: Object.entries(figures)
      .map(([id, f]) => `${id.replace('PB-PACK-', '#')} ${f.spent}/${f.expected}`)
      .join(', '),
    goal: 'equal',
    ok,
  });
  results['packOpening'] = figures;
}

/** 10,000 scans judged and committed on one pack (synchronous=FULL): p95 and database growth. */
async function committedScans(rows: BenchRow[], results: Record<string, unknown>): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'packbench-bench-scans-'));
  const file = join(dir, 'outbox.sqlite');
  const db = openDatabase(file, nodeFs);
  const size = () =>
    ['', '-wal'].reduce((sum, suffix) => {
      try {
        return sum + statSync(`${file}${suffix}`).size;
      } catch {
        return sum;
      }
    }, 0);
  const SCANS = 10_000;
  let ids = 0;
  const service = new PackService({
    store: new PackStore(db),
    clock: systemClock,
    newId: () => `bench-${(ids += 1)}`,
    station: () => 'bench',
    account: () => 'bench',
    profileId: () => 'bench',
    source: async () => ({
      order: async (id) => ({
        id,
        warehouse: 'SP01',
        notes: null,
        status: 'new',
        items: [{ sku: 'BULK', quantity: SCANS }],
      }),
      products: async () => ({ BULK: { name: 'Bulk', barcode: '7891000100103' } }),
      lots: async () => [],
    }),
    settings: () => ({ ...DEFAULT_PACK_SETTINGS, autoFinish: false, markPacked: false }),
    aliases: () => [],
    knownProducts: () => ({}),
    markPacked: () => '',
    printLabel: () => ({ problem: 'packVerdict.print.noLabel' }),
    record: () => undefined,
  });
  {
    const { id } = await service.open('BENCH-1', 30);
    db.exec('PRAGMA wal_checkpoint(TRUNCATE)');
    const before = size();
    const times: number[] = [];
    for (let i = 0; i < SCANS; i += 1) {
      const started = performance.now();
      service.scan(id, i % 2 === 0 ? '7891000100103' : ']E07891000100103');
      times.push(performance.now() - started);
    }
    db.exec('PRAGMA wal_checkpoint(TRUNCATE)');
    const growth = size() - before;
    db.close();
    rmSync(dir, { recursive: true, force: true });
    rows.push({
      measure: `14. ${SCANS.toLocaleString('en')} scans judged and committed (ms p50/p95; bytes per scan)`,
      figure: `${percentile(times, 50).toFixed(2)} / ${percentile(times, 95).toFixed(2)}; ${(growth / SCANS).toFixed(0)}`,
      goal: 'report',
      ok: true,
    });
    results['packScans'] = {
      scans: SCANS,
      p50Ms: percentile(times, 50),
      p95Ms: percentile(times, 95),
      growthBytes: growth,
    };
  }
}

/**
 * In Chromium, on the real renderer and handlers: the 50-line order's 500 units scanned as a
 * wedge types them into the scan field, each timed from its Enter to the frame after its verdict
 * reached the page (painted.ts, shared with the recording rows).
 */
async function paintedVerdicts(rows: BenchRow[], results: Record<string, unknown>): Promise<void> {
  const { launchStation, closeBrowser, scanOrder } = await import('../../test/e2e/harness.ts');
  const station = await launchStation({ keychain: memoryKeychain() });
  const { page, core } = station;
  try {
    await page.getByText('Online').waitFor({ timeout: 15_000 });
    const order = PACK_FIXTURES.orders.bench;
    const codes = await packCodes(core, order);
    await scanOrder(page, order.id);
    await page.getByTestId('pack-checklist').waitFor();
    const times = await paintedVerdictTimes(page, codes);
    const lines = await linesDone(page);
    const p95 = percentile(times, 95);
    rows.push({
      measure: `15. scan → verdict painted, Chromium, ${order.items.length}-line order, ${times.length} scans (ms p50/p95; lines done)`,
      figure: `${percentile(times, 50).toFixed(1)} / ${p95.toFixed(1)}; ${lines}/${order.items.length}`,
      goal: 'p95 ≤ 30, all done',
      ok: p95 <= 30 && lines === order.items.length,
    });
    results['packPainted'] = {
      scans: times.length,
      p50Ms: percentile(times, 50),
      p95Ms: p95,
      linesDone: lines,
    };
  } finally {
    await station.close();
    await closeBrowser();
  }
}

export const section: BenchSection = async ({ rows, results }) => {
  await openingCost(rows, results);
  await committedScans(rows, results);
  await paintedVerdicts(rows, results);
};
