// The document printer's "Test page" (Settings → Printers): one page that names the station,
// the time and the queue, so whoever picks it up knows which bench and which printer it proves.
// It also carries accented words and a ruled frame: missing glyphs or a shifted page show at once.
import type { DocumentFonts } from './fonts.ts';
import { formattersFor } from './format.ts';
import { createPaperDocument, FACE, MARGIN, write, type Paper } from './pdf-document.ts';
import { wordsFor, type DocumentLanguage } from './words.ts';

export interface TestPageOptions {
  station: string;
  /** The printer's queue, as the station names it (e.g. cups:Office_Laser). */
  queue: string;
  /** When it is printed (ms since the epoch). */
  at: number;
  lang: DocumentLanguage;
  paper: Paper;
  fonts: DocumentFonts;
  /** IANA zone for the printed time; the system's when absent. */
  timeZone?: string;
}

export async function renderTestPage(
  options: TestPageOptions,
): Promise<{ bytes: Uint8Array; pages: number }> {
  const words = wordsFor(options.lang).testPage;
  const format = formattersFor(options.lang, options.timeZone);
  const paper = createPaperDocument({
    fonts: options.fonts,
    at: options.at,
    paper: options.paper,
    lang: options.lang,
    title: `${words.title} · ${options.queue}`,
  });
  const { doc } = paper;
  const width = doc.page.width - 2 * MARGIN;
  // The printable area's edge, 10 pt inside the margin: a printer that clips or shifts the page
  // cuts this frame.
  doc
    .rect(MARGIN - 10, MARGIN - 10, width + 20, doc.page.height - 2 * MARGIN + 20)
    .lineWidth(1)
    .strokeColor('#000000')
    .stroke();
  let y = MARGIN + 10;
  y += write(doc, words.title, MARGIN, y, { face: FACE.bold, size: 28, width }) + 12;
  y += write(doc, words.body, MARGIN, y, { face: FACE.regular, size: 12, width }) + 24;
  const facts: [string, string][] = [
    [words.station, options.station],
    [words.queue, options.queue],
    [words.time, format.moment(options.at)],
  ];
  for (const [label, value] of facts) {
    write(doc, label, MARGIN, y, { face: FACE.bold, size: 12, width: 150 });
    y += write(doc, value, MARGIN + 150, y, { face: FACE.regular, size: 12, width: width - 150 });
    y += 8;
  }
  write(doc, words.accents, MARGIN, y + 16, { face: FACE.regular, size: 12, width });
  return paper.finish();
}
