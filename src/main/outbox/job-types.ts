import { checkBounds, describePath } from '../../shared/limits.ts';
import {
  FILE_KINDS,
  isJobKind,
  jobPayloadSchemas,
  type JobKind,
  type JobPayload,
  type JobState,
  type JobView,
} from '../../shared/outbox.ts';

export interface EnqueueInput {
  profileId: string;
  kind: JobKind;
  payload: unknown;
  file?: Uint8Array | null;
  /** Re-send something already delivered (a reprint): the operator confirmed it. */
  confirmResend?: boolean;
  /**
   * `station`: the station queues it by itself (a finished pack's `packed` status). A repeat
   * needs no operator's confirmation, and the activity log says what it is, never "re-send".
   */
  sentBy?: 'operator' | 'station';
}

export type EnqueueOutcome =
  | { status: 'enqueued'; job: JobView }
  | { status: 'existing'; job: JobView }
  | { status: 'needs_confirmation'; job: JobView };

/** Which state may follow which. `done` is final: sending it again is a new job. */
export const MOVES: Record<JobState, readonly JobState[]> = {
  queued: ['sending', 'queued', 'orphaned'],
  sending: ['done', 'failed', 'uncertain', 'queued'],
  uncertain: ['sending', 'done', 'failed', 'uncertain', 'orphaned'],
  failed: ['queued', 'orphaned'],
  // Back to the state it had before its profile went away, under another profile.
  orphaned: ['queued', 'failed', 'uncertain'],
  done: [],
};

/** A request the outbox refuses (bad input, a job in the wrong state, a full disk). */
export class OutboxInputError extends Error {
  readonly code:
    | 'invalid_payload'
    | 'unknown_kind'
    | 'file_required'
    | 'file_too_large'
    | 'file_not_allowed'
    | 'not_found'
    | 'bad_state'
    | 'disk_full'
    | 'unknown_profile';
  readonly details: unknown;
  constructor(code: OutboxInputError['code'], message: string, details?: unknown) {
    super(message);
    this.name = 'OutboxInputError';
    this.code = code;
    this.details = details;
  }
}

/** A job's kind with its own payload type: switching on `kind` narrows `payload`. */
export type KindedPayload = { [K in JobKind]: { kind: K; payload: JobPayload<K> } }[JobKind];

/** Which jobs must run in enqueue order: everything about one order, one product, one inbound. */
export function sequenceKey(job: KindedPayload, jobId: string): string {
  switch (job.kind) {
    case 'invoice.upload':
    case 'label.upload':
      return `order:${job.payload.order}`;
    case 'order.create':
    case 'order.update':
      return `order:${job.payload.order.id}`;
    case 'product.create':
    case 'product.update':
      return `product:${job.payload.product.sku}`;
    case 'inbound.delete':
      return `inbound:${job.payload.id}`;
    case 'inbound.create':
      return `inbound:new:${jobId}`;
  }
}

/**
 * The input of an enqueue, checked before anything is parsed further, hashed or stored: the
 * payload's bounds, the kind, the payload against its kind's schema, and the file.
 */
export function checkedInput(
  input: EnqueueInput,
  maxFileBytes: number,
): { payload: JobPayload; file: Uint8Array | null } {
  // The bounds first: a 100 MB string would otherwise be parsed, hashed and stored.
  const bounds = checkBounds(input.payload);
  if (!bounds.ok)
    throw new OutboxInputError(
      'invalid_payload',
      `${describePath(['payload', ...bounds.path])} is over the ${bounds.code.replaceAll('_', ' ')} limit (${bounds.limit}).`,
      {
        code: `limits.${bounds.code}`,
        path: bounds.path,
        limit: bounds.limit,
      },
    );
  // An own-key check: a plain lookup found `constructor` (a function, then a TypeError).
  if (!isJobKind(input.kind))
    throw new OutboxInputError('unknown_kind', `Unknown job kind "${String(input.kind)}".`);
  const parsed = jobPayloadSchemas[input.kind].safeParse(input.payload);
  if (!parsed.success) {
    throw new OutboxInputError(
      'invalid_payload',
      `Invalid ${input.kind}: ${parsed.error.issues.map((i) => `${i.path.join('.') || '(payload)'} ${i.message}`).join('; ')}`,
      parsed.error.issues,
    );
  }
  const needsFile = FILE_KINDS.includes(input.kind);
  const file = input.file ?? null;
  if (needsFile && (!file || file.length === 0))
    throw new OutboxInputError('file_required', `${input.kind} needs a non-empty file.`);
  if (!needsFile && file)
    throw new OutboxInputError('file_not_allowed', `${input.kind} takes no file.`);
  if (file && file.length > maxFileBytes) {
    throw new OutboxInputError(
      'file_too_large',
      `The file is ${(file.length / 1024 / 1024).toFixed(1)} MB; the outbox accepts at most ${(maxFileBytes / 1024 / 1024).toFixed(0)} MB.`,
      { size: file.length, limit: maxFileBytes },
    );
  }
  return { payload: parsed.data as JobPayload, file };
}
