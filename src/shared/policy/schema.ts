import { z } from 'zod';
import { coordinationUrlSchema } from '../coordination.ts';
import { PAPER_SIZES } from '../documents.ts';
import { PRINTER_DENSITIES, printerTargetSchema } from '../printing.ts';
import { ENVIRONMENTS } from '../profile.ts';

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

export const policyProfileSchema = z
  .strictObject({
    name: z.string().trim().min(1).max(80),
    environment: z.enum(ENVIRONMENTS),
    baseUrl: z
      .url({ protocol: /^https?$/, message: 'is not an http(s) address' })
      .nullable()
      .optional()
      .describe('null or absent: the embedded sandbox (sandbox environment only)'),
    apiVersion: z.enum(['v1', 'v1.1']).optional(),
    overrides: z
      .record(z.string(), z.string())
      .optional()
      .describe("endpoint paths that differ from the service's (see docs/environments.md)"),
  })
  .refine((p) => p.environment === 'sandbox' || typeof p.baseUrl === 'string', {
    message: 'test and production profiles need a baseUrl',
    path: ['baseUrl'],
  });

export const policySchema = z
  .strictObject({
    $schema: z.string().optional(),
    profiles: z
      .strictObject({
        list: z.array(policyProfileSchema).min(1).max(50),
        /** The profile stations use: one of the names above. */
        active: z.string().trim().min(1).max(80).optional(),
        locked,
      })
      .refine((p) => p.active === undefined || p.list.some((q) => q.name === p.active), {
        message: 'names no profile of the list',
        path: ['active'],
      })
      .optional(),
    labelPrinter: z
      .strictObject({
        target: printerTargetSchema.nullable(),
        dpmm: z
          .number()
          .refine((d) => (PRINTER_DENSITIES as readonly number[]).includes(d), {
            message: 'is 6, 8, 12 or 24 (dots per mm: 8 is 203 dpi, 12 is 300 dpi)',
          })
          .optional(),
        autoPrint: z.boolean().optional(),
        locked,
      })
      .optional(),
    documentPrinter: z
      .strictObject({
        target: printerTargetSchema.nullable(),
        paper: z.enum(PAPER_SIZES).optional(),
        locked,
      })
      .optional(),
    coordination: z
      .strictObject({
        url: coordinationUrlSchema.nullable(),
        ca: z.string().max(100_000).nullable().optional(),
        locked,
      })
      .optional(),
    language: z.strictObject({ value: z.enum(['en', 'pt-BR', 'es']), locked }).optional(),
    sound: z.strictObject({ muted: z.boolean(), locked }).optional(),
    expiryWarningDays: z
      .strictObject({ value: z.number().int().min(0).max(3650), locked })
      .optional(),
    packing: z
      .strictObject({
        autoFinish: z.boolean().optional(),
        markPacked: z.boolean().optional(),
        printLabel: z.boolean().optional(),
        printSlip: z.boolean().optional(),
        printInvoice: z.boolean().optional(),
        ackCode: z.string().trim().min(1).max(64).nullable().optional(),
        locked,
      })
      .optional(),
    updates: z
      .strictObject({
        enabled: z.boolean(),
        url: z
          .url({ protocol: /^https?$/ })
          .optional()
          .describe('a generic-provider folder'),
        channel: z
          .string()
          .regex(/^[a-z0-9-]{1,32}$/)
          .optional(),
        hours: z
          .strictObject({ from: hhmm, to: hhmm })
          .optional()
          .describe('when an update may install (station time); absent: at the next quit only'),
        locked,
      })
      .optional(),
  })
  .describe('Packbench machine policy (issue #31)');

export type Policy = z.output<typeof policySchema>;
/** The parts of a policy a station can lock. */
export type PolicySection = Exclude<keyof Policy, '$schema'>;
export const POLICY_SECTIONS = Object.keys(policySchema.shape).filter(
  (key): key is PolicySection => key !== '$schema',
);
