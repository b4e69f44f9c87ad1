/** Narrows `value` to one of `options` (a literal union), without a cast. */
export function isOneOf<const T extends string>(value: unknown, options: readonly T[]): value is T {
  return typeof value === 'string' && (options as readonly string[]).includes(value);
}

/** What an error says, whatever was thrown (an Error's message, else the value as text). */
export function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** A property of a value of unknown shape (an error's `code`, `cause`…): undefined when absent. */
export function fieldOf(value: unknown, key: string): unknown {
  if ((typeof value !== 'object' && typeof value !== 'function') || value === null)
    return undefined;
  return Reflect.get(value, key);
}
