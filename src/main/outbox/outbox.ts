import type { MessageKey } from '../../shared/i18n/message-key.ts';
import type { DatabaseSync } from 'node:sqlite';
import type { JobError, JobState, JobView, OutboxSnapshot } from '../../shared/outbox.ts';
import type { ApiClient } from '../api/client.ts';
import {
  ApiError,
  AuthenticationError,
  ConflictError,
  NotFoundError,
  RateLimitedError,
  ResponseFormatError,
} from '../api/errors.ts';
import { systemIds, systemRandom, type Clock } from '../platform/clock.ts';
import { AuditLog, type AuditReason } from './audit-log.ts';
import { NoticeBoard } from './notices.ts';
import { nodeFs, type StationFs } from '../platform/station-fs.ts';
import { openOrSalvage } from './salvage.ts';
import { deliver, verify } from './delivery.ts';
import { JobStore, OutboxInputError, type EnqueueInput, type EnqueueOutcome } from './job-store.ts';

export interface OutboxOptions {
  file: string;
  clock: Clock;
  /** Around the database file (salvage, the schema check); default the real one. */
  fs?: StationFs;
  random?: () => number;
  /** New job ids and edit keys; default random UUIDs. */
  newId?: () => string;
  /** The API client of a profile, or null when that profile cannot send now. */
  clientFor: (profileId: string) => Promise<ApiClient | null>;
  /** False while the service is known to be unreachable: nothing is attempted. */
  isOnline: (profileId: string) => boolean;
  /** Whether the profile still exists (default: every profile does). */
  hasProfile?: (profileId: string) => boolean;
  concurrency?: number;
  backoffBaseMs?: number;
  backoffCapMs?: number;
  maxFileBytes?: number;
  auditRetentionDays?: number;
}

/**
 * How soon to try again after the outbox itself could not write (a full disk): the first wait,
 * doubled after each further failure up to the cap (with jitter, as `backoff`).
 */
const STORAGE_RETRY_MS = 5_000;
const STORAGE_RETRY_CAP_MS = 120_000;

const NO_CLIENT: JobError = {
  family: 'internal',
  code: 'no_client',
  messageKey: 'errors.internal',
  message: 'This profile cannot send right now.',
};

const PROFILE_REMOVED: JobError = {
  family: 'network',
  code: 'profile_removed',
  messageKey: 'outbox.orphanedHint',
  message:
    'Its profile was removed while this was being sent; it will be checked before it is sent again.',
};

const INTERRUPTED: JobError = {
  family: 'internal',
  code: 'not_recorded',
  messageKey: 'outbox.interrupted',
  message:
    'The result of sending could not be recorded (the disk was full); checking whether the service received it.',
};

type Outcome =
  | { kind: 'done'; result: unknown }
  | { kind: 'retry'; error: JobError; afterMs?: number }
  | { kind: 'uncertain'; error: JobError }
  | { kind: 'failed'; error: JobError }
  | { kind: 'auth'; error: JobError };

const jobError = (error: unknown): JobError => {
  if (error instanceof ApiError) {
    return {
      family: error.family,
      code: error.code,
      messageKey: error.messageKey,
      message: error.message,
      ...(error.status ? { status: error.status } : {}),
      ...(error.serviceMessage ? { serviceMessage: error.serviceMessage } : {}),
    };
  }
  return {
    family: 'internal',
    code: 'internal',
    messageKey: 'errors.internal',
    message: error instanceof Error ? error.message : String(error),
  };
};

/** What an activity sentence names: the kind of submission and what it is about. */
const about = (job: Pick<JobView, 'kind' | 'subject'>) => ({
  kind: job.kind,
  subject: job.subject,
});

/** Why something failed, kept as a sentence key (and the service's own words, if it gave any). */
const reasonOf = (error: JobError): AuditReason => ({
  messageKey: error.messageKey,
  ...(error.serviceMessage ? { serviceMessage: error.serviceMessage } : {}),
});

