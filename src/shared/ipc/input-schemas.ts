import { z } from 'zod';
import { JOB_STATES } from '../outbox.ts';
import { profileInputSchema } from '../profile.ts';
import type { InvokeChannels, InvokeName } from './channels.ts';

const id = z.string().trim().min(1).max(64);
const fileName = z.string().trim().min(1).max(255);
const bytes = z.instanceof(Uint8Array).refine((b) => b.length > 0, 'is empty');
const jobId = z.string().uuid();
const profileId = z.string().regex(/^[a-z0-9-]{1,64}$/, 'is not a profile id');

/** Main validates every IPC input against these before anything else sees it. */
export const inputSchemas = {
  getAppInfo: z.undefined(),
  getThirdPartyNotices: z.undefined(),
  getStatus: z.undefined(),
  testConnection: z.undefined(),
  listProfiles: z.undefined(),
  saveProfile: z.object({ id: profileId.optional(), profile: profileInputSchema }),
  deleteProfile: z.object({ id: profileId }),
  switchProfile: z.object({ id: profileId }),
  getKeyStatus: z.object({ profileId: profileId.optional() }),
  setKey: z.object({
    profileId,
    key: z
      .string()
      .trim()
      .min(8, 'is too short to be an API key')
      .max(512, 'is too long to be an API key')
      .regex(/^[\x21-\x7e]+$/, 'may hold only visible ASCII characters, no spaces'),
  }),
  removeKey: z.object({ profileId }),
  lookupOrder: z.object({ id }),
  submitInvoice: z.object({ order: id, fileName, bytes, confirmResend: z.boolean().optional() }),
  submitLabel: z.object({
    order: id,
    fileName,
    bytes,
    format: z.enum(['zpl', 'pdf', 'png']).optional(),
    confirmResend: z.boolean().optional(),
  }),
  listProducts: z.object({
    search: z.string().trim().max(200).optional(),
    page: z.number().int().min(1).max(100_000).optional(),
  }),
  getProduct: z.object({ sku: id }),
  getInbound: z.object({ id }),
  submitJob: z.object({
    kind: z.enum([
      'product.create',
      'product.update',
      'order.create',
      'order.update',
      'inbound.create',
      'inbound.delete',
    ]),
    payload: z.unknown(),
    confirmResend: z.boolean().optional(),
  }),
  listOrders: z.object({
    from: z.iso.date().optional(),
    to: z.iso.date().optional(),
    updated: z.iso.date().optional(),
    page: z.number().int().min(1).max(100_000).optional(),
  }),
  queryInventory: z.object({ sku: id.optional(), warehouse: id.optional() }),
  queryTrackings: z
    .object({ order: id.optional(), id: id.optional(), code: id.optional() })
    .refine(
      (q) => q.order !== undefined || q.id !== undefined || q.code !== undefined,
      'needs an order, a tracking id or a code',
    ),
  getOutbox: z.object({ states: z.array(z.enum(JOB_STATES)).optional() }),
  retryJob: z.object({ id: jobId }),
  editJob: z.object({ id: jobId, payload: z.record(z.string(), z.unknown()) }),
  retryAllJobs: z.undefined(),
  discardJob: z.object({ id: jobId }),
  acknowledgeOutboxNotice: z.object({ id: z.number().int().positive() }),
  reassignJob: z.object({ id: jobId }),
  getAudit: z.object({ limit: z.number().int().min(1).max(10_000).optional() }),
  exportAuditCsv: z.undefined(),
} satisfies { [K in InvokeName]: z.ZodType<InvokeChannels[K]['input'], unknown> };

export type ParsedInput<K extends InvokeName> = z.output<(typeof inputSchemas)[K]>;
