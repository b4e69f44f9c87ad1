import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { resolve } from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';
import { RENDERER_ALIASES, TEST_ALIASES } from '../../scripts/aliases.ts';

// The window's import aliases (issue #28, item 6) are said in four places that must agree:
// scripts/aliases.ts (Vite and Vitest), tsconfig.web.json's paths (the type checker), and the
// CommonJS resolver ESLint's layering rules use. And the window's code uses them: a relative
// import that climbs two folders fails lint.

const ROOT = resolve(import.meta.dirname, '../..');
const require = createRequire(import.meta.url);

describe("the window's import aliases", () => {
  it('are the same for Vite, the type checker and the layering lint', () => {
    const resolver = require('../../scripts/lint/alias-resolver.cjs') as {
      ALIASES: Record<string, string>;
    };
    expect(resolver.ALIASES).toEqual(TEST_ALIASES);
    expect(TEST_ALIASES).toMatchObject(RENDERER_ALIASES);
    const nodeConfig = JSON.parse(readFileSync(resolve(ROOT, 'tsconfig.node.json'), 'utf8')) as {
      compilerOptions: { paths: Record<string, string[]> };
    };
    expect(nodeConfig.compilerOptions.paths).toEqual(
      Object.fromEntries(
        Object.entries(TEST_ALIASES).map(([alias, folder]) => [`${alias}/*`, [`./${folder}/*`]]),
      ),
    );
    const tsconfig = JSON.parse(readFileSync(resolve(ROOT, 'tsconfig.web.json'), 'utf8')) as {
      compilerOptions: { paths: Record<string, string[]> };
    };
    expect(tsconfig.compilerOptions.paths).toEqual(
      Object.fromEntries(
        Object.entries(RENDERER_ALIASES).map(([alias, folder]) => [
          `${alias}/*`,
          [`./${folder}/*`],
        ]),
      ),
    );
  });

  it('refuse a relative import that climbs two folders, and take the aliased one', async () => {
    const eslint = new ESLint({ cwd: ROOT });
    const rules = async (code: string) => {
      const [result] = await eslint.lintText(`${code}\nexport const x = y;\n`, {
        filePath: resolve(ROOT, 'src/renderer/src/features/labels/fixture.ts'),
      });
      return (result?.messages ?? []).map((m) => m.ruleId);
    };
    expect(await rules("import { y } from '../../app/context.tsx';")).toContain(
      'no-restricted-imports',
    );
    expect(await rules("import { y } from '../../../../shared/result.ts';")).toContain(
      'no-restricted-imports',
    );
    expect(await rules("import { y } from '@renderer/app/context.tsx';")).not.toContain(
      'no-restricted-imports',
    );
    expect(await rules("import { y } from './labels-store.ts';")).not.toContain(
      'no-restricted-imports',
    );
  });
});

describe("the tests' import aliases (packbench/import-paths)", () => {
  const eslint = new ESLint({ cwd: ROOT });
  const sentences = async (path: string, code: string) => {
    const [result] = await eslint.lintText(`${code}\nexport const x = y;\n`, {
      filePath: resolve(ROOT, path),
    });
    return (result?.messages ?? [])
      .filter((m) => m.ruleId === 'packbench/import-paths')
      .map((m) => m.message);
  };

  it('refuse an import that climbs three folders, naming the alias to write', async () => {
    expect(
      await sentences(
        'src/main/print/probe.test.ts',
        "import { y } from '../../../test/support/until.ts';",
      ),
    ).toEqual([
      'This import climbs 3 folders: write it as @test/support/until.ts (the aliases are in scripts/aliases.ts).',
    ]);
    expect(
      await sentences(
        'test/zpl/corpus/probe.test.ts',
        "import { y } from '../../../src/zpl/engine.ts';",
      ),
    ).toEqual([
      'This import climbs 3 folders: write it as @zpl/engine.ts (the aliases are in scripts/aliases.ts).',
    ]);
    expect(
      await sentences('test/zpl/corpus/probe.test.ts', "import { y } from '@zpl/engine.ts';"),
    ).toEqual([]);
  });

  it('refuse an alias where plain Node runs the file: main, the scripts, a bench helper', async () => {
    for (const path of [
      'src/main/print/probe.ts',
      'scripts/probe.ts',
      'test/outbox/helpers-probe.ts',
    ])
      expect(await sentences(path, "import { y } from '@test/support/until.ts';"), path).toEqual([
        'Plain Node runs this file and knows no aliases: import @test/support/until.ts by its relative path.',
      ]);
    expect(
      await sentences(
        'src/main/print/probe.test.ts',
        "import { y } from '@test/support/until.ts';",
      ),
    ).toEqual([]);
  });
});
