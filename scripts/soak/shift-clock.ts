// The soak's clock: a shift compressed into minutes. Between skips it runs at real speed, so
// whatever the station does inside a simulated minute (requests, prints, scale readings, their
// timeouts) happens as it would on a real bench; at the end of each simulated minute the soak
// skips the rest of the minute at once, like a machine waking from sleep: every timer that fell
// due in the skipped span fires once, in due order, and timers they set count from the new time.
// Nothing waits on a skipped span (the soak skips only when the station's work has settled), so
// a slow machine does the same work per simulated minute as a fast one, only slower.
import type { Clock } from '../../src/main/platform/clock.ts';

/** The longest real timer the clock sets: the rest of a simulated minute at real speed. */
const HORIZON_MS = 60_000;

interface ShiftTimer {
  due: number;
  seq: number;
  callback: () => void;
  keepAlive: boolean;
  real: ReturnType<typeof setTimeout> | null;
}

export class ShiftClock implements Clock {
  /** What has been skipped so far, added to real time. */
  private skipped = 0;
  private readonly origin: number;
  private readonly realStart = performance.now();
  private readonly timers = new Set<ShiftTimer>();
  private seq = 0;
  private readonly followers: ((now: number) => Promise<void>)[] = [];

  constructor(start = Date.now()) {
    this.origin = start;
  }

  now(): number {
    return this.origin + (performance.now() - this.realStart) + this.skipped;
  }

  setTimeout(callback: () => void, ms: number, options?: { keepAlive?: boolean }): unknown {
    const timer: ShiftTimer = {
      due: this.now() + Math.max(0, ms),
      seq: (this.seq += 1),
      callback,
      keepAlive: options?.keepAlive === true,
      real: null,
    };
    this.timers.add(timer);
    this.arm(timer);
    return timer;
  }

  clearTimeout(handle: unknown): void {
    const timer = handle as ShiftTimer;
    if (!this.timers.delete(timer)) return;
    if (timer.real) clearTimeout(timer.real);
  }

  /**
   * Another process on the shift's clock (the soak's sandbox): told the new time at every skip,
   * and awaited before any timer due in the skipped span fires, so nothing those timers send
   * reaches it while it still reads the old time.
   */
  follow(follower: (now: number) => Promise<void>): void {
    this.followers.push(follower);
  }

  /** Timers set and not yet fired or cleared (the soak measures them: they must not pile up). */
  get pending(): number {
    return this.timers.size;
  }

  /**
   * Skips `ms` of shift time: timers due in the span fire now, once each, earliest first, with
   * the microtasks they queue run between them; the rest are re-armed for what remains.
   */
  async skip(ms: number): Promise<void> {
    this.skipped += Math.max(0, ms);
    await Promise.all(this.followers.map((follower) => follower(this.now())));
    const now = this.now();
    const due = [...this.timers]
      .filter((t) => t.due <= now)
      .sort((a, b) => a.due - b.due || a.seq - b.seq);
    for (const timer of due) {
      if (!this.timers.delete(timer)) continue; // cleared by an earlier one
      if (timer.real) clearTimeout(timer.real);
      timer.callback();
      for (let i = 0; i < 20; i += 1) await Promise.resolve();
    }
    for (const timer of this.timers) this.arm(timer);
  }

  /**
   * A real timer for the shift timer, never longer than the horizon: one due later is looked at
   * again then (or fired by a skip first). Re-armed with its exact remainder at every skip, a
   * half-hour timer made a new real duration each simulated minute, and Node keeps an unref'd
   * timer's emptied list until that duration has passed (for http's sake): 936 empty lists and
   * their bookkeeping, about 200 kB of heap, piled up over a compressed 8-hour soak.
   */
  private arm(timer: ShiftTimer): void {
    if (timer.real) clearTimeout(timer.real);
    const remaining = Math.max(0, timer.due - this.now());
    timer.real = setTimeout(
      () => {
        if (!this.timers.has(timer)) return;
        if (timer.due > this.now()) return this.arm(timer);
        this.timers.delete(timer);
        timer.callback();
      },
      Math.min(remaining, HORIZON_MS),
    );
    // As the system clock: only a timer someone awaits holds the process open.
    if (!timer.keepAlive) timer.real.unref();
  }
}
