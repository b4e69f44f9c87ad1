import type { MessageKey } from '../../shared/i18n/message-key.ts';
import type { JobError, JobState, JobView } from '../../shared/outbox.ts';
import {
  ApiError,
  AuthenticationError,
  ConflictError,
  NotFoundError,
  RateLimitedError,
  ResponseFormatError,
} from '../api/errors.ts';
import type { AuditLog, AuditReason } from './audit-log.ts';
import type { JobStore } from './job-store.ts';
import type { EnqueueInput } from './job-types.ts';
import { messageOf } from '../platform/guards.ts';
import { englishMessage } from '../../shared/i18n/english.ts';

/** A JobError of the outbox's own: its English message is its catalogue sentence. */
const ownError = (family: string, code: string, messageKey: MessageKey): JobError => ({
  family,
  code,
  messageKey,
  message: englishMessage(messageKey),
});

export const NO_CLIENT = ownError('internal', 'no_client', 'outbox.noClient');
export const PROFILE_REMOVED = ownError('network', 'profile_removed', 'outbox.profileRemoved');
export const INTERRUPTED = ownError('internal', 'not_recorded', 'outbox.notRecorded');
export const UNVERIFIABLE = ownError('network', 'unverifiable', 'outbox.unverifiable');

/** How one run of a job ended, before it is written down. */
export type Outcome =
  | { kind: 'done'; result: unknown }
  | { kind: 'retry'; error: JobError; afterMs?: number }
  | { kind: 'uncertain'; error: JobError }
  | { kind: 'failed'; error: JobError }
  | { kind: 'auth'; error: JobError };

/** A run's failure as the job keeps it; its English is its sentence's (see englishMessage). */
export const jobError = (error: unknown): JobError => {
  if (error instanceof ApiError) {
    return {
      family: error.family,
      code: error.code,
      messageKey: error.messageKey,
      message: englishMessage(error.messageKey, {}, error.message),
      ...(error.status ? { status: error.status } : {}),
      ...(error.serviceMessage ? { serviceMessage: error.serviceMessage } : {}),
    };
  }
  return {
    family: 'internal',
    code: 'internal',
    messageKey: 'errors.internal',
    message: englishMessage('errors.internal', {}, messageOf(error)),
  };
};

/** What an activity sentence names: the kind of submission and what it is about. */
export const about = (job: Pick<JobView, 'kind' | 'subject'>) => ({
  kind: job.kind,
  subject: job.subject,
});

/** Why something failed, kept as a sentence key (and the service's own words, if it gave any). */
const reasonOf = (error: JobError): AuditReason => ({
  messageKey: error.messageKey,
  ...(error.serviceMessage ? { serviceMessage: error.serviceMessage } : {}),
});

/**
 * What a failed send or read-back means for the job. `verifying`: the failure came from a
 * read-back; `verifiedAbsent`: the job is being sent again because a read-back did not find it.
 */
export function classify(
  job: JobView,
  error: unknown,
  verifying: boolean,
  verifiedAbsent = false,
): Outcome {
  const e = jobError(error);
  if (error instanceof ResponseFormatError && !verifying)
    return { kind: 'done', result: { unparsed: true } };
  if (error instanceof AuthenticationError) return { kind: 'auth', error: e };
  if (error instanceof RateLimitedError)
    return { kind: 'retry', error: e, afterMs: error.retryAfterSeconds * 1000 };
  if (error instanceof ApiError) {
    if (error.uncertain)
      return verifying ? { kind: 'retry', error: e } : { kind: 'uncertain', error: e };
    if (['network', 'server', 'timeout'].includes(error.family)) return { kind: 'retry', error: e };
    // After an earlier attempt that may have landed, "already exists" or "already gone" may be ours.
    if (
      job.attempts > 0 &&
      !verifiedAbsent &&
      ((error instanceof ConflictError && job.kind.endsWith('.create')) ||
        (error instanceof NotFoundError && job.kind === 'inbound.delete'))
    ) {
      return { kind: 'uncertain', error: e };
    }
    return { kind: 'failed', error: e };
  }
  return { kind: 'retry', error: e };
}

