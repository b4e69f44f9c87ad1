// What the budget sections measure with: the answers' arrival times, utilisation per window,
// and a whole station core sending to the sandbox.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createStationCore } from '../../src/main/core/station-core.ts';
import { memoryKeychain, useTestProfile } from '../../test/outbox/helpers.ts';
import { type BenchContext } from './context.ts';

export interface Attempt {
  status: number | null;
  at: number;
}

/** Requests the server accepted (answered with anything but 429 or silence), by arrival of the answer. */
export const acceptedTimes = (attempts: Attempt[]) =>
  attempts.filter((a) => a.status !== null && a.status !== 429).map((a) => a.at);

export interface Utilisation {
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
export function utilisation(times: number[], window: number, limit: number): Utilisation {
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

export const utilisationFigure = (u: Utilisation) =>
  `${u.mean.toFixed(3)} (lowest ${u.lowest.toFixed(2)}, ${u.windows} windows)`;

/** A fetch that records when each answer arrived and its status, for the utilisation figure. */
export function recordingFetch(attempts: Attempt[]): typeof fetch {
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

/** A full station core (outbox, budget, health) on its own data directory, sending to `url`. */
export async function benchCore(
  { limit, windowMs }: Pick<BenchContext, 'limit' | 'windowMs'>,
  url: string,
  attempts: Attempt[],
) {
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
