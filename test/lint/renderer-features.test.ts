import { resolve } from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// The window's features stand side by side (issue #28, item 6; a lint rule since #38): a feature
// imports only app/ and ui/, never another feature; app/ and ui/ import no feature. The rule is
// eslint-plugin-boundaries' (eslint.config.js), so `npm run lint` fails with a sentence the
// moment such an import is written, whichever way it is spelled.

const ROOT = resolve(import.meta.dirname, '../..');
const eslint = new ESLint({ cwd: ROOT });

/** The boundary sentences ESLint gives a window file at `path` holding `code` (never on disk). */
async function boundaryErrors(path: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(`${code}\nexport const x = y;\n`, {
    filePath: resolve(ROOT, 'src/renderer/src', path),
  });
  return (result?.messages ?? [])
    .filter((m) => m.ruleId === 'boundaries/dependencies')
    .map((m) => m.message);
}

describe("the window's features (a lint rule)", () => {
  it.each([
    ['features/station/probe.ts', "import { y } from '../settings/settings-store.ts';"],
    ['features/station/probe.ts', "const y = await import('../labels/labels-store.ts');"],
    [
      'features/station/probe.ts',
      "import { y } from '@renderer/features/outbox/OutboxScreen.tsx';",
    ],
    [
      'features/station/pack/probe.ts',
      "import { y } from '@renderer/features/labels/LabelsScreen.tsx';",
    ],
  ])('refuse a feature importing another: %s %s', async (path, code) => {
    const [sentence, ...more] = await boundaryErrors(path, code);
    expect(more).toEqual([]);
    expect(sentence).toMatch(
      /^A feature of the window imports only app\/ and ui\/, never another feature \((settings|labels|outbox)\): move what both need into app\/ or ui\/\.$/,
    );
  });

  it.each([
    ['app/probe.ts', "import { y } from '../features/station/StationScreen.tsx';"],
    ['ui/probe.ts', "import { y } from '@renderer/features/labels/labels-store.ts';"],
  ])('refuse app/ or ui/ importing a feature: %s %s', async (path, code) => {
    expect(await boundaryErrors(path, code)).toEqual([
      expect.stringMatching(/^app\/ and ui\/ know no feature of the window \((station|labels)\)/),
    ]);
  });

  it.each([
    ['features/station/probe.ts', "import { y } from './OrderCard.tsx';"],
    ['features/station/pack/probe.ts', "import { y } from '../OrderCard.tsx';"],
    ['features/station/probe.ts', "import { y } from '@renderer/features/station/OrderCard.tsx';"],
    ['features/station/probe.ts', "import { y } from '@renderer/app/context.tsx';"],
    ['features/labels/probe.ts', "import { y } from '@renderer/ui/ErrorText.tsx';"],
    ['App.tsx', "import { y } from './features/station/StationScreen.tsx';"],
  ])('take its own files, app/ and ui/: %s %s', async (path, code) => {
    expect(await boundaryErrors(path, code)).toEqual([]);
  });
});
