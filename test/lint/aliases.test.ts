import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { resolve } from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';
import { RENDERER_ALIASES } from '../../scripts/aliases.ts';

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
    expect(resolver.ALIASES).toEqual(RENDERER_ALIASES);
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
