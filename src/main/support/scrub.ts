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

/** `"name": "value"` pairs whose name is password-like, wherever they sit in a text. */
const SECRET_JSON_PAIR = new RegExp(
  `("[^"]*(?:${SECRET_FIELD.source})[^"]*"\\s*:\\s*)"(?:[^"\\\\]|\\\\.)*"`,
  'gi',
);
/** `name=value` pairs whose name is password-like (a library's message, a command line). */
const SECRET_ASSIGNMENT = new RegExp(
  `(\\b[\\w.-]*(?:${SECRET_FIELD.source})[\\w.-]*=)(?:"[^"]*"|'[^']*'|[^\\s&,;]+)`,
  'gi',
);

/** A text that is no JSON: password-like `"name": "value"` and `name=value` pairs emptied. */
const scrubPairs = (text: string, redact: Redact): string =>
  scrubText(
    text.replace(SECRET_JSON_PAIR, `$1"${REMOVED}"`).replace(SECRET_ASSIGNMENT, `$1${REMOVED}`),
    redact,
  );

/**
 * One log line: a JSON object (what the station and a library's error write) scrubbed field by
 * field and written back on one line; any other text with its password-like pairs emptied.
 */
export function scrubLogLine(text: string, redact: Redact): string {
  if (text.trimStart().startsWith('{'))
    try {
      return JSON.stringify(scrubValue(JSON.parse(text), redact));
    } catch {
      // Not JSON after all (a line cut short): scrubbed as text below.
    }
  return scrubPairs(text, redact);
}

/**
 * A settings or policy file's text: parsed and scrubbed field by field when it is JSON; when it
 * is not (a damaged file), password-like `"name": "value"` pairs are emptied in the text.
 */
export function scrubJsonText(text: string, redact: Redact): string {
  try {
    return `${JSON.stringify(scrubValue(JSON.parse(text.replace(/^\uFEFF/, '')), redact), null, 2)}\n`;
  } catch {
    return scrubPairs(text, redact);
  }
}
