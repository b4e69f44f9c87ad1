import { nodeFs } from '../../src/main/platform/station-fs.ts';
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/main/outbox/database.ts';
import { JobStore } from '../../src/main/outbox/job-store.ts';
import { startSandbox, type RunningSandbox } from '../../src/sandbox/index.ts';
import { tempDir } from './helpers.ts';

const CYCLES = 50;
let sandbox: RunningSandbox;
const dir = tempDir('packbench-crash-');
const file = join(dir.path, 'outbox.sqlite');

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, rateLimit: 1_000_000, latencyMs: 3 });
});
afterAll(async () => {
  await sandbox.close();
  dir.remove();
});

const STAGES = ['enqueued', 'sending', 'answered', 'committed'] as const;
const PER_CYCLE = 3;

/**
 * The seeded generator of kill moments: a stage of a delivery and which of its occurrences in
 * the child's run (each cycle enqueues PER_CYCLE products and invoices, so every stage happens
 * at least 2 × PER_CYCLE times). A failure replays exactly from the seed.
 */
function moments(seed: number) {
  let a = seed;
  const next = () => {
    a = (a * 1_103_515_245 + 12_345) % 2 ** 31;
    return a >> 8;
  };
  return () => `${STAGES[next() % STAGES.length]}:${1 + (next() % (2 * PER_CYCLE))}`;
}

interface Enqueued {
  jobId: string;
  kind: 'product' | 'invoice';
  content: string;
}

/** Runs one child; with a stop, kills it with SIGKILL the moment it says it stopped there. */
function runChild(
  cycle: number,
  count: number,
  stop: string | null,
  seen: Enqueued[],
): Promise<{ idle: boolean; signal: string | null; stoppedAt: string | null }> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [
        'test/outbox/crash-child.ts',
        file,
        sandbox.url,
        String(cycle),
        String(count),
        stop ?? 'none',
      ],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let idle = false;
    let stoppedAt: string | null = null;
    let stderr = '';
    createInterface({ input: child.stdout }).on('line', (line) => {
      const [word, jobId, kind, content] = line.split(' ');
      if (word === 'stopped') {
        stoppedAt = `${jobId}:${kind}`;
        child.kill('SIGKILL');
      }
      if (word === 'enqueued' && jobId && content)
        seen.push({ jobId, kind: kind as Enqueued['kind'], content });
      if (word === 'idle') idle = true;
    });
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('exit', (code, signal) => {
      if (signal === null && code !== 0) reject(new Error(`child exited ${code}: ${stderr}`));
      else resolve({ idle, signal, stoppedAt });
    });
  });
}

describe('crash safety', () => {
  it(`${CYCLES} SIGKILLs at seeded stages of a delivery lose nothing and send nothing twice`, async () => {
    const next = moments(20261122);
    const seen: Enqueued[] = [];
    const killedAt: string[] = [];
    for (let cycle = 0; cycle < CYCLES; cycle += 1) {
      const stop = next();
      const { signal, stoppedAt } = await runChild(cycle, PER_CYCLE, stop, seen);
      // Every child is killed, and exactly where the generator said: the child froze there.
      expect({ cycle, signal, stoppedAt }).toEqual({ cycle, signal: 'SIGKILL', stoppedAt: stop });
      killedAt.push(stop);
    }
    const final = await runChild(CYCLES, 0, null, seen);
    expect(final.idle).toBe(true);
    // The seed reaches every stage of a delivery.
    expect(new Set(killedAt.map((m) => m.split(':')[0]))).toEqual(new Set(STAGES));
    expect(seen.length).toBeGreaterThan(0);

    const db = openDatabase(file, nodeFs);
    const store = new JobStore(db, { now: Date.now });
    const receipts = sandbox.receipts('acme');
    const count = (kind: string, key: (r: (typeof receipts)[number]) => string, content: string) =>
      receipts.filter((r) => r.kind === kind && key(r) === content).length;

    // Nothing arrived twice, whoever enqueued it.
    const perContent = new Map<string, number>();
    for (const r of receipts)
      perContent.set(
        `${r.kind}:${r.kind === 'invoice' ? r.sha256 : r.ref}`,
        (perContent.get(`${r.kind}:${r.kind === 'invoice' ? r.sha256 : r.ref}`) ?? 0) + 1,
      );
    expect([...perContent.entries()].filter(([, n]) => n > 1)).toEqual([]);

    // Every submission whose enqueue returned arrived exactly once, or says visibly why not.
    for (const item of seen) {
      const job = store.get(item.jobId);
      const arrived =
        item.kind === 'product'
          ? count('product.create', (r) => r.ref, item.content)
          : count('invoice', (r) => r.sha256, item.content);
      if (job.state === 'done') expect(arrived, `${item.kind} ${item.content}`).toBe(1);
      else {
        expect(['failed', 'uncertain'], `${item.jobId} is ${job.state}`).toContain(job.state);
        expect(job.lastError?.message).toBeTruthy();
      }
    }
    // Every job in the store (including ones whose enqueue line was cut off) reached a final state.
    expect(store.counts()).toMatchObject({ queued: 0, sending: 0 });
    db.close();
  }, 240_000);
});
