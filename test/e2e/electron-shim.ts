// Stands in for `electron` when the real preload is bundled for the browser harness:
// contextBridge sets the property, ipcRenderer goes through a Playwright binding.
type Listener = (event: unknown, ...args: unknown[]) => void;

interface HarnessWindow {
  __packbenchInvoke: (channel: string, args: unknown[]) => Promise<unknown>;
  __packbenchEmit?: (channel: string, payload: unknown) => void;
}

const listeners = new Map<string, Set<Listener>>();
const w = globalThis as unknown as HarnessWindow & Record<string, unknown>;
w.__packbenchEmit = (channel, payload) => {
  for (const listener of listeners.get(channel) ?? []) listener({ sender: 'harness' }, payload);
};

export const contextBridge = {
  exposeInMainWorld(name: string, api: unknown): void {
    Object.defineProperty(globalThis, name, { value: api, writable: false, configurable: false });
  },
};

/** Playwright bindings carry JSON: bytes travel as base64 and are restored on the other side. */
function encode(value: unknown): unknown {
  if (value instanceof Uint8Array) {
    let binary = '';
    for (const byte of value) binary += String.fromCharCode(byte);
    return { __bytes: btoa(binary) };
  }
  if (Array.isArray(value)) return value.map(encode);
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, encode(v)]));
  return value;
}

export const ipcRenderer = {
  invoke: (channel: string, ...args: unknown[]) => w.__packbenchInvoke(channel, args.map(encode)),
  on(channel: string, listener: Listener) {
    if (!listeners.has(channel)) listeners.set(channel, new Set());
    listeners.get(channel)?.add(listener);
    return ipcRenderer;
  },
  removeListener(channel: string, listener: Listener) {
    listeners.get(channel)?.delete(listener);
    return ipcRenderer;
  },
};
