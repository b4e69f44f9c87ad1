// One label format (^XA … ^XZ) from commands to dots. The printer's state machine, kept small:
// commands that set a default (^CF ^FW ^BY ^LH …) change the label's state, commands that
// describe a field (^FO ^A ^FB ^B* ^G* …) fill the field in progress, and ^FS draws it. The
// guide's rule is the model throughout: a field is positioned, described, given data and
// ended; whatever the guide leaves open is decided here and said in a comment.
//
// This file is the state machine only: which command goes where, when a field ends, and the
// label's origin and ink rules. Each family of commands lives in a file of its own, called
// from step() and endField(): settings.ts (^LH ^PW ^CF ^BY …), field-commands.ts (^A ^FB ^TB
// ^FR ^FH ^FN), draw-text.ts, draw-barcode.ts, draw-graphic.ts (the fields drawn at ^FS, and
// ~DG, ^IL), stored-formats.ts (^DF/^XF) and sheet.ts (^PW's cut and ^POI's turn at the end).
import { Bitmap, type DrawMode } from '../bitmap.ts';
import { splitParams, type ZplCommand } from '../parse/index.ts';
import type { ZplWarning, ZplWarningCode } from '../warning.ts';
import { DRAWING, SETTINGS_ONLY } from './command-table.ts';
import { drawBarcode } from './draw-barcode.ts';
import { downloadGraphic, drawGraphic, imageLoad } from './draw-graphic.ts';
import { drawText } from './draw-text.ts';
import { describeField, FIELD_DESCRIPTIONS } from './field-commands.ts';
import {
  emptyField,
  type Field,
  type LabelContext,
  type LabelPoint,
  type LabelScope,
} from './field.ts';
import { placeFields, type LabelField } from './fields.ts';
import { int, position } from './numbers.ts';
import { copyState, type PrinterState } from './printer-state.ts';
import { applySetting, leaveBarcodeState, SETTINGS } from './settings.ts';
import { finishSheet } from './sheet.ts';
import { objectKey, recalledVariables } from './stored-formats.ts';

export type { LabelContext, PrinterMemory } from './field.ts';

export class LabelInterpreter implements LabelScope {
  readonly bitmap: Bitmap;
  readonly warnings: ZplWarning[] = [];
  /** What each text and bar code field printed, in drawing order (fields.ts). */
  readonly fields: LabelField[] = [];
  readonly context: LabelContext;
  /** What the printer keeps between formats (printer-state.ts), as this format leaves it. */
  readonly state: PrinterState;
  private field: Field = emptyField();
  /** ^FN values given by a format that recalls a stored one (^XF). */
  private readonly variables = new Map<number, string>();
  /** While ^DF stores a format, the commands go there instead of onto the label. */
  private storing: { key: string; commands: ZplCommand[] } | null = null;
  private drew = false;
  /** Where a text field that names no position (^FT alone) starts: the last one's end. */
  private nextText: { x: number; y: number } | null = null;
  /** The ^PW centring the first field was drawn with (null: nothing drawn yet). */
  private drawnOffset: number | null = null;

  constructor(context: LabelContext) {
    this.context = context;
    this.bitmap = new Bitmap(context.width, context.height);
    this.state = copyState(context.memory.state);
  }

  /**
   * Whether the format printed anything: a field (even a blank one) or an image. A format of
   * settings only, or one that only stores a format (^DF), makes no label on a printer, and
   * Labelary shows none: a preview with a blank extra label would not be what comes out.
   */
  get printed(): boolean {
    return this.drew;
  }

  /** Runs a label's commands; `finish()` then gives the picture. */
  run(commands: readonly ZplCommand[]): void {
    // A recalled format's ^FN values come from the fields that name them without a position.
    for (const [number, value] of recalledVariables(commands)) this.variables.set(number, value);
    for (const command of commands) this.step(command);
  }

