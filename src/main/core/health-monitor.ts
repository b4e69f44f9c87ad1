import type { Redact } from '../../shared/details.ts';
import type { HealthSnapshot, HealthState } from '../../shared/status.ts';
import {
  ApiError,
  AuthenticationError,
  NetworkError,
  ServerError,
  TimeoutError,
} from '../api/errors.ts';
import type { Clock } from '../platform/clock.ts';
import { toAppError } from './errors-to-result.ts';
import { KeychainError } from '../platform/keychain.ts';
import { messageOf } from '../platform/guards.ts';

export interface HealthMonitorOptions {
  clock: Clock;
  /** The station's known secrets: the last error is shown in the status bar. */
  redact: Redact;
  /** Calls GET /health-check in the background lane; resolves with the server's status word. */
  check: (signal: AbortSignal) => Promise<{ status: string }>;
  /** Between checks while up. */
  intervalMs?: number;
  /** First retry while down; doubles up to intervalMs. */
  retryMs?: number;
  /** Slower than this counts as degraded. */
  degradedLatencyMs?: number;
}

const initial: HealthSnapshot = {
  state: 'unknown',
  online: false,
  latencyMs: null,
  lastCheckedAt: null,
  lastError: null,
};

/** The monitor's options, every default applied. */
type ResolvedHealthOptions = Required<HealthMonitorOptions>;

/**
 * Watches the service: checks /health-check on a timer, but skips checks while other requests
 * succeed (they prove the service is up) and checks sooner after a network failure.
 */
export class HealthMonitor {
  private snapshot: HealthSnapshot = initial;
  private readonly options: ResolvedHealthOptions;
  private timer: unknown = null;
  private running = false;
  private inFlight: Promise<HealthSnapshot> | null = null;
  private controller: AbortController | null = null;
  private lastProof = 0;
  /** Bumped when the target changes; checks started before answer for the old target. */
  private generation = 0;
  private retryDelay: number;
  private readonly listeners = new Set<(snapshot: HealthSnapshot) => void>();

  constructor(options: HealthMonitorOptions) {
    this.options = { intervalMs: 30_000, retryMs: 2_000, degradedLatencyMs: 3_000, ...options };
    this.retryDelay = this.options.retryMs;
  }

  current(): HealthSnapshot {
    return this.snapshot;
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    void this.checkNow();
  }

  stop(): void {
    this.running = false;
    if (this.timer !== null) this.options.clock.clearTimeout(this.timer);
    this.timer = null;
    this.controller?.abort(new Error('health monitor stopped'));
  }

  subscribe(listener: (snapshot: HealthSnapshot) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Another request succeeded: the service is up, no check needed for a while. */
  reportSuccess(latencyMs: number): void {
    this.lastProof = this.options.clock.now();
    if (this.snapshot.state !== 'up' && this.snapshot.state !== 'degraded') {
      this.publish({
        state: 'up',
        online: true,
        latencyMs,
        lastCheckedAt: this.lastProof,
        lastError: null,
      });
    }
  }

  /** Another request failed: network trouble or a rejected key is worth a check right away. */
  reportFailure(error: unknown): void {
    if (
      error instanceof NetworkError ||
      error instanceof TimeoutError ||
      error instanceof AuthenticationError
    ) {
      if (this.running && !this.inFlight) this.schedule(0, true);
    }
  }

  /** One attempt of the active client (its onAttempt): what it says about the service. */
  reportAttempt(attempt: { status: number | null; ms: number; error?: string }): void {
    if (attempt.status === null)
      this.reportFailure(new NetworkError({ message: attempt.error ?? 'network error' }));
    else if (attempt.status === 401 || attempt.status === 403)
      this.reportFailure(new AuthenticationError({ message: 'rejected key' }));
    else if (attempt.status < 500) this.reportSuccess(attempt.ms);
  }

  checkNow(): Promise<HealthSnapshot> {
    if (this.inFlight) return this.inFlight;
    const check: Promise<HealthSnapshot> = this.runCheck().finally(() => {
      if (this.inFlight === check) this.inFlight = null;
    });
    this.inFlight = check;
    return check;
  }

  /**
   * The target changed (another profile, another key): a check still in flight answers for the
   * old one, so it is abandoned and its answer dropped, and a fresh check starts.
   */
  recheck(): Promise<HealthSnapshot> {
    this.generation += 1;
    this.controller?.abort(new Error('target changed'));
    this.inFlight = null;
    this.lastProof = 0;
    return this.checkNow();
  }

  private async runCheck(): Promise<HealthSnapshot> {
    const generation = this.generation;
    const started = this.options.clock.now();
    const controller = new AbortController();
    this.controller = controller;
    let next: HealthSnapshot;
    try {
      const answer = await this.options.check(controller.signal);
      if (generation !== this.generation) return this.snapshot;
      const latencyMs = this.options.clock.now() - started;
      const degraded = answer.status !== 'ok' || latencyMs > this.options.degradedLatencyMs;
      next = {
        state: degraded ? 'degraded' : 'up',
        online: true,
        latencyMs,
        lastCheckedAt: this.options.clock.now(),
        lastError: null,
      };
      this.lastProof = this.options.clock.now();
    } catch (error) {
      if (generation !== this.generation) return this.snapshot;
      if (!this.running && controller.signal.aborted) return this.snapshot;
      const state: HealthState =
        error instanceof AuthenticationError
          ? 'unauthorized'
          : error instanceof ServerError
            ? 'degraded'
            : 'down';
      next = {
        state,
        online: false,
        latencyMs: null,
        lastCheckedAt: this.options.clock.now(),
        lastError:
          error instanceof ApiError || error instanceof KeychainError
            ? toAppError(error, this.options.redact)
            : {
                code: 'health.failed',
                messageKey: 'errors.internal',
                message: this.options.redact(messageOf(error)),
              },
      };
    }
    this.publish(next);
    if (this.running) this.scheduleAfterCheck();
    return next;
  }

  private scheduleAfterCheck(): void {
    if (this.snapshot.online) {
      this.retryDelay = this.options.retryMs;
      this.schedule(this.options.intervalMs);
    } else {
      this.schedule(this.retryDelay);
      this.retryDelay = Math.min(this.options.intervalMs, this.retryDelay * 2);
    }
  }

  private schedule(delayMs: number, force = false): void {
    if (this.timer !== null) this.options.clock.clearTimeout(this.timer);
    this.timer = this.options.clock.setTimeout(() => {
      this.timer = null;
      if (!this.running) return;
      const sinceProof = this.options.clock.now() - this.lastProof;
      // Recent successful traffic already proves the service is up: wait out the rest.
      if (!force && this.snapshot.online && sinceProof < this.options.intervalMs) {
        this.schedule(this.options.intervalMs - sinceProof);
        return;
      }
      void this.checkNow();
    }, delayMs);
  }

  private publish(next: HealthSnapshot): void {
    this.snapshot = next;
    for (const listener of this.listeners) listener(next);
  }
}
