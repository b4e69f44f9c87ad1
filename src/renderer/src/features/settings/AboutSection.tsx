import { Alert, Button, Code, Group, Modal, ScrollArea, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { describeError } from '@renderer/ui/errors.ts';
import { useBridge } from '@renderer/app/context.tsx';
import { queryKeys, readError, unwrap } from '@renderer/app/queries.ts';

/**
 * Settings → About: which Packbench this is, whether its updates are signature-checked, where
 * its bill of materials is, and the notices of what it contains.
 */
export function AboutSection() {
  const { t } = useTranslation();
  const bridge = useBridge();
  const [open, setOpen] = useState(false);
  // Both are facts of this build: read once, never stale.
  const appInfo = useQuery({
    queryKey: queryKeys.appInfo(),
    queryFn: () => unwrap(bridge.getAppInfo()),
    staleTime: Infinity,
  });
  // The notices are long: fetched the first time someone opens them.
  const noticesRead = useQuery({
    queryKey: queryKeys.notices(),
    queryFn: async () => (await unwrap(bridge.getThirdPartyNotices())).text,
    staleTime: Infinity,
    enabled: open,
  });
  const info = appInfo.data ?? null;
  const notices = noticesRead.data ?? null;
  const error = readError(noticesRead.error);

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
      {info?.updates?.on && (
        <Text size="sm" data-testid="update-signatures">
          {info.updates.signatureKeys
            ? t('updates.about.signed', { keys: info.updates.signatureKeys.join(', ') })
            : t('updates.about.unsigned')}
        </Text>
      )}
      {info?.sbom && (
        <Text size="sm" data-testid="sbom-location">
          {t('updates.about.sbom', { file: info.sbom })}
        </Text>
      )}
      <Group>
        <Button size="md" variant="light" onClick={() => setOpen(true)}>
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
