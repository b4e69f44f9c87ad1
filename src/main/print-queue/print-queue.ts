import { createHash } from 'node:crypto';
import type {
  PrintJobView,
  PrintKind,
  PrinterSettings,
  PrinterStatusView,
  ReprintReason,
} from '../../shared/printing.ts';
import type { Clock } from '../platform/clock.ts';
import type { AuditInput } from '../outbox/audit-log.ts';
import { PrintError } from '../print/errors.ts';
import type { Printer } from '../print/printer.ts';
import type { PrintStore } from './print-store.ts';
import { messageOf } from '../platform/guards.ts';
import { translate } from '../../shared/i18n/translate.ts';
import type { MessageKey } from '../../shared/i18n/message-key.ts';

// The station's print queue: a label asked for is written down first (print_jobs), then sent
// to this station's printer one job at a time, each printer's jobs in the order asked. The
// transport (src/main/print) reads the printer's status first and refuses on a stopping
// condition; here that becomes a job `held` with the printer's words, waiting for the operator
// to fix the printer and retry (or force it). Reprints need a reason, recorded with who asked,
// when and on which printer.

export interface PrintRequest {
  bytes: Uint8Array;
  fileName: string;
  /** A label (ZPL, the label printer) or a PDF for the document printer; a label by default. */
  kind?: PrintKind;
  /** A document's paper (CUPS media, e.g. A4). */
  media?: 'A4' | 'Letter';
  /**
   * What asks for it, once (`pack:<id>:slip`): a purpose already queued or printed is that job,
   * whatever its bytes, so a finish run again (or after a restart) never prints twice.
   */
  purpose?: string;
  /**
   * What makes a print a reprint: the bytes' hash by default; a slip made again carries a new
   * date, so its order (`slip:<order>`) stands for it.
   */
  reprintKey?: string;
  orderId?: string | null;
  copies?: number;
  /** Required when this label was printed before. */
  reprintReason?: ReprintReason;
  /** Send even when the printer reports a stopping condition. */
  force?: boolean;
}

export type PrintRequestOutcome =
  | { status: 'queued'; job: PrintJobView }
  | { status: 'needs_reason'; previous: PrintJobView }
  | { status: 'no_printer' };

export interface PrintQueueOptions {
  store: PrintStore;
  clock: Clock;
  newId: () => string;
  settings: () => PrinterSettings;
  /** The document printer's target (slips and invoices); null: none set up. */
  documentTarget: () => string | null;
  open: (target: string) => Printer;
  record: (entry: AuditInput) => void;
  /** Who asks: the operator's account on this computer. */
  user: () => string;
  /** Told of every change (the window follows the queue and the printer's status). */
  onChange?: (job: PrintJobView | null, status: PrinterStatusView | null) => void;
}

export const labelKeyOf = (bytes: Uint8Array): string =>
  `sha256:${createHash('sha256').update(bytes).digest('hex')}`;

/** A document job's paper and copies as the transport takes them. */
function documentOptions(job: PrintJobView): { media?: 'A4' | 'Letter'; copies: number } {
  const media = job.media === 'A4' || job.media === 'Letter' ? job.media : undefined;
  return { ...(media ? { media } : {}), copies: job.copies };
}

export class PrintQueue {
  private readonly options: PrintQueueOptions;
  /** Printers being drained now; a second kick waits for the same loop. */
  private readonly draining = new Map<string, Promise<void>>();
  /** Jobs the operator forced past the printer's condition (kept in memory only). */
  private readonly forced = new Set<string>();
  private lastStatus: PrinterStatusView | null = null;
  private closed = false;
  /**
   * Printers whose last job was held: the jobs behind it wait for the operator (a retry, a
   * discard or a new print) instead of being tried against the same condition one by one. A
   * pack's invoice never passes its held slip either way (PrintStore.nextQueued).
   */
  private readonly stopped = new Set<string>();

  constructor(options: PrintQueueOptions) {
    this.options = options;
  }

