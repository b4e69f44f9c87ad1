import { nodeFs } from '../../src/main/platform/station-fs.ts';
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/main/outbox/database.ts';
import { JobStore } from '../../src/main/outbox/job-store.ts';
import { startSandbox, type RunningSandbox } from '../../src/sandbox/index.ts';
import { startHookedProxy } from '../support/lossy-proxy.ts';
import { tempDir } from './helpers.ts';

// SIGKILL at the moments that matter, not at random: in the middle of an enqueue (a large file
// being committed), right after an enqueue committed, in the middle of an upload (the service
// has part of the request), and after the service committed a write but before its answer
// left. 13 of each; after every kill the station starts again. In the end every submission
// whose enqueue returned is on the service exactly once, and nothing is there twice.

type Moment = 'mid-enqueue' | 'after-commit' | 'mid-upload' | 'server-committed';
const MOMENTS: Moment[] = ['mid-enqueue', 'after-commit', 'mid-upload', 'server-committed'];
const PER_MOMENT = 13;

let sandbox: RunningSandbox;
const dir = tempDir('packbench-moments-');
const file = join(dir.path, 'outbox.sqlite');

/** Forwards to the sandbox; kills the current child at the proxy's moment, if one is armed. */
const proxy = {
  moment: null as Moment | null,
  victim: null as ChildProcess | null,
  kills: 0,
  url: '',
  close: (): Promise<void> => Promise.resolve(),
};

const isWrite = (method: string | undefined) => method === 'POST' || method === 'PUT';

function kill(): void {
  if (proxy.victim && proxy.victim.exitCode === null && proxy.victim.signalCode === null) {
    proxy.victim.kill('SIGKILL');
    proxy.kills += 1;
  }
  proxy.moment = null;
}

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, rateLimit: 1_000_000 });
  const hooked = await startHookedProxy(sandbox.url, {
    // The service has seen part of the upload when the station dies.
    onBodyChunk: (req, first) => {
      if (first && isWrite(req.method) && proxy.moment === 'mid-upload') kill();
    },
    // The service committed the write; the station dies before the answer reaches it.
    onAnswer: (req, status) => {
      if (isWrite(req.method) && proxy.moment === 'server-committed' && status < 300) {
        kill();
        return 'drop';
      }
      return 'relay';
    },
  });
  proxy.url = hooked.url;
  proxy.close = hooked.close;
});
afterAll(async () => {
  await proxy.close();
  await sandbox.close();
  dir.remove();
});

interface Enqueued {
  jobId: string;
  kind: 'product' | 'invoice';
  content: string;
}

function runChild(cycle: number, moment: Moment | null, seen: Enqueued[]) {
  const size = moment === 'mid-enqueue' ? 8 * 1024 * 1024 : 0;
  const count = moment === null ? 0 : 1;
  const child = spawn(
    process.execPath,
    ['test/outbox/moment-child.ts', file, proxy.url, String(cycle), String(count), String(size)],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  proxy.victim = child;
  proxy.moment = moment === 'mid-upload' || moment === 'server-committed' ? moment : null;
  let enqueuing = 0;
  let stderr = '';
  createInterface({ input: child.stdout }).on('line', (line) => {
    const [word, jobId, kind, content] = line.split(' ');
    if (word === 'enqueuing') {
      enqueuing += 1;
      // The second enqueue of the cycle is the one with the large file.
      if (moment === 'mid-enqueue' && enqueuing === 2) kill();
    }
    if (word === 'enqueued' && jobId && content) {
      seen.push({ jobId, kind: kind as Enqueued['kind'], content });
      if (moment === 'after-commit') kill();
    }
  });
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise<{ signal: string | null; code: number | null; stderr: string }>((resolve) =>
    child.on('exit', (code, signal) => resolve({ code, signal, stderr })),
  );
}

describe('SIGKILL at chosen moments', () => {
  it(`${MOMENTS.length * PER_MOMENT} kills (mid-enqueue, after commit, mid-upload, after the service committed): every enqueued submission arrives exactly once`, async () => {
    const seen: Enqueued[] = [];
    const killedAt = new Map<Moment, number>(MOMENTS.map((m) => [m, 0]));
    let cycle = 0;
    for (let round = 0; round < PER_MOMENT; round += 1)
      for (const moment of MOMENTS) {
        // Some cycles end before their moment comes (the upload went first, say): run that
        // moment again until it has been hit, within reason.
        for (let tries = 0; tries < 5; tries += 1) {
          const before = proxy.kills;
          const exit = await runChild((cycle += 1), moment, seen);
          if (exit.signal === null && exit.code !== 0)
            throw new Error(`child failed: ${exit.stderr}`);
          if (proxy.kills > before) {
            killedAt.set(moment, (killedAt.get(moment) ?? 0) + 1);
            break;
          }
        }
      }
    const final = await runChild(cycle + 1, null, seen);
    expect(final.code, final.stderr).toBe(0);
    for (const moment of MOMENTS) expect(killedAt.get(moment), moment).toBe(PER_MOMENT);

    const db = openDatabase(file, nodeFs);
    const store = new JobStore(db, { now: Date.now });
    expect(store.counts()).toMatchObject({ queued: 0, sending: 0, uncertain: 0 });
    const receipts = sandbox.receipts('acme');
    const times = new Map<string, number>();
    for (const r of receipts) {
      const key = `${r.kind}:${r.kind === 'invoice' ? r.sha256 : r.ref}`;
      times.set(key, (times.get(key) ?? 0) + 1);
    }
    expect([...times.entries()].filter(([, n]) => n > 1)).toEqual([]);
    for (const item of seen) {
      const key =
        item.kind === 'product' ? `product.create:${item.content}` : `invoice:${item.content}`;
      expect(store.get(item.jobId).state, key).toBe('done');
      expect(times.get(key), key).toBe(1);
    }
    db.close();
  }, 300_000);
});