/**
 * The durable outbox: every submission is stored before anything is sent, drained per profile
 * through the company budget's submissions lane, retried when that is safe, verified by a read
 * when the outcome is uncertain, and never sent twice on purpose.
 */
export class Outbox {
  readonly store: JobStore;
  readonly audit: AuditLog;
  readonly notices: NoticeBoard;
  private readonly db: DatabaseSync;
  private readonly o: Required<Omit<OutboxOptions, 'maxFileBytes'>>;
  private readonly inFlight = new Set<string>();
  /** Conditions awaited by `idle` and `close`, checked on every change. */
  private readonly changeWaiters = new Set<() => void>();
  /** Aborts a profile's requests in flight when the profile is removed. */
  private readonly aborters = new Map<string, AbortController>();
  /** How many of each profile's jobs are in flight. */
  private readonly inFlightOf = new Map<string, number>();
  /** Profiles that found every slot taken and must look again when one frees up. */
  private readonly starved = new Set<string>();
  private readonly authPaused = new Set<string>();
  private readonly timers = new Map<string, unknown>();
  private readonly active = new Set<string>();
  private readonly listeners = new Set<
    (profileId: string, snapshot: OutboxSnapshot, job: JobView | null) => void
  >();
  private closed = false;
  private recovered = false;
  private readonly stranded = new Set<string>();
  /** Failed rounds of the outbox's own writes in a row (a full disk), for the back-off. */
  private storageFailures = 0;
  /** No job is taken before this time: the outbox's own writes were failing. */
  private storageHeldUntil = 0;

  constructor(options: OutboxOptions) {
    this.o = {
      fs: nodeFs,
      newId: systemIds,
      random: systemRandom,
      hasProfile: () => true,
      concurrency: 4,
      backoffBaseMs: 2_000,
      backoffCapMs: 300_000,
      auditRetentionDays: 90,
      ...options,
    };
    const now = () => this.o.clock.now();
    const opened = openOrSalvage(options.file, now, this.o.fs);
    this.db = opened.db;
    this.notices = new NoticeBoard(this.db, now);
    this.store = new JobStore(this.db, {
      now,
      newId: this.o.newId,
      ...(options.maxFileBytes ? { maxFileBytes: options.maxFileBytes } : {}),
    });
    this.audit = new AuditLog(this.db, now);
    if (opened.salvage) {
      const { damagedCopy, recovered, unreadable, reason } = opened.salvage;
      this.notices.post({
        kind: 'salvaged',
        details: { damagedCopy, recovered, unreadable, reason },
      });
      this.audit.record({
        event: 'outbox.salvaged',
        messageKey: 'activity.salvaged',
        params: { copy: damagedCopy, recovered },
        message: `The outbox file was damaged (${reason}); it was set aside as ${damagedCopy}. ${recovered} job(s) recovered, ${unreadable ?? 'an unknown number of'} unreadable.`,
        details: opened.salvage,
      });
    }
  }

  /**
   * A profile was removed (or lost with a damaged profiles file): its timer stops, and its
   * unfinished jobs wait as "profile removed" instead of being retried into nothing.
   */
  /**
   * The outbox's database, for the print queue's table beside the jobs (one file, one lock,
   * one salvage). Nothing else may write the outbox's own tables.
   */
  get database(): DatabaseSync {
    return this.db;
  }

  removeProfile(profileId: string): JobView[] {
    this.stop(profileId);
    // Its requests in flight end now (their jobs are then orphaned as uncertain).
    this.aborters.get(profileId)?.abort();
    this.aborters.delete(profileId);
    this.authPaused.delete(profileId);
    const orphaned = this.store.orphan(profileId, (job) =>
      this.audit.record({
        event: 'job.orphaned',
        profileId,
        jobId: job.id,
        messageKey: 'activity.orphaned',
        params: about(job),
        message: 'Waits for another profile: its own was removed.',
      }),
    );
    this.publishAll();
    return orphaned;
  }

