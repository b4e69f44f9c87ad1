import { userInfo } from 'node:os';
import type { DatabaseSync } from 'node:sqlite';
import type {
  PrintJobView,
  PrinterSettings,
  PrinterStatusView,
  ReprintReason,
} from '../../shared/printing.ts';
import type { Clock } from '../platform/clock.ts';
import type { Imposed } from '../platform/policy-lock.ts';
import type { StationFs } from '../platform/station-fs.ts';
import type { AuditInput } from '../outbox/audit-log.ts';
import { listCupsQueues } from '../print/cups-printer.ts';
import { PrintError } from '../print/errors.ts';
import { queryHostIdentification } from '../print/host-identification.ts';
import { openPrinter, type Printer } from '../print/printer.ts';
import { parseTarget } from '../print/target.ts';
import { testLabelZpl } from '../print/test-label.ts';
import { checkZpl } from '../print/zpl-check.ts';
import { PrintQueue, type PrintRequestOutcome } from './print-queue.ts';
import { PrintStore } from './print-store.ts';
import { PrinterSettingsStore } from './printer-settings-store.ts';
import { DocumentPrinterStore } from './document-printer-store.ts';
import {
  MEDIA_OF_PAPER,
  type DocumentPrinterSettings,
  type PaperSize,
} from '../../shared/documents.ts';
import { translate } from '../../shared/i18n/translate.ts';
import type { PrintKind } from '../../shared/printing.ts';

// Printing at the station, as the core offers it to the window: this station's printer
// settings, its persistent queue, a test print, and the CUPS queues to pick from. The
// transport (src/main/print) is the same one the command line uses.

export interface PrintingState {
  settings: PrinterSettings;
  status: PrinterStatusView | null;
  jobs: PrintJobView[];
  /** A damaged printer.json that was set aside at start. */
  recoveredFrom: string | null;
}

export interface PrintingChange {
  job: PrintJobView | null;
  status: PrinterStatusView | null;
}

export interface PrintingOptions {
  dataDir: string;
  db: DatabaseSync;
  clock: Clock;
  fs: StationFs;
  newId: () => string;
  record: (entry: AuditInput) => void;
  /** The printer behind a target; tests and the bench pass their own timeouts. */
  open?: (target: string) => Printer;
  /** Who asks (the activity log says who printed): this computer's account by default. */
  user?: () => string;
  /** For CUPS (CUPS_SERVER); default process.env. */
  env?: NodeJS.ProcessEnv;
  /** What the machine's policy sets for the two printers, and whether it locks them. */
  imposed?: {
    label: Imposed<PrinterSettings> | null;
    document: Imposed<DocumentPrinterSettings> | null;
  };
}

/** A PDF starts with its header (a few bytes of junk before it are tolerated, as readers do). */
function looksLikePdf(bytes: Uint8Array): boolean {
  const head = new TextDecoder('latin1').decode(bytes.subarray(0, 1024));
  return head.includes('%PDF-');
}

/** A target string the settings hold, as the transport takes it; refusals keep their code. */
function targetOf(text: string) {
  const parsed = parseTarget(text);
  if (!parsed.ok) throw new PrintError('bad-target', parsed.message);
  return parsed.target;
}

export class Printing {
  readonly settings: PrinterSettingsStore;
  /** The document printer beside the label printer (issue #30). */
  readonly documentPrinter: DocumentPrinterStore;
  readonly queue: PrintQueue;
  private readonly listeners = new Set<(change: PrintingChange) => void>();
  private readonly options: PrintingOptions;
  /** Who prints: the operator's account on this computer (the queue's jobs and test prints). */
  private readonly user: () => string;

  constructor(options: PrintingOptions) {
    this.options = options;
    this.user = options.user ?? (() => userInfo().username);
    this.settings = new PrinterSettingsStore(
      options.dataDir,
      () => new Date(options.clock.now()),
      options.fs,
      options.imposed?.label ?? null,
    );
    this.documentPrinter = new DocumentPrinterStore(
      options.dataDir,
      () => new Date(options.clock.now()),
      options.fs,
      options.imposed?.document ?? null,
    );
    this.queue = new PrintQueue({
      store: new PrintStore(options.db),
      clock: options.clock,
      newId: options.newId,
      settings: () => this.settings.get(),
      documentTarget: () => this.documentPrinter.get().target,
      open: (target) => this.open(target),
      record: options.record,
      user: this.user,
      onChange: (job, status) => {
        for (const listener of this.listeners) listener({ job, status });
      },
    });
    this.queue.recover();
  }

  private open(target: string): Printer {
    if (this.options.open) return this.options.open(target);
    return openPrinter(targetOf(target), {
      clock: this.options.clock,
      ...(this.options.env ? { env: this.options.env } : {}),
    });
  }

