import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { PackVerdict } from '@shared/pack/types.ts';

/**
 * A mistake: the screen turns red and says what happened in one sentence, and stays so until
 * the packer acknowledges it (Enter, or the acknowledgement barcode, which the scan field sends
 * to main like any scan). A toast that vanishes is missed at a busy bench; this is not.
 */
export function PackLock({
  verdict,
  ackCode,
  onAcknowledge,
}: {
  verdict: PackVerdict;
  ackCode: string | null;
  onAcknowledge: () => void;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  const sentenceId = useId();
  return (
    <Paper
      role="alertdialog"
      aria-labelledby={titleId}
      aria-describedby={sentenceId}
      data-testid="pack-lock"
      data-serial={verdict.serial}
      p="xl"
      radius="md"
      style={{ background: 'var(--mantine-color-red-9)', color: 'var(--mantine-color-white)' }}
    >
      <Stack gap="md">
        <Title order={2} id={titleId} c="white">
          {t('pack.lock.title')}
        </Title>
        {/* Said at once to a screen reader: the dialog itself is not focused (the scan field is). */}
        <Text
          id={sentenceId}
          role="alert"
          fz={32}
          fw={800}
          lh={1.2}
          c="white"
          data-testid="pack-lock-sentence"
        >
          {t(verdict.messageKey, verdict.params)}
        </Text>
        <Group justify="space-between">
          <Text size="xl" fw={600} c="white">
            {ackCode ? t('pack.lock.hintCode', { code: ackCode }) : t('pack.lock.hint')}
          </Text>
          <Button size="lg" variant="white" color="red.9" onClick={onAcknowledge}>
            {t('pack.lock.continue')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
