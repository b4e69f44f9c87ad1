// `npm run bench` section 12 (issue #21): many station cores on one company key against the
// sandbox, each draining its outbox while its operator scans an order once a (scaled) minute,
// with the stations coordinated through a real redis-server or each budgeting alone. The
// sandbox's own per-company limiter is the judge: its accepted and 429 counts are the figures.
//
// Time is scaled (the bench's window, 6 s by default, stands for the service's 60 s): the
// budget's window, its polls, markers and heartbeats shrink with it. Waiting times measured in a
// scaled run are multiplied back by the scale (lookupP95Ms), which also multiplies the loopback
// round trips and so overstates them a little. Retry-After stays in whole seconds (the service's
// unit), so a 429 pauses a scaled run for relatively longer than a real one.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createStationCore, type StationCore } from '../src/main/core/station-core.ts';
import { startSandbox } from '../src/sandbox/index.ts';
import { memoryKeychain, useTestProfile } from '../test/outbox/helpers.ts';

export interface StationsRow {
  coordination: 'redis' | 'none';
  stations: number;
  /** 429s the sandbox answered per 100 requests it accepted. */
  rateLimitedPer100: number;
  /** Accepted per whole window ÷ the company's limit, over the windows every station was busy. */
  utilisation: number;
  /** Jain's index of the uploads each station got through while all of them had uploads left. */
  fairness: number;
  /** A scan (order + its trackings) from call to answer, p95, in real-time ms (measured × scale). */
  lookupP95Ms: number;
  lost: number;
  duplicated: number;
  /** Details: the scale, the raw counts, Redis' cost. */
  scale: number;
  accepted: number;
  rateLimited: number;
  lookups: number;
  lookupP95MsMeasured: number;
  /** Times a station said "coordination lost" (Redis too slow or away) during the run. */
  coordinationLost: number;
  /** When the work began (Date.now()), and what happened after, for a failover's figures. */
  startedAt: number;
  /** Each station's coordination changes (Date.now()). */
  transitions: { station: number; to: 'shared' | 'lost'; at: number }[];
  /** Each scan: when it began (Date.now()) and how long it took, real-time ms (× scale). */
  scans: { at: number; ms: number }[];
  /** When each 429 answer arrived (Date.now()). */
  rateLimitedAt: number[];
  redis: {
    /** One grant's script round trip, ms (not scaled: Redis is as fast in a real run). */
    grantP50Ms: number;
    grantP95Ms: number;
    /** Redis scripts run (grants, waits, heartbeats, pauses) per request the sandbox accepted. */
    commandsPerAccepted: number;
    /** The same, by script. */
    byScript: Record<string, number>;
  } | null;
}

export interface StationsRun {
  stations: number;
  coordination: 'redis' | 'none';
  limit: number;
  windowMs: number;
  /** Uploads in all, split evenly among the stations. */
  uploads: number;
  redisUrl?: string;
  /** Each operator scans an order this often (default every four windows: a real 4 minutes). */
  scanEveryMs?: number;
  /** Things done to the warehouse mid-run (Redis killed, restarted), ms after the work began. */
  events?: { atMs: number; action: () => Promise<void> }[];
}

interface Answer {
  station: number;
  status: number | null;
  at: number;
  sku: string | null;
}

const percentile = (xs: number[], p: number) => {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
};

/** Jain's fairness index: 1 when every station got the same, 1/n when one got everything. */
export function jain(xs: number[]): number {
  const sum = xs.reduce((n, x) => n + x, 0);
  const squares = xs.reduce((n, x) => n + x * x, 0);
  return squares === 0 ? 1 : (sum * sum) / (xs.length * squares);
}

/** Each answer, with the SKU of a product upload, to count uploads that arrived twice. */
function recordingFetch(station: number, answers: Answer[]): typeof fetch {
  return async (input, init) => {
    const url = String(input instanceof Request ? input.url : input);
    let sku: string | null = null;
    if (init?.method === 'POST' && url.endsWith('/products') && typeof init.body === 'string') {
      try {
        sku = (JSON.parse(init.body) as { sku?: string }).sku ?? null;
      } catch {
        sku = null;
      }
    }
    try {
      const response = await fetch(input, init);
      answers.push({ station, status: response.status, at: Date.now(), sku });
      return response;
    } catch (error) {
      answers.push({ station, status: null, at: Date.now(), sku });
      throw error;
    }
  };
}

