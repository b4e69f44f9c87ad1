import { translate } from '../../shared/i18n/translate.ts';
import { createHash } from 'node:crypto';
import { systemIds } from '../platform/clock.ts';
import type { DatabaseSync } from 'node:sqlite';
import { canonicalJson } from '../../shared/canonical-json.ts';
import {
  JOB_STATES,
  jobPayloadSchemas,
  type JobError,
  type JobState,
  type JobView,
  type OutboxCounts,
  type OutboxWaiting,
} from '../../shared/outbox.ts';
import { isDiskFull, transaction } from './database.ts';
import { COLUMNS, toView, type JobRow } from './job-row.ts';
import {
  checkedInput,
  MOVES,
  OutboxInputError,
  sequenceKey,
  type EnqueueInput,
  type EnqueueOutcome,
  type KindedPayload,
} from './job-types.ts';
import { quarantineInvalid, quarantined, type QuarantinedJob } from './quarantine.ts';
import * as sqlite from '../platform/sqlite-rows.ts';
import { messageOf } from '../platform/guards.ts';

const sha256 = (data: Uint8Array | string) => createHash('sha256').update(data).digest('hex');

/**
 * The durable half of the outbox: every job (with its file) is committed to SQLite before
 * `enqueue` returns, and every state change is one statement, so a crash at any instant leaves
 * a consistent queue.
 */
export class JobStore {
  private readonly db: DatabaseSync;
  private readonly now: () => number;
  readonly maxFileBytes: number;

  private readonly newId: () => string;

  constructor(
    db: DatabaseSync,
    options: { now: () => number; maxFileBytes?: number; newId?: () => string },
  ) {
    this.db = db;
    this.now = options.now;
    this.newId = options.newId ?? systemIds;
    this.maxFileBytes = options.maxFileBytes ?? 20 * 1024 * 1024;
  }

  /** Stores a job (and its file) and, in the same transaction, whatever `record` writes. */
  /** `record` is told of the new job, and whether one with the same content came before it. */
  enqueue(input: EnqueueInput, record?: (job: JobView, again: boolean) => void): EnqueueOutcome {
    const { payload, file } = checkedInput(input, this.maxFileBytes);
    const fileSha = file ? sha256(file) : null;
    const baseKey = sha256(
      [input.kind, input.profileId, canonicalJson(payload), fileSha ?? ''].join('\n'),
    );

    return this.storing(() =>
      transaction(this.db, () => {
        const existing = this.rowsByKeyPrefix(baseKey);
        const latest = existing.at(-1);
        if (latest && latest.state !== 'done')
          return { status: 'existing', job: toView(latest) } as const;
        if (latest && !input.confirmResend && input.sentBy !== 'station')
          return { status: 'needs_confirmation', job: toView(latest) } as const;
        const id = this.newId();
        const key = existing.length === 0 ? baseKey : `${baseKey}:${existing.length}`;
        const at = this.now();
        this.db
          .prepare(
            `INSERT INTO jobs (id, profile_id, kind, sequence_key, idempotency_key, payload, file, file_sha256, state,
             attempts, next_attempt_at, created_at, updated_at)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?, 'queued', 0, ?, ?, ?)`,
          )
          .run(
            id,
            input.profileId,
            input.kind,
            // payload was parsed by jobPayloadSchemas[input.kind] above: they belong together.
            sequenceKey({ kind: input.kind, payload } as KindedPayload, id),
            key,
            JSON.stringify(payload),
            file,
            fileSha,
            at,
            at,
            at,
          );
        const job = this.get(id);
        record?.(job, existing.length > 0);
        return { status: 'enqueued', job } as const;
      }),
    );
  }

  /** A write that finds the disk full is refused with its own sentence; nothing is half-stored. */
  private storing<T>(write: () => T): T {
    try {
      return write();
    } catch (error) {
      if (isDiskFull(error))
        throw new OutboxInputError('disk_full', 'The disk is full: nothing was queued.', {
          cause: messageOf(error),
        });
      throw error;
    }
  }

  get(id: string): JobView {
    const row = sqlite.row<JobRow>(this.db, `SELECT ${COLUMNS} FROM jobs WHERE id = ?`, id);
    if (!row) throw new OutboxInputError('not_found', `No outbox job with id "${id}".`);
    return toView(row);
  }

