/**
 * Redis TIME minus this station's clock, as well as the station can tell: what stamps a grant
 * made on the local share with the server's time (GrantRecord.serverMs), so one record orders
 * every station's grants, shared or not.
 *
 * Each answer gives the server's time when the script ran and the local time the answer arrived,
 * later by the trip back (a few ms, far more on a loaded machine). One sample alone therefore
 * puts the server's clock behind by that trip: a local grant that reuses a slot exactly a window
 * after it was granted would be stamped inside that window, as an over-grant that never was.
 * The fastest answer is the closest, so the estimate is the largest sample of the last window:
 * at least as close as the answer of any grant whose slot may be reused, and recent enough to
 * follow a clock the OS slews over a shift.
 */
export class ServerOffset {
  /** Samples of the last `spanMs`, each smaller than every one before it (a sliding maximum). */
  private readonly kept: { offset: number; at: number }[] = [];
  private readonly spanMs: number;

  constructor(spanMs: number) {
    this.spanMs = spanMs;
  }

  /** An answer stamped `serverMs` by Redis arrived at local time `localMs`. */
  note(serverMs: number, localMs: number): void {
    const offset = serverMs - localMs;
    // A sample no larger than this newer one can never be the maximum again.
    while ((this.kept.at(-1)?.offset ?? Infinity) <= offset) this.kept.pop();
    this.kept.push({ offset, at: localMs });
    while ((this.kept[0]?.at ?? Infinity) < localMs - this.spanMs) this.kept.shift();
  }

  /** The best estimate of server minus local (0 before any answer). */
  get ms(): number {
    return this.kept[0]?.offset ?? 0;
  }
}
