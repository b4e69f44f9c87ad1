import { createHash } from 'node:crypto';
import type { Clock } from './clock.ts';
import { CompanyBudget, type BudgetOptions } from './rate-budget.ts';

/**
 * One budget per company: every part of the app that uses the same key against the same
 * service shares it. Keyed by a hash, so no key sits in a map in plain text.
 */
export class BudgetRegistry {
  private readonly budgets = new Map<string, CompanyBudget>();
  private readonly options: Omit<BudgetOptions, 'clock'>;
  private readonly clock: Clock;

  constructor(clock: Clock, options: Omit<BudgetOptions, 'clock'> = {}) {
    this.clock = clock;
    this.options = options;
  }

  forCompany(baseUrl: string, apiKey: string): CompanyBudget {
    const id = createHash('sha256').update(`${baseUrl}\n${apiKey}`).digest('hex');
    let budget = this.budgets.get(id);
    if (!budget) {
      budget = new CompanyBudget({ clock: this.clock, ...this.options });
      this.budgets.set(id, budget);
    }
    return budget;
  }

  dispose(): void {
    for (const budget of this.budgets.values()) budget.dispose();
    this.budgets.clear();
  }
}
