import type { PackDocument, PackDocumentView, PaperSize } from '../../shared/documents.ts';
import type { MessageKey } from '../../shared/i18n/message-key.ts';
import type { CatalogueLanguage } from '../../shared/i18n/translate.ts';
import type { PrintJobView, ReprintReason } from '../../shared/printing.ts';
import { messageOf } from '../platform/guards.ts';
import type { PrintRequestOutcome } from '../print-queue/print-queue.ts';
import type { PackDocumentsStore } from './pack-documents-store.ts';
import { PaperworkError } from './paperwork-error.ts';

// The papers that go in the box with the label (issue #30): the packing slip the station makes
// and the invoice it delivered, on the document printer through the station's print queue.
// A finish asks for them in order (the slip, then the invoice) and each prints once: the ask is
// written down before anything is made, and each print job carries the pack's purpose, so a
// finish run again, or a restart in the middle, finds the job instead of making a second one.

export interface PaperFile {
  bytes: Uint8Array;
  fileName: string;
}

/** What the document printer is asked (Printing.printDocument). */
export interface DocumentPrintRequest extends PaperFile {
  kind: PackDocument;
  orderId: string;
  purpose?: string;
  reprintKey?: string;
  reprintReason?: ReprintReason;
}

export interface PaperworkOptions {
  store: PackDocumentsStore;
  /** The slip for an order, with the lots of its finished pack when there is one. */
  slip: (request: {
    orderId: string;
    packId: string | null;
    language: CatalogueLanguage;
  }) => Promise<PaperFile>;
  /** The window's language now (a finish's papers keep the one it had when they were asked). */
  language: () => CatalogueLanguage;
  /** The invoice this station delivered for the order, byte for byte; null: none. */
  invoice: (orderId: string) => PaperFile | null;
  /** The station delivered an invoice for the order, but retention has let its file go. */
  invoiceForgotten?: (orderId: string) => boolean;
  print: (request: DocumentPrintRequest) => PrintRequestOutcome;
  job: (id: string) => PrintJobView | null;
  retryJob: (id: string, force: boolean) => PrintJobView | null;
  /** The order a pack packed (a restart's unmade papers know only their pack). */
  orderOf: (packId: string) => string | null;
  /** The document printer's test page, made for the target and paper it goes to. */
  testPage: (target: string | null, paper: PaperSize | null) => Promise<PaperFile>;
  /** A PDF straight to the document printer (the target and paper given, or the saved ones). */
  printNowDirect: (file: PaperFile, target?: string, paper?: PaperSize) => Promise<string>;
}

const purposeOf = (packId: string, document: PackDocument) => `pack:${packId}:${document}`;

export class Paperwork {
  private readonly o: PaperworkOptions;
  /** Papers being made now, per pack: the finish's answer waits for them. */
  private readonly inProgress = new Map<string, Promise<void>>();

  constructor(options: PaperworkOptions) {
    this.o = options;
  }

  /**
   * Writes down the papers a finish asks for, in the window's language now; the pack's finish
   * calls it in the same transaction as the finish itself, so a stop just after cannot lose them.
   */
  ask(packId: string, documents: readonly PackDocument[]): void {
    this.o.store.ask(packId, documents, this.o.language());
  }

  /** A finished pack's papers, asked for now and made in order in the background. */
  finish(packId: string, orderId: string, documents: readonly PackDocument[]): void {
    this.ask(packId, documents);
    this.makeUnmade(packId, orderId);
  }

  /** Papers a stop cut off before they were made are made now (none is made twice). */
  recover(): void {
    const packs = new Set(this.o.store.unmade().map((row) => row.packId));
    for (const packId of packs) {
      const orderId = this.o.orderOf(packId);
      if (orderId) this.makeUnmade(packId, orderId);
    }
  }

  /** Papers of this pack are being made now. */
  making(packId: string): boolean {
    return this.inProgress.has(packId);
  }

  /** Resolves when the pack's papers have their jobs (or problems). */
  async settled(packId: string): Promise<void> {
    for (let making = this.inProgress.get(packId); making; making = this.inProgress.get(packId))
      await making;
  }

  /** What the card shows: each paper's job and state, or why it has none. */
  documentsOf(packId: string): PackDocumentView[] {
    return this.o.store.of(packId).map((row) => {
      const job = row.jobId ? this.o.job(row.jobId) : null;
      const jobProblem: MessageKey | null =
        row.jobId && !job
          ? 'paperwork.problem.discarded'
          : job?.state === 'held'
            ? 'paperwork.problem.held'
            : job?.state === 'failed' || job?.state === 'interrupted'
              ? 'paperwork.problem.failed'
              : null;
      return {
        document: row.document,
        jobId: job ? row.jobId : null,
        state: job?.state ?? null,
        problem: row.problem ?? jobProblem,
        detail: jobProblem ? (job?.lastError ?? null) : null,
      };
    });
  }

