import { LIMITS } from '../../shared/limits.ts';

/**
 * Removes an API key from everything the API client hands out. An API that echoes what it
 * receives can give the key back plain, URL- or JSON-encoded, base64 (on its own or inside a
 * longer base64 text such as `Basic user:key`), hex, in another letter case, or cut to a tail; each
 * of those is replaced by the mask the window may show anyway (`••••` and the last four).
 */
export interface Redactor {
  text(text: string): string;
  /**
   * A copy of a value with every string and property name redacted; errors keep their class and
   * get a redacted cause chain. Containers nested deeper than the depth limit are cut off.
   */
  value<T>(value: T): T;
  /** Length of the longest form: a text cut short may end in a piece of one this long. */
  readonly longestForm: number;
}

/** Pieces of the key this long or longer count as the key (a tail, a middle, a head). */
export const KEY_WINDOW = 12;
const MIN_SECRET = 4;
/** Base64 or hex runs this short are too common to mean the key. */
const MIN_ENCODED = 8;
const MAX_CAUSES = 5;
const CUT = '[cut: nested too deep]';

/** What the UI may show of a key: its last four characters. */
export const mask = (secret: string): string => `••••${secret.slice(-4)}`;

/** Redacts one text; for many, build a redactor once with `createRedactor`. */
export function redact(text: string, secrets: readonly (string | null | undefined)[]): string {
  return createRedactor(secrets).text(text);
}

export function createRedactor(secrets: readonly (string | null | undefined)[]): Redactor {
  const rules = secrets
    .filter((s): s is string => typeof s === 'string' && s.length >= MIN_SECRET)
    .map((secret) => ({ forms: formsOf(secret), replacement: mask(secret) }))
    .map(({ forms, replacement }) => ({ forms, pattern: patternFor(forms), replacement }));
  const lengths = rules.flatMap((rule) => rule.forms.map((form) => form.text.length));
  const shortest = Math.min(...lengths);
  // A base64 form may be followed by one more character and padding.
  const longestForm = Math.max(0, ...lengths) + 3;

  const text = (input: string): string => {
    if (input.length < shortest) return input;
    let out = input;
    for (const { pattern, replacement } of rules) {
      // Again until nothing changes: a mask next to what is left must not rebuild a form.
      // (A function as replacement: the mask's last four may hold `$&`.)
      for (let pass = 0; pass < 3; pass += 1) {
        const next = out.replace(pattern, () => replacement);
        if (next === out) break;
        out = next;
      }
    }
    return out;
  };

  const value = (input: unknown, depth: number, causes: number): unknown => {
    if (typeof input === 'string') return text(input);
    if (typeof input !== 'object' || input === null) return input;
    if (ArrayBuffer.isView(input) || input instanceof ArrayBuffer || input instanceof Date)
      return input;
    if (depth >= LIMITS.depth) return CUT;
    if (input instanceof Error) return error(input, depth, causes);
    if (Array.isArray(input)) return input.map((item) => value(item, depth + 1, causes));
    // Object.fromEntries defines own properties, so a "__proto__" field stays a field.
    return Object.fromEntries(
      Object.entries(input).map(([k, v]) => [text(k), value(v, depth + 1, causes)]),
    );
  };

  const error = (input: Error, depth: number, causes: number): Error => {
    const copy = Object.create(Object.getPrototypeOf(input) as object | null) as Error;
    for (const name of Reflect.ownKeys(input)) {
      const descriptor = Object.getOwnPropertyDescriptor(input, name);
      if (!descriptor) continue;
      // `stack` is an accessor in recent V8: read it once and keep the redacted text.
      let current: unknown;
      try {
        current = descriptor.get ? Reflect.get(input, name) : descriptor.value;
      } catch {
        continue;
      }
      if (name === 'cause' && causes >= MAX_CAUSES) continue;
      Object.defineProperty(copy, name, {
        value: value(current, depth + 1, name === 'cause' ? causes + 1 : causes),
        writable: true,
        enumerable: descriptor.enumerable ?? false,
        configurable: true,
      });
    }
    return copy;
  };

  return {
    text,
    value: <T>(input: T) => value(input, 0, 0) as T,
    longestForm,
  };
}

interface Form {
  text: string;
  /** Base64: the last character mixing the secret's last bits, and any padding, go too. */
  base64: boolean;
}

/** Every text that gives the secret away, longest first. */
function formsOf(secret: string): Form[] {
  const textual = [secret, encodeURIComponent(secret), JSON.stringify(secret).slice(1, -1)];
  const bytes = Buffer.from(secret, 'utf8');
  const plain = [...textual, ...textual.flatMap(windows), bytes.toString('hex')];
  const forms = new Map<string, Form>();
  for (const text of plain) forms.set(text, { text, base64: false });
  for (const text of base64Cores(bytes)) forms.set(text, { text, base64: true });
  return [...forms.values()]
    .filter((form) => form.text.length >= Math.min(MIN_ENCODED, secret.length))
    .sort((a, b) => b.text.length - a.text.length);
}

const windows = (text: string): string[] =>
  text.length <= KEY_WINDOW
    ? []
    : Array.from({ length: text.length - KEY_WINDOW + 1 }, (_, i) => text.slice(i, i + KEY_WINDOW));

/**
 * The part of base64 that depends only on the secret, for each of the three alignments it can
 * have inside a longer base64 text, in the standard and the URL-safe alphabet.
 */
function base64Cores(bytes: Buffer): string[] {
  const cores: string[] = [];
  for (let offset = 0; offset < 3; offset += 1) {
    const text = Buffer.concat([Buffer.alloc(offset), bytes]).toString('base64');
    const core = text.slice(
      Math.ceil((offset * 8) / 6),
      Math.floor(((offset + bytes.length) * 8) / 6),
    );
    cores.push(core, core.replace(/\+/g, '-').replace(/\//g, '_'));
  }
  return cores;
}

function patternFor(forms: readonly Form[]): RegExp {
  const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&');
  const pieces = forms.map(({ text, base64 }) =>
    base64 ? `${escape(text)}[A-Za-z0-9+/_-]?={0,2}` : escape(text),
  );
  // Case-insensitive: hex comes in either case, and host names are lower-cased by URL parsing.
  return new RegExp(pieces.join('|'), 'gi');
}
