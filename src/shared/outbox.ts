import type { MessageKey } from './i18n/message-key.ts';
import { z } from 'zod';
import {
  zCreateInboundBody,
  zCreateOrderBody,
  zCreateProductBody,
  zDeleteInboundPath,
  zUpdateOrderBody,
  zUpdateProductBody,
} from './api/generated/hey-api/zod.gen.ts';

// What the outbox carries, shared by main (which stores and sends) and the renderer (which shows).

/**
 * `orphaned`: its profile was removed (or lost with a damaged profiles file); it waits, visible,
 * to be moved to another profile or discarded, and is never sent meanwhile.
 */
export const JOB_STATES = ['queued', 'sending', 'done', 'failed', 'uncertain', 'orphaned'] as const;
export type JobState = (typeof JOB_STATES)[number];

const id = z.string().trim().min(1).max(64);

// Request bodies come from the OpenAPI document (generated zod schemas): what the outbox accepts
// on enqueue, and checks again on load, is exactly what the service accepts.
export const jobPayloadSchemas = {
  'invoice.upload': z.object({ order: id, fileName: z.string().min(1).max(255) }),
  'label.upload': z.object({
    order: id,
    fileName: z.string().min(1).max(255),
    format: z.enum(['zpl', 'pdf', 'png']).optional(),
  }),
  'product.create': z.object({ product: zCreateProductBody }),
  'product.update': z.object({ product: zUpdateProductBody }),
  'order.create': z.object({ order: zCreateOrderBody }),
  'order.update': z.object({ order: zUpdateOrderBody }),
  'inbound.create': z.object({ inbound: zCreateInboundBody }),
  'inbound.delete': z.object({ id: zDeleteInboundPath.shape.id }),
} as const;

export type JobKind = keyof typeof jobPayloadSchemas;
export const JOB_KINDS = Object.keys(jobPayloadSchemas) as JobKind[];
/**
 * Whether `kind` names a job kind. An own key of `jobPayloadSchemas`: `kind in` or a plain lookup
 * would take `constructor`, `__proto__`, `toString`… from Object.prototype for a kind.
 */
export const isJobKind = (kind: unknown): kind is JobKind =>
  typeof kind === 'string' && Object.hasOwn(jobPayloadSchemas, kind);
export type JobPayload<K extends JobKind = JobKind> = z.output<(typeof jobPayloadSchemas)[K]>;
/** A payload as the window writes it (before defaults such as an address's country). */
export type JobPayloadInput<K extends JobKind = JobKind> = z.input<(typeof jobPayloadSchemas)[K]>;

/** Kinds sent without a file, through `submitJob`. */
export const DATA_KINDS = [
  'product.create',
  'product.update',
  'order.create',
  'order.update',
  'inbound.create',
  'inbound.delete',
] as const satisfies readonly JobKind[];
export type DataKind = (typeof DATA_KINDS)[number];

/** One submission without a file: its kind and the payload that kind takes. */
export type DataSubmission = {
  [K in DataKind]: { kind: K; payload: JobPayloadInput<K>; confirmResend?: boolean };
}[DataKind];

/** Kinds that carry a file. */
export const FILE_KINDS: readonly JobKind[] = ['invoice.upload', 'label.upload'];

export interface JobError {
  family: string;
  code: string;
  messageKey: MessageKey;
  message: string;
  status?: number;
  /** The service's own words, when it answered with an error body. */
  serviceMessage?: string;
}

/** A job as the window sees it: everything but the file bytes; its payload is its kind's. */
export type JobView = {
  [K in JobKind]: JobViewBase & { kind: K; payload: JobPayload<K> };
}[JobKind];

interface JobViewBase {
  id: string;
  profileId: string;
  fileSize: number | null;
  fileSha256: string | null;
  state: JobState;
  attempts: number;
  nextAttemptAt: number;
  lastError: JobError | null;
  /** What the service answered to a delivered job (e.g. the content hash it received). */
  result: JobResult | null;
  /**
   * An earlier job for the same order, product or inbound that failed: this one waits behind
   * it until it is retried or discarded.
   */
  blockedBy: { id: string; kind: JobKind } | null;
  /** What the job is about: the order, product or inbound it changes. */
  subject: string;
  createdAt: number;
  updatedAt: number;
}

export type JobResult = Record<string, string | number | boolean | null>;

export type OutboxCounts = Record<JobState, number>;

/** Something the operator must be told until they acknowledge it. */
export type OutboxNotice = { id: number; at: number } & (
  | {
      kind: 'salvaged';
      details: {
        /** Where the damaged outbox was set aside. */
        damagedCopy: string;
        recovered: number;
        /** null: not even the number of lost rows can be told. */
        unreadable: number | null;
        reason: string;
      };
    }
  | {
      /** profiles.json was unreadable and started afresh: its jobs wait under "profile removed". */
      kind: 'profiles_reset';
      details: { damagedCopy: string; orphaned: number };
    }
);

export interface OutboxSnapshot {
  /** Notices of the whole outbox (not only this profile) awaiting acknowledgement. */
  notices: OutboxNotice[];
  counts: OutboxCounts;
  /** The profile's sending is held back until its key changes (401/403). */
  pausedForAuth: boolean;
  quarantined: number;
  waiting: OutboxWaiting;
}

/** The work not yet delivered: the status bar's figures. */
export interface OutboxWaiting {
  /** Queued, sending, or sent without an answer and to be checked. */
  count: number;
  /** When the oldest of them was queued. */
  oldestAt: number | null;
  /** The earliest next attempt among those waiting for their turn; null when none is. */
  nextAttemptAt: number | null;
}
