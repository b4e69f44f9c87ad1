import type { IpcEventLike } from './ipc-manager.ts';

/**
 * A sender is trusted when it is one of our windows and its frame shows our own app origin.
 * `ownWebContentsIds` is live: windows add and remove themselves.
 */
export function createSenderCheck(
  ownWebContentsIds: ReadonlySet<number>,
  isAppUrl: (url: string) => boolean,
) {
  return (event: IpcEventLike): boolean => {
    if (!ownWebContentsIds.has(event.sender.id)) return false;
    const url = event.senderFrame?.url;
    return typeof url === 'string' && isAppUrl(url);
  };
}
