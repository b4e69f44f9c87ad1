// Section `stations`: many stations on one key, coordinated through Redis and each alone.
import { type BenchContext, type BenchSection } from './context.ts';

/**
 * Many stations on one key (issue #21): 10, 20 and 40 station cores against the sandbox, through
 * a private redis-server and each alone; then 20 coordinated stations whose Redis is killed and
 * comes back empty mid-run. Rows go to bench-results.json under `stations`, exactly the issue's
 * fields; the rest (counts, Redis' cost, the scale) under `stationsDetail`.
 */
export async function manyStations({
  rows,
  results,
  limit,
  windowMs,
}: BenchContext): Promise<void> {
  const { runStations } = await import('../bench-stations.ts');
  const { PrivateRedis } = await import('../../test/support/private-redis.ts');
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

export const section: BenchSection = manyStations;
