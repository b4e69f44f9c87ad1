// Section `memory`: a whole station core with 10,000 queued jobs, in a process of its own.
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { ROOT, type BenchContext, type BenchSection } from './context.ts';

/** A whole station core, offline, with 10,000 queued jobs, measured in a process of its own. */
export function memoryWithQueue({ rows, results }: BenchContext): void {
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

export const section: BenchSection = memoryWithQueue;
