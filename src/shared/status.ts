import type { RecordsState } from './records.ts';
import type { MessageKey } from './i18n/message-key.ts';
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
  /** Stations sharing the key through Redis; null for a station alone on its key. */
  coordination: CoordinationState | null;
}

/** The status bar's view of the stations sharing this key through Redis. */
export interface CoordinationState {
  /** 'lost': Redis went away (or is too slow); the station runs on its share until it is back. */
  coordination: 'shared' | 'lost';
  /** Slots per window this station may use on its own when coordination is lost. */
  share: number;
  /** Stations known on the key (this one included). */
  stations: number;
}

export type KeychainState = 'available' | 'unavailable' | 'locked' | 'timeout' | 'error';

export interface KeychainStatus {
  state: KeychainState;
  /** i18n key of the sentence the operator sees. */
  messageKey: MessageKey;
  /** English detail (the platform's own words), for the raw view and logs. */
  detail: string;
}

export interface KeyStatus {
  profileId: string;
  set: boolean;
  /** "••••4f2a": all the window ever learns of a key. */
  masked: string | null;
  /** The sandbox profile works with the public demo key until another is set. */
  usingDemoKey: boolean;
  keychain: KeychainStatus;
}

export interface StationStatus {
  profile: {
    id: string;
    name: string;
    environment: 'sandbox' | 'test' | 'production';
    apiVersion: 'v1' | 'v1.1';
    baseUrl: string | null;
  };
  health: HealthSnapshot;
  budget: BudgetSnapshot | null;
  /** The system keychain as last seen; null until it first answered. */
  keychain: KeychainStatus | null;
  /** Where the fleet's pack records stand (issue #40): `off` while no PostgreSQL is set. */
  records: RecordsState;
}
