// The packing slip as a PDF: where each part of the slip's text (slip-model.ts) goes on the
// page. The head (title, order number as text and as a Code 128 symbol), the customer and
// address beside the order's facts, then the lines as a table that continues over as many pages
// as it needs with its header repeated, then the notes; "page n of m" under every page.
import { code128 } from './barcode.ts';
import type { DocumentFonts } from './fonts.ts';
import {
  createPaperDocument,
  FACE,
  MARGIN,
  measure,
  write,
  writeFooter,
  type Paper,
  type TextStyle,
} from './pdf-document.ts';
import { slipModel, type SlipContext, type SlipInput, type SlipModel } from './slip-model.ts';

export interface SlipOptions extends SlipContext {
  fonts: DocumentFonts;
  paper: Paper;
}

const GREY = '#555555';
const RULE = '#999999';
const SHADE = '#e6e6e6';
const PAD = 4;
const GAP = 14;

/** The symbol's quiet zone on each side, in modules (ISO/IEC 15417 asks for 10). */
const QUIET = 10;
const BAR_HEIGHT = 40;
/** Wider modules scan from further; narrower than this a 200 dpi rendering loses bars. */
const MAX_MODULE = 1.4;
const MIN_MODULE = 0.8;
const BARCODE_BOX = 230;

/** The page's text area, and the pdfkit document it belongs to. */
interface Sheet {
  doc: PDFKit.PDFDocument;
  left: number;
  right: number;
  width: number;
  /** The lowest y text may reach (the footer band is below it). */
  bottom: number;
}

const label = (width: number): TextStyle => ({ face: FACE.bold, size: 8, color: GREY, width });
const body = (width: number): TextStyle => ({ face: FACE.regular, size: 10, width });

/** Draws the bars of `text` with the top-left of its quiet zone at (x, y). */
function drawBarcode(sheet: Sheet, text: string, x: number, y: number, module: number): void {
  const { bars } = code128(text);
  for (const bar of bars)
    sheet.doc.rect(x + (QUIET + bar.x) * module, y, bar.width * module, BAR_HEIGHT);
  sheet.doc.fillColor('#000000').fill();
}

/** Title and order number on the left, the symbol with its number as text on the right. */
function drawHead(sheet: Sheet, model: SlipModel): number {
  const { modules } = code128(model.orderId);
  const span = modules + 2 * QUIET;
  // A long order number gets the whole width under the title rather than too thin a module.
  const beside = BARCODE_BOX / span >= MIN_MODULE;
  const module = Math.min(MAX_MODULE, (beside ? BARCODE_BOX : sheet.width) / span);
  const textWidth = beside ? sheet.width - span * module - GAP : sheet.width;
  let y = MARGIN;
  y += write(sheet.doc, model.title, sheet.left, y, {
    face: FACE.bold,
    size: 20,
    width: textWidth,
  });
  y += write(sheet.doc, model.orderHeading, sheet.left, y + 2, {
    face: FACE.bold,
    size: 13,
    width: textWidth,
  });
  const codeTop = beside ? MARGIN : y + GAP;
  const codeLeft = sheet.right - span * module;
  drawBarcode(sheet, model.orderId, codeLeft, codeTop, module);
  const under = write(sheet.doc, model.orderId, codeLeft, codeTop + BAR_HEIGHT + 3, {
    face: FACE.regular,
    size: 9,
    width: span * module,
    align: 'center',
  });
  return Math.max(y, codeTop + BAR_HEIGHT + 3 + under) + GAP;
}

/** A labelled block of lines (the first in bold); returns the y under it. */
function drawBlock(
  sheet: Sheet,
  title: string,
  lines: string[],
  x: number,
  y: number,
  width: number,
) {
  let at = y + write(sheet.doc, title.toUpperCase(), x, y, label(width)) + 2;
  lines.forEach((line, i) => {
    at += write(sheet.doc, line, x, at, {
      ...body(width),
      face: i === 0 ? FACE.bold : FACE.regular,
    });
  });
  return at;
}

/** Customer and address on the left, the order's facts and who packed it on the right. */
function drawParties(sheet: Sheet, model: SlipModel, top: number): number {
  const half = (sheet.width - GAP) / 2;
  let left = drawBlock(sheet, model.customerLabel, model.customer, sheet.left, top, half);
  left = drawBlock(sheet, model.shipToLabel, model.shipTo, sheet.left, left + 8, half);

  const x = sheet.left + half + GAP;
  const labelWidth = 90;
  let right = top;
  for (const fact of model.facts) {
    const valueStyle = body(half - labelWidth);
    const height = Math.max(
      measure(sheet.doc, fact.label.toUpperCase(), label(labelWidth)),
      measure(sheet.doc, fact.value, valueStyle),
    );
    write(sheet.doc, fact.label.toUpperCase(), x, right + 1.5, label(labelWidth));
    write(sheet.doc, fact.value, x + labelWidth, right, valueStyle);
    right += height + 3;
  }
  right += write(sheet.doc, model.packedBy, x, right + 4, body(half)) + 4;
  return Math.max(left, right) + GAP;
}

interface Column {
  title: string;
  width: number;
  align: 'left' | 'right';
}

function columnsOf(sheet: Sheet, model: SlipModel): Column[] {
  const sku = 110;
  const quantity = 44;
  const lots = model.columns.lots === null ? 0 : 175;
  const columns: Column[] = [
    { title: model.columns.product, width: sheet.width - sku - quantity - lots, align: 'left' },
    { title: model.columns.sku, width: sku, align: 'left' },
    { title: model.columns.quantity, width: quantity, align: 'right' },
  ];
  if (model.columns.lots !== null)
    columns.push({ title: model.columns.lots, width: lots, align: 'left' });
  return columns;
}