  /** An orphaned job goes to another profile, in the state it had, and that profile sends it. */
  reassign(jobId: string, profileId: string): JobView {
    if (!this.o.hasProfile(profileId))
      throw new OutboxInputError('unknown_profile', `No profile with id "${profileId}".`);
    const job = this.store.get(jobId);
    const from = job.profileId;
    const moved = this.store.reassign(jobId, profileId, () =>
      this.audit.record({
        event: 'job.reassigned',
        profileId,
        jobId,
        messageKey: 'activity.reassigned',
        params: about(job),
        message: `Moved from a removed profile (${from}) by the operator.`,
      }),
    );
    this.active.add(profileId);
    this.publishAll();
    this.kick(profileId);
    return moved;
  }

  /** The operator has read a notice: it leaves the banner (and stays in the audit log). */
  acknowledgeNotice(id: number): void {
    if (!this.notices.acknowledge(id))
      throw new OutboxInputError('not_found', `No open notice with id ${id}.`);
    this.publishAll();
  }

  /**
   * The housekeeping of an opened outbox (set aside rows that do not parse, mark jobs caught
   * mid-send for verification, purge old audit rows). It writes, so it waits until the station
   * has started for good: a start that fails afterwards must leave the file as it found it.
   * Runs once; `start` and `enqueue` run it first.
   */
  recover(): void {
    if (this.recovered) return;
    this.recovered = true;
    for (const { jobId, reason } of this.store.quarantineInvalid()) {
      this.audit.record({
        event: 'job.quarantined',
        jobId,
        messageKey: 'activity.quarantined',
        message: `A stored job could not be read and was set aside: ${reason}`,
      });
    }
    for (const job of this.store.recoverInterrupted()) {
      this.audit.record({
        event: 'job.interrupted',
        profileId: job.profileId,
        jobId: job.id,
        messageKey: 'activity.interrupted',
        params: about(job),
        message: 'Interrupted while sending; will verify before sending again.',
      });
    }
    this.audit.purge(this.o.auditRetentionDays);
  }

  /** Starts draining a profile's jobs (and keeps going until `stop`). */
  start(profileId: string): void {
    this.recover();
    this.active.add(profileId);
    this.kick(profileId);
  }

  stop(profileId: string): void {
    this.active.delete(profileId);
    this.clearTimer(profileId);
  }

  /** Something changed (online again, new key, new job): look for work now. */
  kick(profileId: string): void {
    if (!this.active.has(profileId) || this.closed) return;
    this.clearTimer(profileId);
    void this.pump(profileId);
  }

  /** The key of a profile changed: lift the hold put on it by a 401/403. */
  keyChanged(profileId: string): void {
    this.authPaused.delete(profileId);
    this.publish(profileId, null);
    this.kick(profileId);
  }

  enqueue(input: EnqueueInput): EnqueueOutcome {
    this.recover();
    if (!this.o.hasProfile(input.profileId))
      throw new OutboxInputError(
        'unknown_profile',
        `No profile with id "${input.profileId}": nothing was queued.`,
      );
    const resend = input.confirmResend ? ' (re-send confirmed by the operator)' : '';
    const outcome = this.store.enqueue(input, (job) =>
      this.audit.record({
        event: 'job.enqueued',
        profileId: input.profileId,
        jobId: job.id,
        messageKey: input.confirmResend ? 'activity.enqueued_resend' : 'activity.enqueued',
        params: about(job),
        message: `${input.kind} queued${resend}.`,
      }),
    );
    this.active.add(input.profileId);
    if (outcome.status === 'enqueued') {
      // It was written: there is room again, so what waits for the disk goes now.
      this.storageWorks();
      this.publish(input.profileId, outcome.job);
      this.kick(input.profileId);
    }
    return outcome;
  }

