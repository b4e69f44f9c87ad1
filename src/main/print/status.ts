// What a printer reports about itself, in the shape of the command line's `status --json`
// (issue #20), and what of it stops a label from being sent.

// One shape for main and the window (src/shared/printing.ts): the command line's JSON, the
// status bar and the activity log all read the same fields.
import type { PrinterStatusView } from '../../shared/printing.ts';
export type PrinterStatus = PrinterStatusView;

/** The conditions that stop printing, in the order a person should fix them. */
export type StopCondition = 'offline' | 'headOpen' | 'paperOut' | 'ribbonOut' | 'paused';

const WORDS: Record<StopCondition, string> = {
  offline: 'not accepting jobs',
  headOpen: 'head open',
  paperOut: 'paper out',
  ribbonOut: 'ribbon out',
  paused: 'paused',
};

export function stopConditions(status: PrinterStatus): StopCondition[] {
  const found: StopCondition[] = [];
  if (!status.online) found.push('offline');
  if (status.headOpen) found.push('headOpen');
  if (status.paperOut) found.push('paperOut');
  if (status.ribbonOut) found.push('ribbonOut');
  if (status.paused) found.push('paused');
  return found;
}

export const isReady = (status: PrinterStatus): boolean => stopConditions(status).length === 0;

/** The status as a person reads it: "ready", "paper out, paused", "ready, 3 labels remaining". */
export function describeStatus(status: PrinterStatus): string {
  const stops = stopConditions(status);
  const words = stops.length === 0 ? ['ready'] : stops.map((c) => WORDS[c]);
  if (status.bufferFull) words.push('buffer full');
  if (status.labelsRemaining > 0)
    words.push(
      `${status.labelsRemaining} label${status.labelsRemaining === 1 ? '' : 's'} remaining`,
    );
  return words.join(', ');
}

/** The sentence for a label not sent because of the printer's condition. */
export function refusalSentence(where: string, status: PrinterStatus): string {
  const stops = stopConditions(status).map((c) => WORDS[c]);
  return (
    `${where} reports ${stops.join(', ')}: nothing was sent ` +
    `(fix the printer, or send anyway with --force).`
  );
}
