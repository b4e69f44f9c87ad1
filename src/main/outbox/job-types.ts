import type { JobKind, JobPayload, JobState, JobView } from '../../shared/outbox.ts';

export interface EnqueueInput {
  profileId: string;
  kind: JobKind;
  payload: unknown;
  file?: Uint8Array | null;
  /** Re-send something already delivered (a reprint): the operator confirmed it. */
  confirmResend?: boolean;
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