  retry(jobId: string): JobView {
    const job = this.store.get(jobId);
    if (job.state === 'orphaned')
      throw new OutboxInputError(
        'bad_state',
        'Its profile was removed: move it to a profile or discard it.',
      );
    if (this.inFlight.has(jobId) || job.state === 'sending')
      throw new OutboxInputError('bad_state', 'This job is being sent or checked right now.');
    const record = () =>
      this.audit.record({
        event: 'job.retry',
        profileId: job.profileId,
        jobId,
        messageKey: 'activity.retry',
        params: about(job),
        message: 'Retry requested by the operator.',
      });
    const now = this.o.clock.now();
    // "Retry now" on a job being checked checks it now; it is not sent again unverified.
    const requeued =
      job.state === 'uncertain'
        ? this.store.markUncertain(jobId, job.lastError ?? INTERRUPTED, now, ['uncertain'], record)
        : this.store.requeue(
            jobId,
            now,
            job.state === 'failed' ? job.lastError : undefined,
            ['failed', 'queued'],
            record,
          );
    this.publish(job.profileId, requeued);
    this.kick(job.profileId);
    return requeued;
  }

  retryAll(profileId: string): number {
    const jobs = this.store.list({ profileId, states: ['queued', 'failed'] });
    for (const job of jobs)
      if (!this.inFlight.has(job.id))
        this.store.requeue(job.id, this.o.clock.now(), undefined, ['queued', 'failed']);
    this.audit.record({
      event: 'job.retry_all',
      profileId,
      messageKey: 'activity.retry_all',
      params: { count: jobs.length },
      message: `Retry of ${jobs.length} job(s) requested by the operator.`,
    });
    this.publish(profileId, null);
    this.kick(profileId);
    return jobs.length;
  }

  editAndRetry(jobId: string, payload: unknown): JobView {
    const job = this.store.get(jobId);
    if (job.state !== 'failed')
      throw new OutboxInputError('bad_state', 'Only failed jobs can be edited.');
    this.store.replacePayload(jobId, payload);
    this.audit.record({
      event: 'job.edited',
      profileId: job.profileId,
      jobId,
      messageKey: 'activity.edited',
      params: about(job),
      message: 'Corrected by the operator and queued again.',
    });
    return this.retry(jobId);
  }

  discard(jobId: string): void {
    const job = this.store.get(jobId);
    if (job.state === 'sending' || this.inFlight.has(jobId))
      throw new OutboxInputError(
        'bad_state',
        'This job is being sent or checked right now; it can be discarded once that ends.',
      );
    this.store.remove(jobId, () =>
      this.audit.record({
        event: 'job.discarded',
        profileId: job.profileId,
        jobId,
        messageKey: 'activity.discarded',
        params: about(job),
        message: `${job.kind} discarded by the operator.`,
        details: { payload: job.payload },
      }),
    );
    this.publish(job.profileId, null);
  }

  snapshot(profileId: string): OutboxSnapshot {
    return {
      notices: this.notices.open(),
      counts: this.store.counts(profileId),
      pausedForAuth: this.authPaused.has(profileId),
      quarantined: this.store.quarantined().length,
      waiting: this.store.waiting(profileId),
    };
  }

