// The weight check at a pack's finish (issue #29), on a station with a scale: the scale's stable
// weight against what the box should weigh (its lines' product weights × quantities plus the
// default box's tare), within max(grams, percent). Outside the tolerance the finish is held with a
// sentence until the box is weighed again or the packer gives a reason; the weight, the
// expectation and any reason go into the pack record. Without a scale nothing here runs.
import type { MessageKey } from '../../shared/i18n/message-key.ts';
import type { PackLine, PackWeighing, WeightReason } from '../../shared/pack/types.ts';
import { checkWeight, expectedWeight } from '../../shared/scale/expected.ts';
import type { ScaleSettings } from '../../shared/scale/settings.ts';
import type { ScaleReading } from '../../shared/scale/types.ts';

/** What the pack service asks of the station's scale. */
export interface PackScale {
  /** Null when no scale is set up (the station finishes as without one). */
  now: () => {
    settings: ScaleSettings;
    /** The stable weight, when the scale holds one for this box. */
    stable: ScaleReading | null;
    /** A weight was taken for the last box and the scale has not been back at zero. */
    needsZero: boolean;
  } | null;
  /** The box's weight was taken: the next box waits for zero. */
  taken: () => void;
}

export type WeightDecision =
  | { kind: 'no-scale' }
  | { kind: 'hold'; messageKey: MessageKey; params: Record<string, string | number> }
  | { kind: 'weighed'; weighing: PackWeighing };

export function weighFinish(
  scale: PackScale | undefined,
  lines: readonly PackLine[],
  override: { reason: WeightReason; text?: string } | undefined,
): WeightDecision {
  const now = scale?.now() ?? null;
  if (!now) return { kind: 'no-scale' };
  const { settings } = now;
  if (now.needsZero)
    return { kind: 'hold', messageKey: 'packVerdict.weight.needsZero', params: {} };
  if (!now.stable) return { kind: 'hold', messageKey: 'packVerdict.weight.unstable', params: {} };
  const box = settings.boxes.find((b) => b.name === settings.defaultBox) ?? null;
  const tareGrams = box?.tareGrams ?? 0;
  const expectation = expectedWeight(
    lines.map((line) => ({ sku: line.sku, quantity: line.scanned, weightKg: line.weightKg })),
    tareGrams,
  );
  const grams = now.stable.grams;
  const base = {
    grams,
    box: box?.name ?? null,
    tareGrams,
    override: null,
  };
  if (!expectation.known)
    return {
      kind: 'weighed',
      weighing: {
        ...base,
        expectedGrams: null,
        unweighed: expectation.missing,
        differenceGrams: null,
        allowedGrams: null,
      },
    };
  const check = checkWeight(grams, expectation.grams, settings.tolerance);
  const weighing: PackWeighing = {
    ...base,
    expectedGrams: expectation.grams,
    unweighed: [],
    differenceGrams: check.differenceGrams,
    allowedGrams: check.allowedGrams,
  };
  if (check.within) return { kind: 'weighed', weighing };
  if (override) {
    const text = override.text?.trim() || null;
    if (override.reason === 'other' && !text)
      return { kind: 'hold', messageKey: 'packVerdict.reasonNeedsText', params: {} };
    return {
      kind: 'weighed',
      weighing: { ...weighing, override: { reason: override.reason, text } },
    };
  }
  // Whole grams: the sentence is about a missing unit, not a tenth of a gram.
  return {
    kind: 'hold',
    messageKey:
      check.differenceGrams < 0 ? 'packVerdict.weight.lighter' : 'packVerdict.weight.heavier',
    params: {
      off: Math.round(Math.abs(check.differenceGrams)),
      weighed: Math.round(grams),
      expected: Math.round(expectation.grams),
    },
  };
}
