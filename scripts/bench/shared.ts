// Section `shared`: three stations on one key, then the same budget code in simulated time.
import { startSandbox } from '../../src/sandbox/index.ts';
import { percentile, type BenchContext, type BenchSection } from './context.ts';
import {
  type Attempt,
  acceptedTimes,
  utilisation,
  utilisationFigure,
  benchCore,
} from './budget-measure.ts';

/** Three stations on one key, each with its own outbox, none knowing of the others. */
export async function sharedKey({
  rows,
  results,
  limit,
  windowMs,
  submissions,
}: BenchContext): Promise<void> {
  const sandbox = await startSandbox({ port: 0, rateLimit: limit, windowMs });
  const attempts: Attempt[] = [];
  const stations = await Promise.all(
    [0, 1, 2].map(() => benchCore({ limit, windowMs }, sandbox.url, attempts)),
  );
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
  const use = utilisation(acceptedTimes(attempts), windowMs, limit);
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
export async function sharedKeySimulated({
  rows,
  results,
  limit,
  windowMs,
  submissions,
}: BenchContext): Promise<void> {
  const { simulateSharedKey } = await import('../shared-key-simulation.ts');
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
      utilisations.push(utilisation(run.accepted, window, limit).mean);
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

export const section: BenchSection = async (context) => {
  await sharedKey(context);
  await sharedKeySimulated(context);
};
