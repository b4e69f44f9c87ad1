import { cameraSettingsSchema } from '../camera.ts';
import { recallQuerySchema, recordsInputSchema, supervisorQuerySchema } from '../records.ts';
import { scaleSettingsSchema } from '../scale/settings.ts';
import { z } from 'zod';
import {
  inspectUpload,
  MAX_FILE_MB,
  type FileKind,
  type FileRefusal,
} from '../files/file-rules.ts';
import { checkBounds, describePath, type BoundCode } from '../limits.ts';
import {
  JOB_KINDS,
  JOB_STATES,
  jobPayloadSchemas,
  type DataKind,
  type JobPayloadInput,
} from '../outbox.ts';
import { profileInputSchema } from '../profile.ts';
import { coordinationInputSchema } from '../coordination.ts';
import { documentPrinterSettingsSchema, PACK_DOCUMENTS, PAPER_SIZES } from '../documents.ts';
import { printerSettingsSchema, printerTargetSchema, REPRINT_REASONS } from '../printing.ts';
import {
  barcodeAliasSchema,
  LOT_REASONS,
  packSettingsSchema,
  SHORT_REASONS,
  WEIGHT_REASONS,
} from '../pack/types.ts';
import { safeDetails, type Redact } from '../details.ts';
import type { AppError } from '../result.ts';
import type { InvokeChannels, InvokeName } from './channels.ts';

const id = z.string().trim().min(1).max(64);
const fileName = z.string().trim().min(1).max(255);
// Files are judged by `fileRule` below, so that each refusal has its own sentence.
const bytes = z.instanceof(Uint8Array);
const jobId = z.string().uuid();
const profileId = z.string().regex(/^[a-z0-9-]{1,64}$/, 'is not a profile id');

const BOUND_MESSAGES: Record<BoundCode, (limit: number) => string> = {
  file_too_large: (limit) => `is a file larger than ${size(limit)}`,
  string_too_long: (limit) => `is a text longer than ${size(limit)}`,
  too_many_items: (limit) => `holds more than ${limit} entries`,
  too_deep: (limit) => `is nested more than ${limit} levels deep`,
  message_too_large: (limit) => `is larger than ${size(limit)}`,
};

const size = (n: number) =>
  n % (1024 * 1024) === 0
    ? `${n / (1024 * 1024)} MB`
    : n % 1024 === 0
      ? `${n / 1024} KB`
      : `${n} bytes`;

/**
 * The limit table, checked on the raw input before the channel's own schema runs: a 100 MB
 * string is refused without being trimmed, copied or matched against a pattern first.
 */
const bounded = <T extends z.ZodType>(schema: T) =>
  z
    .unknown()
    .superRefine((value, ctx) => {
      const check = checkBounds(value);
      if (check.ok) return;
      ctx.addIssue({
        code: 'custom',
        path: check.path,
        message: BOUND_MESSAGES[check.code](check.limit),
        params: { bound: check.code, limit: check.limit },
        continue: false,
      });
    })
    .pipe(schema);

/** The failure for an input refused by the limit table (its own code and sentence), or null. */
export function boundsRefusal(error: z.ZodError, redact: Redact): AppError | null {
  const issue = error.issues.find(
    (i) => i.code === 'custom' && typeof (i.params as { bound?: unknown })?.bound === 'string',
  );
  if (!issue || issue.code !== 'custom') return null;
  const { bound, limit } = issue.params as { bound: BoundCode; limit: number };
  return {
    code: `limits.${bound}`,
    messageKey: `errors.limits.${bound}`,
    // The path may hold the caller's own property names: redacted like any text.
    message: redact(`${describePath(issue.path as (string | number)[])} ${issue.message}.`),
    details: safeDetails({ path: issue.path, limit }, redact),
  };
}

const FILE_MESSAGES: Record<FileRefusal, string> = {
  empty: 'is empty',
  tooLarge: `is larger than ${MAX_FILE_MB} MB`,
  notPdf: 'is not a PDF',
  damaged: 'is a damaged or truncated PDF',
  needsPassword: 'needs a password to open',
  noZpl: 'holds no complete ZPL label',
  unknownType: 'is not a file of the declared kind',
};

/**
 * The same file rules as the screens (`shared/files`), so a file the window would refuse cannot
 * reach the outbox by another way. pdf.js's parse is not repeated here: it runs in the window's
 * pdf.js worker, and in main it would stall every window and the outbox while a 20 MB file parses.
 */
