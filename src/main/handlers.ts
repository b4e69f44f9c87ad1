import type { AppInfo } from '../shared/ipc/channels.ts';
import { ok } from '../shared/result.ts';
import type { StationCore } from './core/station-core.ts';
import { asResult as resultOf } from './core/errors-to-result.ts';
import { PrintError } from './print/errors.ts';
import type { Handlers } from './ipc-manager.ts';

export interface HandlerDeps {
  appInfo: () => AppInfo;
  /** The text of THIRD_PARTY_NOTICES (throws when the build left none). */
  thirdPartyNotices: () => string;
  core: StationCore;
}

/** Every IPC channel, implemented on the station core. Inputs arrive already validated. */
export function createHandlers({ appInfo, core, thirdPartyNotices }: HandlerDeps): Handlers {
  // Every failure a handler returns passes the station's known secrets on its way out.
  const asResult = <T>(work: () => Promise<T> | T) => resultOf(work, core.redact);
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
        core.work.submit({
          kind: 'invoice.upload',
          payload: { order, fileName },
          file: bytes,
          ...(confirmResend ? { confirmResend } : {}),
        }),
      ),
    submitLabel: ({ order, fileName, bytes, format, confirmResend }) =>
      asResult(() =>
        core.work.submit({
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
        core.work.submit({
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
    getOutbox: ({ states }) => asResult(() => core.work.view(states)),
    retryJob: ({ id }) => asResult(() => core.work.retry(id)),
    editJob: ({ id, payload }) => asResult(() => core.work.edit(id, payload)),
    retryAllJobs: () => asResult(() => ({ count: core.work.retryAll() })),
    discardJob: ({ id }) => asResult(() => core.work.discard(id)),
    reassignJob: ({ id }) => asResult(() => core.work.reassign(id)),
    acknowledgeOutboxNotice: ({ id }) => asResult(() => core.work.acknowledge(id)),
    getAudit: ({ limit }) => asResult(() => core.work.activity(limit ?? 200)),
    exportAuditCsv: () => asResult(() => core.work.activityCsv()),
    getPrinting: () => asResult(() => core.printing.state()),
    savePrinterSettings: (settings) => asResult(() => core.printing.saveSettings(settings)),
    listPrinterQueues: () => asResult(async () => ({ queues: await core.printing.cupsQueues() })),
    testPrint: ({ target }) =>
      asResult(async () => ({ status: await core.printing.testPrint(target) })),
    printLabel: ({ source, reprintReason, force }) =>
      asResult(() => {
        const label =
          source.kind === 'job'
            ? core.work.labelFile(source.jobId)
            : { bytes: source.bytes, fileName: source.fileName, order: source.order ?? null };
        if (!label)
          throw new PrintError('file-unreadable', 'That job holds no label file to print.');
        return core.printing.print({
          bytes: label.bytes,
          fileName: label.fileName,
          orderId: label.order,
          ...(reprintReason ? { reprintReason } : {}),
          ...(force ? { force } : {}),
        });
      }),
    readPrinterDensity: ({ target }) => asResult(() => core.printing.identify(target)),
    retryPrint: ({ id, force }) => asResult(() => core.printing.queue.retry(id, force ?? false)),
    discardPrint: ({ id }) => asResult(() => ({ removed: core.printing.queue.discard(id) })),
    getCoordination: () => asResult(() => core.coordinationView()),
    saveCoordination: (input) =>
      asResult(async () => {
        await core.saveCoordination(input);
        return core.coordinationView();
      }),
    testCoordination: (input) => asResult(() => core.testCoordination(input)),
    openPack: ({ orderId, expiryWarningDays }) =>
      asResult(() => core.packing.service.open(orderId, expiryWarningDays)),
    packScan: ({ packId, code }) => asResult(() => core.packing.service.scan(packId, code)),
    answerPack: ({ packId, answer }) => asResult(() => core.packing.service.answer(packId, answer)),
    undoPackScan: ({ packId }) => asResult(() => core.packing.service.undo(packId)),
    finishPack: ({ packId, short }) => asResult(() => core.packing.service.finish(packId, short)),
    exportPacks: (query) => asResult(() => core.packing.export(query)),
    getPackSettings: () => ok(core.packing.settings()),
    savePackSettings: (settings) => asResult(() => core.packing.saveSettings(settings)),
    getBarcodeAliases: () => ok({ aliases: core.packing.aliases() }),
    saveBarcodeAliases: ({ aliases }) =>
      asResult(async () => ({ aliases: await core.packing.saveAliases(aliases) })),
    listScales: () => asResult(async () => ({ devices: await core.scale.list() })),
    getScaleSettings: () => ok(core.scale.settings()),
    saveScaleSettings: (settings) => asResult(() => core.scale.save(settings)),
    testScale: (settings) => asResult(() => core.scale.test(settings)),
    getScale: () => ok(core.scale.view()),
    lookupOrder: async ({ id }) => {
      const result = await asResult(async () => {
        const api = await core.api();
        const [order, trackings] = await Promise.all([
          api.getOrder(id),
          api.queryTrackings({ order: id }),
        ]);
        core.noteOrder(order);
        return { order, trackings: trackings.data, jobs: core.work.orderFiles(id) };
      });
      core.work.recordLookup(id, result.ok ? null : result.error);
      return result;
    },
  };
}