  subscribe(
    listener: (profileId: string, snapshot: OutboxSnapshot, job: JobView | null) => void,
  ): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Resolves once nothing of the profile is queued, sending or due for verification. */
  async idle(profileId: string, timeoutMs = 60_000): Promise<void> {
    const idle = () => {
      const c = this.store.counts(profileId);
      return c.queued + c.sending + c.uncertain === 0 && this.inFlight.size === 0;
    };
    if (!(await this.until(idle, timeoutMs)))
      throw new Error(
        `outbox not idle after ${timeoutMs} ms: ${JSON.stringify(this.store.counts(profileId))}`,
      );
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const profileId of [...this.timers.keys()]) this.clearTimer(profileId);
    // Requests in flight get a moment to end and record their outcome.
    await this.until(() => this.inFlight.size === 0, 5_000);
    this.db.close();
  }

  /**
   * True once `done()` holds (checked whenever a job moves or a request ends), false after
   * `timeoutMs` on the outbox's clock. The wait holds the process open: someone awaits it.
   */
  private until(done: () => boolean, timeoutMs: number): Promise<boolean> {
    if (done()) return Promise.resolve(true);
    return new Promise((resolve) => {
      const finish = (result: boolean) => {
        this.changeWaiters.delete(check);
        this.o.clock.clearTimeout(timer);
        resolve(result);
      };
      const check = () => {
        if (done()) finish(true);
      };
      const timer = this.o.clock.setTimeout(() => finish(false), timeoutMs, { keepAlive: true });
      this.changeWaiters.add(check);
    });
  }

  /** A job moved or a request ended: whoever waits for a condition looks again. */
  private changed(): void {
    for (const check of [...this.changeWaiters]) check();
  }

  private async pump(profileId: string): Promise<void> {
    if (this.closed || !this.active.has(profileId) || this.authPaused.has(profileId)) return;
    if (!this.o.isOnline(profileId)) return;
    const free = this.o.concurrency - this.inFlight.size;
    if (free <= 0) {
      // Every slot is taken (perhaps by other profiles): look again when one frees up.
      this.starved.add(profileId);
      return;
    }
    // The outbox's own writes were failing (a full disk): nothing is taken until the back-off
    // ends. Taking the job again at once looped through promise callbacks that never gave the
    // event loop back, and main stopped answering until space returned.
    if (this.storageHeldUntil > this.o.clock.now() || !this.reclaimStranded()) {
      this.holdForStorage();
      this.scheduleRetry(profileId, this.storageHeldUntil - this.o.clock.now());
      return;
    }
    const jobs = this.store.ready(profileId, free, this.inFlight);
    for (const job of jobs) {
      this.inFlight.add(job.id);
      this.inFlightOf.set(profileId, (this.inFlightOf.get(profileId) ?? 0) + 1);
      void this.run(job)
        .catch((error: unknown) => this.strand(job, error))
        .finally(() => {
          this.inFlight.delete(job.id);
          this.inFlightOf.set(profileId, (this.inFlightOf.get(profileId) ?? 1) - 1);
          this.changed();
          const waiting = [profileId, ...this.starved];
          this.starved.clear();
          for (const id of new Set(waiting)) void this.pump(id);
        });
    }
    // Nothing of this profile is running or due now: wake up when its next job is due. (Jobs of
    // other profiles in flight do not count: they only wake their own profile when they end.)
    if (jobs.length === 0 && (this.inFlightOf.get(profileId) ?? 0) === 0)
      this.scheduleNext(profileId);
  }

  private signalOf(profileId: string): AbortSignal {
    let aborter = this.aborters.get(profileId);
    if (!aborter) {
      aborter = new AbortController();
      this.aborters.set(profileId, aborter);
    }
    return aborter.signal;
  }

  /**
   * A job's new state could not be written (the disk filled up while it was being sent): it is
   * remembered here and, once writes work again, marked for verification, so it is neither
   * stuck as "sending" until the next start nor sent again blindly.
   */
  private strand(job: JobView, error: unknown): void {
    console.warn(`outbox: job ${job.id} could not be recorded: ${(error as Error).message}`);
    this.stranded.add(job.id);
    // A job that moved meanwhile (an operator's retry or discard) is no fault of the disk.
    const moved =
      error instanceof OutboxInputError &&
      (error.code === 'bad_state' || error.code === 'not_found');
    if (!moved) this.holdForStorage();
  }

  /**
   * The outbox could not write: hold every delivery back, longer after each failed round (one
   * round however many jobs failed in it), so main keeps answering while the disk is full.
   */
  private holdForStorage(): void {
    const now = this.o.clock.now();
    if (this.storageHeldUntil > now) return;
    this.storageFailures += 1;
    const ceiling = Math.min(
      STORAGE_RETRY_CAP_MS,
      STORAGE_RETRY_MS * 2 ** Math.min(this.storageFailures - 1, 30),
    );
    this.storageHeldUntil = now + Math.round(ceiling / 2 + (this.o.random() * ceiling) / 2);
  }

  /** A write went through: the disk has room, the back-off starts again from the beginning. */
  private storageWorks(): void {
    this.storageFailures = 0;
    this.storageHeldUntil = 0;
  }

  /** True when nothing is stranded any more (or nothing was). */
  private reclaimStranded(): boolean {
    for (const id of [...this.stranded]) {
      try {
        const job = this.store.get(id);
        if (job.state === 'sending') this.store.markUncertain(id, INTERRUPTED, this.o.clock.now());
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

  private scheduleRetry(profileId: string, delayMs: number): void {
    this.clearTimer(profileId);
    this.timers.set(
      profileId,
      this.o.clock.setTimeout(() => {
        this.timers.delete(profileId);
        void this.pump(profileId);
      }, delayMs),
    );
  }

  private scheduleNext(profileId: string): void {
    const due = this.store.nextDueAt(profileId);
    if (due === null) return;
    this.clearTimer(profileId);
    this.timers.set(
      profileId,
      this.o.clock.setTimeout(
        () => {
          this.timers.delete(profileId);
          void this.pump(profileId);
        },
        Math.max(0, due - this.o.clock.now()),
      ),
    );
  }

  private clearTimer(profileId: string): void {
    const timer = this.timers.get(profileId);
    if (timer !== undefined) this.o.clock.clearTimeout(timer);
    this.timers.delete(profileId);
  }

  private async run(job: JobView): Promise<void> {
    let api: ApiClient | null;
    try {
      api = await this.o.clientFor(job.profileId);
    } catch (error) {
      this.apply(job, { kind: 'retry', error: jobError(error) });
      return;
    }
    if (!api) {
      // The profile is gone (or cannot send now): never pick the same job again at once, which
      // would spin the event loop; a removed profile's jobs wait as orphaned.
      if (!this.o.hasProfile(job.profileId)) this.removeProfile(job.profileId);
      else this.apply(job, { kind: 'retry', error: NO_CLIENT });
      return;
    }
    const signal = this.signalOf(job.profileId);
    if (job.state === 'uncertain') {
      let verdict;
      try {
        verdict = await verify(job, api, signal);
      } catch (error) {
        // Its profile was removed during the read-back: it stays to be verified (orphaned).
        if (signal.aborted) this.apply(job, { kind: 'uncertain', error: PROFILE_REMOVED });
        else this.apply(job, this.classify(job, error, true));
        return;
      }
      if (verdict === 'present') {
        this.apply(job, { kind: 'done', result: { verified: true } });
        return;
      }
      if (verdict === 'unknowable') {
        this.apply(job, {
          kind: 'failed',
          error: {
            family: 'network',
            code: 'unverifiable',
            messageKey: 'outbox.unverifiable',
            message:
              'The service may or may not have received this, and it cannot be checked. Retry it or discard it after checking on the platform.',
          },
        });
        return;
      }
      this.audit.record({
        event: 'job.verified_absent',
        profileId: job.profileId,
        jobId: job.id,
        messageKey: 'activity.verified_absent',
        params: about(job),
        message: 'The service does not have it; sending again.',
      });
    }
    // Only from the state this run saw: an operator's retry or discard in between wins.
    const sending = this.store.markSending(job.id, undefined, [job.state]);
    this.storageWorks();
    this.publish(job.profileId, sending);
    try {
      const result = await deliver(job, this.store.file(job.id), api, signal);
      this.apply(job, { kind: 'done', result });
    } catch (error) {
      // Cut off because its profile was removed: the request may have reached the service, so
      // the job waits as orphaned-and-uncertain and is read back before it is ever sent again.
      if (signal.aborted) {
        this.apply(job, { kind: 'uncertain', error: PROFILE_REMOVED });
        return;
      }
      // Sent again because a read-back did not find it: a 409 now is someone else's record
      // (different content under the same SKU or id), not ours; it fails instead of being
      // verified again, which would loop forever between "absent" and "exists".
      this.apply(job, this.classify(job, error, false, job.state === 'uncertain'));
    }
  }

  private classify(
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
      if (['network', 'server', 'timeout'].includes(error.family))
        return { kind: 'retry', error: e };
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

  private apply(job: JobView, outcome: Outcome): void {
    const now = this.o.clock.now();
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
        this.audit.record({
          event,
          profileId: job.profileId,
          jobId: job.id,
          messageKey,
          params: { ...about(job), ...extra.params },
          ...(extra.reason ? { reason: reasonOf(extra.reason) } : {}),
          message,
          ...(extra.details === undefined ? {} : { details: extra.details }),
        });
    let updated: JobView;
    switch (outcome.kind) {
      case 'done':
        updated = this.store.markDone(
          job.id,
          outcome.result,
          from,
          entry('job.done', 'activity.done', `${job.kind} delivered.`, {
            details: outcome.result,
          }),
        );
        break;
      case 'failed':
        updated = this.store.markFailed(
          job.id,
          outcome.error,
          from,
          entry('job.failed', 'activity.failed', outcome.error.message, {
            reason: outcome.error,
          }),
        );
        break;
      case 'uncertain':
        updated = this.store.markUncertain(
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
        break;
      case 'auth': {
        const first = !this.authPaused.has(job.profileId);
        this.authPaused.add(job.profileId);
        const record = first
          ? entry(
              'outbox.paused_auth',
              'activity.paused_auth',
              'The service refused the API key; sending is paused until the key is changed.',
            )
          : undefined;
        // A job being verified stays to be verified (with the new key), never simply re-sent.
        updated =
          this.store.get(job.id).state === 'uncertain'
            ? this.store.markUncertain(job.id, outcome.error, now, from, record)
            : this.store.requeue(job.id, now, outcome.error, from, record);
        break;
      }
      case 'retry': {
        const current = this.store.get(job.id);
        const delay = outcome.afterMs ?? this.backoff(Math.max(1, current.attempts));
        const record = entry(
          'job.retry_scheduled',
          'activity.retry_scheduled',
          `${outcome.error.message} Next try in ${Math.round(delay / 1000)} s.`,
          { reason: outcome.error, params: { seconds: Math.round(delay / 1000) } },
        );
        // An uncertain job stays uncertain: it must be verified again before any resend.
        updated =
          current.state === 'uncertain'
            ? this.store.markUncertain(job.id, outcome.error, now + delay, from, record)
            : this.store.requeue(job.id, now + delay, outcome.error, from, record);
        break;
      }
    }
    this.publish(job.profileId, updated);
    // The profile went away while this job was being sent: what is left of it waits, visible.
    if (outcome.kind !== 'done' && !this.o.hasProfile(job.profileId))
      this.removeProfile(job.profileId);
  }

  private backoff(attempt: number): number {
    const ceiling = Math.min(this.o.backoffCapMs, this.o.backoffBaseMs * 2 ** (attempt - 1));
    return Math.round(ceiling / 2 + (this.o.random() * ceiling) / 2);
  }

  /** Tells every profile's listeners (a change that is not about one profile). */
  private publishAll(): void {
    const profiles = new Set([...this.active, ...this.store.profileIds()]);
    for (const profileId of profiles) this.publish(profileId, null);
  }

  private publish(profileId: string, job: JobView | null): void {
    this.changed();
    if (this.listeners.size === 0) return;
    const snapshot = this.snapshot(profileId);
    for (const listener of this.listeners) listener(profileId, snapshot, job);
  }
}
