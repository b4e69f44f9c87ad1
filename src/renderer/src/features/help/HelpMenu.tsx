import { Alert, Button, Group, Modal, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SupportBundleView } from '@shared/ipc/channels.ts';
import type { AppError } from '@shared/result.ts';
import { useBridge } from '@renderer/app/context.tsx';
import { queryKeys, unwrap } from '@renderer/app/queries.ts';
import { describeError } from '@renderer/ui/errors.ts';

const size = (bytes: number): string =>
  bytes < 1024
    ? `${bytes} B`
    : bytes < 1024 * 1024
      ? `${(bytes / 1024).toFixed(1)} KB`
      : `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/** Saves the zip through the browser's download (the window cannot write files). */
function download(fileName: string, bytes: Uint8Array): void {
  const url = URL.createObjectURL(new Blob([new Uint8Array(bytes)], { type: 'application/zip' }));
  Object.assign(document.createElement('a'), { href: url, download: fileName }).click();
  URL.revokeObjectURL(url);
}

/**
 * Help, in the window's header: About (the version, and where this build's bill of materials
 * is), and Save support bundle, with the list of the files it holds (names and sizes) shown
 * before anything is saved.
 */
export function HelpMenu() {
  const { t } = useTranslation();
  const bridge = useBridge();
  const [open, setOpen] = useState(false);
  const [preview, setPreview] = useState<SupportBundleView | null>(null);
  const [saved, setSaved] = useState<{ file: string; bytes: number } | null>(null);
  const [error, setError] = useState<AppError | null>(null);
  const [busy, setBusy] = useState(false);

  const show = async () => {
    setOpen(true);
    setSaved(null);
    setError(null);
    const answer = await bridge.previewSupportBundle();
    if (answer.ok) setPreview(answer.value);
    else setError(answer.error);
  };
  const save = async () => {
    setBusy(true);
    setError(null);
    const answer = await bridge.saveSupportBundle();
    setBusy(false);
    if (!answer.ok) {
      setError(answer.error);
      return;
    }
    setPreview(answer.value);
    download(answer.value.fileName, answer.value.zip);
    setSaved({ file: answer.value.fileName, bytes: answer.value.bytes });
  };
  const contents = preview?.entries.reduce((sum, entry) => sum + entry.bytes, 0) ?? 0;
  // Help → About: which Packbench this is, and where its bill of materials is (issue #43).
  const appInfo = useQuery({
    queryKey: queryKeys.appInfo(),
    queryFn: () => unwrap(bridge.getAppInfo()),
    staleTime: Infinity,
    enabled: open,
  });
  const info = appInfo.data ?? null;

  return (
    <>
      <Button variant="subtle" onClick={() => void show()}>
        {t('support.menu')}
      </Button>
      <Modal
        opened={open}
        onClose={() => setOpen(false)}
        title={t('support.title')}
        size="lg"
        closeButtonProps={{ 'aria-label': t('support.close') }}
      >
        <Stack gap="sm">
          <Title order={3}>{t('settings.about')}</Title>
          <Text data-testid="help-version">
            {t('settings.version', { version: info?.version ?? '…' })}
          </Text>
          {info?.sbom && (
            <Text size="sm" data-testid="help-sbom">
              {t('updates.about.sbom', { file: info.sbom })}
            </Text>
          )}
          <Title order={3}>{t('support.bundleTitle')}</Title>
          <Text size="sm">{t('support.bundleIntro')}</Text>
          {error && (
            <Alert color="red" role="alert">
              {describeError(t, error)}
            </Alert>
          )}
          {preview && (
            <>
              <Table data-testid="support-bundle-files" aria-label={t('support.files')}>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('support.file')}</Table.Th>
                    <Table.Th>{t('support.size')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {preview.entries.map((entry) => (
                    <Table.Tr key={entry.name}>
                      <Table.Td>{entry.name}</Table.Td>
                      <Table.Td>{size(entry.bytes)}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
              <Text size="sm" c="dimmed">
                {t('support.total', {
                  count: preview.entries.length,
                  bytes: size(contents),
                  cap: size(preview.capBytes),
                })}
              </Text>
              {preview.trimmedLogLines > 0 && (
                <Text size="sm">{t('support.trimmed', { count: preview.trimmedLogLines })}</Text>
              )}
            </>
          )}
          {saved && (
            <Text role="status" data-testid="support-bundle-saved">
              {t('support.saved', { file: saved.file, bytes: size(saved.bytes) })}
            </Text>
          )}
          <Group>
            <Button loading={busy} disabled={!preview} onClick={() => void save()}>
              {t('support.save')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
