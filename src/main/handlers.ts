import type { AppInfo } from '../shared/ipc/channels.ts';
import { ok } from '../shared/result.ts';
import type { StationCore } from './core/station-core.ts';
import { asResult as resultOf } from './core/errors-to-result.ts';
import type { HandlerContext, Handlers } from './handlers/context.ts';
import { bulkHandlers } from './handlers/bulk.ts';
import { evidenceHandlers } from './handlers/evidence.ts';
import { recordsHandlers } from './handlers/records.ts';
import { coordinationHandlers } from './handlers/coordination.ts';
import { packHandlers } from './handlers/packing.ts';
import { paperworkHandlers } from './handlers/paperwork.ts';
import { printingHandlers } from './handlers/printing.ts';
import { profileHandlers } from './handlers/profiles.ts';
import { scaleHandlers } from './handlers/scale.ts';
import { serviceHandlers } from './handlers/service.ts';
import { workHandlers } from './handlers/work.ts';
import { supportHandlers } from './handlers/support.ts';
import { updateHandlers } from './handlers/updates.ts';
import type { UpdateStatus } from '../shared/updates.ts';

export interface HandlerDeps {
  appInfo: () => AppInfo;
  /** The text of THIRD_PARTY_NOTICES (throws when the build left none). */
  thirdPartyNotices: () => string;
  core: StationCore;
  /** The station's updates (src/main/updates); off unless the glue starts an updater. */
  update?: () => UpdateStatus;
}

/**
 * Every IPC channel, implemented on the station core's facade, one domain per file in
 * handlers/. Inputs arrive already validated.
 */
export function createHandlers({
  appInfo,
  core,
  thirdPartyNotices,
  update = () => ({ state: 'off' }),
}: HandlerDeps): Handlers {
  // Every failure a handler returns passes the station's known secrets on its way out.
  const context: HandlerContext = {
    core,
    asResult: (work) => resultOf(work, core.redact),
  };
  const { asResult } = context;
  return {
    getAppInfo: () => ok(appInfo()),
    getThirdPartyNotices: () => asResult(() => ({ text: thirdPartyNotices() })),
    getStatus: () => ok(core.status()),
    testConnection: () => asResult(() => core.testConnection()),
    ...profileHandlers(context),
    ...serviceHandlers(context),
    ...workHandlers(context),
    ...printingHandlers(context),
    ...packHandlers(context),
    ...coordinationHandlers(context),
    ...scaleHandlers(context),
    ...paperworkHandlers(context),
    ...supportHandlers(context, appInfo),
    ...updateHandlers(update),
    ...bulkHandlers(context),
    ...recordsHandlers(context),
    ...evidenceHandlers(context),
  };
}
