import type * as PdfJsModule from 'pdfjs-dist';

type PdfJs = typeof PdfJsModule;

let shared: Promise<PdfJs> | null = null;

/**
 * pdf.js, loaded on first use, with one worker shared by every document: the file check and
 * the thumbnails parse in that worker, off the window's thread.
 */
export function loadPdfJs(): Promise<PdfJs> {
  shared ??= import('pdfjs-dist').then((pdfjs) => {
    pdfjs.GlobalWorkerOptions.workerPort = new Worker(
      new URL('pdfjs-dist/build/pdf.worker.min.mjs', import.meta.url),
      { type: 'module' },
    );
    return pdfjs;
  });
  return shared;
}
