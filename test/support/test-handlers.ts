import type { StationCore } from '../../src/main/core/station-core.ts';
import { createHandlers } from '../../src/main/handlers.ts';
import { registerIpcHandlers, type IpcEventLike } from '../../src/main/ipc-manager.ts';
import { channelOf, type InvokeChannels, type InvokeName } from '../../src/shared/ipc/channels.ts';
import type { Result } from '../../src/shared/result.ts';

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

/**
 * A typed call through the registered handlers, as the window makes it: the channel's Result,
 * or (with `unwrap`) its value, a refusal thrown as "name: code message".
 */
export function invoker(registered: Map<string, Listener>) {
  const result = async <K extends InvokeName>(
    name: K,
    input: InvokeChannels[K]['input'],
  ): Promise<Result<InvokeChannels[K]['output']>> => {
    const handler = registered.get(channelOf(name));
    if (!handler) throw new Error(`no handler for ${name}`);
    return (await handler({ sender: {} } as IpcEventLike, input)) as Result<
      InvokeChannels[K]['output']
    >;
  };
  const unwrap = async <K extends InvokeName>(
    name: K,
    input: InvokeChannels[K]['input'],
  ): Promise<InvokeChannels[K]['output']> => {
    const answer = await result(name, input);
    if (!answer.ok) throw new Error(`${name}: ${answer.error.code} ${answer.error.message}`);
    return answer.value;
  };
  return { result, unwrap };
}
