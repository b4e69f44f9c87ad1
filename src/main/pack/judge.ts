import type { MessageKey } from '../../shared/i18n/message-key.ts';
import type { LotOption, LotState, PackOverride, PackUnit } from '../../shared/pack/types.ts';
import { FEFO_REASONS, UNKNOWN_LOT_REASONS } from '../../shared/pack/types.ts';
import type { Identified, PackProduct } from './identify.ts';
import { lotOptions, lotState, type LotStock } from './lots.ts';

/** What a pack knows when a scan is judged. Built from the snapshot taken when it opened. */
export interface JudgeContext {
  /** Expected quantity by SKU, as the order lists it. */
  expected: ReadonlyMap<string, number>;
  products: Readonly<Record<string, PackProduct>>;
  /** Lots in the order's warehouse by SKU; absent for a SKU whose lots could not be read. */
  lots: Readonly<Record<string, readonly LotStock[]>>;
  units: readonly PackUnit[];
  today: string;
  warningDays: number;
}

/** A unit about to be counted (everything `PackUnit` holds but its place in the record). */
export type Candidate = Omit<PackUnit, 'seq' | 'at'>;

export interface Sentence {
  messageKey: MessageKey;
  params: Record<string, string | number>;
}

export type Judgement =
  | { kind: 'count'; unit: Candidate; tone: 'ok' | 'warning'; sentence: Sentence }
  | { kind: 'refuse'; sentence: Sentence }
  | { kind: 'ask-lot'; candidate: Candidate; options: LotOption[] }
  | {
      kind: 'ask-reason';
      why: 'not_fefo' | 'unknown_lot';
      candidate: Candidate;
      fefo: { lot: string; expiry: string | null } | null;
      reasons: readonly PackOverride['reason'][];
    };

export const nameOf = (context: Pick<JudgeContext, 'products'>, sku: string): string =>
  context.products[sku]?.name ?? sku;

export const scannedOf = (units: readonly PackUnit[], sku: string): number =>
  units.reduce((sum, unit) => (unit.sku === sku ? sum + unit.quantity : sum), 0);

/**
 * The verdict on units recognised from one scan: a product the order does not list, one more
 * than it asks for, or an expired lot is refused; a batch-controlled product without a lot asks
 * which; a lot other than the first-expiring one, or one the inventory does not know, asks why.
 */
export function judgeUnits(context: JudgeContext, found: Identified, code: string): Judgement {
  const name = nameOf(context, found.sku);
  const expected = context.expected.get(found.sku);
  if (expected === undefined) return refuse('packVerdict.notInOrder', { name, sku: found.sku });
  const scanned = scannedOf(context.units, found.sku) + found.quantity;
  if (scanned > expected) return refuse('packVerdict.overScan', { name, expected, scanned });
  const candidate: Candidate = {
    sku: found.sku,
    quantity: found.quantity,
    code,
    identifiedBy: found.identifiedBy,
    lot: found.lot,
    expiry: found.expiry,
    lotState: null,
    override: null,
  };
  const batch = context.products[found.sku]?.batchControlled ?? false;
  if (found.lot === null) {
    // A code with an expiry but no lot (a GS1 code with AI 17 alone) is still judged by date.
    if (found.expiry && lotState(found.expiry, context.today, context.warningDays) === 'expired')
      return refuse('packVerdict.expiredLot', { name, lot: '—', expiry: found.expiry });
    if (batch) {
      const stock = context.lots[found.sku] ?? [];
      return {
        kind: 'ask-lot',
        candidate,
        options: lotOptions(stock, context.units, found.sku, context.today, context.warningDays),
      };
    }
    return counted(context, candidate, null);
  }
  return judgeLot(context, candidate, found.lot, found.expiry);
}

/** The verdict on a unit with its lot: scanned from a GS1 code, or chosen from the list. */
export function judgeLot(
  context: JudgeContext,
  candidate: Candidate,
  lot: string,
  scannedExpiry: string | null,
): Judgement {
  const name = nameOf(context, candidate.sku);
  const stock = context.lots[candidate.sku];
  const options = stock
    ? lotOptions(stock, context.units, candidate.sku, context.today, context.warningDays)
    : null;
  const known = options?.find((o) => o.lot === lot) ?? null;
  // The code's own date wins over the inventory's: it is what is printed on this unit.
  const expiry = scannedExpiry ?? known?.expiry ?? null;
  const state = lotState(expiry, context.today, context.warningDays);
  if (state === 'expired')
    return refuse('packVerdict.expiredLot', { name, lot, expiry: expiry ?? '' });
  const unit: Candidate = { ...candidate, lot, expiry, lotState: state };
  // Lots unread (the inventory did not answer when the order opened): counted, FEFO unchecked.
  if (!options) return counted(context, unit, null);
  if (!known)
    return {
      kind: 'ask-reason',
      why: 'unknown_lot',
      candidate: unit,
      fefo: fefoOf(options),
      reasons: UNKNOWN_LOT_REASONS,
    };
  const fefo = options.find((o) => o.fefo) ?? null;
  // A lot that expires on the same day as the first-expiring one is as good as it.
  if (fefo && fefo.lot !== lot && fefo.expiry !== expiry)
    return {
      kind: 'ask-reason',
      why: 'not_fefo',
      candidate: unit,
      fefo: fefoOf(options),
      reasons: FEFO_REASONS,
    };
  return counted(context, unit, null);
}

/** The unit with the packer's reason for the override the pack asked about. */
export function withOverride(
  context: JudgeContext,
  candidate: Candidate,
  override: PackOverride,
): Judgement {
  const unit = { ...candidate, override };
  return counted(context, unit, override);
}

function fefoOf(options: readonly LotOption[]) {
  const first = options.find((o) => o.fefo);
  return first ? { lot: first.lot, expiry: first.expiry } : null;
}

function counted(context: JudgeContext, unit: Candidate, override: PackOverride | null): Judgement {
  const name = nameOf(context, unit.sku);
  const expected = context.expected.get(unit.sku) ?? 0;
  const scanned = scannedOf(context.units, unit.sku) + unit.quantity;
  const amber = (unit.lotState as LotState | null) === 'expiring';
  let sentence: Sentence;
  if (override?.kind === 'unknown_lot')
    sentence = {
      messageKey: 'packVerdict.unknownLotRecorded',
      params: { name, lot: unit.lot ?? '' },
    };
  else if (amber)
    sentence = {
      messageKey: 'packVerdict.expiring',
      params: { name, lot: unit.lot ?? '', expiry: unit.expiry ?? '', days: context.warningDays },
    };
  else if (override)
    sentence = {
      messageKey: 'packVerdict.overrideRecorded',
      params: { name, lot: unit.lot ?? '' },
    };
  else if (unit.quantity > 1)
    sentence = {
      messageKey: 'packVerdict.countedCase',
      params: { name, quantity: unit.quantity, scanned, expected },
    };
  else sentence = { messageKey: 'packVerdict.counted', params: { name, scanned, expected } };
  const tone = amber || override ? 'warning' : 'ok';
  return { kind: 'count', unit, tone, sentence };
}

const refuse = (messageKey: MessageKey, params: Sentence['params']): Judgement => ({
  kind: 'refuse',
  sentence: { messageKey, params },
});
