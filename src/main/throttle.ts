import type { Clock } from './platform/clock.ts';

/** Calls `fn` at most once per `ms`, always with the latest value (trailing edge included). */
export function throttleLatest<T>(
  fn: (value: T) => void,
  ms: number,
  clock: Clock,
): (value: T) => void {
  let last = -Infinity;
  let pending: { value: T } | null = null;
  let timer: unknown = null;
  const flush = () => {
    timer = null;
    if (!pending) return;
    const { value } = pending;
    pending = null;
    last = clock.now();
    fn(value);
  };
  return (value: T) => {
    pending = { value };
    const wait = last + ms - clock.now();
    if (wait <= 0 && timer === null) flush();
    else timer ??= clock.setTimeout(flush, Math.max(0, wait));
  };
}
