import { createHash } from 'node:crypto';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import type { ApiClient } from '../../src/main/api/client.ts';
import {
  ConflictError,
  NetworkError,
  NotFoundError,
  ServerError,
  ValidationError,
} from '../../src/main/api/errors.ts';
import { Outbox } from '../../src/main/outbox/outbox.ts';
import { FakeClock, flushMicrotasks } from '../support/fake-clock.ts';
import { tempDir } from './helpers.ts';

// Random days at a station, in simulated time: submissions for two profiles, a service that
// answers, refuses (422), is down (503) or does the work and loses the answer, operators who
// retry and discard, a profile removed and added back, the station restarted mid-drain. Whatever
// the sequence: no job lost, nothing applied twice, and once everything is settled no timer
// left and nothing more asked of the service.

const scratch = tempDir('packbench-property-');
afterAll(() => scratch.remove());

type Mode = 'ok' | '503' | '422' | 'drop';
const sha = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** The service, in memory: counts every write it accepted, per content. */
class FakeService {
  readonly applied = new Map<string, number>();
  readonly products = new Map<string, { sku: string; name: string }>();
  private readonly invoices = new Map<string, string>();
  modes: Mode[] = [];
  calls = 0;

  private mode(): Mode {
    this.calls += 1;
    return this.modes.shift() ?? 'ok';
  }

  private accept(key: string) {
    this.applied.set(key, (this.applied.get(key) ?? 0) + 1);
  }

  private fail(mode: Mode): void {
    if (mode === '503') throw new ServerError({ status: 503, message: 'down' });
    if (mode === '422') throw new ValidationError({ status: 422, message: 'refused' });
  }

  readonly api = {
    createProduct: async (product: { sku: string; name: string }) => {
      const mode = this.mode();
      this.fail(mode);
      if (this.products.has(product.sku))
        throw new ConflictError({ status: 409, message: 'exists' });
      this.products.set(product.sku, { ...product });
      this.accept(`product ${product.sku}`);
      if (mode === 'drop') throw new NetworkError({ message: 'answer lost', uncertain: true });
      return { ...product };
    },
    uploadInvoice: async (order: string, file: { bytes: Uint8Array }) => {
      const mode = this.mode();
      this.fail(mode);
      const hash = sha(file.bytes);
      this.invoices.set(order, hash);
      this.accept(`invoice ${hash}`);
      if (mode === 'drop') throw new NetworkError({ message: 'answer lost', uncertain: true });
      return { sha256: hash };
    },
    getProduct: async (sku: string) => {
      if (this.mode() === '503') throw new ServerError({ status: 503, message: 'down' });
      const product = this.products.get(sku);
      if (!product) throw new NotFoundError({ status: 404, message: 'no' });
      return { ...product };
    },
    getOrder: async (order: string) => {
      if (this.mode() === '503') throw new ServerError({ status: 503, message: 'down' });
      const hash = this.invoices.get(order);
      return { id: order, invoice: hash ? { sha256: hash } : null, labels: [] };
    },
  };
}

type Op =
  | { op: 'enqueue'; kind: 'product' | 'invoice'; profile: 'A' | 'B' }
  | { op: 'modes'; modes: Mode[] }
  | { op: 'advance'; ms: number }
  | { op: 'retry' | 'discard'; pick: number }
  | { op: 'removeB' | 'addB' | 'restart' };

const opArb: fc.Arbitrary<Op> = fc.oneof(
  {
    weight: 5,
    arbitrary: fc.record({
      op: fc.constant('enqueue' as const),
      kind: fc.constantFrom('product' as const, 'invoice' as const),
      profile: fc.constantFrom('A' as const, 'B' as const),
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      op: fc.constant('modes' as const),
      modes: fc.array(fc.constantFrom<Mode>('ok', '503', '422', 'drop'), { maxLength: 6 }),
    }),
  },
  {
    weight: 4,
    arbitrary: fc.record({
      op: fc.constant('advance' as const),
      ms: fc.integer({ min: 0, max: 3_000 }),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      op: fc.constantFrom('retry' as const, 'discard' as const),
      pick: fc.nat(),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      op: fc.constantFrom('removeB' as const, 'addB' as const, 'restart' as const),
    }),
  },
);

let runs = 0;

