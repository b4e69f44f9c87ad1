import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { OutboxNotice } from '@shared/outbox.ts';
import { useOutbox } from '@renderer/app/context.tsx';

/**
 * Above every screen until acknowledged: what happened to the operator's queued work that they
 * did not do themselves (a damaged outbox set aside and salvaged).
 */
const NONE: readonly OutboxNotice[] = [];

export function OutboxNotices() {
  // A stable empty list: a new [] on every read would make the store look changed forever.
  const notices = useOutbox((s) => s.snapshot?.notices ?? NONE);
  if (notices.length === 0) return null;
  return (
    <Stack gap="xs" mb="md">
      {notices.map((notice) => (
        <NoticeBanner key={notice.id} notice={notice} />
      ))}
    </Stack>
  );
}

function NoticeBanner({ notice }: { notice: OutboxNotice }) {
  const { t } = useTranslation();
  const acknowledge = useOutbox((s) => s.acknowledge);
  let title: string;
  let text: string;
  if (notice.kind === 'salvaged') {
    const { damagedCopy, recovered, unreadable, reason } = notice.details;
    const params = { copy: damagedCopy, recovered, unreadable: unreadable ?? 0, reason };
    title = t('notices.salvagedTitle');
    text = t(unreadable === null ? 'notices.salvagedUnknown' : 'notices.salvaged', params);
  } else {
    title = t('notices.profilesResetTitle');
    text = t('notices.profilesReset', {
      copy: notice.details.damagedCopy,
      count: notice.details.orphaned,
    });
  }
  return (
    <Alert color="orange" role="alert" title={title} data-notice={notice.kind}>
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <Text size="sm">{text}</Text>
        <Button
          size="md"
          variant="filled"
          color="orange.9"
          onClick={() => void acknowledge(notice.id)}
        >
          {t('notices.acknowledge')}
        </Button>
      </Group>
    </Alert>
  );
}
