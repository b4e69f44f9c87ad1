import type { Clock } from '../platform/clock.ts';
import type { Recent } from './local-share.ts';
import type { CarriedSlot } from './request-budget.ts';
import type { BudgetScripts } from './shared-scripts.ts';

/**
 * This station's own grants of the last window: what its local share counts, and what it
 * carries into the shared window (after running on its local share, when an answer came while
 * Redis was away, or when the server came back empty).
 */
export class RecentGrants {
  /** The shared window lacks some of them: they go in at the next carry. */
  needsCarry = false;
  private entries: Recent[] = [];
  private readonly clock: Clock;
  private readonly windowMs: number;

  constructor(clock: Clock, windowMs: number) {
    this.clock = clock;
    this.windowMs = windowMs;
  }

  add(entry: Recent): void {
    this.entries.push(entry);
  }

  /** The grants of the last window, oldest first (older ones are forgotten now). */
  inWindow(now = this.clock.now()): readonly Recent[] {
    this.entries = this.entries.filter((r) => r.at > now - this.windowMs);
    return this.entries;
  }

  /** How many grants of the last window there are. */
  count(): number {
    const now = this.clock.now();
    return this.entries.filter((r) => r.at > now - this.windowMs).length;
  }

  /** What a budget that replaces this one must still count: unanswered ones count from now. */
  slots(): CarriedSlot[] {
    const now = this.clock.now();
    return this.entries
      .filter((r) => !r.answered || r.at > now - this.windowMs)
      .map((r) => ({ id: r.id, at: r.answered ? r.at : now }));
  }

  /** Re-adds the grants of the last window to the shared window; a failure leaves it to do. */
  async carry(scripts: BudgetScripts): Promise<void> {
    const now = this.clock.now();
    const entries = this.inWindow(now).map((r) => ({
      id: r.id,
      ageMs: now - r.at,
      lane: r.lane === 'interactive' ? ('interactive' as const) : ('background' as const),
    }));
    this.needsCarry = false;
    try {
      await scripts.carry(this.windowMs, entries);
    } catch (error) {
      this.needsCarry = true;
      throw error;
    }
  }
}
