import { safeDetails, type Redact } from '../../shared/details.ts';
import { fail, ok, type AppError, type Result } from '../../shared/result.ts';
import { englishMessage } from '../../shared/i18n/english.ts';
import { ApiError } from '../api/errors.ts';
import { KeychainError } from '../platform/keychain.ts';
import { ProfileError } from './profile-store.ts';
import { OutboxInputError } from '../outbox/job-types.ts';
import { PrintError } from '../print/errors.ts';
import { CoordinationError } from '../budget/coordination-error.ts';
import { PackError } from '../pack/pack-error.ts';
import { ScaleError } from '../scale/scale-error.ts';
import { PaperworkError } from '../paperwork/paperwork-error.ts';
import { PolicyLockedError } from '../platform/policy-lock.ts';
import { BulkDeskError } from '../bulk/bulk-desk.ts';
import { RecordsError } from '../records/fleet-records.ts';
import { RecordsAddressError } from '../records/address.ts';
import { EvidenceError } from '../evidence/bundle.ts';

/** A failure's code, sentence and facts, before its English is rendered. */
interface Keyed extends Omit<AppError, 'message'> {
  /** The slot's value when the sentence has a `{{message}}` slot (redacted below). */
  detail: string;
}

/** The failure as it leaves main: its English `message` rendered from the catalogue, here only. */
function keyed(redact: Redact, { detail, ...error }: Keyed): AppError {
  return { ...error, message: redact(englishMessage(error.messageKey, error.params, detail)) };
}

/**
 * What the window may learn about a failure: code, sentence key, safe detail. `redact` is
 * required, so no failure can leave main without passing the station's known secrets. Its
 * English `message` is the catalogue's sentence (englishMessage), never a text written beside the
 * key: the English the window shows, the logs and the raw view cannot disagree.
 */
export function toAppError(error: unknown, redact: Redact): AppError {
  return keyed(redact, describe(error, redact));
}

function describe(error: unknown, redact: Redact): Keyed {
  if (error instanceof ApiError) return error.keyed(redact);
  if (error instanceof KeychainError)
    return { code: `keychain.${error.state}`, messageKey: error.messageKey, detail: error.message };
  if (error instanceof ProfileError) {
    return {
      code: `profiles.${error.code}`,
      messageKey: `errors.profiles.${error.code}`,
      detail: error.message,
      details: safeDetails(error.issues, redact),
    };
  }
  if (error instanceof PrintError) {
    return {
      code: `print.${error.code}`,
      messageKey: `errors.print.${error.code}`,
      detail: error.message,
      ...(error.status ? { details: safeDetails({ status: error.status }, redact) } : {}),
    };
  }
  if (error instanceof CoordinationError)
    return {
      code: `coordination.${error.code}`,
      messageKey: error.messageKey,
      detail: error.message,
    };
  if (
    error instanceof PackError ||
    error instanceof ScaleError ||
    error instanceof PaperworkError
  ) {
    const family =
      error instanceof PackError ? 'pack' : error instanceof ScaleError ? 'scale' : 'paperwork';
    return {
      code: `${family}.${error.code}`,
      messageKey: error.messageKey,
      params: error.params,
      detail: error.message,
    };
  }
  if (error instanceof BulkDeskError)
    return {
      code: `bulk.${error.messageKey.split('.').at(-1) ?? 'board'}`,
      messageKey: error.messageKey,
      params: error.params,
      detail: error.message,
    };
  if (error instanceof EvidenceError)
    return {
      code: `evidence.${error.sentence.messageKey.split('.').at(-1) ?? 'failed'}`,
      messageKey: error.sentence.messageKey,
      params: error.sentence.params,
      detail: error.message,
    };
  if (error instanceof RecordsError || error instanceof RecordsAddressError)
    return {
      code: `records.${error.sentence.messageKey.split('.').at(-1) ?? 'failed'}`,
      messageKey: error.sentence.messageKey,
      params: error.sentence.params,
      detail: error.message,
    };
  if (error instanceof PolicyLockedError)
    return {
      code: 'policy.locked',
      messageKey: 'policy.locked',
      params: { file: error.file },
      detail: error.message,
    };
  if (error instanceof OutboxInputError) {
    return {
      code: `outbox.${error.code}`,
      messageKey: `errors.outbox.${error.code}`,
      detail: error.message,
      ...(error.details === undefined ? {} : { details: safeDetails(error.details, redact) }),
    };
  }
  return {
    code: 'internal',
    messageKey: 'errors.internal',
    detail: error instanceof Error ? error.message : String(error),
  };
}

/** Runs a handler body and returns its value, or its failure (redacted), as a Result. */
export async function asResult<T>(work: () => Promise<T> | T, redact: Redact): Promise<Result<T>> {
  try {
    return ok(await work());
  } catch (error) {
    return fail(toAppError(error, redact));
  }
}
