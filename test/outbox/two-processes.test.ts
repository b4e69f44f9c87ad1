import { nodeFs } from '../../src/main/platform/station-fs.ts';
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/main/outbox/database.ts';
import { JobStore } from '../../src/main/outbox/job-store.ts';
import { startSandbox, type RunningSandbox } from '../../src/sandbox/index.ts';
import { tempDir } from './helpers.ts';
import { until } from '../support/until.ts';

// Two station processes on one data directory (two launches, a script beside the app): the
// second must refuse to open the outbox while the first runs, so nothing is sent twice; once the
// first dies, the next one takes over and nothing is lost. Both are real processes running the
// crash test's child (enqueue, then drain).

let sandbox: RunningSandbox;
const dir = tempDir('packbench-two-');
const file = join(dir.path, 'outbox.sqlite');

beforeAll(async () => {
  // Slow answers keep the first process draining while the second one starts.
  sandbox = await startSandbox({ port: 0, rateLimit: 1_000_000, latencyMs: 250 });
});
afterAll(async () => {
  await sandbox.close();
  dir.remove();
});

interface Child {
  process: ChildProcess;
  lines: string[];
  stderr: () => string;
  exit: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  line: (word: string) => Promise<void>;
}

function station(cycle: number, count: number): Child {
  const child = spawn(
    process.execPath,
    ['test/outbox/crash-child.ts', file, sandbox.url, String(cycle), String(count)],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  const { stdout, stderr: errors } = child;
  const lines: string[] = [];
  const waiting: { word: string; resolve: () => void }[] = [];
  createInterface({ input: stdout }).on('line', (line) => {
    lines.push(line);
    for (const w of waiting.filter((w) => line.startsWith(w.word))) w.resolve();
  });
  let stderr = '';
  errors.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return {
    process: child,
    lines,
    stderr: () => stderr,
    exit: new Promise((resolve) => child.on('exit', (code, signal) => resolve({ code, signal }))),
    line: (word) =>
      lines.some((l) => l.startsWith(word))
        ? Promise.resolve()
        : new Promise((resolve) => waiting.push({ word, resolve })),
  };
}

describe('one outbox, two processes', () => {
  it('the second refuses while the first drains; after the first is killed, the next one delivers everything once', async () => {
    const first = station(1, 15); // 15 products and 15 invoices
    await first.line('enqueued');
    // The first is sending: the sandbox's limiter took its first request (after the latency).
    await until(() => sandbox.traffic('acme').accepted > 0, 'the first process sending');

    const second = station(2, 3);
    const refused = await second.exit;
    expect(refused.code).not.toBe(0);
    expect(second.stderr()).toMatch(/OutboxInUseError: The outbox .* is in use by another/);
    expect(second.lines).toEqual([]); // it enqueued nothing

    first.process.kill('SIGKILL');
    const killed = await first.exit;
    expect(killed.signal, 'the first finished before it could be killed').toBe('SIGKILL');
    const delivered = sandbox.receipts('acme').length;
    expect(delivered).toBeLessThan(30);

    const third = station(3, 0);
    await third.exit;
    expect(third.lines).toContain('idle');

    const db = openDatabase(file, nodeFs);
    const store = new JobStore(db, { now: Date.now });
    const jobs = store.list({ limit: 1_000 });
    expect(jobs).toHaveLength(30);
    expect(store.counts()).toMatchObject({ queued: 0, sending: 0, uncertain: 0, failed: 0 });
    const receipts = sandbox.receipts('acme');
    const keys = receipts.map((r) => `${r.kind}:${r.kind === 'invoice' ? r.sha256 : r.ref}`);
    expect(keys).toHaveLength(30);
    expect(new Set(keys).size).toBe(30);
    db.close();
  }, 60_000);
});