function drawTableHeader(sheet: Sheet, columns: Column[], y: number): number {
  const height =
    Math.max(...columns.map((c) => measure(sheet.doc, c.title, label(c.width - 2 * PAD)))) +
    2 * PAD;
  sheet.doc.rect(sheet.left, y, sheet.width, height).fillColor(SHADE).fill();
  let x = sheet.left;
  for (const column of columns) {
    write(sheet.doc, column.title.toUpperCase(), x + PAD, y + PAD, {
      ...label(column.width - 2 * PAD),
      color: '#000000',
      align: column.align,
    });
    x += column.width;
  }
  return y + height;
}

/** A new page that says whose slip it continues; with the table's header when rows follow. */
function continuePage(sheet: Sheet, model: SlipModel, columns: Column[] | null): number {
  sheet.doc.addPage();
  const y =
    MARGIN +
    write(sheet.doc, model.continued, sheet.left, MARGIN, {
      face: FACE.bold,
      size: 11,
      width: sheet.width,
    }) +
    8;
  return columns ? drawTableHeader(sheet, columns, y) : y;
}

function drawLines(sheet: Sheet, model: SlipModel, top: number): number {
  const columns = columnsOf(sheet, model);
  let y = drawTableHeader(sheet, columns, top);
  for (const line of model.lines) {
    const cells: { text: string; style: TextStyle }[] = [
      {
        text: line.name,
        style: { ...body(0), ...(line.named ? {} : { color: GREY }) },
      },
      { text: line.sku, style: { ...body(0), size: 9 } },
      { text: line.quantity, style: { ...body(0), face: FACE.bold, align: 'right' as const } },
      { text: line.lots.join('\n'), style: { ...body(0), size: 9 } },
    ].slice(0, columns.length);
    const styled = cells.map((cell, i) => ({
      ...cell,
      style: { ...cell.style, width: (columns[i]?.width ?? 0) - 2 * PAD },
    }));
    const height =
      Math.max(...styled.map((c) => (c.text === '' ? 0 : measure(sheet.doc, c.text, c.style)))) +
      2 * PAD;
    if (y + height > sheet.bottom) y = continuePage(sheet, model, columns);
    let x = sheet.left;
    styled.forEach((cell, i) => {
      if (cell.text !== '') write(sheet.doc, cell.text, x + PAD, y + PAD, cell.style);
      x += columns[i]?.width ?? 0;
    });
    y += height;
    sheet.doc
      .moveTo(sheet.left, y)
      .lineTo(sheet.right, y)
      .lineWidth(0.5)
      .strokeColor(RULE)
      .stroke();
  }
  const totalStyle: TextStyle = { face: FACE.bold, size: 10, width: sheet.width, align: 'right' };
  const totalHeight = measure(sheet.doc, model.total, totalStyle) + PAD;
  if (y + totalHeight > sheet.bottom) y = continuePage(sheet, model, columns);
  y += write(sheet.doc, model.total, sheet.left, y + PAD, totalStyle) + PAD;
  return y + GAP;
}

function drawNotes(sheet: Sheet, model: SlipModel, top: number): void {
  if (model.notes === null) return;
  const style = body(sheet.width);
  const needed = measure(sheet.doc, model.notesLabel, label(sheet.width)) + 2;
  const text = measure(sheet.doc, model.notes, style);
  // Notes that fit on a fresh page start on one; longer ones flow on from here (pdfkit adds
  // the pages they need).
  const fresh = sheet.bottom - MARGIN - 30;
  let y = top;
  if (y + needed + Math.min(text, fresh) > sheet.bottom) y = continuePage(sheet, model, null);
  y += write(sheet.doc, model.notesLabel.toUpperCase(), sheet.left, y, label(sheet.width)) + 2;
  write(sheet.doc, model.notes, sheet.left, y, style);
}

function drawFooters(sheet: Sheet, model: SlipModel): void {
  const { start, count } = sheet.doc.bufferedPageRange();
  for (let i = start; i < start + count; i++) {
    sheet.doc.switchToPage(i);
    const style: TextStyle = { face: FACE.regular, size: 8, color: GREY, width: sheet.width };
    writeFooter(sheet.doc, `${model.title} · ${model.orderHeading}`, sheet.left, style);
    writeFooter(sheet.doc, model.page(i - start + 1, count), sheet.left, {
      ...style,
      align: 'right',
    });
  }
}

/**
 * The packing slip of one order. Pure: the time, station, packer, language, paper and fonts
 * come in, so the same input gives the same bytes.
 */
export async function renderPackingSlip(
  input: SlipInput,
  options: SlipOptions,
): Promise<{ bytes: Uint8Array; pages: number }> {
  const model = slipModel(input, options);
  const paper = createPaperDocument({
    fonts: options.fonts,
    at: options.at,
    paper: options.paper,
    lang: options.lang,
    title: `${model.title} · ${model.orderHeading}`,
  });
  const { doc } = paper;
  const sheet: Sheet = {
    doc,
    left: MARGIN,
    right: doc.page.width - MARGIN,
    width: doc.page.width - 2 * MARGIN,
    bottom: doc.page.height - doc.page.margins.bottom,
  };
  let y = drawHead(sheet, model);
  y = drawParties(sheet, model, y);
  y = drawLines(sheet, model, y);
  drawNotes(sheet, model, y);
  drawFooters(sheet, model);
  return paper.finish();
}