  onChange(listener: (change: PrintingChange) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  state(): PrintingState {
    return {
      settings: this.settings.get(),
      status: this.queue.status(),
      jobs: this.queue.list(),
      recoveredFrom: this.settings.recoveredFrom,
    };
  }

  async saveSettings(input: PrinterSettings): Promise<PrinterSettings> {
    if (input.target) targetOf(input.target);
    return this.settings.save(input);
  }

  /**
   * The CUPS queues this computer knows (empty without CUPS), and which of them have a driver
   * (document printers: slips and invoices).
   */
  async cupsQueues(): Promise<{ queues: string[]; documentQueues: string[] }> {
    try {
      const queues = await listCupsQueues({
        timeoutMs: 3000,
        env: this.options.env ?? process.env,
        clock: this.options.clock,
      });
      return {
        queues: queues.map((q) => q.name),
        documentQueues: queues.filter((q) => q.kind === 'document').map((q) => q.name),
      };
    } catch {
      return { queues: [], documentQueues: [] };
    }
  }

  /** The printer's model and head density from its ~HI answer (a CUPS queue cannot pass it on). */
  async identify(target: string): Promise<{ model: string; dpmm: 6 | 8 | 12 | 24 }> {
    const parsed = targetOf(target);
    if (parsed.kind !== 'tcp')
      throw new PrintError(
        'cannot-ask',
        'A CUPS queue does not pass the printer’s answer back: choose the density by hand.',
      );
    const identity = await queryHostIdentification(parsed.host, parsed.port, {
      timeoutMs: 3000,
      clock: this.options.clock,
    });
    return { model: identity.model, dpmm: identity.dpmm };
  }

  /** A label stating the station, the time and the printer's status, sent now (not queued). */
  async testPrint(target = this.settings.get().target): Promise<PrinterStatusView> {
    if (!target) throw new PrintError('bad-target', 'No printer is set up for this station.');
    try {
      const outcome = await this.open(target).print((status) => [
        {
          name: 'test label',
          bytes: new TextEncoder().encode(
            testLabelZpl({ target, status, at: new Date(this.options.clock.now()) }),
          ),
        },
      ]);
      this.queue.noteStatus(outcome.status);
      this.recordTest('paperwork.activity.testLabel', target);
      return outcome.status;
    } catch (error) {
      // A refusal still tells what the printer said (paper out…): the status bar shows it.
      if (error instanceof PrintError && error.status) this.queue.noteStatus(error.status);
      throw error;
    }
  }

  /** A label's bytes to this station's printer, checked as ZPL first. */
  print(input: {
    bytes: Uint8Array;
    fileName: string;
    orderId?: string | null;
    reprintReason?: ReprintReason;
    force?: boolean;
  }): PrintRequestOutcome {
    const check = checkZpl(input.bytes, input.fileName);
    if (!check.ok) throw new PrintError('not-zpl', check.message);
    return this.queue.request(input);
  }

  documentPrinterState(): {
    settings: DocumentPrinterSettings;
    recoveredFrom: string | null;
  } {
    return {
      settings: this.documentPrinter.get(),
      recoveredFrom: this.documentPrinter.recoveredFrom,
    };
  }

  /**
   * A PDF straight to a document printer, not queued (the Test page): the printer's refusal
   * comes back to the button that asked. The target given, or the saved one.
   */
  async printDocumentNow(
    file: { bytes: Uint8Array; fileName: string },
    target = this.documentPrinter.get().target,
    paper: PaperSize = this.documentPrinter.get().paper,
  ): Promise<string> {
    if (!target)
      throw new PrintError('bad-target', 'No document printer is set up for this station.');
    await this.open(target).print([
      {
        name: file.fileName,
        bytes: file.bytes,
        document: { media: MEDIA_OF_PAPER[paper], copies: 1 },
      },
    ]);
    this.recordTest('paperwork.activity.testPage', target);
    return target;
  }

  /** A test print is a print: the activity log says who printed it and where. */
  private recordTest(
    messageKey: 'paperwork.activity.testPage' | 'paperwork.activity.testLabel',
    printer: string,
  ): void {
    const params = { printer, user: this.user() };
    this.options.record({
      event: 'print.test',
      messageKey,
      params,
      message: translate('en', messageKey, params),
    });
  }

  async saveDocumentPrinter(input: DocumentPrinterSettings): Promise<DocumentPrinterSettings> {
    if (input.target) {
      const target = targetOf(input.target);
      if (target.kind === 'tcp')
        throw new PrintError(
          'bad-target',
          `${input.target} is a label printer's raw port: a document printer is a CUPS queue (cups:QUEUE).`,
        );
      // A queue typed by hand may be a raw (label) queue, which would fail every paper later.
      // CUPS out of reach now is no reason to refuse: printing says so when it comes to it.
      if (target.kind === 'cups') {
        const queues = await listCupsQueues({
          timeoutMs: 3000,
          env: this.options.env ?? process.env,
          clock: this.options.clock,
        }).catch(() => null);
        if (queues?.find((queue) => queue.name === target.queue)?.kind === 'raw')
          throw new PrintError(
            'not-a-document-printer',
            `${input.target} is a raw CUPS queue (no driver: lpstat -l shows no Interface line), which cannot print a PDF: a document printer is a queue with a driver.`,
          );
      }
    }
    return this.documentPrinter.save(input);
  }

  /** A PDF (a slip, an invoice) to this station's document printer, on its paper. */
  printDocument(input: {
    kind: Exclude<PrintKind, 'label'>;
    bytes: Uint8Array;
    fileName: string;
    orderId?: string | null;
    purpose?: string;
    reprintKey?: string;
    reprintReason?: ReprintReason;
    force?: boolean;
  }): PrintRequestOutcome {
    if (!looksLikePdf(input.bytes))
      throw new PrintError(
        'not-pdf',
        `${input.fileName} is not a PDF: the document printer takes PDF files.`,
      );
    return this.queue.request({
      ...input,
      media: MEDIA_OF_PAPER[this.documentPrinter.get().paper],
    });
  }

  /** A held, failed or interrupted print job goes back in the queue (forced past the condition). */
  retry(id: string, force = false): PrintJobView | null {
    return this.queue.retry(id, force);
  }

  /** A print job leaves the queue (not while it is printing). */
  discard(id: string): boolean {
    return this.queue.discard(id);
  }

  close(): Promise<void> {
    return this.queue.close();
  }
}
