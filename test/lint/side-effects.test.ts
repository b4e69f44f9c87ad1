import { ESLint } from 'eslint';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseRetryAfter } from '../../src/main/api/client.ts';

const ROOT = resolve(import.meta.dirname, '../..');
const eslint = new ESLint({ cwd: ROOT });

const rulesHit = async (path: string, code: string) => {
  const [result] = await eslint.lintText(code, { filePath: resolve(ROOT, path) });
  return (result?.messages ?? []).map((m) => m.ruleId);
};

describe('time and chance come in through the core (lint)', () => {
  it.each([
    ['Date.now()', 'no-restricted-properties'],
    ['Math.random()', 'no-restricted-properties'],
    ['performance.now()', 'no-restricted-properties'],
    ['setTimeout(() => undefined, 1)', 'no-restricted-globals'],
    ['new Date()', 'no-restricted-syntax'],
    ['crypto.randomUUID()', 'no-restricted-properties'],
  ])('refuses %s anywhere in main', async (call, rule) => {
    for (const dir of ['core', 'outbox', 'api', 'budget', 'print', 'pack', 'scale'])
      expect(await rulesHit(`src/main/${dir}/fixture.ts`, `export const x = ${call};\n`)).toEqual([
        rule,
      ]);
  });

  it('refuses random ids imported from node:crypto there too', async () => {
    const code = "import { randomUUID } from 'node:crypto';\nexport const x = randomUUID();\n";
    expect(await rulesHit('src/main/outbox/fixture.ts', code)).toEqual(['no-restricted-imports']);
    expect(await rulesHit('src/main/budget/fixture.ts', code)).toEqual(['no-restricted-imports']);
    expect(await rulesHit('src/main/platform/clock.ts', code)).toEqual([]);
  });

  it('leaves the clock adapter and other code alone', async () => {
    expect(await rulesHit('src/main/platform/clock.ts', 'export const x = Date.now();\n')).toEqual(
      [],
    );
    expect(await rulesHit('src/sandbox/fixture.ts', 'export const x = Date.now();\n')).toEqual([]);
  });

  it("refuses them in main's glue too, and keeps the handlers' own rule there", async () => {
    expect(await rulesHit('src/main/fixture.ts', 'export const x = Date.now();\n')).toEqual([
      'no-restricted-properties',
    ]);
    expect(await rulesHit('src/main/handlers.ts', 'export const x = new Date();\n')).toEqual([
      'no-restricted-syntax',
    ]);
    const reach = 'declare const core: { outbox: unknown };\nexport const x = core.outbox;\n';
    expect(await rulesHit('src/main/handlers.ts', reach)).toEqual(['no-restricted-syntax']);
  });
});

describe('Retry-After', () => {
  const now = Date.parse('2026-11-24T10:00:00Z');
  it('reads seconds, or an HTTP date counted from the injected clock', () => {
    expect(parseRetryAfter('7', now)).toBe(7);
    expect(parseRetryAfter('Tue, 24 Nov 2026 10:00:30 GMT', now)).toBe(30);
    expect(parseRetryAfter('Tue, 24 Nov 2026 09:00:00 GMT', now)).toBe(1);
    expect(parseRetryAfter('soon', now)).toBe(1);
    expect(parseRetryAfter(null, now)).toBe(1);
  });
});

describe('failure details are redacted by construction (lint)', () => {
  const cast =
    "import type { Details } from '../shared/details.ts';\nexport const d = { raw: 'sk' } as unknown as Details;\n";
  it.each([
    'src/main/fixture.ts',
    'src/main/handlers.ts',
    'src/main/core/fixture.ts',
    'src/renderer/src/fixture.ts',
  ])('refuses a cast to Details in %s', async (path) => {
    expect(await rulesHit(path, cast)).toContain('no-restricted-syntax');
  });

  it('lets details.ts itself make one', async () => {
    expect(
      await rulesHit('src/shared/details.ts', cast.replace('../shared/details.ts', './x.ts')),
    ).toEqual([]);
  });
});
