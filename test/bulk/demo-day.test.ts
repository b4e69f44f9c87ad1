import { afterAll, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { writeDemoDay } from '../../src/sandbox/demo-day.ts';
import { seedState } from '../../src/sandbox/seed.ts';
import { tempDir } from '../outbox/helpers.ts';
import { runFiles } from './run-files.ts';

// The sandbox's demo day (what `npm run sandbox` writes beside its URL) as a new user tries it:
// `npm run files -- match` on its drop matches every label and invoice to its order, exit 0.

const dir = tempDir('packbench-demo-day-');
afterAll(() => dir.remove());

describe("the sandbox's demo day", () => {
  it('matches every label and invoice of the drop to its order', async () => {
    const day = join(dir.path, 'day');
    const { orders } = await writeDemoDay(
      seedState(Date.parse('2026-11-28T09:00:00Z')),
      'acme',
      day,
    );
    expect(orders).toBeGreaterThanOrEqual(6);
    const run = await runFiles(dir.path, [
      'match',
      'day/drop',
      '--orders',
      'day/orders.json',
      '--trackings',
      'day/trackings.json',
      '--json',
    ]);
    const { pieces } = JSON.parse(run.out) as {
      pieces: { kind: string; status: string; order: string | null }[];
    };
    // The stored format is a piece of its own; every label and invoice is matched, once each.
    const documents = pieces.filter((p) => p.kind !== 'other');
    expect(documents).toHaveLength(2 * orders);
    expect(documents.filter((p) => p.status !== 'matched')).toEqual([]);
    for (const kind of ['label', 'invoice'])
      expect(new Set(documents.filter((p) => p.kind === kind).map((p) => p.order)).size).toBe(
        orders,
      );
  });
});
