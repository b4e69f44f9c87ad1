// The one table of input bounds. Anything the window sends is checked against it before it is
// parsed further or stored, and the outbox checks job payloads against it too: a bound that holds
// at the door keeps one oversized field from filling the disk, the database or the memory of main.

export const LIMITS = {
  /** One file (an invoice PDF, a label file). */
  fileBytes: 20 * 1024 * 1024,
  /** One string anywhere in an input (a note, a name), as UTF-8. */
  stringBytes: 64 * 1024,
  /** Entries of one array, or fields of one object. */
  items: 10_000,
  /** Arrays and objects inside one another; the value itself counts as the first level. */
  depth: 32,
  /** The whole input of one IPC call, files included (roughly its size as JSON). */
  messageBytes: 25 * 1024 * 1024,
} as const;

export type Limits = { readonly [K in keyof typeof LIMITS]: number };

export const BOUND_CODES = [
  'file_too_large',
  'string_too_long',
  'too_many_items',
  'too_deep',
  'message_too_large',
] as const;
export type BoundCode = (typeof BOUND_CODES)[number];

export type BoundsCheck =
  | { ok: true }
  | {
      ok: false;
      code: BoundCode;
      /** Where in the value, e.g. ['payload', 'order', 'items', 3, 'note']; [] for the whole. */
      path: (string | number)[];
      /** The bound that was exceeded, in its own unit (bytes, entries or levels). */
      limit: number;
    };

interface Frame {
  value: unknown;
  depth: number;
  parent: Frame | null;
  key: string | number | null;
}

// What each value adds to the message estimate beyond its own text or bytes (quotes, commas,
// brackets, a number's digits): close enough to JSON that the estimate tracks what is stored.
const SCALAR_BYTES = 8;
const CONTAINER_BYTES = 2;
const ENTRY_BYTES = 2;

/**
 * Checks a value (as it arrived over IPC, or as a job payload) against the limits, without
 * recursion, and stops at the first refusal. Shared references are counted each time they are
 * reached, as JSON would store them, so no shape of value can make the walk outlast the message
 * bound; a cycle ends as `too_deep`.
 */
export function checkBounds(value: unknown, limits: Limits = LIMITS): BoundsCheck {
  let total = 0;
  const stack: Frame[] = [{ value, depth: 0, parent: null, key: null }];
  const refuse = (code: BoundCode, frame: Frame, limit: number): BoundsCheck => ({
    ok: false,
    code,
    path: pathOf(frame),
    limit,
  });
  // The message bound is about the whole, so its refusal names no path.
  const add = (bytes: number): BoundsCheck | null => {
    total += bytes;
    return total > limits.messageBytes
      ? { ok: false, code: 'message_too_large', path: [], limit: limits.messageBytes }
      : null;
  };

  for (let frame = stack.pop(); frame; frame = stack.pop()) {
    const node = frame.value;
    if (typeof node === 'string') {
      const bytes = utf8Bytes(node, limits.stringBytes);
      if (bytes > limits.stringBytes) return refuse('string_too_long', frame, limits.stringBytes);
      const over = add(bytes + ENTRY_BYTES);
      if (over) return over;
      continue;
    }
    if (typeof node !== 'object' || node === null) {
      const over = add(SCALAR_BYTES);
      if (over) return over;
      continue;
    }
    if (ArrayBuffer.isView(node) || node instanceof ArrayBuffer) {
      if (node.byteLength > limits.fileBytes)
        return refuse('file_too_large', frame, limits.fileBytes);
      const over = add(node.byteLength);
      if (over) return over;
      continue;
    }
    if (node instanceof Date || node instanceof RegExp) {
      const over = add(SCALAR_BYTES);
      if (over) return over;
      continue;
    }
    const depth = frame.depth + 1;
    if (depth > limits.depth) return refuse('too_deep', frame, limits.depth);
    const entries = entriesOf(node, limits.items);
    if (entries === null) return refuse('too_many_items', frame, limits.items);
    const over = add(CONTAINER_BYTES);
    if (over) return over;
    for (let i = entries.length - 1; i >= 0; i -= 1) {
      const [key, child] = entries[i] as [string | number, unknown];
      if (typeof key === 'string') {
        const keyBytes = utf8Bytes(key, limits.stringBytes);
        const keyFrame = { value: key, depth, parent: frame, key };
        if (keyBytes > limits.stringBytes)
          return refuse('string_too_long', keyFrame, limits.stringBytes);
        const keyOver = add(keyBytes + ENTRY_BYTES);
        if (keyOver) return keyOver;
      }
      stack.push({ value: child, depth, parent: frame, key });
    }
  }
  return { ok: true };
}

/** The entries of a container, or null when it holds more than `max`. */
function entriesOf(node: object, max: number): [string | number, unknown][] | null {
  if (Array.isArray(node)) {
    if (node.length > max) return null;
    return Array.from(node, (item, i) => [i, item] as [number, unknown]);
  }
  if (node instanceof Map) {
    if (node.size > max) return null;
    return Array.from(node, ([k, v], i) => [typeof k === 'string' ? k : i, v]);
  }
  if (node instanceof Set) {
    if (node.size > max) return null;
    return Array.from(node, (v, i) => [i, v] as [number, unknown]);
  }
  const keys = Object.keys(node);
  if (keys.length > max) return null;
  return keys.map((k) => [k, (node as Record<string, unknown>)[k]]);
}

/** UTF-8 length of a string, or any number above `cap` once it is certainly above it. */
function utf8Bytes(text: string, cap: number): number {
  // Each UTF-16 unit is at least one UTF-8 byte: a longer string needs no counting.
  return text.length > cap ? text.length : utf8Exact(text);
}

function utf8Exact(text: string): number {
  let bytes = 0;
  for (let i = 0; i < text.length; i += 1) {
    const unit = text.charCodeAt(i);
    if (unit < 0x80) bytes += 1;
    else if (unit < 0x800) bytes += 2;
    else if (unit >= 0xd800 && unit <= 0xdbff && i + 1 < text.length) {
      bytes += 4;
      i += 1;
    } else bytes += 3;
  }
  return bytes;
}

function pathOf(frame: Frame): (string | number)[] {
  const path: (string | number)[] = [];
  for (let f: Frame | null = frame; f && f.key !== null; f = f.parent) path.unshift(f.key);
  return path;
}

/** "payload.order.items[3].note" for messages; "(the whole input)" for the root. */
export function describePath(path: readonly (string | number)[]): string {
  if (path.length === 0) return '(the whole input)';
  return path
    .map((part, i) => (typeof part === 'number' ? `[${part}]` : i === 0 ? part : `.${part}`))
    .join('');
}
