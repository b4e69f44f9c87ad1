import { ok } from '../../shared/result.ts';
import type { HandlerContext, HandlersOf } from './context.ts';

/** Verified packs, their export, settings and barcode aliases. */
export function packHandlers({
  core,
  asResult,
}: HandlerContext): HandlersOf<
  | 'openPack'
  | 'packScan'
  | 'answerPack'
  | 'undoPackScan'
  | 'finishPack'
  | 'exportPacks'
  | 'getPackSettings'
  | 'savePackSettings'
  | 'getBarcodeAliases'
  | 'saveBarcodeAliases'
> {
  return {
    openPack: ({ orderId, expiryWarningDays }) =>
      asResult(() => core.packing.open(orderId, expiryWarningDays)),
    packScan: ({ packId, code }) => asResult(() => core.packing.scan(packId, code)),
    answerPack: ({ packId, answer }) => asResult(() => core.packing.answer(packId, answer)),
    undoPackScan: ({ packId }) => asResult(() => core.packing.undo(packId)),
    finishPack: ({ packId, short, weightOverride }) =>
      asResult(() => core.packing.finish(packId, short, weightOverride)),
    exportPacks: (query) => asResult(() => core.packing.export(query)),
    getPackSettings: () => ok(core.packing.settings()),
    savePackSettings: (settings) => asResult(() => core.packing.saveSettings(settings)),
    getBarcodeAliases: () => ok({ aliases: core.packing.aliases() }),
    saveBarcodeAliases: ({ aliases }) =>
      asResult(async () => ({ aliases: await core.packing.saveAliases(aliases) })),
  };
}
