// Section `hundred` (issue #42): a hundred station cores on one key, through one Redis and
// through Redis Sentinel (a primary, a replica, three Sentinels), then through Sentinel with the
// primary SIGKILLed two windows in and brought back as a replica once the Sentinels promoted the
// other. Same run as section 12 (scripts/bench-stations.ts), same goals as 40 stations; the
// failover run adds how long the stations took to follow, the 429s meanwhile and the scans that
// began while they followed. Sentinel's own timings are real time, not scaled: its
// down-after-milliseconds is 500 (5 s in the scaled minute, what docs/many-stations.md advises).
import { type BenchContext, type BenchRow, type BenchSection } from './context.ts';

const STATIONS = 100;

export async function hundredStations({
  rows,
  results,
  limit,
  windowMs,
}: BenchContext): Promise<void> {
  const { runStations } = await import('../bench-stations.ts');
  const { PrivateRedis } = await import('../../test/support/private-redis.ts');
  const { PrivateSentinel } = await import('../../test/support/private-sentinel.ts');
  const fixed = (x: number, digits = 2) => x.toFixed(digits);
  const figures: Record<string, unknown> = {};
  const run = (redisUrl: string, events?: { atMs: number; action: () => Promise<void> }[]) =>
    runStations({
      stations: STATIONS,
      coordination: 'redis',
      limit,
      windowMs,
      uploads: 8 * limit,
      redisUrl,
      ...(events ? { events } : {}),
    });
  const goalRows = (name: string, row: Awaited<ReturnType<typeof run>>): BenchRow[] => [
    {
      measure: `12. ${name}: 429s per 100 accepted / utilisation / fairness (Jain)`,
      figure: `${fixed(row.rateLimitedPer100)} / ${fixed(row.utilisation, 3)} / ${fixed(row.fairness, 3)}`,
      goal: '≤ 0.5 / ≥ 0.95 / ≥ 0.95',
      ok: row.rateLimitedPer100 <= 0.5 && row.utilisation >= 0.95 && row.fairness >= 0.95,
    },
    {
      measure: `12. ${name}: scan p95 (real-time ms, ×${row.scale}) / lost / sent twice${row.coordinationLost ? ` (coordination lost ${row.coordinationLost}×)` : ''}`,
      figure: `${Math.round(row.lookupP95Ms)} / ${row.lost} / ${row.duplicated}`,
      goal: '≤ 1000 / 0 / 0',
      ok: row.lookupP95Ms <= 1000 && row.lost === 0 && row.duplicated === 0,
    },
  ];

  const redis = await PrivateRedis.start();
  try {
    const row = await run(redis.url);
    rows.push(...goalRows(`${STATIONS} stations through one Redis`, row));
    figures['redis'] = summary(row);
  } finally {
    await redis.stop();
  }

  let sentinel = await PrivateSentinel.start();
  try {
    const row = await run(sentinel.url);
    rows.push(...goalRows(`${STATIONS} stations through Sentinel`, row));
    figures['sentinel'] = summary(row);
  } finally {
    await sentinel.stop();
  }

  sentinel = await PrivateSentinel.start();
  try {
    const marks = { killedAt: 0, promotedAt: 0 };
    const row = await run(sentinel.url, [
      {
        atMs: 2 * windowMs,
        action: async () => {
          const formerPort = (await sentinel.primary()).port;
          const former = await sentinel.killPrimary();
          marks.killedAt = Date.now();
          await sentinel.promoted(formerPort);
          marks.promotedAt = Date.now();
          await sentinel.bringBack(former);
        },
      },
    ]);
    // The stations that lost the primary between the kill and the promotion, and for each the
    // first time it was shared again after the kill (a station may lose Redis again later, to a
    // slow command in a machine this busy: that is not the failover).
    const lostStations = new Set(
      row.transitions
        .filter((t) => t.to === 'lost' && t.at >= marks.killedAt && t.at <= marks.promotedAt)
        .map((t) => t.station),
    );
    const firstBack = (station: number) =>
      row.transitions.find(
        (t) => t.station === station && t.to === 'shared' && t.at >= marks.killedAt,
      )?.at ?? Infinity;
    const followedAt = Math.max(marks.promotedAt, ...[...lostStations].map(firstBack));
    const during = row.scans.filter((s) => s.at >= marks.killedAt && s.at <= followedAt);
    const delayed = during.filter((s) => s.ms > 1000);
    const limited = row.rateLimitedAt.filter(
      (at) => at >= marks.killedAt && at <= followedAt + windowMs,
    ).length;
    const name = `${STATIONS} stations through Sentinel, primary SIGKILLed`;
    rows.push(
      {
        measure: `12. ${name}: 429s per 100 / utilisation / scan p95 (ms, ×${row.scale}) / lost / twice`,
        figure: `${fixed(row.rateLimitedPer100)} / ${fixed(row.utilisation, 3)} / ${Math.round(row.lookupP95Ms)} / ${row.lost} / ${row.duplicated}`,
        goal: '≤ 0.5 / ≥ 0.90 / ≤ 1000 / 0 / 0',
        ok:
          row.rateLimitedPer100 <= 0.5 &&
          row.utilisation >= 0.9 &&
          row.lookupP95Ms <= 1000 &&
          row.lost === 0 &&
          row.duplicated === 0,
      },
      {
        measure: `12. ${name}: promoted / all followed after the kill (real ms); 429s meanwhile; scans begun meanwhile, over 1 s`,
        figure: `${marks.promotedAt - marks.killedAt} / ${followedAt - marks.killedAt}; ${limited}; ${during.length}, ${delayed.length}`,
        goal: '429s 0',
        ok: limited === 0,
      },
    );
    figures['failover'] = {
      ...summary(row),
      promotedMs: marks.promotedAt - marks.killedAt,
      followedMs: followedAt - marks.killedAt,
      stationsThatLost: lostStations.size,
      rateLimitedDuring: limited,
      scansDuring: during.length,
      scansDuringOver1s: delayed.length,
      scansDuringMs: during.map((s) => Math.round(s.ms)),
    };
  } finally {
    await sentinel.stop();
  }
  results['hundred'] = figures;
}

/** A run's figures for bench-results.json, without its raw timelines. */
function summary(row: {
  rateLimitedPer100: number;
  utilisation: number;
  fairness: number;
  lookupP95Ms: number;
  lost: number;
  duplicated: number;
  accepted: number;
  rateLimited: number;
  lookups: number;
  coordinationLost: number;
}) {
  const { rateLimitedPer100, utilisation, fairness, lookupP95Ms, lost, duplicated } = row;
  const { accepted, rateLimited, lookups, coordinationLost } = row;
  return {
    rateLimitedPer100,
    utilisation,
    fairness,
    lookupP95Ms,
    lost,
    duplicated,
    accepted,
    rateLimited,
    lookups,
    coordinationLost,
  };
}

export const section: BenchSection = hundredStations;
