// How the harness's stand-in for Electron's IPC carries values between the page and Node: one
// JSON string each way, bytes as base64. Playwright's own serialiser walks a value node by node
// on both sides, and a 10 kB pack view took about 20 ms to cross that way (a few hundredths of
// that through Electron's structured clone); a string crosses in about 2 ms, so the timings the
// e2e runs and the bench take are the app's, not the stand-in's.

/** `undefined` has no JSON: an empty string stands for it. */
const UNDEFINED = '';

/** Chromium's own base64 for bytes (Chrome 140 on); Node has Buffer. */
interface NativeBase64 {
  toBase64?: (this: Uint8Array) => string;
}
const fromBase64Native = (Uint8Array as { fromBase64?: (text: string) => Uint8Array }).fromBase64;
const nodeBuffer = (globalThis as { Buffer?: typeof Buffer }).Buffer;
/** Bytes per String.fromCharCode call: a call's arguments have a limit. */
const CHUNK = 0x8000;

// Byte by byte, a 125 kB clip fragment took about 24 ms (measured in Node's V8) of the window's
// thread each second: more
// than the app's own work in a scan, and nothing Electron's IPC would cost.
function base64(bytes: Uint8Array): string {
  const native = (bytes as NativeBase64).toBase64;
  if (native) return native.call(bytes);
  if (nodeBuffer)
    return nodeBuffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('base64');
  let binary = '';
  for (let at = 0; at < bytes.length; at += CHUNK)
    binary += String.fromCharCode(...bytes.subarray(at, at + CHUNK));
  return btoa(binary);
}

function fromBase64(text: string): Uint8Array {
  if (fromBase64Native) return fromBase64Native(text);
  if (nodeBuffer) return new Uint8Array(nodeBuffer.from(text, 'base64'));
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
