import type { DatabaseSync } from 'node:sqlite';
import type { JobView, OutboxSnapshot } from '../../shared/outbox.ts';
import type { ApiClient } from '../api/client.ts';
import { systemIds, systemRandom, type Clock } from '../platform/clock.ts';
import { AuditLog } from './audit-log.ts';
import { NoticeBoard } from './notices.ts';
import { nodeFs, type StationFs } from '../platform/station-fs.ts';
import { announceSalvage, openOrSalvage } from './salvage.ts';
import { deliver, verify } from './delivery.ts';
import { JobStore } from './job-store.ts';
import { OutboxInputError, type EnqueueInput, type EnqueueOutcome } from './job-types.ts';
import {
  about,
  classify,
  enqueuedEntry,
  jobError,
  NO_CLIENT,
  PROFILE_REMOVED,
  recordOutcome,
  UNVERIFIABLE,
  type Outcome,
} from './outcome.ts';
import { StorageHold } from './storage-hold.ts';
import { FILE_RETENTION_DAYS, forgetOldFiles } from './file-retention.ts';
import { ChangeWaiters } from './change-waiters.ts';
import { ProfileTimers } from './profile-timers.ts';
import {
  discardJob,
  editAndRetryJob,
  retryAllJobs,
  retryJob,
  type JobActionContext,
} from './job-actions.ts';

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
  /** Days the files of delivered uploads and printed jobs are kept (see file-retention.ts). */
  fileRetentionDays?: number;
}