async function day(ops: readonly Op[]): Promise<void> {
  const file = join(scratch.path, `run-${(runs += 1)}`, 'outbox.sqlite');
  const clock = new FakeClock();
  const service = new FakeService();
  // Profile ids are never reused (they are UUIDs): a profile added back is a new one.
  let second = 'B0';
  const profiles = new Set(['A', second]);
  const discarded = new Set<string>();
  let clientCalls = 0;
  const open = () => {
    const outbox = new Outbox({
      file,
      clock,
      random: () => 0.5,
      backoffBaseMs: 100,
      backoffCapMs: 2_000,
      hasProfile: (id) => profiles.has(id),
      clientFor: async (id) => {
        clientCalls += 1;
        return profiles.has(id) ? (service.api as unknown as ApiClient) : null;
      },
      isOnline: () => true,
    });
    for (const id of profiles) outbox.start(id);
    return outbox;
  };
  let outbox = open();
  let n = 0;
  for (const op of ops) {
    switch (op.op) {
      case 'enqueue': {
        n += 1;
        const profileId = op.profile === 'A' ? 'A' : second;
        if (!profiles.has(profileId)) break;
        if (op.kind === 'product')
          outbox.enqueue({
            profileId,
            kind: 'product.create',
            payload: { product: { sku: `S-${n}`, name: `P ${n}` } },
          });
        else
          outbox.enqueue({
            profileId,
            kind: 'invoice.upload',
            payload: { order: `PB-${n}`, fileName: `nf-${n}.pdf` },
            file: new TextEncoder().encode(`%PDF-1.4 ${n}`),
          });
        break;
      }
      case 'modes':
        service.modes.push(...op.modes);
        break;
      case 'advance':
        await clock.advance(op.ms);
        break;
      case 'retry':
      case 'discard': {
        const jobs = outbox.store.list({ limit: 1_000 });
        const job = jobs[op.pick % Math.max(1, jobs.length)];
        if (!job) break;
        try {
          if (op.op === 'retry') outbox.retry(job.id);
          else {
            outbox.discard(job.id);
            discarded.add(job.id);
          }
        } catch (error) {
          // Refusals (a job being sent, a delivered one…) are answers, not failures.
          expect((error as { code?: string }).code).toBe('bad_state');
        }
        break;
      }
      case 'removeB':
        if (profiles.delete(second)) outbox.removeProfile(second);
        break;
      case 'addB':
        if (!profiles.has(second)) {
          second = `B${Number(second.slice(1)) + 1}`;
          profiles.add(second);
          outbox.start(second);
        }
        break;
      case 'restart':
        await flushMicrotasks();
        await outbox.close();
        outbox = open();
        break;
    }
  }

  // The service heals; time passes until everything has settled.
  service.modes = [];
  for (let i = 0; i < 40; i += 1) await clock.advance(60_000);
  const jobs = outbox.store.list({ limit: 10_000 });

  // Nothing applied twice, whatever was lost, retried or restarted.
  expect([...service.applied.entries()].filter(([, count]) => count > 1)).toEqual([]);
  // Nothing lost: every job is settled (delivered, refused by the service, or waiting for a
  // removed profile), and every delivered one is on the service.
  for (const job of jobs) {
    expect(['done', 'failed', 'orphaned'], `${job.id} is ${job.state}`).toContain(job.state);
    if (job.state === 'orphaned') expect(profiles.has(job.profileId)).toBe(false);
    if (job.state === 'done') {
      const key =
        job.kind === 'product.create'
          ? `product ${(job.payload as { product: { sku: string } }).product.sku}`
          : `invoice ${job.fileSha256}`;
      expect(service.applied.get(key), key).toBe(1);
    }
  }
  for (const id of discarded) expect(jobs.some((j) => j.id === id)).toBe(false);
  // Settled means quiet: no timer waiting, nothing more asked of the service.
  expect(clock.pendingTimers).toBe(0);
  const asked = clientCalls;
  await clock.advance(3_600_000);
  expect(clientCalls).toBe(asked);
  await outbox.close();
}

describe('the outbox through random days at a station', () => {
  it('loses nothing, applies nothing twice, and goes quiet once everything is settled', async () => {
    await fc.assert(fc.asyncProperty(fc.array(opArb, { minLength: 5, maxLength: 40 }), day), {
      numRuns: 200,
      seed: 20261124,
    });
  }, 240_000);

  it('a create whose answer was lost, changed by someone else before the read-back, fails with the conflict instead of looping', async () => {
    const clock = new FakeClock();
    const service = new FakeService();
    service.modes = ['drop'];
    let sends = 0;
    const outbox = new Outbox({
      file: join(scratch.path, 'conflict', 'outbox.sqlite'),
      clock,
      random: () => 0.5,
      clientFor: async () => service.api as unknown as ApiClient,
      isOnline: () => true,
    });
    const create = service.api.createProduct;
    service.api.createProduct = async (product) => {
      sends += 1;
      const answer = create(product);
      // Another system renames the product before our read-back.
      await answer.catch(() =>
        service.products.set(product.sku, { sku: product.sku, name: 'Theirs' }),
      );
      return answer;
    };
    const job = outbox.enqueue({
      profileId: 'A',
      kind: 'product.create',
      payload: { product: { sku: 'S-C', name: 'Ours' } },
    }).job;
    await clock.advance(10_000);
    expect(outbox.store.get(job.id)).toMatchObject({
      state: 'failed',
      lastError: { family: 'conflict' },
    });
    expect(sends).toBe(2);
    await outbox.close();
  });
});
