import { ESLint } from 'eslint';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../..');
const MAIN = resolve(ROOT, 'src/main');
const eslint = new ESLint({ cwd: ROOT });

/** The boundary messages ESLint gives a file at `path` holding `code` (not written to disk). */
async function boundaryErrors(path: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(`${code}\nexport const x = 1;\n`, {
    filePath: resolve(ROOT, path),
  });
  return (result?.messages ?? [])
    .filter((m) => m.ruleId?.startsWith('boundaries/'))
    .map((m) => m.message);
}

describe("main's layers only look down (eslint-plugin-boundaries fails lint otherwise)", () => {
  it.each([
    // The platform is the bottom: it leans on nothing of main.
    ['src/main/platform/fixture.ts', "import { CompanyBudget } from '../budget/rate-budget.ts';"],
    ['src/main/platform/fixture.ts', "import { StationCore } from '../core/station-core.ts';"],
    // A feature never reaches up into the composition or the glue…
    ['src/main/budget/fixture.ts', "import { StationCore } from '../core/station-core.ts';"],
    ['src/main/outbox/fixture.ts', "import { toAppError } from '../core/errors-to-result.ts';"],
    ['src/main/outbox/fixture.ts', "import { registerIpcHandlers } from '../ipc-manager.ts';"],
    ['src/main/print/fixture.ts', "import { createHandlers } from '../handlers.ts';"],
    // …nor back along the feature graph (that would be a folder-level cycle).
    ['src/main/budget/fixture.ts', "import { ApiClient } from '../api/client.ts';"],
    ['src/main/api/fixture.ts', "import { Outbox } from '../outbox/outbox.ts';"],
    ['src/main/outbox/fixture.ts', "import { Printing } from '../print-queue/printing.ts';"],
    ['src/main/print/fixture.ts', "import { PrintQueue } from '../print-queue/print-queue.ts';"],
    // A new feature folder gets the platform and src/shared, nothing else of main.
    ['src/main/scale/fixture.ts', "import { StationCore } from '../core/station-core.ts';"],
    ['src/main/scale/fixture.ts', "import { Outbox } from '../outbox/outbox.ts';"],
    ['src/main/scale/fixture.ts', "import { throttleLatest } from '../throttle.ts';"],
    // The composition is used only by the glue above it.
    ['src/main/core/fixture.ts', "import { registerIpcHandlers } from '../ipc-manager.ts';"],
  ])('refuses %s: %s', async (path, code) => {
    expect(await boundaryErrors(path, code)).toHaveLength(1);
  });

  it.each([
    ['src/main/platform/fixture.ts', "import { systemClock } from './clock.ts';"],
    ['src/main/platform/fixture.ts', "import { ok } from '../../shared/result.ts';"],
    ['src/main/budget/fixture.ts', "import { systemClock } from '../platform/clock.ts';"],
    ['src/main/api/fixture.ts', "import { CompanyBudget } from '../budget/rate-budget.ts';"],
    ['src/main/outbox/fixture.ts', "import { ApiClient } from '../api/client.ts';"],
    ['src/main/print-queue/fixture.ts', "import { AuditLog } from '../outbox/audit-log.ts';"],
    ['src/main/scale/fixture.ts', "import { systemClock } from '../platform/clock.ts';"],
    ['src/main/scale/fixture.ts', "import { ok } from '../../shared/result.ts';"],
    ['src/main/core/fixture.ts', "import { Outbox } from '../outbox/outbox.ts';"],
    ['src/main/fixture.ts', "import { StationCore } from './core/station-core.ts';"],
    ['src/main/handlers/fixture.ts', "import { StationCore } from '../core/station-core.ts';"],
    // A unit test beside the code sets up whatever it needs.
    [
      'src/main/outbox/fixture.test.ts',
      "import { toAppError } from '../core/errors-to-result.ts';",
    ],
  ])('allows %s: %s', async (path, code) => {
    expect(await boundaryErrors(path, code)).toEqual([]);
  });
});

