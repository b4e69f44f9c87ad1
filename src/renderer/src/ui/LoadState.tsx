import { Loader } from '@mantine/core';
import type { AppError } from '@shared/result.ts';
import { ErrorAlert } from './ErrorText.tsx';

/** The loading spinner and the failure sentence every screen shows the same way. */
export function LoadState({
  loading = false,
  error,
}: {
  loading?: boolean;
  error: AppError | null;
}) {
  return (
    <>
      {loading && <Loader />}
      <ErrorAlert error={error} />
    </>
  );
}