const fileRule =
  (kind: FileKind) =>
  (
    input: { fileName: string; bytes: Uint8Array; format?: 'zpl' | 'pdf' | 'png' },
    ctx: z.RefinementCtx,
  ) => {
    const verdict = inspectUpload(kind, input.fileName, input.bytes, input.format);
    if (verdict.ok) return;
    ctx.addIssue({
      code: 'custom',
      path: ['bytes'],
      message: FILE_MESSAGES[verdict.reason],
      params: { file: verdict.reason },
    });
  };

/** The failure for a file refused by the file rules (its own code and sentence), or null. */
export function fileRefusal(
  error: z.ZodError,
  rawFileName: string,
  redact: Redact,
): AppError | null {
  const issue = error.issues.find(
    (i) => i.code === 'custom' && typeof (i.params as { file?: unknown })?.file === 'string',
  );
  if (!issue || issue.code !== 'custom') return null;
  const reason = (issue.params as { file: FileRefusal }).file;
  const fileName = redact(rawFileName);
  return {
    code: `files.${reason}`,
    messageKey: `files.${reason}`,
    message: `${fileName} ${issue.message}.`,
    params: { file: fileName, limit: MAX_FILE_MB },
  };
}

/** One kind of submission without a file, with that kind's payload schema. */
const submission = <K extends DataKind>(kind: K) =>
  z.object({
    kind: z.literal(kind),
    payload: jobPayloadSchemas[kind],
    confirmResend: z.boolean().optional(),
  });

