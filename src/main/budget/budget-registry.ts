import { createHash } from 'node:crypto';
import type { Clock } from '../platform/clock.ts';
import { CompanyBudget, type BudgetOptions } from './rate-budget.ts';
import type { CarriedSlot, RequestBudget } from './request-budget.ts';

/** Builds the budget shared with the warehouse's other stations, or null to budget alone. */
export type SharedBudgetSource = (
  environment: string,
  companyKey: string,
  carried: CarriedSlot[],
) => Promise<RequestBudget | null>;

/**
 * One budget per company: every part of the app that uses the same key against the same
 * service shares it. Keyed by a hash, so no key sits in a map in plain text. With a warehouse
 * Redis set up the budget is shared with the other stations on the key; otherwise it is this
 * station's own.
 */
export class BudgetRegistry {
  private readonly budgets = new Map<string, Promise<RequestBudget>>();
  /** Budgets replaced by a settings change, by company: their recent slots seed the new ones. */
  private readonly retired = new Map<string, Promise<RequestBudget>>();
  /** Every budget ever retired, until disposed: closing the station closes them too. */
  private readonly draining = new Set<Promise<RequestBudget>>();
  private readonly options: Omit<BudgetOptions, 'clock'>;
  private readonly clock: Clock;
  private readonly shared: SharedBudgetSource;

  constructor(
    clock: Clock,
    options: Omit<BudgetOptions, 'clock'> = {},
    shared: SharedBudgetSource = async () => null,
  ) {
    this.clock = clock;
    this.options = options;
    this.shared = shared;
  }

  /**
   * `shareable: false` for a service only this station talks to (the embedded sandbox, on its
   * own loopback port with its own limit): sharing its budget with other stations means nothing.
   */
  forCompany(baseUrl: string, apiKey: string, shareable = true): Promise<RequestBudget> {
    const id = createHash('sha256').update(`${baseUrl}\n${apiKey}`).digest('hex');
    let budget = this.budgets.get(id);
    if (!budget) {
      // The promise is kept, not its value: two clients asking at once share one budget.
      const before = this.retired.get(id);
      this.retired.delete(id);
      budget = (before ?? Promise.resolve(null))
        .then((old) => old?.recentSlots?.() ?? [])
        .then(async (carried) => {
          const shared = shareable ? await this.shared(baseUrl, apiKey, carried) : null;
          return shared ?? new CompanyBudget({ clock: this.clock, ...this.options, carried });
        });
      this.budgets.set(id, budget);
    }
    return budget;
  }

  /**
   * The coordination settings changed: budgets asked for from now on are built anew; the old
   * ones grant what already waits on them and then let go (nothing queued fails).
   */
  retireAll(): void {
    // Budgets retired before and not yet taken over stay: their slots still count.
    for (const [id, budget] of this.budgets) this.retired.set(id, budget);
    for (const budget of this.budgets.values()) {
      this.draining.add(budget);
      void budget.then((b) => b.retire?.());
    }
    this.budgets.clear();
  }

  async dispose(): Promise<void> {
    // The retired ones too: one may still be draining, with its connection and timers.
    const all = [...new Set([...this.budgets.values(), ...this.draining])];
    this.budgets.clear();
    this.retired.clear();
    this.draining.clear();
    await Promise.all(all.map(async (budget) => (await budget).dispose()));
  }
}
