import { createStore } from 'zustand/vanilla';
import type { PackbenchBridge } from '@shared/ipc/bridge-types.ts';
import type { PackDocument } from '@shared/documents.ts';
import type { InvokeChannels } from '@shared/ipc/channels.ts';
import type { PrintJobView, PrinterStatusView, ReprintReason } from '@shared/printing.ts';
import type { AppError } from '@shared/result.ts';

// Printing a label from a screen (the Station's order card, the Labels screen): one request per
// place, asked of main, and what came of it. A label printed before comes back `needs_reason`
// and waits here for the operator's reason; a label made for another density than the
// printer's waits for the operator's word before anything is asked of main. The queue's own
// changes (retry, discard) go through here too, for the Outbox and the order card alike.

export type PrintSource =
  | InvokeChannels['printLabel']['input']['source']
  /** The order's packing slip or invoice, on the document printer (issue #30). */
  | {
      kind: 'paper';
      orderId: string;
      document: PackDocument;
      /** A PDF dropped to print only (not to upload). */
      file?: { bytes: Uint8Array; fileName: string };
    };
/** Where a print was asked from: each place shows its own last request. */
export type PrintPlace = 'station' | 'labels';

export type PrintAttempt = {
  source: PrintSource;
  /** The label's file, to name it in sentences before main's job exists. */
  fileName: string;
  reason: ReprintReason | null;
} & (
  | { phase: 'sending' }
  | { phase: 'density'; designed: number; printer: number }
  | { phase: 'queued'; job: PrintJobView }
  | { phase: 'needs_reason'; previous: PrintJobView }
  | { phase: 'no_printer' }
  | { phase: 'failed'; error: AppError }
);

export interface PrintDensity {
  /** The density the label was made (and previewed) for. */
  designed: number;
  /** The density of this station's printer. */
  printer: number;
}

export interface PrintState {
  attempts: Partial<Record<PrintPlace, PrintAttempt>>;
  /**
   * The printer's status as main last pushed it (a label sent, a test print). Newer than the
   * read's until the read catches up, which it does not for a test print (see usePrinterStatus).
   */
  pushedStatus: PrinterStatusView | null;
  /** Follows main's printing events; returns the unsubscribe function. */
  follow: () => () => void;
  /** The last retry or discard main refused. */
  queueError: AppError | null;
  /** Asks main to print; with a density that differs from the printer's, warns first. */
  print: (
    place: PrintPlace,
    source: PrintSource,
    fileName: string,
    density?: PrintDensity,
  ) => Promise<void>;
  /** The operator read the density warning and prints anyway. */
  confirmDensity: (place: PrintPlace) => Promise<void>;
  /** The reason a reprint gives; the same label is asked for again with it. */
  giveReason: (place: PrintPlace, reason: ReprintReason) => Promise<void>;
  dismiss: (place: PrintPlace) => void;
  retry: (id: string, force: boolean) => Promise<boolean>;
  discard: (id: string) => Promise<boolean>;
}

export const createPrintStore = (
  bridge: Pick<
    PackbenchBridge,
    'printLabel' | 'printPaper' | 'retryPrint' | 'discardPrint' | 'onPrinting'
  >,
) =>
  createStore<PrintState>()((set, get) => {
    const put = (place: PrintPlace, attempt: PrintAttempt | undefined) =>
      set({ attempts: { ...get().attempts, [place]: attempt } });

    const send = async (place: PrintPlace, attempt: PrintAttempt) => {
      const { source, fileName, reason } = attempt;
      const base = { source, fileName, reason };
      put(place, { ...base, phase: 'sending' });
      const reprint = reason ? { reprintReason: reason } : {};
      const result = await (source.kind === 'paper'
        ? bridge.printPaper({
            orderId: source.orderId,
            document: source.document,
            ...(source.file ? { file: source.file } : {}),
            ...reprint,
          })
        : bridge.printLabel({ source, ...reprint }));
      // A newer request from the same place replaced this one meanwhile: it keeps the place.
      if (get().attempts[place]?.source !== source) return;
      if (!result.ok) return put(place, { ...base, phase: 'failed', error: result.error });
      const outcome = result.value;
      if (outcome.status === 'queued') put(place, { ...base, phase: 'queued', job: outcome.job });
      else if (outcome.status === 'needs_reason')
        put(place, { ...base, phase: 'needs_reason', previous: outcome.previous });
      else put(place, { ...base, phase: 'no_printer' });
    };

    const queueChange = async <T>(
      call: Promise<{ ok: true; value: T } | { ok: false; error: AppError }>,
    ) => {
      const result = await call;
      set({ queueError: result.ok ? null : result.error });
      return result.ok;
    };

    return {
      attempts: {},
      queueError: null,
      pushedStatus: null,
      follow: () =>
        bridge.onPrinting((change) => {
          if (change.status) set({ pushedStatus: change.status });
        }),
      print: async (place, source, fileName, density) => {
        const attempt = { source, fileName, reason: null };
        if (density && density.designed !== density.printer)
          return put(place, { ...attempt, phase: 'density', ...density });
        await send(place, { ...attempt, phase: 'sending' });
      },
      confirmDensity: async (place) => {
        const attempt = get().attempts[place];
        if (attempt?.phase === 'density') await send(place, attempt);
      },
      giveReason: async (place, reason) => {
        const attempt = get().attempts[place];
        if (attempt?.phase === 'needs_reason') await send(place, { ...attempt, reason });
      },
      dismiss: (place) => put(place, undefined),
      retry: (id, force) => queueChange(bridge.retryPrint({ id, ...(force ? { force } : {}) })),
      discard: (id) => queueChange(bridge.discardPrint({ id })),
    };
  });
