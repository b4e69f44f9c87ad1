import { Alert, Button, Code, Group, Modal, ScrollArea, Stack, Text, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { describeError } from '../../ui/errors.ts';
import { useAbout } from '../../app/context.tsx';

/** Settings → About: which Packbench this is, and the notices of what it contains. */
export function AboutSection() {
  const { t } = useTranslation();
  const info = useAbout((s) => s.info);
  const notices = useAbout((s) => s.notices);
  const error = useAbout((s) => s.error);
  const loadInfo = useAbout((s) => s.loadInfo);
  const loadNotices = useAbout((s) => s.loadNotices);
  const [open, setOpen] = useState(false);

  useEffect(() => {
    void loadInfo();
  }, [loadInfo]);

  return (
    <Stack gap="xs">
      <Title order={3}>{t('settings.about')}</Title>
      <Text data-testid="app-version">
        {t('settings.version', { version: info?.version ?? '…' })}
      </Text>
      {info && (
        <Text size="sm" c="dimmed">
          {t('settings.runtime', {
            electron: info.versions.electron ?? '—',
            chrome: info.versions.chrome ?? '—',
            node: info.versions.node,
          })}
        </Text>
      )}
      <Group>
        <Button
          size="md"
          variant="light"
          onClick={() => {
            setOpen(true);
            void loadNotices();
          }}
        >
          {t('settings.notices')}
        </Button>
      </Group>
      <Modal
        opened={open}
        onClose={() => setOpen(false)}
        title={t('settings.noticesTitle')}
        size="xl"
        closeButtonProps={{ 'aria-label': t('settings.close') }}
      >
        {error && (
          <Alert color="red" role="alert">
            {describeError(t, error)}
          </Alert>
        )}
        {/* Focusable, so a keyboard alone can scroll the long text. */}
        <ScrollArea.Autosize
          mah="70vh"
          viewportProps={{ tabIndex: 0, 'aria-label': t('settings.noticesTitle') }}
        >
          <Code block data-testid="third-party-notices">
            {notices ?? t('app.loading')}
          </Code>
        </ScrollArea.Autosize>
      </Modal>
    </Stack>
  );
}
