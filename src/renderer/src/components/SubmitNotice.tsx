import { Alert } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { SubmitOutcome } from '../../../shared/ipc/channels.ts';

/** Confirms that a change went into the outbox (or was already there). */
export function SubmitNotice({ outcome }: { outcome: SubmitOutcome | null }) {
  const { t } = useTranslation();
  if (!outcome) return null;
  return (
    <Alert color="green" role="status">
      {t(outcome.status === 'enqueued' ? 'products.queued' : 'products.alreadyQueued')}
    </Alert>
  );
}
