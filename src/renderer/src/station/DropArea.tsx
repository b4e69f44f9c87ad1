import { Alert, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useStation } from '../stores/context.tsx';

const TONE = { ok: 'green', warning: 'orange', error: 'red' } as const;

/** Drop the scanned order's invoice PDF or label file here; each file gets its own verdict. */
export function DropArea() {
  const { t } = useTranslation();
  const { drops, dropFiles, resend } = useStation((s) => s);
  const [over, setOver] = useState(false);
  return (
    <Stack gap="xs">
      <Paper
        withBorder
        p="xl"
        data-testid="drop-area"
        style={{
          borderStyle: 'dashed',
          borderWidth: 3,
          borderColor: over ? 'var(--mantine-color-blue-6)' : undefined,
          textAlign: 'center',
        }}
        onDragOver={(e) => {
          e.preventDefault();
          setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={(e) => {
          e.preventDefault();
          setOver(false);
          const files = [...e.dataTransfer.files];
          void Promise.all(
            files.map(async (file) => ({
              name: file.name,
              bytes: new Uint8Array(await file.arrayBuffer()),
            })),
          ).then(dropFiles);
        }}
      >
        <Text size="lg">{t('drop.hint')}</Text>
      </Paper>
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
}
