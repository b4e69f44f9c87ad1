import { z } from 'zod';
import type { MessageKey } from './i18n/message-key.ts';
import { caPemSchema, passwordField } from './server-fields.ts';

// The fleet's pack records (issue #40): where PostgreSQL is (records.json, or the machine
// policy), the password's place (the OS keychain, never the file or the address), what the
// replication is doing, and a recall's question and answer, as the window and main agree on them.

/** The keychain account of the PostgreSQL password (profile accounts are UUIDs: no clash). */
export const RECORDS_PASSWORD_ACCOUNT = 'packbench:records:postgres-password';

/** The TLS modes an address may name (`?sslmode=`), as PostgreSQL's own clients take them. */
export const SSL_MODES = ['disable', 'allow', 'prefer', 'require', 'verify-ca', 'verify-full'];

/**
 * postgres://[user@]host[:port][/database][?sslmode=…]. No password: it has its own field, kept
 * in the keychain, so it never lands in a settings file, a policy or a log line.
 */
export const recordsUrlSchema = z
  .string()
  .trim()
  .min(1)
  .max(500)
  .superRefine((value, ctx) => {
    const problem = (messageKey: MessageKey, message: string) =>
      ctx.addIssue({ code: 'custom', message, params: { messageKey } });
    let url: URL;
    try {
      url = new URL(value);
    } catch {
      return problem('records.settings.errors.url', 'is not a postgres:// address');
    }
    if (url.protocol !== 'postgres:' && url.protocol !== 'postgresql:')
      return problem('records.settings.errors.url', 'is not a postgres:// address');
    if (!url.hostname) problem('records.settings.errors.host', 'has no host');
    if (url.password)
      problem(
        'records.settings.errors.passwordInUrl',
        'contains a password (it belongs in the password field, kept in the OS keychain)',
      );
    const options = [...url.searchParams.keys()];
    if (
      url.hash ||
      options.some((key) => key !== 'sslmode') ||
      !SSL_MODES.includes(url.searchParams.get('sslmode') ?? 'prefer')
    )
      problem('records.settings.errors.options', 'takes no option but ?sslmode=');
  });

export const recordsSettingsSchema = z.object({
  /** The warehouse's PostgreSQL; null: the records stay on this station, as before. */
  url: recordsUrlSchema.nullable(),
  /** PEM certificate(s) of a private CA the server's certificate is checked against; null: none. */
  ca: caPemSchema('records.settings.errors.ca'),
});
export type RecordsSettings = z.output<typeof recordsSettingsSchema>;

export const DEFAULT_RECORDS_SETTINGS: RecordsSettings = { url: null, ca: null };

/** What Save and Test send: the settings, and the password (absent: keep, null: remove). */
export const recordsInputSchema = recordsSettingsSchema.extend({
  password: passwordField,
});
export type RecordsInput = z.input<typeof recordsInputSchema>;

export interface RecordsSentence {
  messageKey: MessageKey;
  params: Record<string, string | number>;
}

/** The replication as the status bar and Settings show it. */
export interface RecordsState {
  phase: 'off' | 'connecting' | 'sending' | 'upToDate' | 'waiting' | 'stopped';
  /** host:port/database; null when no PostgreSQL is set. */
  target: string | null;
  pending: number;
  sent: number;
  /** Why the last attempt failed (or the last pack was refused); null once a pass succeeds. */
  error: RecordsSentence | null;
  sentence: RecordsSentence;
}

export interface RecordsView {
  settings: RecordsSettings;
  /** A password is kept in the OS keychain (never sent to the window). */
  passwordSet: boolean;
  /** A damaged records.json set aside at start (the station started without PostgreSQL). */
  recoveredFrom: string | null;
  state: RecordsState;
}

/** The Test button's answer: the server's version, or why it could not be used. */
export type RecordsTestResult =
  { ok: true; server: string; target: string } | { ok: false; error: RecordsSentence };

/** A recall's question (issue #40): one lot, order or GTIN; a SKU; a date range (YYYY-MM-DD). */
export const recallQuerySchema = z.object({
  by: z.enum(['lot', 'order', 'gtin']),
  value: z.string().trim().min(1).max(64),
  sku: z.string().trim().min(1).max(64).nullable().optional(),
  from: z.iso.date().nullable().optional(),
  to: z.iso.date().nullable().optional(),
});
export type RecallQueryInput = z.input<typeof recallQuerySchema>;

export interface RecallRowView {
  order: string;
  sku: string;
  gtin: string | null;
  lot: string | null;
  expiry: string | null;
  quantity: number;
  customer: string | null;
  city: string | null;
  packedAt: string;
  station: string;
  packer: string;
  labelDelivered: boolean;
  invoiceDelivered: boolean;
}

export interface RecallAnswer {
  rows: RecallRowView[];
  /** `postgres`: the fleet; `station`: this station's own records only (no PostgreSQL set). */
  source: 'postgres' | 'station';
}

/** The supervisor's view (issue #40): one row per day (UTC), station and packer. */
export interface SupervisorRow {
  day: string;
  station: string;
  packer: string;
  packs: number;
  units: number;
  /** Units per hour of packing (from each pack's open to its finish); null without time. */
  unitsPerHour: number | null;
  /** Refused scans per hundred units counted; null without units. */
  errorsPer100: number | null;
  fefoOverrides: number;
  /** FEFO overrides by the packer's reason. */
  fefoReasons: Record<string, number>;
  shortPacks: number;
  /** Weights outside the tolerance the packer let go, with a reason. */
  weightOverrides: number;
}

export const supervisorQuerySchema = z.object({ from: z.iso.date(), to: z.iso.date() });
export type SupervisorQuery = z.input<typeof supervisorQuerySchema>;

export interface SupervisorAnswer {
  rows: SupervisorRow[];
  source: 'postgres' | 'station';
}
