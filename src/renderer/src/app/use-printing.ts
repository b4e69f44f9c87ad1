import { useQuery } from '@tanstack/react-query';
import type { PrinterStatusView } from '@shared/printing.ts';
import { useBridge, usePrint } from './context.tsx';
import { queryKeys, readError, unwrap } from './queries.ts';

/**
 * This station's printer settings, its last known status and the print queue: one read for
 * Settings, the status bar, the Outbox and the Print buttons, made stale by every onPrinting.
 */
export function usePrinting() {
  const bridge = useBridge();
  const read = useQuery({
    queryKey: queryKeys.printing(),
    queryFn: () => unwrap(bridge.getPrinting()),
  });
  return { data: read.data ?? null, loading: read.isLoading, error: readError(read.error) };
}

/**
 * The printer's last known status: the one main pushed last, or the read's until a push comes.
 * (Main's read keeps the status of the last label sent, not of a test print, which is only
 * pushed.)
 */
export function usePrinterStatus(): PrinterStatusView | null {
  const pushed = usePrint((s) => s.pushedStatus);
  const read = usePrinting().data?.status ?? null;
  return pushed ?? read;
}
