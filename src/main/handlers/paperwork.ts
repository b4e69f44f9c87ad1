import { ok } from '../../shared/result.ts';
import { PolicyLockedError } from '../platform/policy-lock.ts';
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
    // A language IT locked is the papers' language whatever the window says (it follows the
    // policy too, but a moment after it starts in the operator's last language).
    setStationLanguage: ({ language }) =>
      asResult(() => {
        const { file, locked, language: imposed } = core.policy;
        if (locked.language && imposed !== null && language !== imposed) {
          core.language = imposed;
          throw new PolicyLockedError('language', file ?? '');
        }
        core.language = language;
        return null;
      }),
    getDocumentPrinter: () => ok(core.printing.documentPrinterState()),
    saveDocumentPrinter: (settings) => asResult(() => core.printing.saveDocumentPrinter(settings)),
    testDocumentPrinter: ({ target, paper }) =>
      asResult(async () => ({ printer: await core.paperwork.testPage(target, paper) })),
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