  finish(): Bitmap {
    if (this.storing) {
      this.context.memory.formats.set(this.storing.key, this.storing.commands);
      this.storing = null;
    }
    // ^XZ ends the format, and with it a field still open: the printer (and Labelary) draws a
    // field whose ^FS was forgotten, a ^GFA ended by ^XZ as much as text or a bar code. It is
    // still named, as a mistake some other reader of the file may not forgive.
    const open = this.field.data?.command ?? this.field.graphic?.command;
    const pending = open ?? this.field.barcode?.command;
    if (pending) {
      this.warn(pending, 'this field has no ^FS: ^XZ ends it, and it is printed');
      this.endField(pending);
    }
    // The next format starts from what this one set (printer-state.ts).
    this.context.memory.state = this.state;
    const { bitmap } = this;
    // ^PW's cut and centring, and ^POI's turn (sheet.ts). ^LL does not cut the picture: the
    // reference draws fields past a short label length, and a preview that hid them would
    // hide a mistake. Fields were drawn at the centring in force then (at()); a ^PW that came
    // after them moves them now.
    const offset = this.centring();
    const late = this.drawnOffset !== null ? offset - this.drawnOffset : 0;
    finishSheet(bitmap, {
      printWidth: Math.min(this.state.printWidth ?? bitmap.width, bitmap.width),
      offset,
      late,
      invert: this.state.invert,
    });
    placeFields(this.fields, Math.max(0, late), this.state.invert ? bitmap : null);
    return bitmap;
  }

  warn(
    command: ZplCommand | null,
    message: string,
    code?: ZplWarningCode,
    values?: Record<string, number | string>,
  ): void {
    this.warnings.push({
      command: command?.name ?? '',
      line: command?.line ?? 0,
      column: command?.column ?? 0,
      message,
      ...(code ? { code } : {}),
      ...(values ? { values } : {}),
    });
  }

  private params(command: ZplCommand): string[] {
    return splitParams(command.params, command.delimiter);
  }

  private step(command: ZplCommand): void {
    const { name } = command;
    if (this.storing) {
      if (name === 'XZ') return;
      this.storing.commands.push(command);
      return;
    }
    if (SETTINGS_ONLY.has(name) || (name === 'PO' && this.params(command)[0]?.trim() === 'N'))
      return;
    if (!DRAWING.has(name)) {
      this.warn(
        command,
        `${command.prefix}${name} is not supported; it was skipped`,
        'unsupported',
      );
      // A field of a bar code (^B1, ^BD…) or graphic symbol (^GS) we do not draw prints nothing:
      // its data as plain text would be a different label, not a partial one.
      if (command.prefix === '^' && (name.startsWith('B') || name === 'GS'))
        this.field.skipped = true;
      return;
    }
    const p = this.params(command);
    if (SETTINGS.has(name)) return applySetting(this, command, p);
    if (FIELD_DESCRIPTIONS.has(name)) return describeField(this, this.field, command, p);
    switch (name) {
      case 'XA':
      case 'XZ':
      case 'FX':
      case 'CC':
      case 'CT':
      case 'CD':
        return;
      case 'FO':
      case 'FT': {
        // A graphic (^GF ^GB…) carries its own data, so a new position after one starts the next
        // field even when the ^FS was forgotten: the printer, and Labelary, print both.
        if (this.field.graphic && this.field.origin) this.endField(command);
        // ^FT without a position continues where the last text field ended, on its baseline
        // (Labelary runs "ACME ", "Summer ", "Sale " on together).
        const auto = name === 'FT' && !p[0]?.trim() && !p[1]?.trim() ? this.nextText : null;
        const x = auto?.x ?? position(p[0]) ?? 0;
        const y = auto?.y ?? position(p[1]) ?? 0;
        // z = 1: right justification, the origin is where the field ends (text only here).
        this.field.origin = { x, y, kind: name, ...(int(p[2]) === 1 ? { right: true } : {}) };
        return;
      }
      case 'FD':
      case 'FV':
        // A graphic carries its own data, so field data after one (its ^FS forgotten, or
        // swallowed by a ^GFB whose bytes never came) starts a text field of its own: Labelary
        // prints both, the text at 0,0 with the font chosen since, the graphic where it was.
        if (this.field.graphic && !this.field.data) {
          const { font, block, textBlock, hex } = this.field;
          this.endField(command);
          this.field = { ...emptyField(), font, block, textBlock, hex };
        }
        this.field.data = { raw: command.params, command };
        return;
      case 'FS':
        this.endField(command);
        return;
      case 'GB':
      case 'GC':
      case 'GD':
      case 'GE':
      case 'GF':
      case 'XG':
      case 'IM':
        this.field.graphic = { command };
        return;
      case 'IL':
        imageLoad(this, command);
        return;
      case 'DG':
        downloadGraphic(this, command);
        return;
      case 'DF':
        this.storing = { key: objectKey(p[0] ?? '', 'ZPL'), commands: [] };
        return;
      case 'XF':
        this.recallFormat(command);
        return;
      default:
        // The barcode commands: parameters kept until ^FS, where the data is known; what the
        // command leaves for later bar codes (^BQ's module width) is left at once.
        this.field.barcode = { command, params: p };
        leaveBarcodeState(this.state, name, p);
    }
  }

