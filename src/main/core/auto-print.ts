import type { Outbox } from '../outbox/outbox.ts';
import type { Printing } from '../print-queue/printing.ts';
import type { StationWork } from './station-work.ts';

/**
 * "Print automatically when the label is delivered": the service has the label, so the station
 * prints it. The queue joins a label that already waits, and a label printed before needs a
 * reason, so a delivery announced twice never prints twice.
 */
export function printDeliveredLabels(outbox: Outbox, work: StationWork, printing: Printing): void {
  outbox.subscribe((_profileId, _snapshot, job) => {
    if (job?.kind !== 'label.upload' || job.state !== 'done') return;
    if (!printing.settings.get().autoPrint) return;
    const file = work.labelFile(job.id);
    if (!file) return;
    try {
      printing.print({ bytes: file.bytes, fileName: file.fileName, orderId: file.order });
    } catch {
      // Not ZPL (a PDF or PNG label): the operator prints it from the service's own tools.
    }
  });
}

/** Tells `delivered` of every order whose label or invoice the service now has. */
export function followDeliveries(outbox: Outbox, delivered: (order: string) => void): void {
  outbox.subscribe((_profileId, _snapshot, job) => {
    if (job?.state !== 'done') return;
    if (job.kind === 'label.upload' || job.kind === 'invoice.upload') delivered(job.payload.order);
  });
}
