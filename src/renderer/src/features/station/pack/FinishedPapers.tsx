import { Badge, Button, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { PackDocumentView } from '@shared/documents.ts';
import { isPrintErrorCode, type PrintJobState } from '@shared/printing.ts';
import { usePack } from './pack-store.ts';
import { usePrinting } from '@renderer/app/use-printing.ts';

const STATE_COLOR: Record<PrintJobState, string> = {
  queued: 'gray',
  printing: 'blue',
  printed: 'green',
  held: 'orange',
  failed: 'red',
  interrupted: 'red',
};

/**
 * The papers a finished pack printed (the slip, then the invoice): each in its newest state from
 * the print queue's read, and when one did not print, why, with a retry (forced past a stopped
 * printer when it is held).
 */
export function FinishedPapers({
  orderId,
  documents,
}: {
  orderId: string;
  documents: readonly PackDocumentView[];
}) {
  const { t } = useTranslation();
  const jobs = usePrinting().data?.jobs ?? [];
  const retryPaper = usePack((s) => s.retryPaper);
  if (documents.length === 0) return null;
  return (
    <Stack gap={4} data-testid="pack-papers">
      {documents.map((paper) => {
        const job = paper.jobId ? jobs.find((j) => j.id === paper.jobId) : undefined;
        const state = job?.state ?? paper.state;
        // A failure the transport named (a raw queue, CUPS gone…) in its own sentence; the
        // general one for the rest.
        const problem =
          state === 'held'
            ? 'paperwork.problem.held'
            : state === 'failed' && job?.lastErrorCode && isPrintErrorCode(job.lastErrorCode)
              ? (`errors.print.${job.lastErrorCode}` as const)
              : state === 'failed' || state === 'interrupted'
                ? 'paperwork.problem.failed'
                : state
                  ? null
                  : paper.problem;
        return (
          <Group
            key={paper.document}
            gap="xs"
            data-testid="pack-paper"
            data-document={paper.document}
            data-state={state ?? (paper.problem ? 'problem' : 'preparing')}
          >
            <Text fw={700} c="dark.9">
              {t(`paperwork.document.${paper.document}`)}
            </Text>
            <Badge color={state ? STATE_COLOR[state] : paper.problem ? 'red' : 'gray'}>
              {state
                ? t(`paperwork.state.${state}`)
                : t(paper.problem ? 'paperwork.state.failed' : 'paperwork.state.preparing')}
            </Badge>
            {problem && (
              <>
                <Text c="red.9" role="alert">
                  {t(problem, { order: orderId })}
                </Text>
                <Button
                  size="xs"
                  onClick={() => void retryPaper(paper.document, state === 'held')}
                  data-testid="pack-paper-retry"
                >
                  {t(state === 'held' ? 'paperwork.card.retryAnyway' : 'paperwork.card.retry')}
                </Button>
              </>
            )}
          </Group>
        );
      })}
    </Stack>
  );
}
