import { readFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { en } from '../../src/shared/i18n/en.ts';
import { es } from '../../src/shared/i18n/es.ts';
import { ptBR } from '../../src/shared/i18n/pt-BR.ts';

const flat = (value: unknown, prefix = ''): string[] =>
  typeof value === 'object' && value !== null
    ? Object.entries(value).flatMap(([k, v]) => flat(v, prefix ? `${prefix}.${k}` : k))
    : [prefix];
/** Keys as code names them: plural forms (`_one`, `_other`) answer to their stem. */
const keysOf = (catalogue: unknown) =>
  new Set(flat(catalogue).flatMap((k) => [k, k.replace(/_(zero|one|two|few|many|other)$/, '')]));

/** Every sentence key written literally in the sources (messageKey: '…', t('…'), i18nKey). */
function keysInSources(): Map<string, string> {
  const files = execFileSync('git', ['ls-files', 'src'], { encoding: 'utf8' })
    .split('\n')
    .filter((f) => /\.tsx?$/.test(f) && !f.includes('.test.') && !f.includes('/i18n/'));
  const found = new Map<string, string>();
  for (const file of files) {
    // A line that names a sentence (messageKey, t(…), i18nKey): every dotted literal on it.
    for (const line of readFileSync(file, 'utf8').split('\n')) {
      if (!/messageKey|\bt\(|i18nKey|problem\(/.test(line)) continue;
      for (const m of line.matchAll(/'([a-zA-Z_]+\.[a-zA-Z_]+(?:\.[a-zA-Z_]+)*)'/g))
        found.set(m[1] as string, file);
    }
  }
  return found;
}

describe('every sentence the code names is in every catalogue', () => {
  const used = keysInSources();

  it('finds the keys it checks (the scan itself works)', () => {
    expect(used.size).toBeGreaterThan(150);
    expect(used.get('activity.enqueued')).toBe('src/main/outbox/outcome.ts');
  });

  it.each([
    ['en', en],
    ['pt-BR', ptBR],
    ['es', es],
  ])('%s has a sentence for each key used in the code', (_, catalogue) => {
    const keys = keysOf(catalogue);
    const missing = [...used].filter(([key]) => !keys.has(key)).map(([k, f]) => `${k} (${f})`);
    expect(missing).toEqual([]);
  });
});
