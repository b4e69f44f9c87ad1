// Section `budget`: one station's outbox draining through the request budget against the
// sandbox's limiter: wait per slot, utilisation, nothing lost.
import { startSandbox } from '../../src/sandbox/index.ts';
import { percentile, type BenchContext, type BenchSection } from './context.ts';
import {
  type Attempt,
  acceptedTimes,
  utilisation,
  utilisationFigure,
  benchCore,
} from './budget-measure.ts';

export async function singleCore({
  rows,
  results,
  limit,
  windowMs,
  submissions,
}: BenchContext): Promise<void> {
  const sandbox = await startSandbox({ port: 0, rateLimit: limit, windowMs });
  const attempts: Attempt[] = [];
  const { core, profileId, close } = await benchCore({ limit, windowMs }, sandbox.url, attempts);
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
  const use = utilisation(acceptedTimes(attempts), windowMs, limit);
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

export const section: BenchSection = singleCore;