  file(id: string): Uint8Array | null {
    const row = sqlite.row<{ file: Uint8Array | null }>(
      this.db,
      'SELECT file FROM jobs WHERE id = ?',
      id,
    );
    return row?.file ?? null;
  }

  list(
    options: { profileId?: string; states?: readonly JobState[]; limit?: number } = {},
  ): JobView[] {
    const states = options.states ?? JOB_STATES;
    const rows = sqlite.rows<JobRow>(
      this.db,
      `SELECT ${COLUMNS} FROM jobs WHERE (? IS NULL OR profile_id = ?) AND state IN (${states.map(() => '?').join(',')})
         ORDER BY seq DESC LIMIT ?`,
      options.profileId ?? null,
      options.profileId ?? null,
      ...states,
      options.limit ?? 500,
    );
    return rows.map(toView);
  }

  counts(profileId?: string): OutboxCounts {
    const counts = Object.fromEntries(JOB_STATES.map((s) => [s, 0])) as OutboxCounts;
    const rows = sqlite.rows<{ state: JobState; n: number }>(
      this.db,
      'SELECT state, count(*) AS n FROM jobs WHERE (? IS NULL OR profile_id = ?) GROUP BY state',
      profileId ?? null,
      profileId ?? null,
    );
    for (const row of rows) counts[row.state] = row.n;
    return counts;
  }

  /** Invoice and label jobs of one order, newest first: what the order card follows. */
  fileJobsFor(profileId: string, order: string, limit = 20): JobView[] {
    const rows = sqlite.rows<JobRow>(
      this.db,
      `SELECT ${COLUMNS} FROM jobs WHERE profile_id = ? AND sequence_key = ?
           AND kind IN ('invoice.upload', 'label.upload') ORDER BY seq DESC LIMIT ?`,
      profileId,
      `order:${order}`,
      limit,
    );
    return rows.map(toView);
  }

  /**
   * What waits to be sent (queued, sending, or to be checked after an uncertain send): how many,
   * since when, and when the next one is due. The status bar shows it on every screen.
   */
  waiting(profileId: string): OutboxWaiting {
    const row = sqlite.row<{ n: number; oldest: number | null; next: number | null }>(
      this.db,
      `SELECT count(*) AS n, min(created_at) AS oldest,
                min(CASE WHEN state IN ('queued', 'uncertain') THEN next_attempt_at END) AS next
         FROM jobs WHERE profile_id = ? AND state IN ('queued', 'sending', 'uncertain')`,
      profileId,
    );
    // An aggregate answers one row, always.
    return { count: row?.n ?? 0, oldestAt: row?.oldest ?? null, nextAttemptAt: row?.next ?? null };
  }

  /**
   * Jobs that may run now: queued or uncertain, due, and first in their sequence (no earlier job
   * for the same order, product or inbound is unfinished).
   */
  ready(profileId: string, limit: number, exclude: ReadonlySet<string> = new Set()): JobView[] {
    const rows = sqlite.rows<JobRow>(
      this.db,
      `SELECT ${COLUMNS} FROM jobs
         WHERE jobs.profile_id = ? AND jobs.state IN ('queued', 'uncertain') AND jobs.next_attempt_at <= ?
           AND NOT EXISTS (SELECT 1 FROM jobs k WHERE k.profile_id = jobs.profile_id
                           AND k.sequence_key = jobs.sequence_key AND k.seq < jobs.seq AND k.state != 'done')
         ORDER BY jobs.seq LIMIT ?`,
      profileId,
      this.now(),
      limit + exclude.size,
    );
    return rows
      .filter((r) => !exclude.has(r.id))
      .slice(0, limit)
      .map(toView);
  }

  /**
   * The profile is gone: its unfinished jobs (but one being sent, which finishes first) wait as
   * `orphaned`, remembering their state for when they are moved to another profile.
   */
  orphan(profileId: string, record?: (job: JobView) => void): JobView[] {
    const rows = sqlite.rows<{ id: string }>(
      this.db,
      `SELECT id FROM jobs WHERE profile_id = ? AND state IN ('queued', 'failed', 'uncertain')`,
      profileId,
    );
    return rows.map(({ id }) =>
      this.transition(
        id,
        ['queued', 'failed', 'uncertain'],
        'orphaned',
        { hold: 'keep' },
        record && (() => record(this.get(id))),
      ),
    );
  }

