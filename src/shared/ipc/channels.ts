/**
 * The one list of IPC channels. Main registers exactly these, preload exposes exactly these as
 * `window.packbench`, and the renderer calls nothing else. Input schemas live in
 * `input-schemas.ts` (main only), so the preload bundle stays free of zod.
 */

export interface AppInfo {
  name: string;
  version: string;
  versions: { node: string; electron: string | null; chrome: string | null };
  platform: string;
}

export interface Notice {
  level: 'info' | 'warning' | 'error';
  messageKey: string;
}

/** Request/response channels: input as the renderer sends it, output inside a Result. */
export interface InvokeChannels {
  getAppInfo: { input: undefined; output: AppInfo };
}

/** Pushed channels: the payload each subscriber receives. */
export interface EventChannels {
  onNotice: Notice;
}

export type InvokeName = keyof InvokeChannels;
export type EventName = keyof EventChannels;

export const channels = {
  getAppInfo: 'invoke',
  onNotice: 'event',
} as const satisfies Record<InvokeName, 'invoke'> & Record<EventName, 'event'>;

export const invokeNames = Object.keys(channels).filter(
  (name): name is InvokeName => channels[name as keyof typeof channels] === 'invoke',
);
export const eventNames = Object.keys(channels).filter(
  (name): name is EventName => channels[name as keyof typeof channels] === 'event',
);

export const channelOf = (name: InvokeName | EventName): string => `packbench:${name}`;
