// An invoice's words as pdf.js reads them, page by page, for the matcher's evidence (issue #39).
// Text items end a line where the PDF says so (hasEOL), so a name or a number split across two
// items of one line is still read whole.

/** The part of pdf.js this reads: the legacy build in Node, the browser build in the window. */
export interface PdfTextReader {
  getDocument(source: { data: Uint8Array; stopAtErrors: boolean; verbosity: number }): {
    promise: Promise<{
      numPages: number;
      getPage(n: number): Promise<{
        getTextContent(): Promise<{ items: ReadonlyArray<{ str?: string; hasEOL?: boolean }> }>;
      }>;
    }>;
    destroy(): Promise<void>;
  };
}

/** One text a page, its lines joined by newlines. */
export async function pdfPageTexts(pdfjs: PdfTextReader, bytes: Uint8Array): Promise<string[]> {
  const task = pdfjs.getDocument({ data: new Uint8Array(bytes), stopAtErrors: true, verbosity: 0 });
  try {
    const doc = await task.promise;
    const pages: string[] = [];
    for (let n = 1; n <= doc.numPages; n += 1) {
      const { items } = await (await doc.getPage(n)).getTextContent();
      pages.push(items.map((item) => `${item.str ?? ''}${item.hasEOL ? '\n' : ' '}`).join(''));
    }
    return pages;
  } finally {
    await task.destroy();
  }
}
