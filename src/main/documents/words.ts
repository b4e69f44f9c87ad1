// The paperwork's words in one language, from the catalogue section (sections/documents.ts),
// with the catalogue's {{name}} placeholders filled. Typed access, so a missing word fails the
// compile, and the catalogue test keeps the three languages alike.
import { documentsSentences } from '../../shared/i18n/sections/documents.ts';

export type DocumentLanguage = keyof typeof documentsSentences;
export const DOCUMENT_LANGUAGES = Object.keys(documentsSentences) as DocumentLanguage[];

export type SlipWords = (typeof documentsSentences)[DocumentLanguage]['slip'];
export type TestPageWords = (typeof documentsSentences)[DocumentLanguage]['testPage'];

export const wordsFor = (lang: DocumentLanguage) => documentsSentences[lang];

export function fill(template: string, params: Record<string, string | number>): string {
  return template.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) =>
    name in params ? String(params[name]) : whole,
  );
}
