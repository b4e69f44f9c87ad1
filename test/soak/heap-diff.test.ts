// The soak's leak finder (scripts/soak/heap-diff.ts) on two real heap snapshots of a small
// process that keeps a thousand objects of its own class between them: it must name that class,
// its count, and the array that holds them; and find nothing of it when nothing was kept.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { formatGrowth, heapGrowth } from '../../scripts/soak/heap-diff.ts';
import { runProcess } from '../support/run-process.ts';

const dir = mkdtempSync(join(tmpdir(), 'packbench-heap-diff-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Writes before.heapsnapshot, keeps `kept` objects of class KeptByTheTest, writes after. */
async function snapshots(kept: number): Promise<{ before: string; after: string }> {
  const script = join(dir, `leak-${kept}.mjs`);
  const before = join(dir, `before-${kept}.heapsnapshot`);
  const after = join(dir, `after-${kept}.heapsnapshot`);
  writeFileSync(
    script,
    [
      "import { writeHeapSnapshot } from 'node:v8';",
      'class KeptByTheTest { constructor(n) { this.n = n; this.tag = "kept " + n; } }',
      'globalThis.keptByTheTest = [];',
      `writeHeapSnapshot(${JSON.stringify(before)});`,
      `for (let n = 0; n < ${kept}; n += 1) globalThis.keptByTheTest.push(new KeptByTheTest(n));`,
      'for (let n = 0; n < 5000; n += 1) new KeptByTheTest(-n);', // garbage: not kept
      `writeHeapSnapshot(${JSON.stringify(after)});`,
    ].join('\n'),
  );
  const run = await runProcess(process.execPath, [script]);
  expect(run.stderr).toBe('');
  expect(run.code).toBe(0);
  return { before, after };
}

describe('heap growth between two snapshots', () => {
  it('names what was kept, how many, and what holds them', async () => {
    const { before, after } = await snapshots(1000);
    const growth = heapGrowth(before, after, 200);
    const kept = growth.find((row) => row.group === 'object:KeptByTheTest');
    expect(kept?.count).toBe(1000);
    expect(kept?.bytes).toBeGreaterThan(1000 * 16);
    // Held in an array (at some index) that the global's keptByTheTest holds.
    expect(kept?.retainedBy[0]).toMatch(/^object:Array\[\d+\]$/);
    expect(kept?.retainedBy[1]).toBe('object:global.keptByTheTest');
    expect(formatGrowth(growth)).toContain('object:KeptByTheTest');
  });

  it('lists nothing of a class whose objects were all collected', async () => {
    const { before, after } = await snapshots(0);
    expect(heapGrowth(before, after, 1000).map((row) => row.group)).not.toContain(
      'object:KeptByTheTest',
    );
  });
});
