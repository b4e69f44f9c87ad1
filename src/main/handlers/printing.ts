import { FILE_RETENTION_DAYS } from '../outbox/file-retention.ts';
import { PrintError } from '../print/errors.ts';
import type { HandlerContext, HandlersOf } from './context.ts';

/** This station's printer, its settings and its print queue. */
export function printingHandlers({
  core,
  asResult,
}: HandlerContext): HandlersOf<
  | 'getPrinting'
  | 'savePrinterSettings'
  | 'listPrinterQueues'
  | 'testPrint'
  | 'printLabel'
  | 'readPrinterDensity'
  | 'retryPrint'
  | 'discardPrint'
> {
  return {
    getPrinting: () => asResult(() => core.printing.state()),
    savePrinterSettings: (settings) => asResult(() => core.printing.saveSettings(settings)),
    listPrinterQueues: () => asResult(() => core.printing.cupsQueues()),
    testPrint: ({ target }) =>
      asResult(async () => ({ status: await core.printing.testPrint(target) })),
    printLabel: ({ source, reprintReason, force }) =>
      asResult(() => {
        const label =
          source.kind === 'job'
            ? core.work.labelFile(source.jobId)
            : { bytes: source.bytes, fileName: source.fileName, order: source.order ?? null };
        if (!label && source.kind === 'job' && core.work.fileForgotten(source.jobId))
          throw new PrintError(
            'file-forgotten',
            `That label was delivered more than ${FILE_RETENTION_DAYS} days ago and its file is no longer kept on this station; nothing was printed.`,
          );
        if (!label)
          throw new PrintError('file-unreadable', 'That job holds no label file to print.');
        return core.printing.print({
          bytes: label.bytes,
          fileName: label.fileName,
          orderId: label.order,
          ...(reprintReason ? { reprintReason } : {}),
          ...(force ? { force } : {}),
        });
      }),
    readPrinterDensity: ({ target }) => asResult(() => core.printing.identify(target)),
    retryPrint: ({ id, force }) => asResult(() => core.printing.retry(id, force ?? false)),
    discardPrint: ({ id }) => asResult(() => ({ removed: core.printing.discard(id) })),
  };
}
