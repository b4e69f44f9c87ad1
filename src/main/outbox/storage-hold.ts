import type { JobView } from '../../shared/outbox.ts';
import type { JobStore } from './job-store.ts';
import { OutboxInputError } from './job-types.ts';
import { INTERRUPTED } from './outcome.ts';
import { messageOf } from '../platform/guards.ts';

/**
 * How soon to try again after the outbox itself could not write (a full disk): the first wait,
 * doubled after each further failure up to the cap (with jitter, as the delivery back-off).
 */
const STORAGE_RETRY_MS = 5_000;
const STORAGE_RETRY_CAP_MS = 120_000;

/**
 * The outbox's own writes failing (a full disk): jobs whose new state could not be written, and
 * the back-off that holds every delivery until writes work again.
 */
export class StorageHold {
  private readonly store: JobStore;
  private readonly now: () => number;
  private readonly random: () => number;
  private readonly stranded = new Set<string>();
  /** Failed rounds of the outbox's own writes in a row (a full disk), for the back-off. */
  private failures = 0;
  /** No job is taken before this time: the outbox's own writes were failing. */
  private heldUntil = 0;

  constructor(store: JobStore, now: () => number, random: () => number) {
    this.store = store;
    this.now = now;
    this.random = random;
  }

  /**
   * How long deliveries must still wait (0: they may go). Stranded jobs are marked for
   * verification first; while that cannot be written either, the hold goes on.
   */
  waitMs(): number {
    if (this.heldUntil <= this.now() && this.reclaimStranded()) return 0;
    this.hold();
    return this.heldUntil - this.now();
  }

  /**
   * A job's new state could not be written (the disk filled up while it was being sent): it is
   * remembered here and, once writes work again, marked for verification, so it is neither
   * stuck as "sending" until the next start nor sent again blindly.
   */
  strand(job: JobView, error: unknown): void {
    console.warn(`outbox: job ${job.id} could not be recorded: ${messageOf(error)}`);
    this.stranded.add(job.id);
    // A job that moved meanwhile (an operator's retry or discard) is no fault of the disk.
    const moved =
      error instanceof OutboxInputError &&
      (error.code === 'bad_state' || error.code === 'not_found');
    if (!moved) this.hold();
  }

  /** A write went through: the disk has room, the back-off starts again from the beginning. */
  works(): void {
    this.failures = 0;
    this.heldUntil = 0;
  }

  /**
   * The outbox could not write: hold every delivery back, longer after each failed round (one
   * round however many jobs failed in it), so main keeps answering while the disk is full.
   */
  private hold(): void {
    const now = this.now();
    if (this.heldUntil > now) return;
    this.failures += 1;
    const ceiling = Math.min(
      STORAGE_RETRY_CAP_MS,
      STORAGE_RETRY_MS * 2 ** Math.min(this.failures - 1, 30),
    );
    this.heldUntil = now + Math.round(ceiling / 2 + (this.random() * ceiling) / 2);
  }

  /** True when nothing is stranded any more (or nothing was). */
  private reclaimStranded(): boolean {
    for (const id of [...this.stranded]) {
      try {
        const job = this.store.get(id);
        if (job.state === 'sending') this.store.markUncertain(id, INTERRUPTED, this.now());
        this.stranded.delete(id);
      } catch (error) {
        if (error instanceof OutboxInputError && error.code === 'not_found') {
          this.stranded.delete(id);
          continue;
        }
        return false;
      }
    }
    return true;
  }
}
