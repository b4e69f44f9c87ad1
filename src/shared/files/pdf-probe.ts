import type { FileRefusal } from './file-rules.ts';

/** The part of pdf.js the probe uses: the browser build in the renderer, the legacy build in tests. */
export interface PdfJsLike {
  getDocument(source: { data: Uint8Array; stopAtErrors: boolean; verbosity: number }): {
    promise: Promise<{
      numPages: number;
      getPage(n: number): Promise<{ getOperatorList(): Promise<{ fnArray: ArrayLike<number> }> }>;
    }>;
    destroy(): Promise<void>;
  };
}

/** pdf.js's code for "this document needs a password to open" (PasswordResponses.NEED_PASSWORD). */
const NEED_PASSWORD = 1;

/**
 * A real parse: pdf.js opens the document (reading its cross-reference and trailer, and trying
 * the empty user password, which is how an owner-password-only PDF opens in every viewer),
 * then reads page 1 down to its drawing operators. `stopAtErrors` makes pdf.js refuse what it
 * would otherwise silently patch up, such as a page whose content stream was cut off.
 */
export async function probePdf(pdfjs: PdfJsLike, bytes: Uint8Array): Promise<FileRefusal | null> {
  // pdf.js takes ownership of the buffer it is given: hand it a copy.
  const task = pdfjs.getDocument({
    data: bytes.slice(),
    stopAtErrors: true,
    verbosity: 0,
  });
  try {
    const doc = await task.promise;
    if (doc.numPages < 1) return 'damaged';
    const page = await doc.getPage(1);
    await page.getOperatorList();
    return null;
  } catch (error) {
    const { name, code } = (error ?? {}) as { name?: unknown; code?: unknown };
    return name === 'PasswordException' && code === NEED_PASSWORD ? 'needsPassword' : 'damaged';
  } finally {
    await task.destroy();
  }
}
