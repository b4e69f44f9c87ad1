import type { Clock } from '../platform/clock.ts';

/** One timer per profile at most: when the outbox next looks at that profile's jobs. */
export class ProfileTimers {
  private readonly clock: Clock;
  private readonly timers = new Map<string, unknown>();

  constructor(clock: Clock) {
    this.clock = clock;
  }

  /** Replaces the profile's timer: `fire` runs after `delayMs` unless cleared first. */
  set(profileId: string, delayMs: number, fire: () => void): void {
    this.clear(profileId);
    this.timers.set(
      profileId,
      this.clock.setTimeout(() => {
        this.timers.delete(profileId);
        fire();
      }, delayMs),
    );
  }

  clear(profileId: string): void {
    const timer = this.timers.get(profileId);
    if (timer !== undefined) this.clock.clearTimeout(timer);
    this.timers.delete(profileId);
  }

  clearAll(): void {
    for (const profileId of [...this.timers.keys()]) this.clear(profileId);
  }
}
