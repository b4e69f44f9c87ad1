import type { AppInfo } from '../shared/ipc/channels.ts';
import { ok } from '../shared/result.ts';
import type { Handlers } from './ipc-manager.ts';

export interface HandlerDeps {
  appInfo: () => AppInfo;
}

export function createHandlers(deps: HandlerDeps): Handlers {
  return {
    getAppInfo: () => ok(deps.appInfo()),
  };
}
