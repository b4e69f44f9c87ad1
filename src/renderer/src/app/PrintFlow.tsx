import { Alert } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import type { PrintJobView } from '@shared/printing.ts';
import { ErrorText } from '../ui/ErrorText.tsx';
import { PrintNotice, type PrintNoticeState } from '../ui/printing/PrintNotice.tsx';
import { ReprintReasonModal } from '../ui/printing/ReprintReasonModal.tsx';
import { usePrint } from './context.tsx';
import { useOpenScreen } from './navigation.tsx';
import type { PrintAttempt, PrintPlace, PrintSource } from './print-store.ts';
import { invalidateForPrinting } from './queries.ts';
import { usePrinterStatus, usePrinting } from './use-printing.ts';

/** The attempt as its notice shows it: a queued job in its newest state from the queue's read. */
function noticeOf(attempt: PrintAttempt, jobs: readonly PrintJobView[]): PrintNoticeState | null {
  switch (attempt.phase) {
    case 'sending':
      return { phase: 'sending', fileName: attempt.fileName };
    case 'density':
      return { phase: 'density', designed: attempt.designed, printer: attempt.printer };
    case 'no_printer':
      return { phase: 'no_printer' };
    case 'failed':
      return { phase: 'failed', error: attempt.error };
    case 'queued': {
      const newest = jobs.find((job) => job.id === attempt.job.id);
      return { phase: 'queued', job: newest ?? attempt.job };
    }
    case 'needs_reason':
      return null;
  }
}

/**
 * What a place's last Print press came to (its notice), and the reprint dialog when main asks
 * for a reason. The order card and the Labels screen each show one.
 */
export function PrintFlow({
  place,
  shows = () => true,
}: {
  place: PrintPlace;
  /** Whether the last request is this view's to show (the order card: a label of its order). */
  shows?: (source: PrintSource) => boolean;
}) {
  const { attempts, queueError, confirmDensity, giveReason, dismiss, retry } = usePrint([
    'attempts',
    'queueError',
    'confirmDensity',
    'giveReason',
    'dismiss',
    'retry',
  ]);
  const printing = usePrinting().data;
  const printerStatus = usePrinterStatus();
  const queryClient = useQueryClient();
  const open = useOpenScreen();
  const attempt = attempts[place];
  if (!attempt || !shows(attempt.source)) return null;
  const notice = noticeOf(attempt, printing?.jobs ?? []);
  return (
    <>
      {notice && (
        <PrintNotice
          state={notice}
          printerStatus={printerStatus}
          onConfirmDensity={() => void confirmDensity(place)}
          onDismiss={() => dismiss(place)}
          onOpenSettings={open ? () => open('settings', 'printers') : undefined}
          onRetry={(id, force) =>
            void retry(id, force).then(() => invalidateForPrinting(queryClient))
          }
        />
      )}
      {queueError && notice?.phase === 'queued' && (
        <Alert color="red" role="alert">
          <ErrorText error={queueError} />
        </Alert>
      )}
      <ReprintReasonModal
        previous={attempt.phase === 'needs_reason' ? attempt.previous : null}
        onChoose={(reason) => void giveReason(place, reason)}
        onCancel={() => dismiss(place)}
      />
    </>
  );
}