  /**
   * The card's retry: a job held or failed goes back in the queue (forced past the printer's
   * condition when asked); a paper that has no job (no printer then, say, or its job was
   * discarded in the Outbox) is made now.
   */
  async retry(packId: string, document: PackDocument, force = false): Promise<void> {
    const row = this.o.store.of(packId).find((r) => r.document === document);
    if (!row) return;
    if (row.jobId && this.o.job(row.jobId)) {
      this.o.retryJob(row.jobId, force);
      return;
    }
    const orderId = this.o.orderOf(packId);
    if (!orderId) return;
    await this.settled(packId);
    await this.makeOne(packId, orderId, document, row.language ?? this.o.language());
  }

  /** Print slip / Print invoice on the order card: asked by hand, so a reprint needs a reason. */
  async printNow(input: {
    orderId: string;
    document: PackDocument;
    packId: string | null;
    reprintReason?: ReprintReason;
  }): Promise<PrintRequestOutcome> {
    const file = await this.paper(input.orderId, input.packId, input.document, this.o.language());
    return this.o.print({
      ...file,
      kind: input.document,
      orderId: input.orderId,
      // A slip made again carries a new date: its order stands for it when telling a reprint.
      ...(input.document === 'slip' ? { reprintKey: `slip:${input.orderId}` } : {}),
      ...(input.reprintReason ? { reprintReason: input.reprintReason } : {}),
    });
  }

  /**
   * Settings → Test page: a page naming the station, the time and the queue, sent now, on the
   * printer and paper the form shows (saved or not).
   */
  async testPage(target?: string, paper?: PaperSize): Promise<string> {
    const file = await this.o.testPage(target ?? null, paper ?? null);
    return this.o.printNowDirect(file, target, paper);
  }

  private makeUnmade(packId: string, orderId: string): void {
    const previous = this.inProgress.get(packId) ?? Promise.resolve();
    const next = previous.then(async () => {
      for (const row of this.o.store.of(packId))
        if (row.jobId === null && row.problem === null)
          await this.makeOne(packId, orderId, row.document, row.language ?? this.o.language());
    });
    this.inProgress.set(packId, next);
    void next.finally(() => {
      if (this.inProgress.get(packId) === next) this.inProgress.delete(packId);
    });
  }

  /** One paper: made, then to the print queue under the pack's purpose; its outcome noted. */
  private async makeOne(
    packId: string,
    orderId: string,
    document: PackDocument,
    language: CatalogueLanguage,
  ): Promise<void> {
    try {
      const file = await this.paper(orderId, packId, document, language);
      const outcome = this.o.print({
        ...file,
        kind: document,
        orderId,
        purpose: purposeOf(packId, document),
        // Print slip pressed later is then a reprint, and asks why.
        ...(document === 'slip' ? { reprintKey: `slip:${orderId}` } : {}),
      });
      this.o.store.note(
        packId,
        document,
        outcome.status === 'queued'
          ? { jobId: outcome.job.id }
          : { problem: 'paperwork.problem.noPrinter' },
      );
    } catch (error) {
      this.o.store.note(packId, document, {
        problem: error instanceof PaperworkError ? error.messageKey : 'paperwork.problem.failed',
      });
      if (!(error instanceof PaperworkError))
        console.warn(`paperwork: the ${document} of pack ${packId}: ${messageOf(error)}`);
    }
  }

  private async paper(
    orderId: string,
    packId: string | null,
    document: PackDocument,
    language: CatalogueLanguage,
  ): Promise<PaperFile> {
    if (document === 'slip') {
      try {
        return await this.o.slip({ orderId, packId, language });
      } catch (error) {
        throw new PaperworkError(
          'slip-failed',
          'paperwork.problem.slipFailed',
          { order: orderId },
          `The packing slip for order ${orderId} could not be made: ${messageOf(error)}`,
        );
      }
    }
    const invoice = this.o.invoice(orderId);
    if (!invoice && this.o.invoiceForgotten?.(orderId))
      throw new PaperworkError(
        'no-invoice',
        'paperwork.problem.invoiceForgotten',
        { order: orderId },
        `The invoice for order ${orderId} was delivered long ago and its file is no longer kept on this station.`,
      );
    if (!invoice)
      throw new PaperworkError(
        'no-invoice',
        'paperwork.problem.noInvoice',
        { order: orderId },
        `This station delivered no invoice for order ${orderId}.`,
      );
    return invoice;
  }
}
