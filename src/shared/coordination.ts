import { z } from 'zod';
import type { MessageKey } from './i18n/message-key.ts';
import { caPemSchema, passwordField } from './server-fields.ts';
import { isSentinelAddress, parseSentinelAddress } from './sentinel-address.ts';
import type { CoordinationState } from './status.ts';

// Stations sharing one company key (issue #21): the warehouse's Redis (or Valkey) that this
// station takes its request slots from. What the window and main agree on: the settings in
// coordination.json, the password's place (the OS keychain, never the file or the URL), the Test
// button's answer, and every way reaching Redis can fail.

/** The keychain account of the Redis password (profile accounts are UUIDs: no clash). */
export const COORDINATION_PASSWORD_ACCOUNT = 'packbench:coordination:redis-password';

/**
 * redis://[user@]host[:port][/db] or rediss://…, TLS for rediss; or the Sentinels watching the
 * warehouse's Redis, redis+sentinel://host[:port],host[:port]/master[/db] (rediss+sentinel for
 * TLS, see sentinel-address.ts). No password: it has its own field.
 */
export const coordinationUrlSchema = z
  .string()
  .trim()
  .min(1)
  .max(500)
  .superRefine((value, ctx) => {
    const problem = (messageKey: MessageKey, message: string) =>
      ctx.addIssue({ code: 'custom', message, params: { messageKey } });
    if (isSentinelAddress(value)) {
      const parsed = parseSentinelAddress(value);
      if (!parsed.ok) problem(parsed.problem.messageKey, parsed.problem.message);
      return;
    }
    let url: URL;
    try {
      url = new URL(value);
    } catch {
      problem('coordination.errors.url', 'is not a redis:// or rediss:// URL');
      return;
    }
    if (url.protocol !== 'redis:' && url.protocol !== 'rediss:') {
      problem('coordination.errors.url', 'is not a redis:// or rediss:// URL');
      return;
    }
    if (!url.hostname) problem('coordination.errors.host', 'has no host');
    if (url.password)
      problem(
        'coordination.errors.passwordInUrl',
        'contains a password (it belongs in the password field, kept in the OS keychain)',
      );
    if (url.pathname && url.pathname !== '/' && !/^\/\d{1,2}$/.test(url.pathname))
      problem('coordination.errors.database', 'names a database that is not a number');
    if (url.search || url.hash) problem('coordination.errors.url', 'has ?query or #fragment');
  });

export const coordinationSettingsSchema = z.object({
  /** The warehouse's Redis; null: this station budgets alone, exactly as without Redis. */
  url: coordinationUrlSchema.nullable(),
  /** PEM certificate(s) of a private CA to trust for rediss:// besides the system's; null: none. */
  ca: caPemSchema('coordination.errors.ca'),
});
export type CoordinationSettings = z.output<typeof coordinationSettingsSchema>;

export const DEFAULT_COORDINATION_SETTINGS: CoordinationSettings = { url: null, ca: null };

/** What Save and Test send: the settings, and the password (absent: keep, null: remove). */
export const coordinationInputSchema = coordinationSettingsSchema.extend({
  password: passwordField,
});
export type CoordinationInput = z.input<typeof coordinationInputSchema>;

export interface CoordinationView {
  settings: CoordinationSettings;
  /** A password is kept in the OS keychain (never sent to the window). */
  passwordSet: boolean;
  /** A damaged coordination.json set aside at start (the station started alone). */
  recoveredFrom: string | null;
  /** The active budget's coordination, null while the station budgets alone. */
  state: CoordinationState | null;
}

/** The Test button's answer. */
export interface CoordinationTestResult {
  /** Median of a few PINGs, milliseconds. */
  latencyMs: number;
  /** Stations heard of recently on the active profile's key (this one not counted unless it is). */
  stations: number;
  /** The server's own name and version, e.g. "redis 7.0.15" or "valkey 8.0.1". */
  server: string;
}

/** Every way reaching the warehouse's Redis can fail, each with a sentence `errors.coordination.*`. */
export const COORDINATION_ERROR_CODES = [
  'unreachable',
  'timeout',
  'auth',
  'tls',
  'not-redis',
  'no-scripts',
  'too-old',
  'no-master',
] as const;
export type CoordinationErrorCode = (typeof COORDINATION_ERROR_CODES)[number];
