import { PolicedSection } from '@renderer/app/SetByIt.tsx';
import { Alert, Loader, Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { usePrinter } from './printer-store.ts';
import { invalidateForPrinting } from '@renderer/app/queries.ts';
import { usePrinting } from '@renderer/app/use-printing.ts';
import { ErrorAlert, ErrorText } from '@renderer/ui/ErrorText.tsx';
import { describePrinterStatus, statusInDetails } from '@renderer/ui/printing/status-words.ts';
import { PrinterForm } from './PrinterForm.tsx';

/** Settings → Printers: this station's label printer, saved and test-printed. */
export function PrintersSection({ focused = false }: { focused?: boolean }) {
  const { t } = useTranslation();
  const printing = usePrinting();
  const { busy, saved, tested, error, save, test } = usePrinter([
    'busy',
    'saved',
    'tested',
    'error',
    'save',
    'test',
  ]);
  const queryClient = useQueryClient();
  const heading = useRef<HTMLHeadingElement>(null);
  // Opened from "Set up a printer" elsewhere: the section comes into view with the focus on it.
  useEffect(() => {
    if (!focused) return;
    heading.current?.scrollIntoView?.({ block: 'start' });
    heading.current?.focus();
  }, [focused]);
  const refused = error ? statusInDetails(error.details) : null;
  return (
    <Stack gap="sm" data-testid="printers">
      <Title order={3} ref={heading} tabIndex={-1} id="printers">
        {t('printing.title')}
      </Title>
      <Text size="sm">{t('printing.intro')}</Text>
      {printing.data?.recoveredFrom && (
        <Alert color="orange">
          {t('printing.recovered', { file: printing.data.recoveredFrom })}
        </Alert>
      )}
      <ErrorAlert error={printing.error} />
      {printing.loading && <Loader size="sm" />}
      <PolicedSection section="labelPrinter">
        {printing.data && (
          <PrinterForm
            settings={printing.data.settings}
            busy={busy}
            onSave={(settings) =>
              void save(settings).then(() => invalidateForPrinting(queryClient))
            }
            onTest={(target) => void test(target).then(() => invalidateForPrinting(queryClient))}
          />
        )}
      </PolicedSection>
      {saved && (
        <Alert color="green" role="status">
          {t('printing.saved')}
        </Alert>
      )}
      {tested && (
        <Alert color="green" role="status" data-testid="test-print-result">
          {t('printing.testResult', { status: describePrinterStatus(t, tested.status) })}
        </Alert>
      )}
      {error && (
        <Alert color="red" role="alert" data-testid="printer-error">
          <ErrorText error={error} />
          {refused && (
            <Text fw={700} data-testid="printer-error-status">
              {t('printing.reports', { status: describePrinterStatus(t, refused) })}
            </Text>
          )}
        </Alert>
      )}
    </Stack>
  );
}
