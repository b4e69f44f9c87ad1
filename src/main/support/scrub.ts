import type { Redact } from '../../shared/details.ts';

/** A field whose name says it holds a secret: its value never enters the bundle. */
export const SECRET_FIELD =
  /pass(word|phrase)?|secret|token|api[-_]?key|authorization|cookie|credential|private[-_]?key/i;
export const REMOVED = '[removed]';

/** `scheme://user:password@host`: the password part of a URL (a Redis address may hold one). */
const URL_PASSWORD = /(\b[a-z][a-z0-9+.-]*:\/\/[^/\s:@"']*:)[^@\s/"']*@/gi;

/** One text: URL passwords out, then every form of every secret the station knows. */
export const scrubText = (text: string, redact: Redact): string =>
  redact(text.replace(URL_PASSWORD, `$1${REMOVED}@`));

/** A JSON value: password-like fields emptied, every string and name through scrubText. */
export function scrubValue(value: unknown, redact: Redact, depth = 0): unknown {
  if (typeof value === 'string') return scrubText(value, redact);
  if (typeof value !== 'object' || value === null || depth > 64) return value;
  if (Array.isArray(value)) return value.map((item) => scrubValue(item, redact, depth + 1));
  return Object.fromEntries(
    Object.entries(value).map(([name, item]) => [
      scrubText(name, redact),
      SECRET_FIELD.test(name) && item !== null && item !== false && item !== true
        ? REMOVED
        : scrubValue(item, redact, depth + 1),
    ]),
  );
}

/**
 * A settings or policy file's text: parsed and scrubbed field by field when it is JSON; when it
 * is not (a damaged file), password-like `"name": "value"` pairs are emptied in the text.
 */
export function scrubJsonText(text: string, redact: Redact): string {
  try {
    return `${JSON.stringify(scrubValue(JSON.parse(text.replace(/^\uFEFF/, '')), redact), null, 2)}\n`;
  } catch {
    const pairs = new RegExp(
      `("[^"]*(?:${SECRET_FIELD.source})[^"]*"\\s*:\\s*)"(?:[^"\\\\]|\\\\.)*"`,
      'gi',
    );
    return scrubText(text.replace(pairs, `$1"${REMOVED}"`), redact);
  }
}
