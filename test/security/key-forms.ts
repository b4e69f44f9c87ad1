// The test's own idea of "a form of the key", written independently of src/main/api/redact.ts
// so the redactor is not checked against itself.

/** The key the hostile API echoes: long, and with characters that URL-encoding changes. */
export const HOSTILE_KEY = 'live+Ky/7f3a9c2e4f2a=b81d0e6c';

const WINDOW = 12;

/** Base64 of `key` as it appears inside a longer base64 text, at each of the 3 byte alignments. */
function base64Cores(key: string): string[] {
  const bytes = Buffer.from(key, 'utf8');
  const cores: string[] = [];
  for (let offset = 0; offset < 3; offset += 1) {
    const text = Buffer.concat([Buffer.alloc(offset), bytes]).toString('base64');
    const first = Math.ceil((offset * 8) / 6);
    const last = Math.floor(((offset + bytes.length) * 8) / 6);
    const core = text.slice(first, last);
    cores.push(core, core.replace(/\+/g, '-').replace(/\//g, '_'));
  }
  return cores;
}

const windows = (text: string) =>
  text.length <= WINDOW
    ? [text]
    : Array.from({ length: text.length - WINDOW + 1 }, (_, i) => text.slice(i, i + WINDOW));

/** Every text that would give the key (or a usable piece of it) away. */
export function keyForms(key: string): string[] {
  const hex = Buffer.from(key, 'utf8').toString('hex');
  return [
    ...new Set([
      key,
      encodeURIComponent(key),
      JSON.stringify(key).slice(1, -1),
      ...base64Cores(key),
      hex,
      hex.toUpperCase(),
      ...windows(key),
      ...windows(encodeURIComponent(key)),
    ]),
  ];
}

/** The same forms, joined in one string: what the hostile API puts in every echo. */
export function echoOfKey(key: string): string {
  const tail = key.slice(-WINDOW);
  const b64 = Buffer.from(key).toString('base64');
  const padded = Buffer.from(`user:${key}`).toString('base64');
  return [
    `plain=${key}`,
    `url=${encodeURIComponent(key)}`,
    `b64=${b64}`,
    `b64url=${Buffer.from(key).toString('base64url')}`,
    `basic=${padded}`,
    `hex=${Buffer.from(key).toString('hex')}`,
    `HEX=${Buffer.from(key).toString('hex').toUpperCase()}`,
    `tail=...${tail}`,
  ].join(' ');
}

/**
 * Every place (a path into the value) where a form of the key can be read. Errors are read the
 * way a log or IPC serialiser would: name, message, stack, own fields and the cause chain.
 */
export function findLeaks(value: unknown, key: string, root = '$'): string[] {
  const forms = keyForms(key);
  const leaks: string[] = [];
  const seen = new Set<unknown>();
  const holds = (text: string) => forms.some((form) => text.includes(form));
  const walk = (node: unknown, path: string, depth: number): void => {
    if (depth > 64) return;
    if (typeof node === 'string') {
      if (holds(node)) leaks.push(path);
      return;
    }
    if (node instanceof Uint8Array) {
      if (holds(Buffer.from(node).toString('latin1'))) leaks.push(path);
      return;
    }
    if (typeof node !== 'object' || node === null) return;
    if (seen.has(node)) return;
    seen.add(node);
    if (node instanceof Error) {
      walk(node.name, `${path}.name`, depth + 1);
      walk(node.message, `${path}.message`, depth + 1);
      walk(node.stack, `${path}.stack`, depth + 1);
      walk(node.cause, `${path}.cause`, depth + 1);
      walk(safeJson(node), `${path}<json>`, depth + 1);
    }
    if (node instanceof Map) {
      for (const [k, v] of node) {
        walk(k, `${path}<key>`, depth + 1);
        walk(v, `${path}[${String(k)}]`, depth + 1);
      }
      return;
    }
    for (const name of Object.getOwnPropertyNames(node)) {
      if (node instanceof Error && ['message', 'stack', 'cause'].includes(name)) continue;
      if (holds(name)) leaks.push(`${path}<key ${name.slice(0, 4)}…>`);
      let child: unknown;
      try {
        child = (node as Record<string, unknown>)[name];
      } catch {
        continue;
      }
      walk(child, `${path}.${name}`, depth + 1);
    }
    // Getters on the prototype (ApiError.messageKey) are what a caller reads too.
    const proto: unknown = Object.getPrototypeOf(node);
    if (node instanceof Error && proto) {
      for (const name of Object.getOwnPropertyNames(proto)) {
        const descriptor = Object.getOwnPropertyDescriptor(proto, name);
        if (descriptor?.get) walk(Reflect.get(node, name), `${path}.${name}`, depth + 1);
      }
    }
  };
  walk(value, root, 0);
  return leaks;
}

function safeJson(value: unknown): string {
  try {
    return JSON.stringify(value) ?? '';
  } catch {
    return '';
  }
}

/** Places with the mode and list positions taken out: "where in the answers" the key showed. */
export function distinctPlaces(paths: readonly string[]): number {
  return new Set(paths.map((p) => p.replace(/^\S+ /, '').replace(/\.\d+(?=\.|$|<)/g, '[]'))).size;
}
