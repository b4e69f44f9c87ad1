import { fail, ok, type AppError, type Result } from '../shared/result.ts';
import { ApiError } from './api/errors.ts';
import { KeychainError } from './core/keychain.ts';
import { ProfileError } from './core/profile-store.ts';
import { OutboxInputError } from './outbox/job-store.ts';

/** What the window may learn about a failure: code, sentence key, safe detail. */
export function toAppError(error: unknown): AppError {
  if (error instanceof ApiError) return error.toAppError();
  if (error instanceof KeychainError) {
    return {
      code: `keychain.${error.state}`,
      messageKey: error.messageKey,
      message: error.message,
    };
  }
  if (error instanceof ProfileError) {
    return {
      code: `profiles.${error.code}`,
      messageKey: `errors.profiles.${error.code}`,
      message: error.message,
      details: error.issues,
    };
  }
  if (error instanceof OutboxInputError) {
    return {
      code: `outbox.${error.code}`,
      messageKey: `errors.outbox.${error.code}`,
      message: error.message,
      details: error.details,
    };
  }
  return {
    code: 'internal',
    messageKey: 'errors.internal',
    message: error instanceof Error ? error.message : String(error),
  };
}

/** Runs a handler body and returns its value, or its failure, as a Result. */
export async function asResult<T>(work: () => Promise<T> | T): Promise<Result<T>> {
  try {
    return ok(await work());
  } catch (error) {
    return fail(toAppError(error));
  }
}
