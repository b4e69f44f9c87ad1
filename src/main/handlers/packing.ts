import type { PackView } from '../../shared/pack/types.ts';
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
  const withPapers = async (view: PackView): Promise<PackView> => {
    if (view.status === 'open' || !core.paperwork.making(view.id)) return view;
    await core.paperwork.settled(view.id);
    return core.packing.get(view.id);
  };
  return {
    // An expiry threshold IT locked is the one a pack judges lots by, whatever the window sends.
    openPack: ({ orderId, expiryWarningDays }) =>
      asResult(() => {
        const { locked, expiryWarningDays: imposed } = core.policy;
        const days = locked.expiryWarningDays && imposed !== null ? imposed : expiryWarningDays;
        return core.packing.open(orderId, days);
      }),
    // A scan, an answer or Finish may finish the pack: its answer waits for the papers to
    // have their print jobs (a few ms to make a slip), so the card shows them at once.
    packScan: ({ packId, code }) => asResult(() => withPapers(core.packing.scan(packId, code))),
    answerPack: ({ packId, answer }) =>
      asResult(() => withPapers(core.packing.answer(packId, answer))),
    undoPackScan: ({ packId }) => asResult(() => core.packing.undo(packId)),
    finishPack: ({ packId, short, weightOverride }) =>
      asResult(() => withPapers(core.packing.finish(packId, short, weightOverride))),
    exportPacks: (query) => asResult(() => core.packing.export(query)),
    getPackSettings: () => ok(core.packing.settings()),
    savePackSettings: (settings) => asResult(() => core.packing.saveSettings(settings)),
    getBarcodeAliases: () => ok({ aliases: core.packing.aliases() }),
    saveBarcodeAliases: ({ aliases }) =>
      asResult(async () => ({ aliases: await core.packing.saveAliases(aliases) })),
  };
}
