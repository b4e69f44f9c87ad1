import { en, type Messages } from './en.ts';
import { es } from './es.ts';
import { ptBR } from './pt-BR.ts';

// The same catalogues the window uses, for the few sentences main must say itself (a start
// that fails before any window exists).

export const CATALOGUES = { en, 'pt-BR': ptBR, es } as const satisfies Record<string, Messages>;
export type CatalogueLanguage = keyof typeof CATALOGUES;

/** The first of the system's preferred languages that we have ('pt-PT' reads as pt-BR). */
export function languageFor(preferred: readonly string[]): CatalogueLanguage {
  for (const tag of preferred) {
    const lower = tag.toLowerCase();
    if (lower.startsWith('pt')) return 'pt-BR';
    if (lower.startsWith('es')) return 'es';
    if (lower.startsWith('en')) return 'en';
  }
  return 'en';
}

/** `key` is a dotted path into the catalogue; `{{name}}` placeholders take `params`. */
export function translate(
  language: CatalogueLanguage,
  key: string,
  params: Record<string, string | number> = {},
): string {
  const lookup = (messages: unknown): string | undefined => {
    let node: unknown = messages;
    for (const part of key.split('.')) node = (node as Record<string, unknown> | undefined)?.[part];
    return typeof node === 'string' ? node : undefined;
  };
  const template = lookup(CATALOGUES[language]) ?? lookup(CATALOGUES.en) ?? key;
  return template.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) =>
    name in params ? String(params[name]) : whole,
  );
}