/** Main validates every IPC input against these before anything else sees it. */
const channelSchemas = {
  getAppInfo: z.undefined(),
  getThirdPartyNotices: z.undefined(),
  getStatus: z.undefined(),
  getUpdate: z.undefined(),
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
  getProductNames: z.object({ skus: z.array(id).max(200) }),
  submitInvoice: z
    .object({ order: id, fileName, bytes, confirmResend: z.boolean().optional() })
    .superRefine(fileRule('invoice')),
  submitLabel: z
    .object({
      order: id,
      fileName,
      bytes,
      format: z.enum(['zpl', 'pdf', 'png']).optional(),
      confirmResend: z.boolean().optional(),
    })
    .superRefine(fileRule('label')),
  listProducts: z.object({
    search: z.string().trim().max(200).optional(),
    page: z.number().int().min(1).max(100_000).optional(),
  }),
  getProduct: z.object({ sku: id }),
  getInbound: z.object({ id }),
  // Each kind with its own payload schema (from the OpenAPI document): a wrong field is named
  // at the door, by its path, before the outbox sees it.
  submitJob: z.discriminatedUnion('kind', [
    submission('product.create'),
    submission('product.update'),
    submission('order.create'),
    submission('order.update'),
    submission('inbound.create'),
    submission('inbound.delete'),
  ]),
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
  // The job's kind is known only in main: a payload of some kind may come; the outbox then checks
  // it against the job's own kind.
  editJob: z.object({
    id: jobId,
    payload: z.custom<JobPayloadInput>(
      (value) => JOB_KINDS.some((kind) => jobPayloadSchemas[kind].safeParse(value).success),
      'is not the data of any kind of submission',
    ),
  }),
  retryAllJobs: z.undefined(),
  discardJob: z.object({ id: jobId }),
  acknowledgeOutboxNotice: z.object({ id: z.number().int().positive() }),
  reassignJob: z.object({ id: jobId }),
  getAudit: z.object({ limit: z.number().int().min(1).max(10_000).optional() }),
  exportAuditCsv: z.undefined(),
  getPrinting: z.undefined(),
  savePrinterSettings: printerSettingsSchema,
  listPrinterQueues: z.undefined(),
  testPrint: z.object({ target: printerTargetSchema.optional() }),
  printLabel: z.object({
    source: z.discriminatedUnion('kind', [
      z.object({ kind: z.literal('job'), jobId }),
      z
        .object({ kind: z.literal('bytes'), bytes, fileName, order: id.optional() })
        .superRefine(fileRule('label')),
    ]),
    reprintReason: z.enum(REPRINT_REASONS).optional(),
    force: z.boolean().optional(),
  }),
  retryPrint: z.object({ id: jobId, force: z.boolean().optional() }),
  readPrinterDensity: z.object({ target: printerTargetSchema }),
  getCoordination: z.undefined(),
  saveCoordination: coordinationInputSchema,
  testCoordination: coordinationInputSchema,
  discardPrint: z.object({ id: jobId }),
  openPack: z.object({ orderId: id, expiryWarningDays: z.number().int().min(0).max(3650) }),
  // Kept exactly as the wedge typed it (a GS1 group separator is ASCII 29): never trimmed here.
  packScan: z.object({ packId: id, code: z.string().min(1).max(512) }),
  answerPack: z.object({
    packId: id,
    answer: z.discriminatedUnion('kind', [
      z.object({ kind: z.literal('acknowledge') }),
      z.object({ kind: z.literal('notes') }),
      z.object({ kind: z.literal('lot'), lot: z.string().trim().min(1).max(64) }),
      z.object({
        kind: z.literal('reason'),
        reason: z.enum(LOT_REASONS),
        text: z.string().trim().max(500).optional(),
      }),
      z.object({ kind: z.literal('cancel') }),
    ]),
  }),
  undoPackScan: z.object({ packId: id }),
  finishPack: z.object({
    packId: id,
    short: z
      .object({ reason: z.enum(SHORT_REASONS), text: z.string().trim().max(500).optional() })
      .optional(),
    weightOverride: z
      .object({ reason: z.enum(WEIGHT_REASONS), text: z.string().trim().max(500).optional() })
      .optional(),
  }),
  exportPacks: z
    .object({
      orderId: id.optional(),
      day: z
        .string()
        .regex(/^\d{4}-\d{2}-\d{2}$/, 'is not a day (YYYY-MM-DD)')
        .optional(),
      format: z.enum(['csv', 'json']),
    })
    .refine((q) => q.orderId !== undefined || q.day !== undefined, 'needs an order or a day'),
  getPackSettings: z.undefined(),
  savePackSettings: packSettingsSchema,
  getBarcodeAliases: z.undefined(),
  saveBarcodeAliases: z.object({ aliases: z.array(barcodeAliasSchema).max(5_000) }),
  listScales: z.undefined(),
  getScaleSettings: z.undefined(),
  saveScaleSettings: scaleSettingsSchema,
  testScale: scaleSettingsSchema,
  getScale: z.undefined(),
  getPolicy: z.undefined(),
  setStationLanguage: z.object({ language: z.enum(['en', 'pt-BR', 'es']) }),
  getDocumentPrinter: z.undefined(),
  saveDocumentPrinter: documentPrinterSettingsSchema,
  testDocumentPrinter: z.object({
    target: printerTargetSchema.optional(),
    paper: z.enum(PAPER_SIZES).optional(),
  }),
  printPaper: z.object({
    orderId: id,
    document: z.enum(PACK_DOCUMENTS),
    file: z.object({ bytes, fileName }).superRefine(fileRule('invoice')).optional(),
    reprintReason: z.enum(REPRINT_REASONS).optional(),
  }),
  retryPaper: z.object({
    packId: id,
    document: z.enum(PACK_DOCUMENTS),
    force: z.boolean().optional(),
  }),
  previewSupportBundle: z.undefined(),
  saveSupportBundle: z.undefined(),
  // A drop's files as the window read them; what each holds is judged in main, piece by piece
  // (a refused file is a row of the board, not a refused call). The limit table bounds the whole.
  bulkBoard: z.undefined(),
  bulkDrop: z.object({
    files: z
      .array(z.object({ name: z.string().trim().min(1).max(255), bytes }))
      .min(1)
      .max(500),
  }),
  bulkAssign: z.object({ seq: z.number().int().positive(), order: id.nullable() }),
  bulkLeaveOut: z.object({ seq: z.number().int().positive(), leftOut: z.boolean() }),
  bulkQueue: z.object({ seqs: z.array(z.number().int().positive()).min(1).max(20_000).optional() }),
  bulkClear: z.undefined(),
  bulkPreview: z.object({ seq: z.number().int().positive() }),
  getRecords: z.undefined(),
  saveRecords: recordsInputSchema,
  testRecords: recordsInputSchema,
  recall: recallQuerySchema,
  recallCsv: recallQuerySchema,
  supervisor: supervisorQuerySchema,
  supervisorCsv: supervisorQuerySchema,
  getCamera: z.undefined(),
  saveCamera: cameraSettingsSchema,
  clipStart: z.object({ packId: id }),
  // A MediaRecorder fragment (about a second of video); the limit table bounds its size.
  clipAppend: z.object({ packId: id, bytes: bytes.refine((b) => b.length > 0) }),
  clipFinish: z.object({ packId: id }),
  packClips: z.object({ orderId: id }),
  holdClips: z.object({ orderId: id, held: z.boolean() }),
  exportEvidence: z.object({ orderId: id }),
} satisfies { [K in InvokeName]: z.ZodType<InvokeChannels[K]['input'], unknown> };

type Bounded<S> = {
  [K in keyof S]: S[K] extends z.ZodType ? z.ZodPipe<z.ZodUnknown, S[K]> : never;
};

export const inputSchemas = Object.fromEntries(
  Object.entries(channelSchemas).map(([name, schema]) => [name, bounded(schema)]),
) as Bounded<typeof channelSchemas>;

export type ParsedInput<K extends InvokeName> = z.output<(typeof channelSchemas)[K]>;
