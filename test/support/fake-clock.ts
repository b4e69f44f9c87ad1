import type { Clock } from '../../src/main/platform/clock.ts';

/** A clock that only moves when told to; timers fire in time order during `advance`. */
export class FakeClock implements Clock {
  private current: number;
  private timers: { at: number; seq: number; callback: () => void }[] = [];
  private seq = 0;

  constructor(start = 1_700_000_000_000) {
    this.current = start;
  }

  now(): number {
    return this.current;
  }

  setTimeout(callback: () => void, ms: number): unknown {
    const timer = { at: this.current + Math.max(0, ms), seq: (this.seq += 1), callback };
    this.timers.push(timer);
    return timer;
  }

  clearTimeout(handle: unknown): void {
    this.timers = this.timers.filter((t) => t !== handle);
  }

  /** Moves time forward, firing due timers (and awaiting promise callbacks between them). */
  async advance(ms: number): Promise<void> {
    const target = this.current + ms;
    for (let fired = 0; ; fired += 1) {
      if (fired > 100_000)
        throw new Error(`runaway timers: over 100000 fired before ${target} (now ${this.current})`);
      await flushMicrotasks();
      this.timers.sort((a, b) => a.at - b.at || a.seq - b.seq);
      const next = this.timers[0];
      if (!next || next.at > target) break;
      this.timers.shift();
      this.current = Math.max(this.current, next.at);
      next.callback();
    }
    this.current = target;
    await flushMicrotasks();
  }

  get pendingTimers(): number {
    return this.timers.length;
  }
}

export async function flushMicrotasks(): Promise<void> {
  for (let i = 0; i < 20; i += 1) await Promise.resolve();
}
