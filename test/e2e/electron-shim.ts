// Stands in for `electron` when the real preload is bundled for the browser harness:
// contextBridge sets the property, ipcRenderer goes through a Playwright binding carrying one
// JSON string each way (wire.ts).
import { fromWire, toWire } from './wire.ts';

type Listener = (event: unknown, ...args: unknown[]) => void;

interface HarnessWindow {
  __packbenchInvoke: (channel: string, args: string[]) => Promise<string>;
  __packbenchEmit?: (channel: string, payload: string) => void;
}

const listeners = new Map<string, Set<Listener>>();
const w = globalThis as unknown as HarnessWindow & Record<string, unknown>;
w.__packbenchEmit = (channel, wire) => {
  const payload = fromWire(wire);
  for (const listener of listeners.get(channel) ?? []) listener({ sender: 'harness' }, payload);
};

export const contextBridge = {
  exposeInMainWorld(name: string, api: unknown): void {
    Object.defineProperty(globalThis, name, { value: api, writable: false, configurable: false });
  },
};

export const ipcRenderer = {
  invoke: async (channel: string, ...args: unknown[]) =>
    fromWire(await w.__packbenchInvoke(channel, args.map(toWire))),
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
