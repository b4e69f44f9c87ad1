// The facts a failure carries for the raw view (field issues, a service's raw answer, a
// payload). They cross to the window and into logs, so they are redacted *by construction*:
// `Details` is a branded type and `safeDetails` is the only way to make one, and it cannot
// be called without a redaction function. An AppError therefore cannot carry an unredacted
// value, whoever builds it.

declare const redacted: unique symbol;

export type JsonValue =
  null | boolean | number | string | JsonValue[] | { [key: string]: JsonValue };

/** A plain-JSON copy of some value in which every text has been through a redaction. */
export type Details = JsonValue & { readonly [redacted]: true };

/** Replaces every secret the caller knows of in one text (see main's KnownSecrets). */
export type Redact = (text: string) => string;

/** For details built only from our own constants (a limit, a path of schema names). */
export const nothingSecret: Redact = (text) => text;

const MAX_DEPTH = 8;
const MAX_ITEMS = 200;
const MAX_TEXT = 4_000;
const CUT = '[cut]';

/** A plain-JSON copy of `value` with every string and property name redacted. */
export function safeDetails(value: unknown, redact: Redact): Details {
  return copy(value, redact, 0) as Details;
}

function copy(value: unknown, redact: Redact, depth: number): JsonValue {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string')
    return redact(value.length > MAX_TEXT ? value.slice(0, MAX_TEXT) : value);
  if (typeof value === 'number') return Number.isFinite(value) ? value : String(value);
  if (typeof value === 'boolean') return value;
  if (typeof value !== 'object') return redact(String(value));
  if (depth >= MAX_DEPTH) return CUT;
  // Errors keep what a person needs (their name and message), never their stack or fields.
  if (value instanceof Error) return { name: value.name, message: redact(value.message) };
  if (ArrayBuffer.isView(value) || value instanceof ArrayBuffer) {
    return `[${value.byteLength} bytes]`;
  }
  if (Array.isArray(value)) {
    const items = value.slice(0, MAX_ITEMS).map((item: unknown) => copy(item, redact, depth + 1));
    if (value.length > MAX_ITEMS) items.push(CUT);
    return items;
  }
  const out: Record<string, JsonValue> = {};
  for (const [key, item] of Object.entries(value).slice(0, MAX_ITEMS)) {
    if (item === undefined) continue;
    // defineProperty keeps a "__proto__" key a key, not a prototype change.
    Object.defineProperty(out, redact(key), {
      value: copy(item, redact, depth + 1),
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  return out;
}
