import { randomUUID } from 'node:crypto';
/** Time as the core sees it; tests pass a fake one and move it by hand. */
export interface Clock {
  now(): number;
  /**
   * `keepAlive`: someone awaits this timer, so the process must not exit under it. Other
   * timers (retries, checks) never hold a station's process open by themselves.
   */
  setTimeout(callback: () => void, ms: number, options?: { keepAlive?: boolean }): unknown;
  clearTimeout(handle: unknown): void;
}

export const systemClock: Clock = {
  now: () => Date.now(),
  setTimeout: (callback, ms, options) => {
    const handle = setTimeout(callback, ms);
    if (!options?.keepAlive) handle.unref?.();
    return handle;
  },
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

/** A monotonic reading in ms, for how long something took (performance.now); tests pass their own. */
export const systemElapsed: () => number = () => performance.now();

/** Chance as the core sees it; tests and the bench pass a seeded source to replay a run. */
export const systemRandom: () => number = Math.random;

/** New ids (profiles, jobs, edit keys) as the core makes them; tests may pass a counter. */
export const systemIds: () => string = () => randomUUID();

/** Resolves after `ms` on the given clock, or rejects when `signal` aborts. */
export function sleep(clock: Clock, ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason);
      return;
    }
    const onAbort = () => {
      clock.clearTimeout(handle);
      reject(signal?.reason);
    };
    const handle = clock.setTimeout(
      () => {
        signal?.removeEventListener('abort', onAbort);
        resolve();
      },
      Math.max(0, ms),
    );
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
