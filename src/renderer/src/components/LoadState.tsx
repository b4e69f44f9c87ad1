import { Alert, Loader } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { AppError } from '../../../shared/result.ts';
import { describeError } from '../errors.ts';

/** The loading spinner and the failure sentence every screen shows the same way. */
export function LoadState({
  loading = false,
  error,
}: {
  loading?: boolean;
  error: AppError | null;
}) {
  const { t } = useTranslation();
  return (
    <>
      {loading && <Loader />}
      {error && (
        <Alert color="red" role="alert">
          {describeError(t, error)}
        </Alert>
      )}
    </>
  );
}