/** Every folder of src/main (the root files are "."), and the folders its source imports. */
function folderGraph(): Map<string, Set<string>> {
  const graph = new Map<string, Set<string>>();
  const folderOf = (file: string) => {
    const parts = relative(MAIN, file).split('/');
    return parts.length > 1 ? (parts[0] as string) : '.';
  };
  const visit = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) visit(path);
      else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts')) {
        const from = folderOf(path);
        const edges = graph.get(from) ?? new Set<string>();
        graph.set(from, edges);
        const text = readFileSync(path, 'utf8');
        for (const [, spec] of text.matchAll(/(?:from|import\()\s*'(\.{1,2}\/[^']+)'/g)) {
          const target = resolve(dirname(path), spec as string);
          if (relative(MAIN, target).startsWith('..')) continue;
          const to = folderOf(target);
          if (to !== from) edges.add(to);
        }
      }
    }
  };
  visit(MAIN);
  return graph;
}

describe("main's folders, as they are today", () => {
  it('import one another without a cycle', () => {
    const graph = folderGraph();
    const cycles: string[] = [];
    const state = new Map<string, 'open' | 'done'>();
    const walk = (folder: string, path: string[]) => {
      if (state.get(folder) === 'done') return;
      if (state.get(folder) === 'open') {
        cycles.push([...path.slice(path.indexOf(folder)), folder].join(' → '));
        return;
      }
      state.set(folder, 'open');
      for (const next of graph.get(folder) ?? []) walk(next, [...path, folder]);
      state.set(folder, 'done');
    };
    for (const folder of graph.keys()) walk(folder, []);
    expect(cycles).toEqual([]);
    // The judge sees the folders it should: the bottom, the budget, the composition.
    expect([...graph.keys()]).toEqual(expect.arrayContaining(['platform', 'budget', 'core', '.']));
    expect([...(graph.get('platform') ?? [])]).toEqual([]);
  });
});

describe("the handlers call the core's facade, never a part of one of its parts (lint)", () => {
  const rulesHit = async (path: string, code: string) => {
    const [result] = await eslint.lintText(code, { filePath: resolve(ROOT, path) });
    return (result?.messages ?? []).map((m) => m.ruleId);
  };
  const core = 'declare const core: { printing: { retry(): void; queue: { retry(): void } } };\n';

  it.each(['src/main/handlers.ts', 'src/main/handlers/fixture.ts'])(
    'refuses core.printing.queue.retry() in %s',
    async (path) => {
      expect(
        await rulesHit(path, `${core}export const x = core.printing.queue.retry();\n`),
      ).toEqual(['no-restricted-syntax']);
    },
  );

  it('allows core.printing.retry(), and leaves the core itself alone', async () => {
    expect(
      await rulesHit(
        'src/main/handlers/fixture.ts',
        `${core}export const x = core.printing.retry();\n`,
      ),
    ).toEqual([]);
    expect(
      await rulesHit(
        'src/main/core/fixture.ts',
        `${core}export const x = core.printing.queue.retry();\n`,
      ),
    ).toEqual([]);
  });
});

describe('no god files in main (lint)', () => {
  const rulesHit = async (path: string, code: string) => {
    const [result] = await eslint.lintText(code, { filePath: resolve(ROOT, path) });
    return (result?.messages ?? []).map((m) => m.ruleId);
  };
  const lines = (n: number) =>
    Array.from({ length: n }, (_, i) => `export const x${i} = ${i};`).join('\n') + '\n';

  it('refuses a file of more than 500 lines of code, and counts no comment or blank line', async () => {
    expect(await rulesHit('src/main/outbox/fixture.ts', lines(501))).toEqual(['max-lines']);
    const commented = `${'// why\n\n'.repeat(200)}${lines(500)}`;
    expect(await rulesHit('src/main/outbox/fixture.ts', commented)).toEqual([]);
  });

  it('leaves tests and the other processes to their own judgement', async () => {
    expect(await rulesHit('src/main/outbox/fixture.test.ts', lines(501))).toEqual([]);
    expect(await rulesHit('src/sandbox/fixture.ts', lines(501))).toEqual([]);
  });
});