  /**
   * Jobs cut off by the last stop come back `interrupted`, and waiting jobs start again — except
   * behind a held one, where they go on waiting for the operator as they did before the stop.
   */
  recover(): number {
    const interrupted = this.options.store.interruptAll();
    for (const printer of this.options.store.printersWithWork())
      if (this.options.store.heldAhead(printer)) this.stopped.add(printer);
      else this.kick(printer);
    return interrupted;
  }

  status(): PrinterStatusView | null {
    return this.lastStatus;
  }

  /** What a printer said outside the queue (a test print): the status bar shows it too. */
  noteStatus(status: PrinterStatusView): void {
    this.lastStatus = status;
    this.options.onChange?.(null, status);
  }

  job(id: string): PrintJobView | null {
    return this.options.store.get(id);
  }

  list(): PrintJobView[] {
    return this.options.store.list();
  }

  request(input: PrintRequest): PrintRequestOutcome {
    const kind = input.kind ?? 'label';
    const target =
      kind === 'label' ? this.options.settings().target : this.options.documentTarget();
    if (!target) return { status: 'no_printer' };
    if (input.purpose) {
      const made = this.options.store.forPurpose(input.purpose);
      if (made) return { status: 'queued', job: made };
    }
    const labelKey = input.reprintKey ?? labelKeyOf(input.bytes);
    // The same label asked for again while it still waits is the same job, not a second copy
    // (a double click, a delivery announced twice, Print pressed while it prints).
    const pending = this.options.store.pendingFor(labelKey);
    if (pending && !input.purpose) return { status: 'queued', job: pending };
    // A purpose (a finish's papers) was asked for by the settings, not by a hand pressing
    // Print: it is never a reprint that needs a reason.
    const previous = input.purpose ? null : this.options.store.printedBefore(labelKey);
    if (previous && !input.reprintReason) return { status: 'needs_reason', previous };
    const job = this.options.store.add(
      {
        id: this.options.newId(),
        kind,
        printer: target,
        media: kind === 'label' ? null : (input.media ?? null),
        purpose: input.purpose ?? null,
        labelKey,
        orderId: input.orderId ?? null,
        fileName: input.fileName,
        bytes: input.bytes,
        copies: Math.max(1, Math.min(99, Math.trunc(input.copies ?? 1))),
        reprintReason: previous ? (input.reprintReason ?? null) : null,
        requestedBy: this.options.user(),
      },
      this.options.clock.now(),
    );
    if (input.force) this.forced.add(job.id);
    this.options.onChange?.(job, this.lastStatus);
    this.stopped.delete(target);
    this.kick(target);
    return { status: 'queued', job };
  }

  /** A held, failed or interrupted job goes back in the queue (forced past the condition). */
  retry(id: string, force = false): PrintJobView | null {
    const job = this.options.store.get(id);
    if (!job || job.state === 'printing' || job.state === 'printed') return job;
    const queued = this.options.store.setState(id, 'queued');
    if (force) this.forced.add(id);
    this.options.onChange?.(queued, this.lastStatus);
    this.stopped.delete(job.printer);
    this.kick(job.printer);
    return queued;
  }

  discard(id: string): boolean {
    const job = this.options.store.get(id);
    if (!job || job.state === 'printing') return false;
    const removed = this.options.store.remove(id);
    this.forced.delete(id);
    this.options.onChange?.(null, this.lastStatus);
    if (job.state === 'held' && this.stopped.delete(job.printer)) this.kick(job.printer);
    return removed;
  }

  /** Resolves when the printer's queue (or every queue) has nothing left it can send now. */
  async idle(printer?: string): Promise<void> {
    for (;;) {
      const loops = printer
        ? [this.draining.get(printer)].filter((loop) => loop !== undefined)
        : [...this.draining.values()];
      if (loops.length === 0) return;
      await Promise.all(loops);
    }
  }