export async function runStations(run: StationsRun): Promise<StationsRow> {
  const { stations, limit, windowMs } = run;
  const scale = 60_000 / windowMs;
  const scanEveryMs = run.scanEveryMs ?? 4 * windowMs;
  const sandbox = await startSandbox({ port: 0, rateLimit: limit, windowMs });
  const answers: Answer[] = [];
  const grantMs: number[] = [];
  let commands = 0;
  let byScript: Record<string, number> = {};
  let coordinationLost = 0;
  const transitions: StationsRow['transitions'] = [];
  const scanTimes: StationsRow['scans'] = [];
  const dirs: string[] = [];
  const cores: { core: StationCore; profileId: string }[] = [];
  try {
    for (let s = 0; s < stations; s += 1) {
      const dir = mkdtempSync(join(tmpdir(), 'packbench-stations-'));
      dirs.push(dir);
      const core = await createStationCore({
        dataDir: dir,
        keychain: memoryKeychain(),
        budget: { limit, windowMs },
        sharedBudget: {
          limit,
          windowMs,
          pollMs: Math.max(5, Math.round(100 / scale)),
          waitTtlMs: Math.max(50, Math.round(1000 / scale)),
          settleMs: Math.max(50, Math.round(1000 / scale)),
          stationId: `station-${s}`,
          onCommand: (script, ms) => {
            commands += 1;
            byScript[script] = (byScript[script] ?? 0) + 1;
            if (script === 'grant') grantMs.push(ms);
          },
        },
        health: { intervalMs: 10 * windowMs },
        outbox: { concurrency: 8 },
        fetch: recordingFetch(s, answers),
      });
      // Set up as a warehouse would: the station joins the Redis first, then works.
      if (run.coordination === 'redis') {
        if (!run.redisUrl) throw new Error('a Redis URL is needed for coordinated stations');
        await core.saveCoordination({ url: run.redisUrl, ca: null });
      }
      const profile = await useTestProfile(core, sandbox.url, 'sbx-demo-acme', `Station ${s}`);
      let previous: string | null = null;
      core.onStatus((status) => {
        const now = status.budget?.coordination?.coordination ?? null;
        if (now === 'lost' && previous !== 'lost') coordinationLost += 1;
        if (now !== null && now !== previous)
          transitions.push({ station: s, to: now, at: Date.now() });
        previous = now;
      });
      cores.push({ core, profileId: profile.id });
    }
    const before = sandbox.traffic('acme');
    answers.length = 0;
    grantMs.length = 0;
    commands = 0;
    byScript = {};
    coordinationLost = 0;
    transitions.length = 0;
    const startedAt = Date.now();

    const per = Math.ceil(run.uploads / stations);
    const skus: string[] = [];
    // Each station's uploads are queued in turn, the event loop let run between stations: one
    // synchronous loop (800 durable enqueues, about 2 s here) stopped every station's clock at
    // once, and that hole in the grants came back a window later, and every window after, as
    // a stretch where no slot frees and every scan in it waits.
    for (const [s, { core, profileId }] of cores.entries()) {
      await new Promise((resolve) => setImmediate(resolve));
      for (let i = 0; i < per; i += 1) {
        const sku = `ST-${stations}-${s}-${i}`;
        skus.push(sku);
        core.outbox.enqueue({
          profileId,
          kind: 'product.create',
          payload: { product: { sku, name: 'bench' } },
        });
      }
    }
    const events = (run.events ?? []).map(
      (event) =>
        new Promise<void>((resolve) =>
          setTimeout(() => void event.action().then(resolve, resolve), event.atMs),
        ),
    );
    const orders = Object.keys(sandbox.state.companies['acme']?.orders ?? {});
    const lookups: number[] = [];
    let draining = true;
    const scans = cores.map(async ({ core }, s) => {
      // Operators do not scan in step: each starts at its own point of the minute.
      await new Promise((r) => setTimeout(r, (scanEveryMs * s) / stations));
      for (let n = 0; draining; n += 1) {
        const id = orders[(s + n) % Math.max(1, orders.length)] ?? 'ORD-1';
        const started = performance.now();
        const startedWall = Date.now();
        const api = await core.api();
        await Promise.allSettled([api.getOrder(id), api.queryTrackings({ order: id })]);
        lookups.push(performance.now() - started);
        scanTimes.push({ at: startedWall, ms: (performance.now() - started) * scale });
        await new Promise((r) => setTimeout(r, scanEveryMs));
      }
    });
    await Promise.all(cores.map(({ core, profileId }) => core.outbox.idle(profileId, 30 * 60_000)));
    draining = false;
    await Promise.all([...scans, ...events]);

    const after = sandbox.traffic('acme');
    const accepted = after.accepted - before.accepted;
    const rateLimited = after.rateLimited - before.rateLimited;
    const products = sandbox.state.companies['acme']?.products ?? {};
    const stored = new Set(Object.values(products).map((p) => p.sku));
    const lost = skus.filter((sku) => !stored.has(sku)).length;
    const created = new Map<string, number>();
    for (const a of answers)
      if (a.sku && a.status !== null && a.status >= 200 && a.status < 300)
        created.set(a.sku, (created.get(a.sku) ?? 0) + 1);
    const duplicated = [...created.values()].reduce((n, c) => n + c - 1, 0);

    // The windows every station was busy: from the first answer to the moment the first station
    // got its last upload through.
    const uploads = answers.filter((a) => a.sku && a.status !== null && a.status < 300);
    const start = Math.min(...answers.map((a) => a.at));
    const firstDone = Math.min(
      ...cores.map((_, s) => Math.max(...uploads.filter((a) => a.station === s).map((a) => a.at))),
    );
    const windows = Math.max(1, Math.floor((firstDone - start) / windowMs));
    const acceptedTimes = answers
      .filter((a) => a.status !== null && a.status !== 429)
      .map((a) => a.at)
      .filter((t) => t < start + windows * windowMs);
    const utilisation = acceptedTimes.length / windows / limit;
    const perStation = cores.map(
      (_, s) => uploads.filter((a) => a.station === s && a.at <= firstDone).length,
    );
    const lookupP95MsMeasured = percentile(lookups, 95);
    if (process.env['BENCH_STATIONS_DEBUG'])
      console.error(
        '429 at',
        answers
          .filter((a) => a.status === 429)
          .map((a) => [a.station, a.at - start, a.sku ? 'u' : 'i']),
        'lookups',
        lookups
          .map((l) => Math.round(l))
          .sort((a, b) => a - b)
          .slice(-8),
      );
    return {
      coordination: run.coordination,
      stations,
      rateLimitedPer100: accepted === 0 ? 0 : (100 * rateLimited) / accepted,
      utilisation,
      fairness: jain(perStation),
      lookupP95Ms: lookupP95MsMeasured * scale,
      lost,
      duplicated,
      scale,
      accepted,
      rateLimited,
      lookups: lookups.length,
      lookupP95MsMeasured,
      coordinationLost,
      startedAt,
      transitions,
      scans: scanTimes,
      rateLimitedAt: answers.filter((a) => a.status === 429).map((a) => a.at),
      redis:
        run.coordination === 'redis'
          ? {
              grantP50Ms: percentile(grantMs, 50),
              grantP95Ms: percentile(grantMs, 95),
              commandsPerAccepted: accepted === 0 ? 0 : commands / accepted,
              byScript: Object.fromEntries(
                Object.entries(byScript).map(([name, n]) => [
                  name,
                  accepted === 0 ? 0 : n / accepted,
                ]),
              ),
            }
          : null,
    };
  } finally {
    await Promise.all(cores.map(({ core }) => core.close()));
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
    await sandbox.close();
  }
}
