import {
  Alert,
  Button,
  Card,
  Group,
  Image,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { FileDropZone } from '@renderer/ui/FileDropZone.tsx';
import { isValidPattern } from './order-from-name.ts';
import { useStation } from '@renderer/app/context.tsx';
import { useInvoices } from './invoices-store.ts';
import type { InvoiceStatus } from './invoices-store.ts';

const TONE: Record<InvoiceStatus, string> = {
  invalid: 'red',
  ready: 'gray',
  queued: 'green',
  existing: 'green',
  confirm: 'orange',
  error: 'red',
};

/** Many invoice PDFs at once: checked, shown as a first-page thumbnail, matched to an order, queued. */
export function InvoicesScreen() {
  const { t } = useTranslation();
  const { files, pattern, addFiles, setOrder, setPattern, upload } = useInvoices([
    'files',
    'pattern',
    'addFiles',
    'setOrder',
    'setPattern',
    'upload',
  ]);
  const currentOrder = useStation((s) => s.current?.id ?? null);
  return (
    <Stack>
      <Title order={2}>{t('invoices.title')}</Title>
      <FileDropZone
        label={t('invoices.drop')}
        testId="invoice-drop"
        accept=".pdf,application/pdf"
        onFiles={(list) => void addFiles(list, currentOrder)}
      />
      <TextInput
        label={t('invoices.pattern')}
        description={t('invoices.patternHint')}
        value={pattern}
        error={isValidPattern(pattern) ? undefined : t('invoices.badPattern')}
        onChange={(e) => setPattern(e.currentTarget.value)}
        w={360}
      />
      <SimpleGrid cols={{ base: 1, md: 2, lg: 3 }}>
        {files.map((file) => (
          <Card key={file.name} withBorder data-testid="invoice-file">
            <Stack gap="xs">
              <Text fw={700}>{file.name}</Text>
              {file.thumbnail && (
                <Image
                  src={file.thumbnail}
                  alt={t('invoices.thumbnail', { file: file.name })}
                  w={180}
                  data-testid="invoice-thumbnail"
                />
              )}
              {file.key && (
                <Alert color={TONE[file.status]}>
                  {t(file.key, {
                    ...file.values,
                    defaultValue: t('errors.generic', {
                      message: String(file.values['message'] ?? ''),
                    }),
                  })}
                </Alert>
              )}
              {file.status !== 'invalid' && (
                <Group align="end">
                  <TextInput
                    label={t('outbox.order')}
                    value={file.order}
                    onChange={(e) => setOrder(file.name, e.currentTarget.value)}
                    w={160}
                  />
                  <Button
                    size="md"
                    onClick={() => void upload(file.name, file.status === 'confirm')}
                    disabled={!file.order.trim() || file.status === 'queued'}
                  >
                    {file.status === 'confirm' ? t('drop.sendAgain') : t('invoices.upload')}
                  </Button>
                </Group>
              )}
            </Stack>
          </Card>
        ))}
      </SimpleGrid>
    </Stack>
  );
}
