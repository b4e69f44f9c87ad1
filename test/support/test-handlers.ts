import type { StationCore } from '../../src/main/core/station-core.ts';
import { createHandlers } from '../../src/main/handlers.ts';
import { registerIpcHandlers, type IpcEventLike } from '../../src/main/ipc-manager.ts';

type Listener = (event: IpcEventLike, ...args: unknown[]) => unknown;

/**
 * The real handlers of a real core behind the real IPC manager, registered into `registered`
 * instead of Electron's ipcMain: what the integration, security and end-to-end tests call.
 */
export function registerTestHandlers(options: {
  core: StationCore;
  registered: Map<string, Listener>;
  isTrustedSender: (event: IpcEventLike) => boolean;
  version?: string;
  thirdPartyNotices?: () => string;
}): void {
  const { core, registered } = options;
  registerIpcHandlers(
    {
      handle: (channel, listener) => void registered.set(channel, listener),
      removeHandler: (channel) => void registered.delete(channel),
    },
    createHandlers({
      core,
      appInfo: () => ({
        name: 'Packbench',
        version: options.version ?? 'test',
        versions: { node: process.versions.node, electron: null, chrome: null },
        platform: process.platform,
      }),
      thirdPartyNotices: options.thirdPartyNotices ?? (() => ''),
    }),
    { isTrustedSender: options.isTrustedSender, redact: core.redact },
  );
}
