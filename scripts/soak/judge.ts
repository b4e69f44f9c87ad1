// The soak's verdict on one measure's series: did it grow once the station had warmed up?
//
// The first 10 % of the samples are the warm-up (caches fill, the WAL reaches its working size,
// lazy modules load) and are not judged. The reference is the HIGHEST sample of the next 10 %
// (the first tenth after the warm-up): a measure that saws up and down (the heap between
// collections, the WAL between checkpoints, timers that come and go) is judged against the top
// of its range, not against a low moment. The end is the MEDIAN of the last 10 %: one high sample
// at the end does not fail a run, a level that stays high does. The measure grew when the end
// is above the reference by more than 5 % of it plus the measure's grain: 0 for most, so one more
// D-Bus connection on a reference of 2 fails; one row for the outbox's waiting rows, which may
// hold the job just submitted at a sample and is 0 otherwise.
export const WARM_UP = 0.1;
export const BOUND = 0.05;

export interface Verdict {
  /** Highest sample in the tenth after the warm-up. */
  reference: number;
  /** Median of the last tenth. */
  end: number;
  /** (end − reference) ÷ reference; 0 when both are 0. */
  growth: number;
  grew: boolean;
}

const median = (xs: readonly number[]) => {
  const sorted = [...xs].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[middle] ?? 0)
    : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
};

/** Judges a series sampled at even steps; `grain` is the smallest change the measure can make. */
export function judge(series: readonly number[], grain = 0): Verdict {
  if (series.length < 20)
    throw new Error(`a soak needs at least 20 samples to judge, not ${series.length}`);
  const tenth = Math.max(1, Math.floor(series.length * WARM_UP));
  const reference = Math.max(...series.slice(tenth, 2 * tenth));
  const end = median(series.slice(series.length - tenth));
  const growth = reference === 0 ? (end === 0 ? 0 : Infinity) : (end - reference) / reference;
  return { reference, end, growth, grew: end > reference * (1 + BOUND) + grain };
}
