import type { AuditView } from '../../shared/ipc/channels.ts';
import type { JobState, JobView, OutboxSnapshot } from '../../shared/outbox.ts';
import type { AppError } from '../../shared/result.ts';
import type { EnqueueInput, EnqueueOutcome } from '../outbox/job-types.ts';
import type { Outbox } from '../outbox/outbox.ts';
import { fileForgotten } from '../outbox/file-retention.ts';

/** An invoice in these states is the paper the service has or will have. */
const INVOICE_ON_ITS_WAY: readonly JobState[] = ['queued', 'sending', 'uncertain'];

/**
 * What the window may do with the outbox and the activity log, always on behalf of the active
 * profile. The IPC handlers use this and never the outbox's insides (its store, its audit
 * table), so the outbox can change without the window's contract changing with it.
 */
export class StationWork {
  private readonly outbox: Outbox;
  private readonly profileId: () => string;

  constructor(outbox: Outbox, activeProfileId: () => string) {
    this.outbox = outbox;
    this.profileId = activeProfileId;
  }

  submit(input: Omit<EnqueueInput, 'profileId'>): EnqueueOutcome {
    return this.outbox.enqueue({ ...input, profileId: this.profileId() });
  }

  view(states?: readonly JobState[]): { snapshot: OutboxSnapshot; jobs: JobView[] } {
    const profileId = this.profileId();
    return {
      snapshot: this.outbox.snapshot(profileId),
      jobs: this.outbox.store.list({ profileId, ...(states ? { states } : {}) }),
    };
  }

  /** A label job's file as it was queued (to print it), or null when it has none. */
  labelFile(id: string): { bytes: Uint8Array; fileName: string; order: string } | null {
    const job = this.outbox.store.get(id);
    if (job.kind !== 'label.upload') return null;
    const bytes = this.outbox.store.file(id);
    return bytes ? { bytes, fileName: job.payload.fileName, order: job.payload.order } : null;
  }

  /** The job had a file, and retention let it go (delivered long ago): see file-retention.ts. */
  fileForgotten(id: string): boolean {
    return fileForgotten(this.outbox.database, id);
  }

  /** An invoice was delivered for the order, and retention let every such file go. */
  invoiceForgotten(order: string): boolean {
    const delivered = this.orderFiles(order).filter(
      (job) => job.kind === 'invoice.upload' && job.state === 'done',
    );
    return delivered.length > 0 && delivered.every((job) => this.fileForgotten(job.id));
  }

  /**
   * The invoice this station delivered for an order, byte for byte (the newest delivered one;
   * else the newest still on its way, which is the same paper): null when it has none. One the
   * service refused (failed) or whose profile is gone (orphaned) never goes in the box.
   */
  invoiceFile(order: string): { bytes: Uint8Array; fileName: string } | null {
    const invoices = this.orderFiles(order).filter((job) => job.kind === 'invoice.upload');
    const onItsWay = invoices.filter((j) => INVOICE_ON_ITS_WAY.includes(j.state));
    for (const job of [...invoices.filter((j) => j.state === 'done'), ...onItsWay]) {
      const full = this.outbox.store.get(job.id);
      if (full.kind !== 'invoice.upload') continue;
      const bytes = this.outbox.store.file(job.id);
      if (bytes) return { bytes, fileName: full.payload.fileName };
    }
    return null;
  }

  /** Invoice and label jobs of one order, newest first: what the order card follows. */
  orderFiles(order: string): JobView[] {
    return this.outbox.store.fileJobsFor(this.profileId(), order);
  }

  retry(id: string): JobView {
    return this.outbox.retry(id);
  }

  edit(id: string, payload: unknown): JobView {
    return this.outbox.editAndRetry(id, payload);
  }

  retryAll(): number {
    return this.outbox.retryAll(this.profileId());
  }

  discard(id: string): OutboxSnapshot {
    this.outbox.discard(id);
    return this.outbox.snapshot(this.profileId());
  }

  reassign(id: string): JobView {
    return this.outbox.reassign(id, this.profileId());
  }

  acknowledge(noticeId: number): OutboxSnapshot {
    this.outbox.acknowledgeNotice(noticeId);
    return this.outbox.snapshot(this.profileId());
  }

  activity(limit: number): AuditView[] {
    return this.outbox.audit
      .list({ limit })
      .map(({ id, at, event, jobId, messageKey, params, reason, message }) => ({
        id,
        at,
        event,
        jobId,
        messageKey,
        params,
        reason,
        message,
      }));
  }

  activityCsv(): string {
    return this.outbox.audit.toCsv(this.outbox.audit.list({ limit: 100_000 }));
  }

  /** A scan, found or not, goes in the activity log (with the reason when it failed). */
  recordLookup(order: string, failure: AppError | null): void {
    this.outbox.audit.record({
      event: 'lookup',
      profileId: this.profileId(),
      messageKey: failure ? 'activity.lookup_failed' : 'activity.lookup_found',
      params: { order },
      ...(failure
        ? {
            reason: {
              messageKey: failure.messageKey,
              ...(failure.serviceMessage ? { serviceMessage: failure.serviceMessage } : {}),
            },
          }
        : {}),
      message: failure ? `Order ${order}: ${failure.message}` : `Order ${order} looked up.`,
    });
  }
}
