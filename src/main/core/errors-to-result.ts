import { safeDetails, type Redact } from '../../shared/details.ts';
import { fail, ok, type AppError, type Result } from '../../shared/result.ts';
import { ApiError } from '../api/errors.ts';
import { KeychainError } from '../platform/keychain.ts';
import { ProfileError } from './profile-store.ts';
import { OutboxInputError } from '../outbox/job-types.ts';
import { PrintError } from '../print/errors.ts';
import { CoordinationError } from '../budget/coordination-error.ts';
import { PackError } from '../pack/pack-error.ts';
import { ScaleError } from '../scale/scale-error.ts';
import { PaperworkError } from '../paperwork/paperwork-error.ts';

/**
 * What the window may learn about a failure: code, sentence key, safe detail. `redact` is
 * required, so no failure can leave main without passing the station's known secrets.
 */
export function toAppError(error: unknown, redact: Redact): AppError {
  if (error instanceof ApiError) return error.toAppError(redact);
  if (error instanceof KeychainError) {
    return {
      code: `keychain.${error.state}`,
      messageKey: error.messageKey,
      message: redact(error.message),
    };
  }
  if (error instanceof ProfileError) {
    return {
      code: `profiles.${error.code}`,
      messageKey: `errors.profiles.${error.code}`,
      message: redact(error.message),
      details: safeDetails(error.issues, redact),
    };
  }
  if (error instanceof PrintError) {
    return {
      code: `print.${error.code}`,
      messageKey: `errors.print.${error.code}`,
      message: redact(error.message),
      ...(error.status ? { details: safeDetails({ status: error.status }, redact) } : {}),
    };
  }
  if (error instanceof CoordinationError) {
    return {
      code: `coordination.${error.code}`,
      messageKey: `errors.coordination.${error.code}`,
      message: redact(error.message),
    };
  }
  if (error instanceof PackError) {
    return {
      code: `pack.${error.code}`,
      messageKey: error.messageKey,
      params: error.params,
      message: redact(error.message),
    };
  }
  if (error instanceof ScaleError) {
    return {
      code: `scale.${error.code}`,
      messageKey: error.messageKey,
      params: error.params,
      message: redact(error.message),
    };
  }
  if (error instanceof PaperworkError) {
    return {
      code: `paperwork.${error.code}`,
      messageKey: error.messageKey,
      params: error.params,
      message: redact(error.message),
    };
  }
  if (error instanceof OutboxInputError) {
    return {
      code: `outbox.${error.code}`,
      messageKey: `errors.outbox.${error.code}`,
      message: redact(error.message),
      ...(error.details === undefined ? {} : { details: safeDetails(error.details, redact) }),
    };
  }
  return {
    code: 'internal',
    messageKey: 'errors.internal',
    message: redact(error instanceof Error ? error.message : String(error)),
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
