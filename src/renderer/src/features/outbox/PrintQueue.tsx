import { Badge, Button, Group, Stack, Table, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  isPrintErrorCode,
  REPRINT_REASONS,
  type PrintJobState,
  type PrintJobView,
  type ReprintReason,
} from '@shared/printing.ts';
import { usePrint } from '@renderer/app/context.tsx';
import { invalidateForPrinting } from '@renderer/app/queries.ts';
import { usePrinterStatus, usePrinting } from '@renderer/app/use-printing.ts';
import { ErrorAlert } from '@renderer/ui/ErrorText.tsx';
import { TableHead } from '@renderer/ui/TableHead.tsx';
import { describePrinterStatus } from '@renderer/ui/printing/status-words.ts';

const STATE_COLOR: Record<PrintJobState, string> = {
  queued: 'blue',
  printing: 'cyan',
  printed: 'green',
  held: 'red',
  failed: 'red',
  interrupted: 'orange',
};

/** States the operator acts on: the label did not (or may not have) come out. */
const STUCK: readonly PrintJobState[] = ['held', 'failed', 'interrupted'];

const isReason = (value: string | null): value is ReprintReason =>
  value !== null && (REPRINT_REASONS as readonly string[]).includes(value);

/**
 * The print queue, under the outbox: every label not printed yet, then the last printed, with
 * its printer, who asked and why (a reprint), and what stopped it. Held, failed and
 * interrupted labels can be retried (forced past the printer's condition) or discarded.
 */
export function PrintQueue() {
  const { t, i18n } = useTranslation();
  const printing = usePrinting();
  const { queueError, retry, discard } = usePrint(['queueError', 'retry', 'discard']);
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState<string | null>(null);
  const jobs = printing.data?.jobs ?? [];
  const status = usePrinterStatus();
  const error = queueError ?? printing.error;
  const after = (change: Promise<boolean>) =>
    void change.then(() => invalidateForPrinting(queryClient));

  const problem = (job: PrintJobView) => {
    if (job.state === 'held')
      return `${t('errors.print.printer-stopped')} ${t('printing.reports', {
        status: describePrinterStatus(t, status),
      })}`;
    if (job.state === 'interrupted') return t('printing.interruptedHint');
    // The failure's kind in the operator's words; main's English only for a kind we do not know.
    if (job.state === 'failed' && job.lastErrorCode && isPrintErrorCode(job.lastErrorCode))
      return t(`errors.print.${job.lastErrorCode}`);
    if (job.state === 'failed' && job.lastError)
      return t('printing.printerSaid', { message: job.lastError });
    return '';
  };

  return (
    <Stack gap="sm">
      <Title order={3}>{t('printing.queue.title')}</Title>
      <ErrorAlert error={error} />
      {jobs.length === 0 ? (
        <Text c="dimmed">{t('printing.queue.empty')}</Text>
      ) : (
        <Table striped data-testid="print-jobs">
          <TableHead
            labels={[
              t('printing.queue.file'),
              t('printing.queue.order'),
              t('printing.queue.state'),
              t('printing.queue.printer'),
              t('printing.queue.who'),
              t('printing.queue.reason'),
              t('printing.queue.when'),
              t('printing.queue.problem'),
              '',
            ]}
          />
          <Table.Tbody>
            {jobs.map((job) => (
              <Table.Tr key={job.id} data-testid="print-job" data-state={job.state}>
                <Table.Td>{job.fileName}</Table.Td>
                <Table.Td>{job.orderId ?? '—'}</Table.Td>
                <Table.Td>
                  <Badge color={STATE_COLOR[job.state]} styles={{ root: { maxWidth: 'none' } }}>
                    {t(`printing.states.${job.state}`)}
                  </Badge>
                </Table.Td>
                <Table.Td>{job.printer}</Table.Td>
                <Table.Td>{job.requestedBy}</Table.Td>
                <Table.Td>
                  {isReason(job.reprintReason) ? t(`print.reasons.${job.reprintReason}`) : '—'}
                </Table.Td>
                <Table.Td>{new Date(job.createdAt).toLocaleString(i18n.language)}</Table.Td>
                <Table.Td>
                  <Text size="sm">{problem(job)}</Text>
                </Table.Td>
                <Table.Td>
                  {STUCK.includes(job.state) && (
                    <Group gap="xs" wrap="nowrap">
                      <Button size="sm" variant="light" onClick={() => after(retry(job.id, false))}>
                        {t('printing.queue.retry')}
                      </Button>
                      <Button
                        size="sm"
                        variant="light"
                        color="orange"
                        title={t('printing.queue.retryAnywayHint')}
                        onClick={() => after(retry(job.id, true))}
                      >
                        {t('printing.queue.retryAnyway')}
                      </Button>
                      <Button
                        size="sm"
                        color="red"
                        variant={confirming === job.id ? 'filled' : 'light'}
                        onClick={() => {
                          if (confirming !== job.id) return setConfirming(job.id);
                          setConfirming(null);
                          after(discard(job.id));
                        }}
                      >
                        {confirming === job.id
                          ? t('printing.queue.confirmDiscard')
                          : t('printing.queue.discard')}
                      </Button>
                    </Group>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}
