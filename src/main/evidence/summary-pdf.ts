import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import { translate, type CatalogueLanguage } from '../../shared/i18n/translate.ts';
import type { PackRecordJson } from '../pack/pack-export.ts';
import type { ClipEvent } from './clip-events.ts';

// The evidence bundle's page for a person (issue #41): the order, who packed it where and when,
// every counted scan, the weighing, the clip with its SHA-256, and the files of the bundle. Made
// with pdf-lib's standard Helvetica (its metrics ship inside pdf-lib, so nothing is read from
// disk): Latin text, accents included; anything outside WinAnsi is written as "?". The PDF's
// dates come from the pack, so the same record gives the same bytes.

export interface SummaryInput {
  record: PackRecordJson;
  clips: readonly ClipEvent[];
  /** The bundle's other files, as the manifest lists them. */
  files: readonly { name: string; bytes: number; sha256: string }[];
  /** The clip files' names in the bundle, in the order of `clips`. */
  clipNames: readonly string[];
  lang: CatalogueLanguage;
  /** The PDF's creation date (ms): the pack's finish. */
  at: number;
}

const SIZE = { title: 18, head: 11, body: 9 } as const;
const MARGIN = 48;
const A4 = [595.28, 841.89] as const;
const LINE = 1.35;

/** WinAnsi (cp1252) holds Latin-1's printable range and a few more; the rest becomes "?". */
const WIN_ANSI_EXTRA = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');
const winAnsi = (text: string) =>
  [...text]
    .map((c) => {
      const code = c.codePointAt(0) ?? 0;
      if ((code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff)) return c;
      return WIN_ANSI_EXTRA.has(c) ? c : c === '\t' ? ' ' : '?';
    })
    .join('');

class Writer {
  private page: PDFPage;
  private y: number;
  readonly pages: PDFPage[] = [];
  private readonly doc: PDFDocument;
  private readonly fonts: { regular: PDFFont; bold: PDFFont };

  constructor(doc: PDFDocument, fonts: { regular: PDFFont; bold: PDFFont }) {
    this.doc = doc;
    this.fonts = fonts;
    this.page = this.newPage();
    this.y = A4[1] - MARGIN;
  }

  private newPage(): PDFPage {
    const page = this.doc.addPage([A4[0], A4[1]]);
    this.pages.push(page);
    return page;
  }

  /** Writes one paragraph, wrapped to the page's width, starting a page when it must. */
  text(raw: string, size: number = SIZE.body, bold = false, gapAfter = 2): void {
    const font = bold ? this.fonts.bold : this.fonts.regular;
    const width = A4[0] - 2 * MARGIN;
    for (const line of this.wrap(winAnsi(raw), font, size, width)) {
      if (this.y - size * LINE < MARGIN + 20) {
        this.page = this.newPage();
        this.y = A4[1] - MARGIN;
      }
      this.y -= size * LINE;
      this.page.drawText(line, { x: MARGIN, y: this.y, size, font, color: rgb(0, 0, 0) });
    }
    this.y -= gapAfter;
  }

  private wrap(text: string, font: PDFFont, size: number, width: number): string[] {
    const lines: string[] = [];
    let line = '';
    for (const word of text.split(' ')) {
      const next = line ? `${line} ${word}` : word;
      if (font.widthOfTextAtSize(next, size) <= width || !line) line = next;
      else {
        lines.push(line);
        line = word;
      }
      // A word longer than the line (a SHA-256) is cut where it must be.
      while (font.widthOfTextAtSize(line, size) > width && line.length > 1) {
        let cut = line.length - 1;
        while (cut > 1 && font.widthOfTextAtSize(line.slice(0, cut), size) > width) cut -= 1;
        lines.push(line.slice(0, cut));
        line = line.slice(cut);
      }
    }
    lines.push(line);
    return lines;
  }

  footer(label: (page: number, pages: number) => string): void {
    this.pages.forEach((page, i) =>
      page.drawText(winAnsi(label(i + 1, this.pages.length)), {
        x: MARGIN,
        y: MARGIN / 2,
        size: 8,
        font: this.fonts.regular,
        color: rgb(0.35, 0.35, 0.35),
      }),
    );
  }
}

export async function summaryPdf(input: SummaryInput): Promise<Uint8Array> {
  const t = (key: string, params: Record<string, string | number> = {}) =>
    translate(input.lang, `evidence.summary.${key}`, params);
  const { record } = input;
  const doc = await PDFDocument.create({ updateMetadata: false });
  const when = new Date(input.at);
  doc.setTitle(`${t('title')} ${record.orderId}`);
  doc.setCreator('Packbench');
  doc.setProducer('Packbench');
  doc.setCreationDate(when);
  doc.setModificationDate(when);
  doc.setLanguage(input.lang);
  const w = new Writer(doc, {
    regular: await doc.embedFont(StandardFonts.Helvetica),
    bold: await doc.embedFont(StandardFonts.HelveticaBold),
  });
  w.text(`${t('title')}: ${record.orderId}`, SIZE.title, true, 8);
  for (const [key, value] of [
    ['order', record.orderId],
    ['pack', record.id],
    ['station', record.station],
    ['packer', record.account],
    ['started', record.startedAt ?? ''],
    ['finished', record.finishedAt ?? ''],
    ['status', record.status],
  ] as const)
    w.text(`${t(key)}: ${value}`);
  if (record.short)
    w.text(
      t('short', { reason: [record.short.reason, record.short.text].filter(Boolean).join(', ') }),
    );
  w.text(t('units'), SIZE.head, true, 4);
  for (const unit of record.units)
    w.text(
      [
        `#${unit.seq}`,
        unit.at ?? '',
        `${unit.sku} x${unit.quantity}`,
        unit.lot ? `lot ${unit.lot}` : null,
        unit.expiry ? `exp ${unit.expiry}` : null,
        unit.override ? `${unit.override.kind}: ${unit.override.reason}` : null,
        `code ${unit.code.replaceAll(String.fromCharCode(29), '<GS>')}`,
      ]
        .filter(Boolean)
        .join('  '),
    );
  if (record.weighing) {
    w.text(t('weighing'), SIZE.head, true, 4);
    const { grams, expectedGrams, override } = record.weighing;
    w.text(
      [`${grams} g`, expectedGrams === null ? null : `(${expectedGrams} g)`, override?.reason]
        .filter(Boolean)
        .join(' '),
    );
  }
  w.text(t('clip'), SIZE.head, true, 4);
  input.clips.forEach((clip, i) => {
    w.text(
      t('clipLine', {
        file: input.clipNames[i] ?? clip.file,
        bytes: clip.bytes,
        seconds: clip.durationMs === null ? '?' : (clip.durationMs / 1000).toFixed(1),
        sha256: clip.sha256,
      }),
    );
    if (clip.stopped)
      w.text(
        t('clipStopped', {
          why: translate(input.lang, clip.stopped.messageKey, clip.stopped.params),
        }),
      );
  });
  w.text(t('files'), SIZE.head, true, 4);
  for (const file of input.files) w.text(`${file.name}  ${file.bytes} B  ${file.sha256}`);
  w.text(t('check'), SIZE.body, false, 0);
  w.footer((page, pages) => `${record.orderId} · ${t('page', { page, pages })}`);
  return doc.save({ useObjectStreams: false });
}