export interface RecordOutcome {
  store: JobStore;
  audit: AuditLog;
  now: number;
  /** The wait before a retry after this many attempts. */
  backoff: (attempt: number) => number;
  /** True the first time the service refuses this profile's key (later refusals say nothing). */
  pauseForAuth: (profileId: string) => boolean;
}

/** Writes a run's outcome: the job's new state and its activity row, in one transaction. */
export function recordOutcome(
  { store, audit, now, backoff, pauseForAuth }: RecordOutcome,
  job: JobView,
  outcome: Outcome,
): JobView {
  // Where this run can have left the job: sent (sending), or not yet (queued / uncertain).
  const from: JobState[] = ['sending', job.state];
  const entry =
    (
      event: string,
      messageKey: MessageKey,
      message: string,
      extra: { details?: unknown; reason?: JobError; params?: Record<string, number> } = {},
    ) =>
    () =>
      audit.record({
        event,
        profileId: job.profileId,
        jobId: job.id,
        messageKey,
        params: { ...about(job), ...extra.params },
        ...(extra.reason ? { reason: reasonOf(extra.reason) } : {}),
        message,
        ...(extra.details === undefined ? {} : { details: extra.details }),
      });
  switch (outcome.kind) {
    case 'done':
      return store.markDone(
        job.id,
        outcome.result,
        from,
        entry('job.done', 'activity.done', `${job.kind} delivered.`, {
          details: outcome.result,
        }),
      );
    case 'failed':
      return store.markFailed(
        job.id,
        outcome.error,
        from,
        entry('job.failed', 'activity.failed', outcome.error.message, {
          reason: outcome.error,
        }),
      );
    case 'uncertain':
      return store.markUncertain(
        job.id,
        outcome.error,
        now,
        from,
        entry(
          'job.uncertain',
          'activity.uncertain',
          `No clear answer (${outcome.error.message}); checking before sending again.`,
          { reason: outcome.error },
        ),
      );
    case 'auth': {
      const record = pauseForAuth(job.profileId)
        ? entry(
            'outbox.paused_auth',
            'activity.paused_auth',
            'The service refused the API key; sending is paused until the key is changed.',
          )
        : undefined;
      // A job being verified stays to be verified (with the new key), never simply re-sent.
      return store.get(job.id).state === 'uncertain'
        ? store.markUncertain(job.id, outcome.error, now, from, record)
        : store.requeue(job.id, now, outcome.error, from, record);
    }
    case 'retry': {
      const current = store.get(job.id);
      const delay = outcome.afterMs ?? backoff(Math.max(1, current.attempts));
      const record = entry(
        'job.retry_scheduled',
        'activity.retry_scheduled',
        `${outcome.error.message} Next try in ${Math.round(delay / 1000)} s.`,
        { reason: outcome.error, params: { seconds: Math.round(delay / 1000) } },
      );
      // An uncertain job stays uncertain: it must be verified again before any resend.
      return current.state === 'uncertain'
        ? store.markUncertain(job.id, outcome.error, now + delay, from, record)
        : store.requeue(job.id, now + delay, outcome.error, from, record);
    }
  }
}

/**
 * The activity row of a new job, as what it is: a status the station sets by itself says so
 * ("Order PB-3 marked packed"), and only a repeat the operator confirmed says re-send.
 */
export function enqueuedEntry(input: EnqueueInput, job: JobView, again: boolean) {
  const status =
    input.sentBy === 'station' && input.kind === 'order.update'
      ? (input.payload as { order?: { status?: unknown } }).order?.status
      : undefined;
  if (typeof status === 'string')
    return {
      messageKey: 'activity.order_status',
      params: { ...about(job), status },
      message: `Order ${job.subject} marked ${status}.`,
    } as const;
  const resend = again && input.confirmResend === true;
  return {
    messageKey: resend ? 'activity.enqueued_resend' : 'activity.enqueued',
    params: about(job),
    message: `${input.kind} queued${resend ? ' (re-send confirmed by the operator)' : ''}.`,
  } as const;
}
