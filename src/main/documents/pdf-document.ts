// One pdfkit document set up the way every Packbench paper is: Roboto Condensed embedded as
// subsets (so accents survive and text stays selectable), never pdfkit's built-in Helvetica,
// and the PDF's own dates taken from the caller's clock so the same input gives the same bytes.
import PDFDocument from 'pdfkit';
import type { DocumentFonts } from './fonts.ts';

export type Paper = 'a4' | 'letter';
export const PAPERS: readonly Paper[] = ['a4', 'letter'];

/** Points (1/72 in) on every side of the page. */
export const MARGIN = 40;
/** Kept free above the bottom margin for the footer, so flowing text never runs into it. */
export const FOOTER_SPACE = 24;

export interface PaperDocument {
  doc: PDFKit.PDFDocument;
  /** Ends the document; resolves with its bytes and its number of pages. */
  finish(): Promise<{ bytes: Uint8Array; pages: number }>;
}

export const FACE = { regular: 'regular', bold: 'bold' } as const;
export type Face = (typeof FACE)[keyof typeof FACE];

export interface TextStyle {
  face: Face;
  size: number;
  color?: string;
  width: number;
  align?: 'left' | 'right' | 'center';
}

const LINE_GAP = 1;

/** The height `text` takes in `style`, wrapped to its width. */
export function measure(doc: PDFKit.PDFDocument, text: string, style: TextStyle): number {
  doc.font(style.face).fontSize(style.size);
  return doc.heightOfString(text, { width: style.width, lineGap: LINE_GAP });
}

/** Writes `text` with its top-left corner at (x, y); returns the height it took. */
export function write(
  doc: PDFKit.PDFDocument,
  text: string,
  x: number,
  y: number,
  style: TextStyle,
): number {
  const height = measure(doc, text, style);
  doc
    .fillColor(style.color ?? '#000000')
    .text(text, x, y, { width: style.width, align: style.align ?? 'left', lineGap: LINE_GAP });
  return height;
}

/**
 * Writes one line in the footer band under the text area: the bottom margin is lifted for the
 * call, or pdfkit would take a line there for an overflow and start a new page.
 */
export function writeFooter(doc: PDFKit.PDFDocument, text: string, x: number, style: TextStyle) {
  const bottom = doc.page.margins.bottom;
  doc.page.margins.bottom = 0;
  write(doc, text, x, doc.page.height - MARGIN - style.size * 1.3, style);
  doc.page.margins.bottom = bottom;
}

const view = (bytes: Uint8Array) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);

export function createPaperDocument(options: {
  fonts: DocumentFonts;
  at: number;
  paper: Paper;
  lang: string;
  title: string;
}): PaperDocument {
  const when = new Date(options.at);
  const doc = new PDFDocument({
    size: options.paper === 'a4' ? 'A4' : 'LETTER',
    margins: { top: MARGIN, left: MARGIN, right: MARGIN, bottom: MARGIN + FOOTER_SPACE },
    // pdfkit would otherwise start with Helvetica, whose metrics it reads from an .afm file
    // beside its own code: a file the app's bundle does not have and Adobe's notice we do not
    // ship. An empty name makes it load no face at all; ours is registered below.
    font: '',
    // Footers ("page 2 of 3") need every page's count, so pages stay open until the end.
    bufferPages: true,
    lang: options.lang,
    displayTitle: true,
    info: {
      Title: options.title,
      Creator: 'Packbench',
      Producer: 'Packbench',
      CreationDate: when,
      ModDate: when,
    },
  });
  doc.registerFont(FACE.regular, view(options.fonts.regular));
  doc.registerFont(FACE.bold, view(options.fonts.bold));
  doc.font(FACE.regular);

  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise<void>((resolve, reject) => {
    doc.on('end', resolve);
    doc.on('error', reject);
  });

  return {
    doc,
    async finish() {
      const pages = doc.bufferedPageRange().count;
      doc.end();
      await ended;
      const all = Buffer.concat(chunks);
      return { bytes: new Uint8Array(all.buffer, all.byteOffset, all.byteLength), pages };
    },
  };
}
