import type { JobView } from '../../shared/outbox.ts';
import type { AuditLog } from './audit-log.ts';
import type { JobStore } from './job-store.ts';
import { OutboxInputError } from './job-types.ts';
import { about, INTERRUPTED } from './outcome.ts';

/** What the operator's actions on jobs need of the outbox. */
export interface JobActionContext {
  store: JobStore;
  audit: AuditLog;
  now: () => number;
  /** The job is being sent or checked right now. */
  busy: (jobId: string) => boolean;
  publish: (profileId: string, job: JobView | null) => void;
  /** Look for work for the profile now. */
  kick: (profileId: string) => void;
}

/** Retry now: a failed or waiting job goes again (a job being checked is checked now). */
export function retryJob(ctx: JobActionContext, jobId: string): JobView {
  const job = ctx.store.get(jobId);
  if (job.state === 'orphaned')
    throw new OutboxInputError(
      'bad_state',
      'Its profile was removed: move it to a profile or discard it.',
    );
  if (ctx.busy(jobId) || job.state === 'sending')
    throw new OutboxInputError('bad_state', 'This job is being sent or checked right now.');
  const record = () =>
    ctx.audit.record({
      event: 'job.retry',
      profileId: job.profileId,
      jobId,
      messageKey: 'activity.retry',
      params: about(job),
      message: 'Retry requested by the operator.',
    });
  const now = ctx.now();
  // "Retry now" on a job being checked checks it now; it is not sent again unverified.
  const requeued =
    job.state === 'uncertain'
      ? ctx.store.markUncertain(jobId, job.lastError ?? INTERRUPTED, now, ['uncertain'], record)
      : ctx.store.requeue(
          jobId,
          now,
          job.state === 'failed' ? job.lastError : undefined,
          ['failed', 'queued'],
          record,
        );
  ctx.publish(job.profileId, requeued);
  ctx.kick(job.profileId);
  return requeued;
}

/** Retry every queued and failed job of the profile now. */
export function retryAllJobs(ctx: JobActionContext, profileId: string): number {
  const jobs = ctx.store.list({ profileId, states: ['queued', 'failed'] });
  for (const job of jobs)
    if (!ctx.busy(job.id)) ctx.store.requeue(job.id, ctx.now(), undefined, ['queued', 'failed']);
  ctx.audit.record({
    event: 'job.retry_all',
    profileId,
    messageKey: 'activity.retry_all',
    params: { count: jobs.length },
    message: `Retry of ${jobs.length} job(s) requested by the operator.`,
  });
  ctx.publish(profileId, null);
  ctx.kick(profileId);
  return jobs.length;
}

/** A failed job, corrected by the operator, queued again. */
export function editAndRetryJob(ctx: JobActionContext, jobId: string, payload: unknown): JobView {
  const job = ctx.store.get(jobId);
  if (job.state !== 'failed')
    throw new OutboxInputError('bad_state', 'Only failed jobs can be edited.');
  ctx.store.replacePayload(jobId, payload);
  ctx.audit.record({
    event: 'job.edited',
    profileId: job.profileId,
    jobId,
    messageKey: 'activity.edited',
    params: about(job),
    message: 'Corrected by the operator and queued again.',
  });
  return retryJob(ctx, jobId);
}

/** The operator gives a job up; it stays in the activity log with its payload. */
export function discardJob(ctx: JobActionContext, jobId: string): void {
  const job = ctx.store.get(jobId);
  if (job.state === 'sending' || ctx.busy(jobId))
    throw new OutboxInputError(
      'bad_state',
      'This job is being sent or checked right now; it can be discarded once that ends.',
    );
  ctx.store.remove(jobId, () =>
    ctx.audit.record({
      event: 'job.discarded',
      profileId: job.profileId,
      jobId,
      messageKey: 'activity.discarded',
      params: about(job),
      message: `${job.kind} discarded by the operator.`,
      details: { payload: job.payload },
    }),
  );
  ctx.publish(job.profileId, null);
}
