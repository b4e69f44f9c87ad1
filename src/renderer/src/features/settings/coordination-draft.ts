import type { TFunction } from 'i18next';
import {
  coordinationInputSchema,
  type CoordinationInput,
  type CoordinationSettings,
} from '@shared/coordination.ts';
import { checkBody, formErrors, type Checked } from '@renderer/ui/forms/api-rules.ts';

// The "Stations sharing this key" form's fields and what Save and Test send. The rules are
// coordinationInputSchema's (main checks with the same schema); each refinement names its own
// sentence (`coordination.errors.*`), said on the field it came from.

export interface CoordinationDraft {
  /** Empty: this station budgets alone. */
  url: string;
  /** Typed only to set a new password; the kept one never comes to the window. */
  password: string;
  /** Remove the kept password (only offered while one is kept). */
  removePassword: boolean;
  /** Empty: no private certificate authority. */
  ca: string;
}

/** The form's fields for saved settings (never a password). */
export const draftOf = (settings: CoordinationSettings): CoordinationDraft => ({
  url: settings.url ?? '',
  password: '',
  removePassword: false,
  ca: settings.ca ?? '',
});

/**
 * What the fields send: empty fields as null; the password as typed, null to remove the kept
 * one, and no `password` at all to keep whatever is kept.
 */
export function inputOf(draft: CoordinationDraft): CoordinationInput {
  const input: CoordinationInput = {
    url: draft.url.trim() === '' ? null : draft.url,
    ca: draft.ca.trim() === '' ? null : draft.ca,
  };
  if (draft.removePassword) input.password = null;
  else if (draft.password !== '') input.password = draft.password;
  return input;
}

/** The input, as main will read it, or the fields' problems from the shared schema. */
export const checkCoordination = (draft: CoordinationDraft): Checked<CoordinationInput> =>
  checkBody(coordinationInputSchema, inputOf(draft));

/** The form's errors by field (empty when the input is valid). */
export function validateCoordination(
  t: TFunction,
  draft: CoordinationDraft,
): Record<string, string> {
  const checked = checkCoordination(draft);
  return checked.ok ? {} : formErrors(t, checked.errors);
}
