import { Alert, Button, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { SubmitOutcome } from '@shared/ipc/channels.ts';

/**
 * What happened to a change handed to the outbox: queued, already waiting there, or identical to
 * one already delivered, which is only sent again when the operator says so.
 */
export function SubmitNotice({
  outcome,
  onSendAgain,
}: {
  outcome: SubmitOutcome | null;
  onSendAgain?: () => void;
}) {
  const { t } = useTranslation();
  if (!outcome) return null;
  if (outcome.status === 'needs_confirmation')
    return (
      <Alert color="yellow" role="alert" data-testid="submit-confirm">
        <Group justify="space-between">
          <Text>{t('submit.alreadyDelivered')}</Text>
          {onSendAgain && (
            <Button size="md" color="yellow" onClick={onSendAgain}>
              {t('submit.sendAgain')}
            </Button>
          )}
        </Group>
      </Alert>
    );
  return (
    <Alert color={outcome.status === 'enqueued' ? 'green' : 'blue'} role="status">
      {t(outcome.status === 'enqueued' ? 'submit.queued' : 'submit.alreadyQueued')}
    </Alert>
  );
}
