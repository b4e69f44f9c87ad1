import type { AppInfo } from '../shared/ipc/channels.ts';
import { ok } from '../shared/result.ts';
import type { StationCore } from './core/station-core.ts';
import { asResult } from './errors-to-result.ts';
import type { Handlers } from './ipc-manager.ts';

export interface HandlerDeps {
  appInfo: () => AppInfo;
  /** The text of THIRD_PARTY_NOTICES (throws when the build left none). */
  thirdPartyNotices: () => string;
  core: StationCore;
}

/** Every IPC channel, implemented on the station core. Inputs arrive already validated. */
export function createHandlers({ appInfo, core, thirdPartyNotices }: HandlerDeps): Handlers {
  const profileList = () => ({
    profiles: core.profiles.list(),
    activeId: core.profiles.active().id,
  });
  return {
    getAppInfo: () => ok(appInfo()),
    getThirdPartyNotices: () => asResult(() => ({ text: thirdPartyNotices() })),
    getStatus: () => ok(core.status()),
    testConnection: () => asResult(() => core.testConnection()),
    listProfiles: () => ok(profileList()),
    saveProfile: ({ id, profile }) =>
      asResult(async () => {
        const saved = id
          ? await core.profiles.update(id, profile)
          : await core.profiles.create(profile);
        if (core.profiles.active().id === saved.id) await core.switchProfile(saved.id);
        return saved;
      }),
    deleteProfile: ({ id }) =>
      asResult(async () => {
        await core.removeProfile(id);
        return profileList();
      }),
    switchProfile: ({ id }) => asResult(() => core.switchProfile(id)),
    getKeyStatus: ({ profileId }) => asResult(() => core.keyStatus(profileId)),
    setKey: ({ profileId, key }) => asResult(() => core.setKey(profileId, key)),
    removeKey: ({ profileId }) => asResult(() => core.removeKey(profileId)),
    submitInvoice: ({ order, fileName, bytes, confirmResend }) =>
      asResult(() =>
        core.outbox.enqueue({
          profileId: core.profiles.active().id,
          kind: 'invoice.upload',
          payload: { order, fileName },
          file: bytes,
          ...(confirmResend ? { confirmResend } : {}),
        }),
      ),
    submitLabel: ({ order, fileName, bytes, format, confirmResend }) =>
      asResult(() =>
        core.outbox.enqueue({
          profileId: core.profiles.active().id,
          kind: 'label.upload',
          payload: { order, fileName, ...(format ? { format } : {}) },
          file: bytes,
          ...(confirmResend ? { confirmResend } : {}),
        }),
      ),
    getProductNames: ({ skus }) =>
      asResult(async () => ({ names: await core.productNamesFor(skus) })),
    listProducts: ({ search, page }) =>
      asResult(async () =>
        (await core.api()).listProducts({
          ...(search ? { search } : {}),
          ...(page ? { page } : {}),
          pageSize: 50,
        }),
      ),
    getProduct: ({ sku }) => asResult(async () => (await core.api()).getProduct(sku)),
    getInbound: ({ id }) => asResult(async () => (await core.api()).getInbound(id)),
    submitJob: ({ kind, payload, confirmResend }) =>
      asResult(() =>
        core.outbox.enqueue({
          profileId: core.profiles.active().id,
          kind,
          payload,
          ...(confirmResend ? { confirmResend } : {}),
        }),
      ),
    listOrders: (query) =>
      asResult(async () => (await core.api()).listOrders({ ...query, pageSize: 50 })),
    queryInventory: ({ sku, warehouse }) =>
      asResult(
        async () =>
          (
            await (
              await core.api()
            ).queryInventory({
              ...(sku ? { sku } : {}),
              ...(warehouse ? { warehouse } : {}),
              batchExpiry: true,
            })
          ).data,
      ),
    queryTrackings: (query) =>
      asResult(async () => (await (await core.api()).queryTrackings(query)).data),
    getOutbox: ({ states }) =>
      asResult(() => {
        const profileId = core.profiles.active().id;
        return {
          snapshot: core.outbox.snapshot(profileId),
          jobs: core.outbox.store.list({ profileId, ...(states ? { states } : {}) }),
        };
      }),
    retryJob: ({ id }) => asResult(() => core.outbox.retry(id)),
    editJob: ({ id, payload }) => asResult(() => core.outbox.editAndRetry(id, payload)),
    retryAllJobs: () =>
      asResult(() => ({ count: core.outbox.retryAll(core.profiles.active().id) })),
    discardJob: ({ id }) =>
      asResult(() => {
        core.outbox.discard(id);
        return core.outbox.snapshot(core.profiles.active().id);
      }),
    reassignJob: ({ id }) => asResult(() => core.outbox.reassign(id, core.profiles.active().id)),
    acknowledgeOutboxNotice: ({ id }) =>
      asResult(() => {
        core.outbox.acknowledgeNotice(id);
        return core.outbox.snapshot(core.profiles.active().id);
      }),
    getAudit: ({ limit }) =>
      asResult(() =>
        core.outbox.audit
          .list({ limit: limit ?? 200 })
          .map(({ id, at, event, jobId, messageKey, params, reason, message }) => ({
            id,
            at,
            event,
            jobId,
            params,
            reason,
            messageKey,
            message,
          })),
      ),
    exportAuditCsv: () =>
      asResult(() => core.outbox.audit.toCsv(core.outbox.audit.list({ limit: 100_000 }))),
    lookupOrder: async ({ id }) => {
      const result = await asResult(async () => {
        const api = await core.api();
        const [order, trackings] = await Promise.all([
          api.getOrder(id),
          api.queryTrackings({ order: id }),
        ]);
        return { order, trackings: trackings.data, jobs: core.orderFileJobs(id) };
      });
      core.outbox.audit.record({
        event: 'lookup',
        profileId: core.profiles.active().id,
        messageKey: result.ok ? 'activity.lookup_found' : 'activity.lookup_failed',
        params: { order: id },
        ...(result.ok
          ? {}
          : {
              reason: {
                messageKey: result.error.messageKey,
                ...(result.error.serviceMessage
                  ? { serviceMessage: result.error.serviceMessage }
                  : {}),
              },
            }),
        message: result.ok ? `Order ${id} looked up.` : `Order ${id}: ${result.error.message}`,
      });
      return result;
    },
  };
}
