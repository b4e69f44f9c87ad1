// What the interpreter shares with the modules that draw for it: the printer's memory and the
// stock (LabelContext), the field in progress as its commands describe it (Field), and the
// label being drawn (LabelScope). The drawing modules (draw-text.ts, draw-barcode.ts,
// draw-graphic.ts) see the label only through LabelScope, so the state machine stays in one
// place (interpret.ts) and each family of commands in its own file.
import type { Bitmap, DrawMode } from '../bitmap.ts';
import type { Dpmm, TextEngine } from '../fonts/index.ts';
import type { Orientation } from '../painter.ts';
import type { ZplCommand } from '../parse/index.ts';
import type { ZplWarningCode } from '../warning.ts';
import type { LabelField } from './fields.ts';
import type { FontChoice, PrinterState } from './printer-state.ts';

/** What outlives one label: images from ~DG, formats from ^DF (the printer's memory). */
export interface PrinterMemory {
  images: Map<string, Bitmap>;
  formats: Map<string, ZplCommand[]>;
  /** The settings the last format left (^CI, ^LH, ^BY…): the next one starts from them. */
  state: PrinterState;
}

export interface LabelContext {
  dpmm: Dpmm;
  /** The stock in dots: the picture is always exactly this size. */
  width: number;
  height: number;
  text: TextEngine;
  memory: PrinterMemory;
}

export interface Field {
  /** justify: ^FO/^FT's z, 1 when the origin is the field's right end. */
  origin: { x: number; y: number; kind: 'FO' | 'FT'; right?: boolean } | null;
  font: (FontChoice & { orientation: Orientation | null; command: ZplCommand }) | null;
  block: { width: number; lines: number; spacing: number; justify: string; indent: number } | null;
  textBlock: { orientation: Orientation | null; width: number; height: number } | null;
  reverse: boolean;
  hex: string | null;
  data: { raw: string; command: ZplCommand } | null;
  number: number | null;
  barcode: { command: ZplCommand; params: string[] } | null;
  graphic: { command: ZplCommand } | null;
  /** A bar code or symbol this engine does not draw: its data must not print as text. */
  skipped: boolean;
}

export const emptyField = (): Field => ({
  origin: null,
  font: null,
  block: null,
  textBlock: null,
  reverse: false,
  hex: null,
  data: null,
  number: null,
  barcode: null,
  graphic: null,
  skipped: false,
});

/** A field's origin on the label: where its ^FO or ^FT lands once ^LH, ^LS, ^LT and ^PW apply. */
export interface LabelPoint {
  x: number;
  y: number;
  kind: 'FO' | 'FT';
}

/** The label being drawn, as the drawing modules see it (the interpreter is the one). */
export interface LabelScope {
  readonly bitmap: Bitmap;
  readonly context: LabelContext;
  /** The printer's settings as this format has left them so far. */
  readonly state: PrinterState;
  /** What each text and bar code field printed, in drawing order (fields.ts). */
  readonly fields: LabelField[];
  warn(
    command: ZplCommand | null,
    message: string,
    code?: ZplWarningCode,
    values?: Record<string, number | string>,
  ): void;
  /** The field's origin on the label; the first call fixes the ^PW centring drawn with. */
  at(field: Field): LabelPoint;
  /** Black, white or reversed (^FR, ^LR), for a field drawn in `color`. */
  mode(field: Field, color?: 'B' | 'W'): DrawMode;
  /** The field with its ^FN variable's value as data, when a recalling format (^XF) gave one. */
  withVariable(field: Field): Field;
  /** Something was drawn outside a field (^IL): the label prints, at the centring in force. */
  drewImage(): number;
}
