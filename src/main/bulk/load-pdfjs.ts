// pdf.js's Node build for the files command and the bench, loaded once.
import type { PdfJsLike } from '../../shared/files/pdf-probe.ts';
import type { PdfTextReader } from './pdf-text.ts';

let loaded: Promise<PdfJsLike & PdfTextReader> | null = null;

/**
 * At load pdf.js warns (console.warn) that it has no Node canvas: it needs none to open pages
 * and read their text, and the warning must not reach a command's one-sentence stderr.
 */
export function loadPdfJs(): Promise<PdfJsLike & PdfTextReader> {
  loaded ??= (async () => {
    const warn = console.warn;
    console.warn = () => undefined;
    try {
      // pdf.js in Node runs its worker on the main thread, loading `./pdf.worker.mjs` beside
      // itself, which a bundle (the app's main) does not have. Handed the worker's module here,
      // it needs no file: the same in the CLI, the tests and the built app.
      (globalThis as { pdfjsWorker?: unknown }).pdfjsWorker ??=
        await import('pdfjs-dist/legacy/build/pdf.worker.mjs');
      return (await import('pdfjs-dist/legacy/build/pdf.mjs')) as unknown as PdfJsLike &
        PdfTextReader;
    } finally {
      console.warn = warn;
    }
  })();
  return loaded;
}
