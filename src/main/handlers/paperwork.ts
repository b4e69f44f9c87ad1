import { ok } from '../../shared/result.ts';
import type { HandlerContext, HandlersOf } from './context.ts';

/**
 * The document printer, the papers a pack prints, the window's language for them, and the
 * machine's policy the window shows locks from.
 */
export function paperworkHandlers({
  core,
  asResult,
}: HandlerContext): HandlersOf<
  | 'getPolicy'
  | 'setStationLanguage'
  | 'getDocumentPrinter'
  | 'saveDocumentPrinter'
  | 'testDocumentPrinter'
  | 'printPaper'
  | 'retryPaper'
> {
  return {
    getPolicy: () => ok(core.policy),
    setStationLanguage: ({ language }) => {
      core.language = language;
      return ok(null);
    },
    getDocumentPrinter: () => ok(core.printing.documentPrinterState()),
    saveDocumentPrinter: (settings) => asResult(() => core.printing.saveDocumentPrinter(settings)),
    testDocumentPrinter: ({ target }) =>
      asResult(async () => ({ printer: await core.paperwork.testPage(target) })),
    printPaper: ({ orderId, document, file, reprintReason }) =>
      asResult(() =>
        file
          ? core.printing.printDocument({
              kind: document,
              ...file,
              orderId,
              ...(reprintReason ? { reprintReason } : {}),
            })
          : core.paperwork.printNow({
              orderId,
              document,
              packId: null,
              ...(reprintReason ? { reprintReason } : {}),
            }),
      ),
    retryPaper: ({ packId, document, force }) =>
      asResult(async () => {
        await core.paperwork.retry(packId, document, force ?? false);
        return core.packing.get(packId);
      }),
  };
}
