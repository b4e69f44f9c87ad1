import {
  FILE_KINDS,
  JOB_STATES,
  isJobKind,
  jobPayloadSchemas,
  type JobError,
  type JobResult,
  type JobState,
  type JobView,
} from '../../shared/outbox.ts';
import { isOneOf } from '../platform/guards.ts';

/** A row of the jobs table as COLUMNS reads it. */
export interface JobRow {
  seq: number;
  id: string;
  profile_id: string;
  kind: string;
  sequence_key: string;
  idempotency_key: string;
  payload: string;
  file_sha256: string | null;
  file_size: number | null;
  state: string;
  attempts: number;
  next_attempt_at: number;
  last_error: string | null;
  result: string | null;
  created_at: number;
  updated_at: number;
  blocked_by: string | null;
}

/** Every column a JobView needs, and the failed job ahead of it in its sequence. */
export const COLUMNS = `seq, id, profile_id, kind, sequence_key, idempotency_key, payload, file_sha256,
  length(file) AS file_size, state, attempts, next_attempt_at, last_error, result, created_at, updated_at,
  (SELECT k.id || ' ' || k.kind FROM jobs k
    WHERE k.profile_id = jobs.profile_id AND k.sequence_key = jobs.sequence_key
      AND k.seq < jobs.seq AND k.state = 'failed'
    ORDER BY k.seq LIMIT 1) AS blocked_by`;

/** Why a stored row cannot be a job (null: it can). */
export function invalidReason(row: JobRow): string | null {
  if (!isJobKind(row.kind)) return `unknown kind "${row.kind}"`;
  if (!isOneOf(row.state, JOB_STATES)) return `unknown state "${row.state}"`;
  let payload: unknown;
  try {
    payload = JSON.parse(row.payload);
  } catch {
    return 'payload is not JSON';
  }
  const parsed = jobPayloadSchemas[row.kind].safeParse(payload);
  if (!parsed.success)
    return `payload does not match ${row.kind}: ${parsed.error.issues.map((i) => `${i.path.join('.')} ${i.message}`).join('; ')}`;
  if (FILE_KINDS.includes(row.kind) && !row.file_size) return 'file missing';
  if (row.last_error !== null) {
    try {
      JSON.parse(row.last_error);
    } catch {
      return 'last error is not JSON';
    }
  }
  return null;
}

function blockedByOf(text: string | null): JobView['blockedBy'] {
  if (!text) return null;
  const [id = '', kind = ''] = text.split(' ');
  return isJobKind(kind) ? { id, kind } : null;
}

/** The service's answer as delivery kept it (flat: hash, id, count); anything else reads as none. */
function resultOf(text: string | null): JobResult | null {
  if (!text) return null;
  try {
    const value: unknown = JSON.parse(text);
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
    const flat = Object.entries(value).filter(
      ([, v]) => ['string', 'number', 'boolean'].includes(typeof v) || v === null,
    );
    return Object.fromEntries(flat) as JobResult;
  } catch {
    return null;
  }
}

export function toView(row: JobRow): JobView {
  // The one place a stored row becomes a typed job: its payload was checked against its kind's
  // schema when it was queued, and every unfinished row is checked again on load (quarantine),
  // so kind and payload belong together.
  return {
    id: row.id,
    profileId: row.profile_id,
    kind: row.kind,
    payload: JSON.parse(row.payload) as unknown,
    fileSize: row.file_size ?? null,
    fileSha256: row.file_sha256,
    state: row.state as JobState,
    attempts: row.attempts,
    nextAttemptAt: row.next_attempt_at,
    lastError: row.last_error ? (JSON.parse(row.last_error) as JobError) : null,
    result: resultOf(row.result),
    blockedBy: blockedByOf(row.blocked_by),
    subject: row.sequence_key.replace(/^(order|product|inbound):(new:.*)?/, '') || row.id,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  } as JobView;
}
