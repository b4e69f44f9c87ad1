// When a weight may be taken for an order (issue #29): the scale says stable, and its readings
// have stayed within one division of each other for at least `holdMs` (500 ms); and, once a
// weight was taken, the scale has been back to zero (the box lifted off) before the next one.
// A scale that only ever says "stable" would otherwise hand the last order's box to the next.
import type { ScaleReading } from '../../shared/scale/types.ts';

export const STABLE_HOLD_MS = 500;

export type StableDecision =
  /** A weight to take: stable for the hold time, and zero seen since the last one taken. */
  | { kind: 'stable'; reading: ScaleReading; since: number }
  /** Stable so far, for less than the hold time (or moving, or settling after a change). */
  | { kind: 'settling'; reading: ScaleReading }
  /** A weight taken already: the scale must show zero before the next. */
  | { kind: 'needs-zero'; reading: ScaleReading }
  /** The scale reports a condition: under zero, over capacity or a fault. */
  | { kind: 'condition'; reading: ScaleReading };

export class StableWeight {
  private anchor: ScaleReading | null = null;
  private since = 0;
  private needsZero = false;
  private readonly holdMs: number;
  private readonly acceptZero: boolean;

  /**
   * `acceptZero`: a zero held still is a stable reading too (`npm run scale -- read --stable`);
   * the station leaves it false, as an empty scale is no order's weight.
   */
  constructor({ holdMs = STABLE_HOLD_MS, acceptZero = false } = {}) {
    this.holdMs = holdMs;
    this.acceptZero = acceptZero;
  }

  /** A reading that came at `at` (ms, the injected clock's). */
  feed(reading: ScaleReading, at: number): StableDecision {
    const { status } = reading;
    if (status === 'under-zero' || status === 'over-capacity' || status === 'fault') {
      this.anchor = null;
      return { kind: 'condition', reading };
    }
    const atZero =
      status === 'zero' ||
      (status === 'stable' && Math.abs(reading.grams) <= reading.divisionGrams);
    if (atZero) this.needsZero = false;
    const still = status === 'stable' || (this.acceptZero && status === 'zero');
    if (!still) {
      this.anchor = null;
      return { kind: 'settling', reading };
    }
    // One division of drift is the scale's own rounding, not motion.
    if (
      !this.anchor ||
      Math.abs(reading.grams - this.anchor.grams) > reading.divisionGrams + 1e-9
    ) {
      this.anchor = reading;
      this.since = at;
    }
    if (this.needsZero) return { kind: 'needs-zero', reading };
    if ((atZero && !this.acceptZero) || at - this.since < this.holdMs)
      return { kind: 'settling', reading };
    return { kind: 'stable', reading, since: this.since };
  }

  /** The weight was taken for an order: the next needs the scale back at zero first. */
  taken(): void {
    this.needsZero = true;
  }

  /** Forget the readings so far (a scale plugged back in, another device chosen). */
  reset(): void {
    this.anchor = null;
  }
}