/** The outbox's options, every default applied (the file limit is the store's own). */
type ResolvedOutboxOptions = Required<Omit<OutboxOptions, 'maxFileBytes'>>;

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
  private readonly options: ResolvedOutboxOptions;
  private readonly inFlight = new Set<string>();
  /** Conditions awaited by `idle` and `close`, checked on every change. */
  private readonly waiters: ChangeWaiters;
  /** Aborts a profile's requests in flight when the profile is removed. */
  private readonly aborters = new Map<string, AbortController>();
  /** How many of each profile's jobs are in flight. */
  private readonly inFlightOf = new Map<string, number>();
  /** Profiles that found every slot taken and must look again when one frees up. */
  private readonly starved = new Set<string>();
  private readonly authPaused = new Set<string>();
  /** When each profile's jobs are looked at next. */
  private readonly timers: ProfileTimers;
  /** What the operator's actions on jobs use. */
  private readonly actions: JobActionContext;
  private readonly active = new Set<string>();
  private readonly listeners = new Set<
    (profileId: string, snapshot: OutboxSnapshot, job: JobView | null) => void
  >();
  private closed = false;
  private recovered = false;
  /** The outbox's own writes failing (a full disk): what could not be written, and the hold. */
  private readonly storage: StorageHold;

  constructor(options: OutboxOptions) {
    this.options = {
      fs: nodeFs,
      newId: systemIds,
      random: systemRandom,
      hasProfile: () => true,
      concurrency: 4,
      backoffBaseMs: 2_000,
      backoffCapMs: 300_000,
      auditRetentionDays: 90,
      fileRetentionDays: FILE_RETENTION_DAYS,
      ...options,
    };
    const now = () => this.options.clock.now();
    const opened = openOrSalvage(options.file, now, this.options.fs);
    this.db = opened.db;
    this.notices = new NoticeBoard(this.db, now);
    this.store = new JobStore(this.db, {
      now,
      newId: this.options.newId,
      ...(options.maxFileBytes ? { maxFileBytes: options.maxFileBytes } : {}),
    });
    this.audit = new AuditLog(this.db, now);
    this.storage = new StorageHold(this.store, now, this.options.random);
    this.waiters = new ChangeWaiters(this.options.clock);
    this.timers = new ProfileTimers(this.options.clock);
    this.actions = {
      store: this.store,
      audit: this.audit,
      now,
      busy: (jobId) => this.inFlight.has(jobId),
      publish: (profileId, job) => this.publish(profileId, job),
      kick: (profileId) => this.kick(profileId),
    };
    if (opened.salvage) announceSalvage(opened.salvage, this.notices, this.audit);
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
    if (!this.options.hasProfile(profileId))
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
   * mid-send for verification, purge old audit rows, let go of old files). It writes, so it waits until the station
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
    this.audit.purge(this.options.auditRetentionDays);
    forgetOldFiles(this.db, this.options.clock.now(), this.options.fileRetentionDays);
  }

  /** Starts draining a profile's jobs (and keeps going until `stop`). */
  start(profileId: string): void {
    this.recover();
    this.active.add(profileId);
    this.kick(profileId);
  }

  stop(profileId: string): void {
    this.active.delete(profileId);
    this.timers.clear(profileId);
  }

  /** Something changed (online again, new key, new job): look for work now. */
  kick(profileId: string): void {
    if (!this.active.has(profileId) || this.closed) return;
    this.timers.clear(profileId);
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
    if (!this.options.hasProfile(input.profileId))
      throw new OutboxInputError(
        'unknown_profile',
        `No profile with id "${input.profileId}": nothing was queued.`,
      );
    const outcome = this.store.enqueue(input, (job, again) =>
      this.audit.record({
        event: 'job.enqueued',
        profileId: input.profileId,
        jobId: job.id,
        ...enqueuedEntry(input, job, again),
      }),
    );
    this.active.add(input.profileId);
    if (outcome.status === 'enqueued') {
      // It was written: there is room again, so what waits for the disk goes now.
      this.storage.works();
      this.publish(input.profileId, outcome.job);
      this.kick(input.profileId);
    }
    return outcome;
  }

  retry(jobId: string): JobView {
    return retryJob(this.actions, jobId);
  }

  retryAll(profileId: string): number {
    return retryAllJobs(this.actions, profileId);
  }

  editAndRetry(jobId: string, payload: unknown): JobView {
    return editAndRetryJob(this.actions, jobId, payload);
  }

  discard(jobId: string): void {
    discardJob(this.actions, jobId);
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
    if (!(await this.waiters.until(idle, timeoutMs)))
      throw new Error(
        `outbox not idle after ${timeoutMs} ms: ${JSON.stringify(this.store.counts(profileId))}`,
      );
  }

  async close(): Promise<void> {
    this.closed = true;
    this.timers.clearAll();
    // Requests in flight get a moment to end and record their outcome.
    await this.waiters.until(() => this.inFlight.size === 0, 5_000);
    this.db.close();
  }

  private async pump(profileId: string): Promise<void> {
    if (this.closed || !this.active.has(profileId) || this.authPaused.has(profileId)) return;
    if (!this.options.isOnline(profileId)) return;
    const free = this.options.concurrency - this.inFlight.size;
    if (free <= 0) {
      // Every slot is taken (perhaps by other profiles): look again when one frees up.
      this.starved.add(profileId);
      return;
    }
    // The outbox's own writes were failing (a full disk): nothing is taken until the back-off
    // ends. Taking the job again at once looped through promise callbacks that never gave the
    // event loop back, and main stopped answering until space returned.
    const held = this.storage.waitMs();
    if (held > 0) {
      this.scheduleRetry(profileId, held);
      return;
    }
    const jobs = this.store.ready(profileId, free, this.inFlight);
    for (const job of jobs) {
      this.inFlight.add(job.id);
      this.inFlightOf.set(profileId, (this.inFlightOf.get(profileId) ?? 0) + 1);
      void this.run(job)
        .catch((error: unknown) => this.storage.strand(job, error))
        .finally(() => {
          this.inFlight.delete(job.id);
          this.inFlightOf.set(profileId, (this.inFlightOf.get(profileId) ?? 1) - 1);
          this.waiters.changed();
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

  private scheduleRetry(profileId: string, delayMs: number): void {
    this.timers.set(profileId, delayMs, () => void this.pump(profileId));
  }

  private scheduleNext(profileId: string): void {
    const due = this.store.nextDueAt(profileId);
    if (due === null) return;
    this.scheduleRetry(profileId, Math.max(0, due - this.options.clock.now()));
  }

  private async run(job: JobView): Promise<void> {
    let api: ApiClient | null;
    try {
      api = await this.options.clientFor(job.profileId);
    } catch (error) {
      this.apply(job, { kind: 'retry', error: jobError(error) });
      return;
    }
    if (!api) {
      // The profile is gone (or cannot send now): never pick the same job again at once, which
      // would spin the event loop; a removed profile's jobs wait as orphaned.
      if (!this.options.hasProfile(job.profileId)) this.removeProfile(job.profileId);
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
        else this.apply(job, classify(job, error, true));
        return;
      }
      if (verdict === 'present') {
        this.apply(job, { kind: 'done', result: { verified: true } });
        return;
      }
      if (verdict === 'unknowable') {
        this.apply(job, { kind: 'failed', error: UNVERIFIABLE });
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
    this.storage.works();
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
      this.apply(job, classify(job, error, false, job.state === 'uncertain'));
    }
  }

  private apply(job: JobView, outcome: Outcome): void {
    const updated = recordOutcome(
      {
        store: this.store,
        audit: this.audit,
        now: this.options.clock.now(),
        backoff: (attempt) => this.backoff(attempt),
        pauseForAuth: (profileId) => {
          const first = !this.authPaused.has(profileId);
          this.authPaused.add(profileId);
          return first;
        },
      },
      job,
      outcome,
    );
    this.publish(job.profileId, updated);
    // The profile went away while this job was being sent: what is left of it waits, visible.
    if (outcome.kind !== 'done' && !this.options.hasProfile(job.profileId))
      this.removeProfile(job.profileId);
  }

  private backoff(attempt: number): number {
    const ceiling = Math.min(
      this.options.backoffCapMs,
      this.options.backoffBaseMs * 2 ** (attempt - 1),
    );
    return Math.round(ceiling / 2 + (this.options.random() * ceiling) / 2);
  }

  /** Tells every profile's listeners (a change that is not about one profile). */
  private publishAll(): void {
    const profiles = new Set([...this.active, ...this.store.profileIds()]);
    for (const profileId of profiles) this.publish(profileId, null);
  }

  private publish(profileId: string, job: JobView | null): void {
    this.waiters.changed();
    if (this.listeners.size === 0) return;
    const snapshot = this.snapshot(profileId);
    for (const listener of this.listeners) listener(profileId, snapshot, job);
  }
}
