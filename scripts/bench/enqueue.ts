// Section `enqueue`: how long a job and its file take to be durably committed.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase } from '../../src/main/outbox/database.ts';
import { nodeFs } from '../../src/main/platform/station-fs.ts';
import { JobStore } from '../../src/main/outbox/job-store.ts';
import { percentile, type BenchContext, type BenchSection } from './context.ts';

/** Time until a job and its file are durably committed, per file size. */
export function enqueueLatency({ rows, results }: BenchContext): void {
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

export const section: BenchSection = enqueueLatency;
