import { memo } from 'react';
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { FileDropZone } from '@renderer/ui/FileDropZone.tsx';
import { useStation } from '@renderer/app/context.tsx';

const TONE = { ok: 'green', warning: 'orange', error: 'red' } as const;

/**
 * Drop the scanned order's invoice PDF or label file here; each file gets its own verdict.
 * Memoised: it takes no props, and a pack's scan has nothing to change in it.
 */
export const DropArea = memo(function DropArea() {
  const { t } = useTranslation();
  const { drops, dropFiles, resend } = useStation(['drops', 'dropFiles', 'resend']);
  return (
    <Stack gap="xs">
      <FileDropZone
        label={t('drop.hint')}
        testId="drop-area"
        onFiles={dropFiles}
        accept=".pdf,.zpl,.prn,.txt"
        compact
      />
      {drops.map((drop) => (
        <Alert key={drop.name} color={TONE[drop.tone]} data-testid="drop-result">
          <Group justify="space-between">
            <Text>
              {t(drop.key, {
                ...drop.values,
                defaultValue: t('errors.generic', {
                  message: String(drop.values['message'] ?? ''),
                }),
              })}
            </Text>
            {drop.pending && (
              <Button size="sm" onClick={() => void resend(drop.name)}>
                {t('drop.sendAgain')}
              </Button>
            )}
          </Group>
        </Alert>
      ))}
    </Stack>
  );
});
