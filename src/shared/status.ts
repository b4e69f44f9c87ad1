import type { AppError } from './result.ts';

export type HealthState = 'unknown' | 'up' | 'degraded' | 'down' | 'unauthorized';

export interface HealthSnapshot {
  state: HealthState;
  /** Up or degraded: submissions may be sent. */
  online: boolean;
  latencyMs: number | null;
  lastCheckedAt: number | null;
  lastError: AppError | null;
}

export interface BudgetSnapshot {
  limit: number;
  effectiveLimit: number;
  used: number;
  remaining: number;
  queued: { interactive: number; submission: number; background: number };
  pausedUntil: number | null;
  rateLimitedTotal: number;
}
