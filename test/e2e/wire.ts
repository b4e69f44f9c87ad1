// How the harness's stand-in for Electron's IPC carries values between the page and Node: one
// JSON string each way, bytes as base64. Playwright's own serialiser walks a value node by node
// on both sides, and a 10 kB pack view took about 20 ms to cross that way (a few hundredths of
// that through Electron's structured clone); a string crosses in about 2 ms, so the timings the
// e2e runs and the bench take are the app's, not the stand-in's.

/** `undefined` has no JSON: an empty string stands for it. */
const UNDEFINED = '';

function base64(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

function fromBase64(text: string): Uint8Array {
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** A value as the wire carries it. */
export function toWire(value: unknown): string {
  if (value === undefined) return UNDEFINED;
  return JSON.stringify(value, function (this: Record<string, unknown>, key, replaced: unknown) {
    // The holder's own property, before toJSON: a Buffer would otherwise arrive as {type, data}.
    const raw = key === '' ? value : this[key];
    return raw instanceof Uint8Array ? { __bytes: base64(raw) } : replaced;
  });
}

/** The value a wire string stands for, bytes restored as Uint8Array. */
export function fromWire(text: string): unknown {
  if (text === UNDEFINED) return undefined;
  return JSON.parse(text, (_key, value: unknown) =>
    value !== null &&
    typeof value === 'object' &&
    typeof (value as { __bytes?: unknown }).__bytes === 'string' &&
    Object.keys(value).length === 1
      ? fromBase64((value as { __bytes: string }).__bytes)
      : value,
  );
}
