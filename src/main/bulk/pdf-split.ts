// One PDF per invoice (issue #39): each group's pages copied with pdf-lib, their content
// streams, fonts and images as they are, so the text stays text. A PDF of one invoice is
// returned untouched, byte for byte; so is one pdf-lib cannot copy faithfully (encrypted).
import { PDFDocument } from 'pdf-lib';

export interface PdfPart {
  /** 1-based page numbers of the source. */
  pages: number[];
  bytes: Uint8Array;
}

/**
 * The parts of `bytes`, one per group of pages. One group, or a PDF that cannot be copied page
 * by page, gives one part: the original bytes with every page.
 */
export async function splitPdf(
  bytes: Uint8Array,
  groups: readonly { pages: readonly number[] }[],
): Promise<PdfPart[]> {
  const all = (count: number): PdfPart[] => [
    { pages: Array.from({ length: count }, (_, i) => i + 1), bytes },
  ];
  const count = groups.reduce((n, g) => n + g.pages.length, 0);
  if (groups.length < 2) return all(count);
  try {
    // An owner-password PDF opens in pdf.js, but pdf-lib cannot decrypt it: copying its
    // encrypted streams would make pages no one can read, so it stays whole.
    const source = await PDFDocument.load(bytes, { ignoreEncryption: true, updateMetadata: false });
    if (source.isEncrypted || source.getPageCount() !== count) return all(source.getPageCount());
    const parts: PdfPart[] = [];
    for (const group of groups) {
      // No dates, no producer: the same source gives the same bytes, so the same sha256.
      const part = await PDFDocument.create({ updateMetadata: false });
      const pages = await part.copyPages(
        source,
        group.pages.map((n) => n - 1),
      );
      for (const page of pages) part.addPage(page);
      parts.push({ pages: [...group.pages], bytes: await part.save() });
    }
    return parts;
  } catch {
    // What pdf.js opened but pdf-lib cannot copy is sent as it came, whole.
    return all(count);
  }
}