  /** An orphaned job moves to another profile and takes up the state it had (queued: due now). */
  reassign(id: string, profileId: string, record?: () => void): JobView {
    const row = sqlite.row<{ held_state: JobState | null }>(
      this.db,
      'SELECT held_state FROM jobs WHERE id = ?',
      id,
    );
    if (!row) throw new OutboxInputError('not_found', `No outbox job with id "${id}".`);
    return this.transition(
      id,
      ['orphaned'],
      row.held_state ?? 'queued',
      { hold: 'release', profileId, nextAttemptAt: this.now() },
      record,
    );
  }

  /** Every profile that has jobs in the outbox. */
  profileIds(): string[] {
    return sqlite
      .rows<{ profile_id: string }>(this.db, 'SELECT DISTINCT profile_id FROM jobs')
      .map((r) => r.profile_id);
  }

  /** When the next queued job of the profile becomes due, or null. */
  nextDueAt(profileId: string): number | null {
    const row = sqlite.row<{ at: number | null }>(
      this.db,
      "SELECT min(next_attempt_at) AS at FROM jobs WHERE profile_id = ? AND state IN ('queued', 'uncertain')",
      profileId,
    );
    return row?.at ?? null;
  }

  /**
   * The one door through which a job changes state: a compare-and-set on the state and attempt
   * count read in the same transaction, refused unless the move is in MOVES and the job is in
   * one of the states the caller expects, with the audit row written in that same transaction
   * (so the state and the log cannot disagree after a crash).
   */
  transition(
    id: string,
    from: readonly JobState[],
    to: JobState,
    changes: {
      lastError?: JobError | null;
      nextAttemptAt?: number;
      result?: unknown;
      /** This move is a new attempt to send. */
      attempt?: boolean;
      /** Remember the state left (a job whose profile went away), or forget it again. */
      hold?: 'keep' | 'release';
      /** The job moves to another profile. */
      profileId?: string;
    } = {},
    record?: () => void,
  ): JobView {
    return this.storing(() =>
      transaction(this.db, () => {
        const current = sqlite.row<{ state: JobState; attempts: number }>(
          this.db,
          'SELECT state, attempts FROM jobs WHERE id = ?',
          id,
        );
        if (!current) throw new OutboxInputError('not_found', `No outbox job with id "${id}".`);
        if (!from.includes(current.state) || !MOVES[current.state].includes(to))
          throw new OutboxInputError(
            'bad_state',
            `A job that is ${current.state} cannot become ${to} now.`,
            { state: current.state, to },
          );
        const sets = ['state = ?', 'updated_at = ?'];
        const values: (string | number | null)[] = [to, this.now()];
        if (changes.attempt) sets.push('attempts = attempts + 1');
        if (changes.lastError !== undefined) {
          sets.push('last_error = ?');
          values.push(changes.lastError === null ? null : JSON.stringify(changes.lastError));
        }
        if (changes.nextAttemptAt !== undefined) {
          sets.push('next_attempt_at = ?');
          values.push(changes.nextAttemptAt);
        }
        if (changes.hold === 'keep') sets.push('held_state = state');
        if (changes.hold === 'release') sets.push('held_state = NULL');
        if (changes.profileId !== undefined) {
          sets.push('profile_id = ?');
          values.push(changes.profileId);
        }
        if (changes.result !== undefined) {
          sets.push('result = ?');
          values.push(JSON.stringify(changes.result ?? null));
        }
        const result = this.db
          .prepare(`UPDATE jobs SET ${sets.join(', ')} WHERE id = ? AND state = ? AND attempts = ?`)
          .run(...values, id, current.state, current.attempts);
        if (Number(result.changes) !== 1)
          throw new OutboxInputError('bad_state', `Job ${id} changed while it was being updated.`);
        record?.();
        return this.get(id);
      }),
    );
  }

  markSending(
    id: string,
    record?: () => void,
    from: readonly JobState[] = ['queued', 'uncertain'],
  ): JobView {
    return this.transition(id, from, 'sending', { attempt: true }, record);
  }

