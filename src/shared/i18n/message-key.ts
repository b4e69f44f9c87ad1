import type { en } from './en.ts';

/** Dotted paths to every sentence of a catalogue: `{ a: { b: '…' } }` gives `'a.b'`. */
type Paths<T, Prefix extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${Prefix}${K}` : Paths<T[K], `${Prefix}${K}.`>;
}[keyof T & string];

/** Plural forms (`count_one`, `count_other`) are named by their stem, as i18next does. */
type Stem<K extends string> =
  K extends `${infer S}_${'zero' | 'one' | 'two' | 'few' | 'many' | 'other'}` ? S : K;

/**
 * A sentence the operator can be shown: a key of the English catalogue. A key that English
 * lacks fails the typecheck; `pt-BR` and `es` must hold exactly the English keys (a test).
 */
export type MessageKey = Stem<Paths<typeof en>>;