  mode(field: Field, color: 'B' | 'W' = 'B'): DrawMode {
    if (field.reverse !== this.state.reverseAll) return 'xor';
    return color === 'W' ? 'white' : 'black';
  }

  /** Dots between the stock's left edge and a narrower print width's, centred (see finish). */
  private centring(): number {
    const width = this.bitmap.width;
    return (width - Math.min(this.state.printWidth ?? width, width)) >> 1;
  }

  /** The field's origin on the label, with ^LH, ^LS and ^LT applied, and ^PW's centring. */
  at(field: Field): LabelPoint {
    const origin = field.origin ?? { x: 0, y: 0, kind: 'FO' as const };
    const offset = this.centring();
    this.drawnOffset ??= offset;
    const s = this.state;
    return {
      x: origin.x + s.home.x - s.shift + offset,
      y: origin.y + s.home.y + s.top,
      kind: origin.kind,
    };
  }

  drewImage(): number {
    this.drew = true;
    this.drawnOffset ??= this.centring();
    return this.centring();
  }

  withVariable(field: Field): Field {
    if (field.number !== null && this.variables.has(field.number) && field.origin) {
      const command = field.data?.command ?? field.font?.command ?? field.barcode?.command ?? null;
      if (command)
        return { ...field, data: { raw: this.variables.get(field.number) ?? '', command } };
    }
    return field;
  }

  private endField(command: ZplCommand): void {
    const field = this.field;
    this.field = emptyField();
    // ^FN n with data and no position gives a stored format's variable its value (^XF).
    if (field.number !== null && field.data && !field.origin && !field.graphic && !field.barcode)
      return;
    // A field the printer prints, even blank or of a symbol drawn here as nothing.
    if (field.graphic || field.barcode || field.data || field.skipped || field.number !== null)
      this.drew = true;
    if (field.skipped) return;
    try {
      if (field.graphic) drawGraphic(this, field);
      else if (field.barcode) drawBarcode(this, field);
      else if (field.data) this.drewText(drawText(this, field));
      else if (field.number !== null && this.variables.has(field.number)) {
        // A stored format's variable, filled by the format that recalled it.
        const raw = this.variables.get(field.number) ?? '';
        this.drewText(drawText(this, { ...field, data: { raw, command } }));
      }
    } catch (error) {
      // One field that cannot be drawn must not cost the operator the rest of the label.
      this.warn(
        command,
        `this field could not be drawn: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
  }

  /** A text field drawn upright says where a following ^FT without a position starts. */
  private drewText(next: { x: number; y: number } | null): void {
    if (next) this.nextText = next;
  }

  private recallFormat(command: ZplCommand): void {
    const key = objectKey(this.params(command)[0] ?? '', 'ZPL');
    const stored = this.context.memory.formats.get(key);
    if (!stored) {
      this.warn(command, `no stored format ${key}; store it with ^DF first`);
      return;
    }
    for (const c of stored) this.step(c);
  }
}
