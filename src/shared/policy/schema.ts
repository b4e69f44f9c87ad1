import { z } from 'zod';
import { coordinationUrlSchema } from '../coordination.ts';
import { PAPER_SIZES } from '../documents.ts';
import { PRINTER_DENSITIES, printerTargetSchema } from '../printing.ts';
import { endpointOverridesSchema, ENVIRONMENTS } from '../profile.ts';

// The machine policy IT writes for every station (issue #31): what a station needs, set and
// optionally locked, in one file per machine. One zod schema is the source of truth; the JSON
// Schema IT's editors read is made from it (`npm run -s station -- policy schema`). Every object
// is strict: a key the station does not know is refused, because a typo IT never hears about
// ("lockd": true) is a setting silently not enforced. Keys are never in a policy: the profiles
// carry none, and the Redis password stays in each station's keychain.

const locked = z
  .boolean()
  .optional()
  .describe('true: the station shows this as set by IT and refuses to change it');

const hhmm = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'is not a time of day as HH:MM (24 h)');

/** A short helper: the field's meaning, as the JSON Schema and the reference say it. */
const d = <T extends z.ZodType>(schema: T, meaning: string): T => schema.describe(meaning);

export const policyProfileSchema = z
  .strictObject({
    name: d(z.string().trim().min(1).max(80), "the profile's name, as Settings shows it"),
    environment: d(z.enum(ENVIRONMENTS), 'which service it talks to'),
    baseUrl: d(
      z
        .url({ protocol: /^https?$/, message: 'is not an http(s) address' })
        .nullable()
        .optional(),
      'null or absent: the embedded sandbox (sandbox environment only)',
    ),
    apiVersion: d(z.enum(['v1', 'v1.1']).optional(), 'the API version (v1.1 unless given)'),
    overrides: d(
      endpointOverridesSchema.partial().strict().optional(),
      "endpoint paths that differ from the service's (see docs/environments.md)",
    ),
  })
  .refine((p) => p.environment === 'sandbox' || typeof p.baseUrl === 'string', {
    message: 'test and production profiles need a baseUrl',
    path: ['baseUrl'],
  });

export const policySchema = z
  .strictObject({
    $schema: z.string().optional(),
    profiles: d(
      z
        .strictObject({
          list: d(
            z.array(policyProfileSchema).min(1).max(50),
            'the profiles every station has; never an API key: each station keeps its own',
          ),
          active: d(
            z.string().trim().min(1).max(80).optional(),
            'the name of the profile stations use',
          ),
          locked,
        })
        .refine((p) => p.active === undefined || p.list.some((q) => q.name === p.active), {
          message: 'names no profile of the list',
          path: ['active'],
        })
        .optional(),
      'API profiles',
    ),
    labelPrinter: d(
      z
        .strictObject({
          target: d(
            printerTargetSchema.nullable(),
            'tcp://HOST[:PORT], cups:QUEUE or windows:PRINTER; null: no label printer',
          ),
          dpmm: d(
            z
              .number()
              .refine((v) => (PRINTER_DENSITIES as readonly number[]).includes(v), {
                message: 'is 6, 8, 12 or 24 (dots per mm: 8 is 203 dpi, 12 is 300 dpi)',
              })
              .optional(),
            'dots per mm of the head: 6, 8 (203 dpi), 12 (300 dpi) or 24',
          ),
          autoPrint: d(
            z.boolean().optional(),
            'print a label as soon as the service confirms its upload',
          ),
          locked,
        })
        .optional(),
      'the label printer',
    ),
    documentPrinter: d(
      z
        .strictObject({
          target: d(
            printerTargetSchema
              .refine((target) => !target.startsWith('tcp://'), {
                message:
                  'is a label printer address: a document printer is cups:QUEUE or windows:PRINTER',
              })
              .nullable(),
            'cups:QUEUE (a queue with a driver) or windows:PRINTER; null: none',
          ),
          paper: d(z.enum(PAPER_SIZES).optional(), 'the paper slips and invoices print on'),
          locked,
        })
        .optional(),
      'the document printer (packing slips and invoices)',
    ),
    coordination: d(
      z
        .strictObject({
          url: d(
            coordinationUrlSchema.nullable(),
            "redis:// or rediss:// address of the warehouse's Redis; null: each station alone",
          ),
          ca: d(
            z.string().max(100_000).nullable().optional(),
            "PEM of a private CA for rediss://; the password stays in each station's keychain",
          ),
          locked,
        })
        .optional(),
      'stations sharing one key through Redis',
    ),
    language: d(
      z
        .strictObject({
          value: d(
            z.enum(['en', 'pt-BR', 'es'], { message: 'is en, pt-BR or es' }),
            "the window's language",
          ),
          locked,
        })
        .optional(),
      'language',
    ),
    sound: d(
      z.strictObject({ muted: d(z.boolean(), 'no success and failure tones'), locked }).optional(),
      'feedback sounds',
    ),
    expiryWarningDays: d(
      z
        .strictObject({
          value: d(z.number().int().min(0).max(3650), 'days before expiry a lot turns amber'),
          locked,
        })
        .optional(),
      'the expiry warning',
    ),
    packing: d(
      z
        .strictObject({
          autoFinish: d(z.boolean().optional(), 'finish when the last unit is counted'),
          markPacked: d(z.boolean().optional(), 'set the order packed through the outbox'),
          printLabel: d(z.boolean().optional(), "print the order's label when a pack finishes"),
          printSlip: d(z.boolean().optional(), 'print the packing slip when a pack finishes'),
          printInvoice: d(
            z.boolean().optional(),
            'print the delivered invoice when a pack finishes',
          ),
          ackCode: d(
            z.string().trim().min(1).max(64).nullable().optional(),
            'a barcode that acknowledges a locked screen, as Enter does',
          ),
          locked,
        })
        .optional(),
      'how a verified pack finishes',
    ),
    updates: d(
      z
        .strictObject({
          enabled: d(z.boolean(), 'false: this station never updates by itself'),
          url: d(
            z.url({ protocol: /^https?$/ }).optional(),
            'the folder with latest.yml and the installers (a private mirror)',
          ),
          channel: d(
            z
              .string()
              .regex(/^[a-z0-9-]{1,32}$/, {
                message: 'is 1 to 32 lowercase letters, digits or dashes (e.g. beta)',
              })
              .optional(),
            'latest unless given (e.g. beta)',
          ),
          hours: d(
            z.strictObject({ from: hhmm, to: hhmm }).optional(),
            'when an update may install (station time, HH:MM); absent: at the next quit only',
          ),
          locked,
        })
        .optional(),
      'updates',
    ),
  })
  .describe('Packbench machine policy (issue #31)');

export type Policy = z.output<typeof policySchema>;
/** The parts of a policy a station can lock. */
export type PolicySection = Exclude<keyof Policy, '$schema'>;
export const POLICY_SECTIONS = Object.keys(policySchema.shape).filter(
  (key): key is PolicySection => key !== '$schema',
);