  kick(printer: string): void {
    if (this.closed || this.draining.has(printer) || this.stopped.has(printer)) return;
    const loop = this.drain(printer).finally(() => {
      this.draining.delete(printer);
      // A job queued while the last one was being finished starts now.
      if (!this.closed && this.options.store.nextQueued(printer)) this.kick(printer);
    });
    this.draining.set(printer, loop);
  }

  async close(): Promise<void> {
    this.closed = true;
    await Promise.all(this.draining.values());
  }

  private async drain(printer: string): Promise<void> {
    for (let job = this.options.store.nextQueued(printer); job && !this.closed;) {
      if ((await this.send(job)) === 'held') {
        this.stopped.add(printer);
        return;
      }
      job = this.options.store.nextQueued(printer);
    }
  }

  private async send(job: PrintJobView): Promise<'printed' | 'held' | 'failed'> {
    const bytes = this.options.store.bytes(job.id);
    if (!bytes) return 'failed';
    const printing = this.options.store.setState(job.id, 'printing', { attempt: true });
    this.options.onChange?.(printing, this.lastStatus);
    const force = this.forced.delete(job.id);
    try {
      // A label's copies are the file sent again (byte-exact, a reset resends one copy); a
      // document's are CUPS' own copies of one job.
      const printerJobs =
        job.kind === 'label'
          ? Array.from({ length: job.copies }, () => ({ name: job.fileName, bytes }))
          : [{ name: job.fileName, bytes, document: documentOptions(job) }];
      const outcome = await this.options.open(job.printer).print(printerJobs, { force });
      this.lastStatus = outcome.status;
      const printed = this.options.store.setState(job.id, 'printed', {
        at: this.options.clock.now(),
      });
      // Why it printed: a reprint's reason, or the finished pack that asked for it.
      const packed = this.options.store.purposeOf(job.id)?.startsWith('pack:') === true;
      this.options.record(printedEntry(job, packed));
      this.options.onChange?.(printed, this.lastStatus);
      return 'printed';
    } catch (error) {
      const stopped = error instanceof PrintError && error.code === 'printer-stopped';
      if (error instanceof PrintError && error.status) this.lastStatus = error.status;
      const message = messageOf(error);
      // A printer's condition holds the job until someone fixes it; anything else failed.
      const next = this.options.store.setState(job.id, stopped ? 'held' : 'failed', {
        error: message,
        code: error instanceof PrintError ? error.code : 'internal',
      });
      this.options.record({
        event: stopped ? 'print.held' : 'print.failed',
        messageKey: stopped ? 'activity.printHeld' : 'activity.printFailed',
        params: { file: job.fileName, printer: job.printer },
        message: `${job.fileName} was not printed on ${job.printer}: ${message}`,
      });
      this.options.onChange?.(next, this.lastStatus);
      return stopped ? 'held' : 'failed';
    }
  }
}

/**
 * The activity log's line for a job printed: who, where and why — a reprint's reason, the
 * finished pack that asked for it, or a paper asked for by hand on its order's card.
 */
function printedEntry(job: PrintJobView, packed: boolean): AuditInput {
  const where = { file: job.fileName, printer: job.printer, user: job.requestedBy };
  if (job.reprintReason)
    return {
      event: 'print.reprinted',
      messageKey: 'activity.reprinted',
      params: { ...where, reason: job.reprintReason },
      message: `${job.fileName} printed again on ${job.printer} by ${job.requestedBy} (${job.reprintReason}).`,
    };
  const why: MessageKey | null = packed
    ? 'paperwork.activity.printedForPack'
    : job.kind !== 'label' && job.orderId
      ? 'paperwork.activity.printedOnDemand'
      : null;
  if (why) {
    const params = { ...where, order: job.orderId ?? '' };
    return {
      event: 'print.printed',
      messageKey: why,
      params,
      message: translate('en', why, params),
    };
  }
  return {
    event: 'print.printed',
    messageKey: 'activity.printed',
    params: where,
    message: `${job.fileName} printed on ${job.printer} by ${job.requestedBy}.`,
  };
}
