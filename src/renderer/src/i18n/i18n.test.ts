import { describe, expect, it } from 'vitest';
import { en } from '@shared/i18n/en.ts';
import { es } from '@shared/i18n/es.ts';
import { createI18n } from './index.ts';
import { ptBR } from '@shared/i18n/pt-BR.ts';

function keys(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k));
}

function placeholders(value: unknown): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  const walk = (v: unknown, path: string) => {
    if (typeof v === 'string')
      out[path] = [...v.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1] ?? '').sort();
    else if (v && typeof v === 'object')
      for (const [k, c] of Object.entries(v)) walk(c, path ? `${path}.${k}` : k);
  };
  walk(value, '');
  return out;
}

describe('translations', () => {
  it.each([
    ['pt-BR', ptBR],
    ['es', es],
  ])('%s has exactly the English keys and placeholders', (_lang, messages) => {
    expect(keys(messages).sort()).toEqual(keys(en).sort());
    expect(placeholders(messages)).toEqual(placeholders(en));
  });

  it('no translation is left empty or equal to its key', () => {
    for (const messages of [en, ptBR, es]) {
      for (const key of keys(messages)) {
        const value = key
          .split('.')
          .reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], messages);
        expect(typeof value === 'string' && value.trim().length > 0, key).toBe(true);
        expect(value, key).not.toBe(key);
      }
    }
  });

  it('translates with plurals and interpolation', () => {
    const i18n = createI18n('pt-BR');
    expect(i18n.t('station.labelsCount', { count: 2 })).toBe('2 etiquetas recebidas');
    expect(i18n.t('station.found', { id: 'PB-1' })).toBe('Pedido PB-1 encontrado');
    void i18n.changeLanguage('es');
    expect(i18n.t('nav.outbox')).toBe('Cola de envío');
  });
});
