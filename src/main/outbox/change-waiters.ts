import type { Clock } from '../platform/clock.ts';

/** Conditions someone awaits (`idle`, `close`), looked at again whenever something changes. */
export class ChangeWaiters {
  private readonly clock: Clock;
  private readonly checks = new Set<() => void>();

  constructor(clock: Clock) {
    this.clock = clock;
  }

  /**
   * True once `done()` holds (checked at every `changed()`), false after `timeoutMs` on the
   * clock. The wait holds the process open: someone awaits it.
   */
  until(done: () => boolean, timeoutMs: number): Promise<boolean> {
    if (done()) return Promise.resolve(true);
    return new Promise((resolve) => {
      const finish = (result: boolean) => {
        this.checks.delete(check);
        this.clock.clearTimeout(timer);
        resolve(result);
      };
      const check = () => {
        if (done()) finish(true);
      };
      const timer = this.clock.setTimeout(() => finish(false), timeoutMs, { keepAlive: true });
      this.checks.add(check);
    });
  }

  /** A job moved or a request ended: whoever waits for a condition looks again. */
  changed(): void {
    for (const check of [...this.checks]) check();
  }
}
