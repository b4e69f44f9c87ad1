import type { PackServiceOptions } from './pack-service.ts';
import { messageOf } from '../platform/guards.ts';
import { PACK_DOCUMENTS, type PackDocument } from '../../shared/documents.ts';
import type { PackSettings } from '../../shared/pack/types.ts';

/**
 * What a finished pack sets going once its record is committed, as the settings say: the order's
 * `packed` status through the outbox, its label to the print queue, then its papers. The record is kept
 * whatever follows: a status the outbox refuses (a full disk, a removed profile) is logged and
 * its reason returned for the packer's sentence, never lost in a thrown error.
 */
export function finishEffects(
  o: Pick<
    PackServiceOptions,
    'settings' | 'store' | 'markPacked' | 'printLabel' | 'printDocuments' | 'record'
  >,
  packId: string,
  orderId: string,
): string | null {
  const settings = o.settings();
  let unmarked: string | null = null;
  if (settings.markPacked)
    try {
      o.store.noteFinish(packId, { statusJobId: o.markPacked(orderId) });
    } catch (error) {
      unmarked = messageOf(error);
      o.record({
        event: 'pack.status_failed',
        messageKey: 'activity.pack_status_failed',
        params: { order: orderId },
        message: `Order ${orderId} packed, but its packed status could not be queued: ${unmarked}`,
      });
    }
  if (settings.printLabel) {
    const printed = o.printLabel(orderId);
    o.store.noteFinish(
      packId,
      'jobId' in printed ? { printJobId: printed.jobId } : { printProblem: printed.problem },
    );
  }
  // The papers after the label, in the order they go in the box: the slip, then the invoice.
  const documents = papersToPrint(settings);
  if (documents.length > 0) o.printDocuments?.(packId, orderId, documents);
  return unmarked;
}

/** The papers a finish prints as the settings say, in the order they go in the box. */
export const papersToPrint = (settings: PackSettings): PackDocument[] =>
  PACK_DOCUMENTS.filter((document) =>
    document === 'slip' ? settings.printSlip : settings.printInvoice,
  );
