import type { TFunction } from 'i18next';
import type { z } from 'zod';
import { checkBody, formErrors, type Checked } from '@renderer/ui/forms/api-rules.ts';

// The fields of a form for a warehouse server (the Redis of "Stations sharing this key", the
// PostgreSQL of "Pack records") and what Save and Test send. The rules are the shared input
// schema's (main checks with the same one); each refinement names its own sentence, said on the
// field it came from.

export interface ServerDraft {
  /** Empty: no server (the station works alone, as before). */
  url: string;
  /** Typed only to set a new password; the kept one never comes to the window. */
  password: string;
  /** Remove the kept password (only offered while one is kept). */
  removePassword: boolean;
  /** Empty: no private certificate authority. */
  ca: string;
}

/** What Save and Test send for a server: its address, CA and (maybe) password. */
export interface ServerInput {
  url: string | null;
  ca: string | null;
  password?: string | null;
}

/** The form's fields for saved settings (never a password). */
export const draftOf = (settings: { url: string | null; ca: string | null }): ServerDraft => ({
  url: settings.url ?? '',
  password: '',
  removePassword: false,
  ca: settings.ca ?? '',
});

/**
 * What the fields send: empty fields as null; the password as typed, null to remove the kept
 * one, and no `password` at all to keep whatever is kept.
 */
export function inputOf(draft: ServerDraft): ServerInput {
  const input: ServerInput = {
    url: draft.url.trim() === '' ? null : draft.url,
    ca: draft.ca.trim() === '' ? null : draft.ca,
  };
  if (draft.removePassword) input.password = null;
  else if (draft.password !== '') input.password = draft.password;
  return input;
}

/** The input, as main will read it, or the fields' problems from the shared schema. */
export function checkServer(schema: z.ZodType, draft: ServerDraft): Checked<ServerInput> {
  // Both servers' input schemas read { url, ca, password? } and give back the same shape.
  return checkBody(schema, inputOf(draft)) as Checked<ServerInput>;
}

/** The form's errors by field (empty when the input is valid). */
export function validateServer(
  t: TFunction,
  schema: z.ZodType,
  draft: ServerDraft,
): Record<string, string> {
  const checked = checkServer(schema, draft);
  return checked.ok ? {} : formErrors(t, checked.errors);
}
