import { ESLint } from 'eslint';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../..');
const eslint = new ESLint({ cwd: ROOT });

/** The boundary messages ESLint gives a file at `path` holding `code` (not written to disk). */
async function boundaryErrors(path: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: resolve(ROOT, path) });
  return (result?.messages ?? [])
    .filter((m) => m.ruleId?.startsWith('boundaries/'))
    .map((m) => m.message);
}

describe('layers only look down (eslint-plugin-boundaries fails lint otherwise)', () => {
  it.each([
    ['src/shared/fixture.ts', "import { StationCore } from '../main/core/station-core.ts';"],
    ['src/shared/fixture.ts', "import { startSandbox } from '../sandbox/index.ts';"],
    ['src/sandbox/fixture.ts', "import { StationCore } from '../main/core/station-core.ts';"],
    ['src/main/fixture.ts', "import { DEMO_COMPANIES } from '../sandbox/companies.ts';"],
    ['src/main/fixture.ts', "import { App } from '../renderer/src/App.tsx';"],
    ['src/preload/fixture.ts', "import { createHandlers } from '../main/handlers.ts';"],
    ['src/renderer/src/fixture.ts', "import { createHandlers } from '../../main/handlers.ts';"],
    ['src/renderer/src/fixture.ts', "import { startSandbox } from '../../sandbox/index.ts';"],
    ['src/zpl/fixture.ts', "import { ok } from '../shared/result.ts';"],
    ['src/zpl/fixture.ts', "import { StationCore } from '../main/core/station-core.ts';"],
    // The window's aliases lead where they say (scripts/lint/alias-resolver.cjs).
    ['src/zpl/fixture.ts', "import { ok } from '@shared/result.ts';"],
    ['src/shared/fixture.ts', "import { App } from '@renderer/App.tsx';"],
  ])('refuses %s: %s', async (path, code) => {
    expect(await boundaryErrors(path, `${code}\nexport const x = 1;\n`)).toHaveLength(1);
  });

  it.each([
    ['src/main/fixture.ts', "import { startSandbox } from '../sandbox/index.ts';"],
    ['src/main/fixture.ts', "import { ok } from '../shared/result.ts';"],
    ['src/sandbox/fixture.ts', "import { ok } from '../shared/result.ts';"],
    ['src/renderer/src/fixture.ts', "import { ok } from '../../shared/result.ts';"],
    ['src/preload/fixture.ts', "import { channels } from '../shared/ipc/channels.ts';"],
    ['src/main/fixture.ts', "import { Bitmap } from '../zpl/bitmap.ts';"],
    ['src/renderer/src/fixture.ts', "import { Bitmap } from '../../zpl/bitmap.ts';"],
    ['src/renderer/src/fixture.ts', "import { ok } from '@shared/result.ts';"],
    ['src/renderer/src/fixture.ts', "import { Bitmap } from '@zpl/bitmap.ts';"],
  ])('allows %s: %s', async (path, code) => {
    expect(await boundaryErrors(path, `${code}\nexport const x = 1;\n`)).toEqual([]);
  });
});

describe('the ZPL engine core stays pure TypeScript', () => {
  const nodeImport = "import { readFileSync } from 'node:fs';\nexport const x = readFileSync;\n";
  const rules = async (path: string) => {
    const [result] = await eslint.lintText(nodeImport, { filePath: resolve(ROOT, path) });
    return (result?.messages ?? []).map((m) => m.ruleId);
  };
  it('refuses Node in the core and allows it in the CLI adapter', async () => {
    expect(await rules('src/zpl/fixture.ts')).toContain('no-restricted-imports');
    expect(await rules('src/zpl/cli/fixture.ts')).toEqual([]);
  });
});
