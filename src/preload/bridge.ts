import type { PackbenchBridge } from '../shared/ipc/bridge-types.ts';
import { channelOf, eventNames, invokeNames } from '../shared/ipc/channels.ts';

/** The slice of Electron's ipcRenderer the bridge needs; the e2e harness supplies its own. */
export interface IpcRendererLike {
  invoke(channel: string, ...args: unknown[]): Promise<unknown>;
  on(channel: string, listener: (event: unknown, ...args: unknown[]) => void): unknown;
  removeListener(channel: string, listener: (event: unknown, ...args: unknown[]) => void): unknown;
}

/**
 * Builds exactly the contract: one function per channel, nothing else. Listeners receive the
 * payload only, never the IPC event (which would leak `sender` and raw IPC to the page).
 */
export function createBridge(ipc: IpcRendererLike): PackbenchBridge {
  const bridge: Record<string, unknown> = {};
  for (const name of invokeNames) {
    const channel = channelOf(name);
    bridge[name] = (input?: unknown) => ipc.invoke(channel, input);
  }
  for (const name of eventNames) {
    const channel = channelOf(name);
    bridge[name] = (listener: (payload: unknown) => void) => {
      if (typeof listener !== 'function') throw new TypeError(`${name} needs a listener function`);
      const wrapped = (_event: unknown, payload: unknown) => listener(payload);
      ipc.on(channel, wrapped);
      return () => {
        ipc.removeListener(channel, wrapped);
      };
    };
  }
  return Object.freeze(bridge) as PackbenchBridge;
}
