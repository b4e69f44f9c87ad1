import type { TFunction } from 'i18next';
import type { AppError } from '@shared/result.ts';

/** The operator's sentence for a failure, in the current language, with the detail inserted. */
export function describeError(
  t: TFunction,
  error: Pick<AppError, 'messageKey' | 'message' | 'params'>,
): string {
  const generic = t('errors.generic', { message: error.message });
  return t(error.messageKey, { ...error.params, message: error.message, defaultValue: generic });
}
