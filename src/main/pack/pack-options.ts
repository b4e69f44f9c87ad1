// What the pack service is given: where opening a pack reads the order, its products and lots,
// and the station's side effects a finish sets going (the packed status, the label, the scale,
// the activity log), each injected so the service is tested without a core.
import type { PackDocument, PackDocumentView } from '../../shared/documents.ts';
import type { MessageKey } from '../../shared/i18n/message-key.ts';
import type { BarcodeAlias, PackSettings } from '../../shared/pack/types.ts';
import type { ProductFacts } from '../api/product-names.ts';
import type { Clock } from '../platform/clock.ts';
import type { PackSnapshot, PackStore } from './pack-store.ts';
import type { PackScale } from './pack-weight.ts';

/** What opening a pack reads from the service (the active profile's budgeted client). */
export interface PackSource {
  /** The order, from a lookup a moment ago when there was one, else a request. */
  order(orderId: string): Promise<PackSnapshot['order']>;
  /** Products by SKU: a product, null for an unknown SKU, absent when the request failed. */
  products(skus: readonly string[]): Promise<Record<string, ProductFacts | null>>;
  /** Lots of one SKU in one warehouse by batch and expiry (one request). */
  lots(
    sku: string,
    warehouse: string,
  ): Promise<{ lot: string; expiry: string | null; available: number }[]>;
}

export interface PackServiceOptions {
  store: PackStore;
  clock: Clock;
  newId: () => string;
  /** This computer's name and the operator's OS account, for the record. */
  station: () => string;
  account: () => string;
  profileId: () => string;
  source: () => Promise<PackSource>;
  settings: () => PackSettings;
  aliases: () => BarcodeAlias[];
  /** Other products this station knows (earlier orders): recognised as "not in this order". */
  knownProducts: () => Record<string, ProductFacts>;
  /** Queues the order's `packed` status through the outbox; the job's id. */
  markPacked: (orderId: string) => string;
  /** Prints the order's label through the print queue; its print job, or why not. */
  printLabel: (orderId: string) => { jobId: string } | { problem: MessageKey };
  /** Writes down the papers a finish asks for (in the finish's own transaction). */
  askDocuments?: (packId: string, documents: readonly PackDocument[]) => void;
  /**
   * Sets the finish's papers going (the slip, the invoice) on the document printer, in that
   * order, after the label; what became of each is read back through `documentsOf`.
   */
  printDocuments?: (packId: string, orderId: string, documents: readonly PackDocument[]) => void;
  /** What the finish's papers are doing now (the card shows each, with a retry). */
  documentsOf?: (packId: string) => PackDocumentView[];
  /** The station's scale: with one set up, a finish weighs the box (issue #29). */
  scale?: PackScale;
  /** Why the pack may not finish yet (the camera's clip required and not recording, #41). */
  finishGate?: (
    packId: string,
  ) => { messageKey: MessageKey; params: Record<string, string | number> } | null;
  /** A line in the activity log. */
  record: (entry: {
    event: string;
    messageKey: MessageKey;
    params: Record<string, string | number>;
    message: string;
  }) => void;
}
