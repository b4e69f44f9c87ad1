import type { TFunction } from 'i18next';
import type { PrinterStatusView } from '@shared/printing.ts';

/** The conditions that stop a printer, in the order a person should fix them (as main orders them). */
const STOPS = ['headOpen', 'paperOut', 'ribbonOut', 'paused'] as const;

export const isPrinterReady = (status: PrinterStatusView): boolean =>
  status.online && STOPS.every((stop) => !status[stop]);

/**
 * The printer's status in the operator's words: "ready", "paper out, paused", "ready, 3 labels
 * remaining". The same words the command line prints, translated.
 */
export function describePrinterStatus(t: TFunction, status: PrinterStatusView | null): string {
  if (!status) return t('printing.status.unknown');
  const words = [
    ...(status.online ? [] : [t('printing.status.offline')]),
    ...STOPS.filter((stop) => status[stop]).map((stop) => t(`printing.status.${stop}`)),
  ];
  if (words.length === 0) words.push(t('printing.status.ready'));
  if (status.bufferFull) words.push(t('printing.status.bufferFull'));
  if (status.labelsRemaining > 0)
    words.push(t('printing.status.labelsRemaining', { count: status.labelsRemaining }));
  return words.join(', ');
}

/** A printer status carried in a failure's details (a test print refused on paper out). */
export function statusInDetails(details: unknown): PrinterStatusView | null {
  if (typeof details !== 'object' || details === null || !('status' in details)) return null;
  const status = (details as { status: unknown }).status;
  return typeof status === 'object' &&
    status !== null &&
    typeof (status as PrinterStatusView).online === 'boolean' &&
    typeof (status as PrinterStatusView).labelsRemaining === 'number'
    ? (status as PrinterStatusView)
    : null;
}
