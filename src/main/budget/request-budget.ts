import type { CoordinationState } from '../../shared/status.ts';
import type { BudgetFigures, Lane, ReleaseSlot } from './rate-budget.ts';

/**
 * What the API client needs of a budget: a slot before each request, word of each 429, and
 * figures for the status bar. The station's own `CompanyBudget` (alone on the key) and the
 * warehouse's `SharedBudget` (stations coordinated through Redis) both fit, so the client never
 * knows which one it has.
 */
export interface RequestBudget {
  /** Resolves when the request may be sent, with the function to call when its answer arrived. */
  acquire(lane: Lane, signal?: AbortSignal): Promise<ReleaseSlot>;
  /** A 429 from the service, with its Retry-After. */
  rateLimited(retryAfterSeconds: number): void;
  figures(): BudgetFigures;
  /** Called whenever the figures (or the coordination) changed. */
  subscribe(listener: () => void): () => void;
  /** Coordinated through Redis or not; absent for a station alone on its key. */
  state?(): CoordinationState;
  /** Replaced by another budget: grant what already waits, then let go. */
  retire?(): void;
  /**
   * When each slot this budget still counts began counting (local clock, ms): a budget that
   * takes over from this one (the station joined or left the warehouse's Redis) starts with
   * them, so the switch cannot burst over the limit.
   */
  recentSlots?(): CarriedSlot[];
  /** Rejects what still waits; the budget is not used again (resolves once let go of). */
  dispose(reason?: unknown): void | Promise<void>;
}

/** A slot carried from the budget being replaced: its id when it had one, the local time it counts from. */
export interface CarriedSlot {
  id?: string;
  at: number;
}