  markDone(
    id: string,
    result: unknown,
    from: readonly JobState[] = ['sending', 'uncertain'],
    record?: () => void,
  ): JobView {
    return this.transition(id, from, 'done', { lastError: null, result: result ?? null }, record);
  }

  markFailed(
    id: string,
    error: JobError,
    from: readonly JobState[] = ['sending', 'uncertain'],
    record?: () => void,
  ): JobView {
    return this.transition(id, from, 'failed', { lastError: error }, record);
  }

  markUncertain(
    id: string,
    error: JobError,
    verifyAt: number,
    from: readonly JobState[] = ['sending', 'uncertain'],
    record?: () => void,
  ): JobView {
    return this.transition(
      id,
      from,
      'uncertain',
      { lastError: error, nextAttemptAt: verifyAt },
      record,
    );
  }

  /** Back to the queue, due at `at` (a retry after a transient failure, or "retry now"). */
  requeue(
    id: string,
    at: number,
    error?: JobError | null,
    from: readonly JobState[] = ['sending', 'queued', 'failed'],
    record?: () => void,
  ): JobView {
    return this.transition(
      id,
      from,
      'queued',
      { nextAttemptAt: at, ...(error === undefined ? {} : { lastError: error }) },
      record,
    );
  }

  /** A failed job with a corrected payload (same kind, same file). */
  replacePayload(id: string, payload: unknown): JobView {
    const job = this.get(id);
    const parsed = jobPayloadSchemas[job.kind].safeParse(payload);
    if (!parsed.success) {
      throw new OutboxInputError(
        'invalid_payload',
        `Invalid ${job.kind}: ${parsed.error.issues.map((i) => `${i.path.join('.')} ${i.message}`).join('; ')}`,
        parsed.error.issues,
      );
    }
    const fileSha = job.fileSha256 ?? '';
    const key = `${sha256([job.kind, job.profileId, canonicalJson(parsed.data), fileSha].join('\n'))}:edit:${this.newId()}`;
    this.update(id, 'payload = ?, idempotency_key = ?', [JSON.stringify(parsed.data), key]);
    return this.get(id);
  }

  /** Deletes a job that is not being sent, and writes `record`'s audit row in the same transaction. */
  remove(id: string, record?: () => void): void {
    this.storing(() =>
      transaction(this.db, () => {
        const result = this.db
          .prepare("DELETE FROM jobs WHERE id = ? AND state != 'sending'")
          .run(id);
        if (Number(result.changes) === 0)
          throw new OutboxInputError('bad_state', 'That job cannot be discarded now.');
        record?.();
      }),
    );
  }

  /** After a crash: a job caught while sending may or may not have reached the server. */
  recoverInterrupted(): JobView[] {
    const rows = sqlite.rows<JobRow>(
      this.db,
      `SELECT ${COLUMNS} FROM jobs WHERE state = 'sending'`,
    );
    const error: JobError = {
      family: 'network',
      code: 'interrupted',
      messageKey: 'outbox.interrupted',
      message: translate('en', 'outbox.interrupted'),
    };
    for (const row of rows) this.markUncertain(row.id, error, this.now(), ['sending']);
    return rows.map((r) => this.get(r.id));
  }

  /** Validates every unfinished job; a row that does not parse is moved to quarantine, never dropped. */
  quarantineInvalid(): { jobId: string; reason: string }[] {
    return quarantineInvalid(this.db, this.now);
  }

  quarantined(): QuarantinedJob[] {
    return quarantined(this.db);
  }

  private update(id: string, assignments: string, values: (string | number | null)[]): void {
    const result = this.db
      .prepare(`UPDATE jobs SET ${assignments}, updated_at = ? WHERE id = ?`)
      .run(...values, this.now(), id);
    if (Number(result.changes) === 0)
      throw new OutboxInputError('not_found', `No outbox job with id "${id}".`);
  }

  private rowsByKeyPrefix(baseKey: string): JobRow[] {
    return sqlite.rows<JobRow>(
      this.db,
      `SELECT ${COLUMNS} FROM jobs WHERE idempotency_key = ? OR idempotency_key LIKE ? ORDER BY seq`,
      baseKey,
      `${baseKey}:%`,
    );
  }
}
