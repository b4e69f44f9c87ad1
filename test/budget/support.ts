import { Redis } from 'ioredis';
import {
  SharedBudget,
  type GrantRecord,
  type SharedBudgetOptions,
} from '../../src/main/budget/shared-budget.ts';

/** Stations of one warehouse on one key, every grant recorded by Redis TIME. */
export class Warehouse {
  readonly grants: GrantRecord[] = [];
  readonly stations: SharedBudget[] = [];
  private readonly base: Omit<SharedBudgetOptions, 'stationId' | 'onGrant'>;
  get companyKey(): string {
    return this.base.companyKey;
  }

  constructor(base: Omit<SharedBudgetOptions, 'stationId' | 'onGrant'>) {
    this.base = base;
  }

  station(name: string, extra: Partial<SharedBudgetOptions> = {}): SharedBudget {
    const budget = new SharedBudget({
      ...this.base,
      ...extra,
      stationId: name,
      onGrant: (grant) => this.grants.push(grant),
    });
    this.stations.push(budget);
    return budget;
  }

  /**
   * Most grants any sliding window of `windowMs` holds (a window is [t, t + windowMs)), of those
   * `counted` picks (all by default).
   */
  busiestWindow(windowMs: number, counted: (grant: GrantRecord) => boolean = () => true): number {
    const times = this.grants
      .filter(counted)
      .map((g) => g.serverMs)
      .sort((a, b) => a - b);
    let most = 0;
    let start = 0;
    for (let end = 0; end < times.length; end += 1) {
      while ((times[end] ?? 0) - (times[start] ?? 0) >= windowMs) start += 1;
      most = Math.max(most, end - start + 1);
    }
    return most;
  }

  async close(): Promise<void> {
    await Promise.all(this.stations.map((s) => s.close()));
  }
}

export async function serverTime(port: number): Promise<number> {
  const client = new Redis({ host: '127.0.0.1', port });
  try {
    const [seconds, micros] = await client.time();
    return Number(seconds) * 1000 + Number(micros) / 1000;
  } finally {
    client.disconnect();
  }
}

/** The one wait helper, re-exported for the budget tests that import it from here. */
export { until } from '../support/until.ts';

/**
 * The coordination states a station went through, repeats collapsed (it publishes on every
 * grant too), starting from 'shared' as a station starts.
 */
export function transitions(states: { coordination: 'shared' | 'lost' }[]): string[] {
  const seen = ['shared'];
  for (const { coordination } of states) if (seen.at(-1) !== coordination) seen.push(coordination);
  return seen;
}
