import { Alert, Button, Group, Loader, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { PrintJobView, PrinterStatusView } from '@shared/printing.ts';
import type { AppError } from '@shared/result.ts';
import { ErrorText } from '../ErrorText.tsx';
import { describePrinterStatus } from './status-words.ts';

/** What became of a Print press, as the place that asked shows it. */
export type PrintNoticeState =
  | { phase: 'sending'; fileName: string }
  | { phase: 'density'; designed: number; printer: number }
  | { phase: 'no_printer' }
  | { phase: 'failed'; error: AppError }
  | { phase: 'queued'; job: PrintJobView };

const JOB_COLOR = {
  queued: 'blue',
  printing: 'blue',
  printed: 'green',
  held: 'red',
  failed: 'red',
  interrupted: 'orange',
} as const;

/**
 * One print request's notice: sending, the density warning (print anyway or not), no printer
 * (with the way to Settings → Printers), a refusal in the operator's words, or the job as the
 * queue moves it, down to the printer's own condition when it holds the label.
 */
export function PrintNotice({
  state,
  printerStatus,
  onConfirmDensity,
  onDismiss,
  onOpenSettings,
  onRetry,
}: {
  state: PrintNoticeState;
  /** The printer's last known status (what holds a label). */
  printerStatus: PrinterStatusView | null;
  onConfirmDensity: () => void;
  onDismiss: () => void;
  /** Settings → Printers; without it the notice only says what is missing. */
  onOpenSettings?: (() => void) | undefined;
  onRetry: (id: string, force: boolean) => void;
}) {
  const { t } = useTranslation();
  const close = {
    withCloseButton: true,
    closeButtonLabel: t('printing.cancel'),
    onClose: onDismiss,
  };
  switch (state.phase) {
    case 'sending':
      return (
        <Group role="status" data-testid="print-notice" data-phase="sending">
          <Loader size="sm" />
          <Text>{t('printing.sending', { file: state.fileName })}</Text>
        </Group>
      );
    case 'density':
      return (
        <Alert color="yellow" role="alert" data-testid="print-notice" data-phase="density">
          <Stack gap="xs">
            <Text>
              {t('printing.densityWarning', { designed: state.designed, printer: state.printer })}
            </Text>
            <Group>
              <Button size="md" color="yellow" onClick={onConfirmDensity}>
                {t('printing.printAnyway')}
              </Button>
              <Button size="md" variant="subtle" onClick={onDismiss}>
                {t('printing.cancel')}
              </Button>
            </Group>
          </Stack>
        </Alert>
      );
    case 'no_printer':
      return (
        <Alert
          color="orange"
          role="alert"
          data-testid="print-notice"
          data-phase="no_printer"
          {...close}
        >
          <Group justify="space-between">
            <Text>{t('printing.noPrinter')}</Text>
            {onOpenSettings && (
              <Button size="md" variant="light" color="orange" onClick={onOpenSettings}>
                {t('printing.openSettings')}
              </Button>
            )}
          </Group>
        </Alert>
      );
    case 'failed':
      return (
        <Alert color="red" role="alert" data-testid="print-notice" data-phase="failed" {...close}>
          <ErrorText error={state.error} />
        </Alert>
      );
    case 'queued':
      return <JobNotice job={state.job} status={printerStatus} onRetry={onRetry} close={close} />;
  }
}

function JobNotice({
  job,
  status,
  onRetry,
  close,
}: {
  job: PrintJobView;
  status: PrinterStatusView | null;
  onRetry: (id: string, force: boolean) => void;
  close: { withCloseButton: boolean; closeButtonLabel: string; onClose: () => void };
}) {
  const { t } = useTranslation();
  const values = { file: job.fileName, printer: job.printer };
  const trouble = job.state === 'held' || job.state === 'failed' || job.state === 'interrupted';
  let detail: ReactNode = null;
  if (job.state === 'held')
    detail = (
      <>
        <Text>{t('errors.print.printer-stopped')}</Text>
        <Text fw={700} data-testid="print-notice-status">
          {t('printing.reports', { status: describePrinterStatus(t, status) })}
        </Text>
      </>
    );
  else if (job.state === 'interrupted') detail = <Text>{t('printing.interruptedHint')}</Text>;
  else if (job.state === 'failed' && job.lastError)
    detail = (
      <Text size="sm" c="dimmed" fs="italic">
        {t('printing.printerSaid', { message: job.lastError })}
      </Text>
    );
  return (
    <Alert
      color={JOB_COLOR[job.state]}
      role={trouble ? 'alert' : 'status'}
      data-testid="print-notice"
      data-phase={job.state}
      title={t(`printing.notice.${job.state}`, values)}
      {...(job.state === 'printing' || job.state === 'queued' ? {} : close)}
    >
      <Stack gap="xs">
        {detail}
        {trouble && (
          <Group>
            <Button size="md" onClick={() => onRetry(job.id, false)}>
              {t('printing.queue.retry')}
            </Button>
            {job.state === 'held' && (
              <Button
                size="md"
                variant="default"
                title={t('printing.queue.retryAnywayHint')}
                onClick={() => onRetry(job.id, true)}
              >
                {t('printing.queue.retryAnyway')}
              </Button>
            )}
          </Group>
        )}
      </Stack>
    </Alert>
  );
}
