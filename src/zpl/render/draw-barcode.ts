// A bar code field drawn at its ^FS: the command's parameters read (barcode-fields.ts), the
// symbol encoded with the label's ^BY, placed at ^FO or ^FT and turned, and its
// interpretation line written in the field's font.
import type * as bc from '../barcodes/index.ts';
import { painter } from '../painter.ts';
import { barcodeLayout } from './barcode-fields.ts';
import { resolveChoice } from './draw-text.ts';
import type { Field, LabelScope } from './field.ts';
import { barcodeData } from './fields.ts';
import { boxOrigin, orientationOf } from './place.ts';
import type { FontChoice } from './printer-state.ts';

/** Field data as the printer's bytes after ^FH (one character per byte), for barcodes. */
function fieldBytes(raw: string, hex: string | null): string {
  if (hex === null) return raw;
  const indicator = hex === '' ? '_' : hex.charAt(0);
  let out = '';
  for (let i = 0; i < raw.length; i++) {
    const c = raw.charAt(i);
    const pair = raw.slice(i + 1, i + 3);
    if (c === indicator && /^[0-9A-Fa-f]{2}$/.test(pair)) {
      out += String.fromCharCode(Number.parseInt(pair, 16));
      i += 2;
    } else out += c;
  }
  return out;
}

/** The cell of the field's font, which sizes the interpretation line of some symbols. */
function fontSize(scope: LabelScope, choice: FontChoice): { height: number; width: number } {
  const font = resolveChoice(scope, choice, null);
  return { height: font.cellHeight, width: font.cellWidth };
}

/** One run of a symbol's interpretation line, aligned in the space the symbol gives it. */
function drawRun(
  scope: LabelScope,
  pen: ReturnType<typeof painter>,
  run: bc.TextRun,
  field: Field,
): void {
  const choice: FontChoice =
    run.font === 'field' && field.font
      ? { name: field.font.name, height: run.height, width: run.charWidth }
      : { name: run.font === 'A' ? 'A' : 'A', height: run.height, width: run.charWidth };
  const font = resolveChoice(scope, choice, null);
  const metrics = scope.context.text.measureText(font, run.text);
  const width = metrics.width - metrics.trailingGap;
  const x =
    run.align === 'left'
      ? run.x
      : run.align === 'right'
        ? run.x + run.width - width
        : run.x + Math.round((run.width - width) / 2);
  scope.context.text.drawText(pen, font, run.text, x, run.y);
}

export function drawBarcode(scope: LabelScope, input: Field): void {
  const field = scope.withVariable(input);
  const barcode = field.barcode;
  if (!barcode) return;
  const command = barcode.command;
  if (!field.data) {
    scope.warn(command, `^${command.name} has no field data (^FD); nothing is drawn`);
    return;
  }
  const data = fieldBytes(field.data.raw, field.hex);
  const p = barcode.params;
  const { state } = scope;
  // ^BQ's first parameter is an orientation only in name, and ^BD has none: both print upright.
  const orientation =
    command.name === 'BQ' || command.name === 'BD'
      ? 'N'
      : orientationOf(p[0], state.defaultOrientation);
  const ctx: bc.BarcodeContext = {
    by: state.by,
    dpmm: scope.context.dpmm,
    ...(field.font ? { font: fontSize(scope, field.font) } : {}),
  };
  const layout = barcodeLayout(command.name, p, data, ctx);
  for (const w of layout.warnings) scope.warn(command, w);
  if (layout.width <= 0 || layout.height <= 0) return;
  const at = scope.at(field);
  scope.fields.push({
    kind: 'barcode',
    command: command.name,
    data: barcodeData(layout.data ?? data, state.charset),
    x: at.x,
    y: at.y,
  });
  // ^FO: the field's top-left, whatever its turn; ^FT: the bars' bottom-left corner, turned.
  const frame = { width: layout.width, height: layout.height };
  const anchor = layout.anchor;
  const s = layout.symbol;
  // ^FO: the bars' (or modules') top-left once turned, as Labelary places them: an
  // interpretation line above the bars, or turned to their top or left, prints beyond the
  // origin, and so does an EAN-13's leading digit. ^FT: the bars' bottom-left, turned.
  const corner =
    orientation === 'N'
      ? { x: s.x, y: s.y }
      : orientation === 'R'
        ? { x: s.x, y: s.y + s.height }
        : orientation === 'I'
          ? { x: s.x + s.width, y: s.y + s.height }
          : { x: s.x + s.width, y: s.y };
  const box =
    at.kind === 'FT'
      ? boxOrigin(orientation, frame, anchor?.ft ?? { x: s.x, y: s.y + s.height }, at)
      : anchor
        ? boxOrigin(orientation, frame, { x: -anchor.fo.x, y: -anchor.fo.y }, at)
        : boxOrigin(orientation, frame, corner, at);
  const pen = painter({
    target: scope.bitmap,
    ...box,
    ...frame,
    orientation,
    mode: scope.mode(field),
  });
  layout.draw(pen);
  for (const run of layout.text) drawRun(scope, pen, run, field);
  pen.end();
}
