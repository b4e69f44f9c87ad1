// One label format (^XA … ^XZ) from commands to dots. The printer's state machine, kept small:
// commands that set a default (^CF ^FW ^BY ^LH …) change the label's state, commands that
// describe a field (^FO ^A ^FB ^B* ^G* …) fill the field in progress, and ^FS draws it. The
// guide's rule is the model throughout: a field is positioned, described, given data and
// ended; whatever the guide leaves open is decided here and said in a comment.
import { Bitmap, type DrawMode } from '../bitmap.ts';
import * as bc from '../barcodes/index.ts';
import {
  resolveFont,
  type Dpmm,
  type ResolvedFont,
  type TextEngine,
  type BlockLayout,
} from '../fonts/index.ts';
import {
  decodeDownloadGraphic,
  decodeGraphicField,
  graphicBox,
  graphicCircle,
  graphicDiagonal,
  graphicEllipse,
  magnifiedSize,
  paintBitmap,
  parseImageName,
  parseRecallGraphic,
  type ShapeLayout,
} from '../graphics/index.ts';
import { painter, type Orientation } from '../painter.ts';
import { decodeFieldData, splitParams, type ZplCommand } from '../parse/index.ts';
import type { ZplWarning, ZplWarningCode } from '../warning.ts';
import { DRAWING, SETTINGS_ONLY } from './command-table.ts';
import { barcodeLayout } from './barcode-fields.ts';
import { barcodeData, placeFields, textData, type LabelField } from './fields.ts';
import { boxOrigin, orientationOf } from './place.ts';
import { clamp, decimal, int, position, yesNo } from './numbers.ts';
import { copyState, type FontChoice, type PrinterState } from './printer-state.ts';

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

interface Field {
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

const emptyField = (): Field => ({
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

/** A stored object's name as the printer files it: device, name and extension, upper case. */
function objectKey(raw: string, extension: string): string {
  const text = raw.trim().toUpperCase();
  const colon = text.indexOf(':');
  const device = colon === 1 ? text.slice(0, 1) : 'R';
  const rest = colon === 1 ? text.slice(2) : text;
  const dot = rest.lastIndexOf('.');
  const name = dot >= 0 ? rest.slice(0, dot) : rest;
  // Objects are looked up by name and extension; the device letter only says where they live,
  // and a preview has one memory, so R:, E:, B: and A: are one place here.
  void device;
  return `${name || 'UNKNOWN'}.${dot >= 0 ? rest.slice(dot + 1) || extension : extension}`;
}

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

export class LabelInterpreter {
  readonly bitmap: Bitmap;
  readonly warnings: ZplWarning[] = [];
  /** What each text and bar code field printed, in drawing order (fields.ts). */
  readonly fields: LabelField[] = [];
  private readonly c: LabelContext;
  /** What the printer keeps between formats (printer-state.ts), as this format leaves it. */
  private readonly s: PrinterState;
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
    this.c = context;
    this.bitmap = new Bitmap(context.width, context.height);
    this.s = copyState(context.memory.state);
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
    this.collectVariables(commands);
    for (const command of commands) this.step(command);
  }

  finish(): Bitmap {
    if (this.storing) {
      this.c.memory.formats.set(this.storing.key, this.storing.commands);
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
    this.c.memory.state = this.s;
    const { bitmap } = this;
    const printWidth = Math.min(this.s.printWidth ?? bitmap.width, bitmap.width);
    // ^PW: nothing prints beyond the print width, and a print width narrower than the stock is
    // centred on it (the head's dots are centred on the media), as Labelary shows it: a ^PW800
    // label on 813-dot stock starts 6 dots in. Fields were drawn that far in already (at()); a
    // ^PW that came after them moves them now. ^LL does not cut the picture: the reference
    // draws fields past a short label length, and a preview that hid them would hide a mistake.
    const offset = this.centring();
    const late = this.drawnOffset !== null ? offset - this.drawnOffset : 0;
    if (late > 0) shiftRight(bitmap, late);
    if (printWidth < bitmap.width) {
      bitmap.fillRect(0, 0, offset, bitmap.height, 'white');
      bitmap.fillRect(offset + printWidth, 0, bitmap.width, bitmap.height, 'white');
    }
    // ^POI turns the whole sheet, margins included (the centred area stays centred).
    if (this.s.invert) rotate180(bitmap);
    placeFields(this.fields, Math.max(0, late), this.s.invert ? bitmap : null);
    return bitmap;
  }

  private warn(
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

  private params(command: ZplCommand, limit = Infinity): string[] {
    return splitParams(command.params, command.delimiter, limit);
  }

  private collectVariables(commands: readonly ZplCommand[]): void {
    if (!commands.some((c) => c.name === 'XF')) return;
    let number: number | null = null;
    let positioned = false;
    for (const c of commands) {
      if (c.name === 'FO' || c.name === 'FT') positioned = true;
      else if (c.name === 'FN') number = int(this.params(c)[0]) ?? null;
      else if ((c.name === 'FD' || c.name === 'FV') && number !== null && !positioned)
        this.variables.set(number, c.params);
      else if (c.name === 'FS') {
        number = null;
        positioned = false;
      }
    }
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
    switch (name) {
      case 'MU': {
        // Dots without conversion is the printer's default: nothing to do. Inches, millimetres
        // or a dpi conversion would scale every later position and size; the preview does not,
        // and says so rather than draw a label at the wrong scale without a word.
        const units = (p[0] ?? 'D').trim().toUpperCase() || 'D';
        const converts = (p[1] ?? '').trim() !== '' && (p[1] ?? '').trim() !== (p[2] ?? '').trim();
        if (units !== 'D' || converts)
          this.warn(
            command,
            `^MU${command.params} changes the units of what follows; the preview reads every position and size as dots`,
            'unsupported',
          );
        return;
      }
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
      case 'LH':
        this.s.home = { x: int(p[0]) ?? this.s.home.x, y: int(p[1]) ?? this.s.home.y };
        return;
      case 'LT':
        this.s.top = clamp(int(p[0]) ?? 0, -120, 120);
        return;
      case 'LS':
        this.s.shift = clamp(int(p[0]) ?? 0, -9999, 9999);
        return;
      case 'LR':
        this.s.reverseAll = yesNo(p[0]) ?? false;
        return;
      case 'PO':
        this.s.invert = p[0]?.trim().toUpperCase() === 'I';
        return;
      case 'PW': {
        const width = this.withinStock(command, int(p[0]), 2, this.c.width, 'too_wide');
        if (width !== undefined) this.s.printWidth = width;
        return;
      }
      case 'LL': {
        // Only checked: a short ^LL does not cut the picture (see finish).
        this.withinStock(command, int(p[0]), 1, this.c.height, 'too_long');
        return;
      }
      case 'CF': {
        const font = (p[0] ?? '').trim().toUpperCase();
        const height = int(p[1]);
        // A new height without a width drops the old width: the font is scaled to the height
        // alone (USPS's ^CF0,65,55 … ^CF0,25 prints 25-dot text of normal width in Labelary,
        // not 55-dot-wide letters).
        this.s.defaultFont = {
          name: font || this.s.defaultFont.name,
          height: height ?? this.s.defaultFont.height,
          width: int(p[2]) ?? (height !== undefined ? undefined : this.s.defaultFont.width),
        };
        return;
      }
      case 'FW':
        this.s.defaultOrientation = orientationOf(p[0], this.s.defaultOrientation);
        return;
      case 'CI': {
        const set = int(p[0]);
        if (set !== undefined) this.s.charset = set;
        return;
      }
      case 'BY': {
        const result = bc.applyBy(this.s.by, int(p[0]), decimal(p[1]), int(p[2]));
        this.s.by = result.defaults;
        for (const w of result.warnings) this.warn(command, w);
        return;
      }
      case 'A':
      case 'A@':
        this.fontCommand(command);
        return;
      case 'FB':
        this.field.block = {
          width: int(p[0]) ?? 0,
          lines: clamp(int(p[1]) ?? 1, 1, 9999),
          spacing: clamp(int(p[2]) ?? 0, -9999, 9999),
          justify: (p[3] ?? 'L').trim().toUpperCase() || 'L',
          indent: clamp(int(p[4]) ?? 0, 0, 9999),
        };
        return;
      case 'TB':
        this.field.textBlock = {
          orientation: p[0]?.trim() ? orientationOf(p[0], this.s.defaultOrientation) : null,
          width: int(p[1]) ?? 0,
          height: int(p[2]) ?? 0,
        };
        return;
      case 'FR':
        this.field.reverse = true;
        return;
      case 'FH':
        this.field.hex = command.params.charAt(0);
        return;
      case 'FN':
        this.field.number = int(p[0]) ?? null;
        return;
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
        this.imageLoad(command);
        return;
      case 'DG':
        this.downloadGraphic(command);
        return;
      case 'DF':
        this.storing = { key: objectKey(p[0] ?? '', 'ZPL'), commands: [] };
        return;
      case 'XF':
        this.recallFormat(command);
        return;
      default:
        // The barcode commands: parameters kept until ^FS, where the data is known.
        this.field.barcode = { command, params: p };
        if (name === 'BQ') this.qrLeavesModuleWidth(p[2]);
    }
  }

  /**
   * ^BQ's magnification is the printer's module width: a bar code after ^BQN,2,5 with no ^BY
   * between them is drawn with 5-dot modules, as Labelary draws it (issue 44). Only a
   * magnification written out: what an empty one leaves is not known, and the dpi default
   * equals the power-up ^BY width at 8 dots/mm anyway. The ratio and height stay as they are.
   */
  private qrLeavesModuleWidth(magnification: string | undefined): void {
    const m = int(magnification);
    if (m === undefined || m < 1) return;
    this.s.by = bc.applyBy(this.s.by, Math.min(m, 10), this.s.by.ratio, undefined).defaults;
  }

  /**
   * ^PW / ^LL: the size asked for, cut to the stock (with a warning when it is larger), or
   * undefined when there is none or it is below the least the printer takes.
   */
  private withinStock(
    command: ZplCommand,
    asked: number | undefined,
    least: number,
    stock: number,
    code: 'too_wide' | 'too_long',
  ): number | undefined {
    if (asked === undefined || asked < least) return undefined;
    if (asked > stock)
      this.warn(
        command,
        code === 'too_wide'
          ? `^PW ${asked} is wider than the stock (${stock} dots); the label is cut at its edge`
          : `^LL ${asked} is longer than the stock (${stock} dots); the label is cut at its end`,
        code,
        { label: asked, stock },
      );
    return Math.min(asked, stock);
  }

  private fontCommand(command: ZplCommand): void {
    if (command.name === 'A@') {
      const p = this.params(command);
      this.warn(command, `^A@ names a downloaded font (${p[3] ?? ''}); font 0 is used instead`);
      this.field.font = {
        name: '0',
        orientation: p[0]?.trim() ? orientationOf(p[0], this.s.defaultOrientation) : null,
        height: int(p[1]),
        width: int(p[2]),
        command,
      };
      return;
    }
    // ^Afo,h,w: the font name is the character right after ^A.
    const name = command.params.charAt(0).toUpperCase() || 'A';
    const p = splitParams(command.params.slice(1), command.delimiter);
    this.field.font = {
      name,
      orientation: p[0]?.trim() ? orientationOf(p[0], this.s.defaultOrientation) : null,
      height: int(p[1]),
      width: int(p[2]),
      command,
    };
  }

  private resolve(choice: FontChoice, command: ZplCommand | null): ResolvedFont {
    const font = resolveFont(
      {
        name: choice.name,
        ...(choice.height ? { height: choice.height } : {}),
        ...(choice.width ? { width: choice.width } : {}),
      },
      {
        dpmm: this.c.dpmm,
        ...(this.s.defaultFont.height ? { defaultHeight: this.s.defaultFont.height } : {}),
        ...(this.s.defaultFont.width ? { defaultWidth: this.s.defaultFont.width } : {}),
      },
    );
    if (font.substituted && choice.name !== '0')
      this.warn(command, `font ${choice.name} is not available; font 0 is used instead`);
    return font;
  }

  private mode(field: Field, color: 'B' | 'W' = 'B'): DrawMode {
    if (field.reverse !== this.s.reverseAll) return 'xor';
    return color === 'W' ? 'white' : 'black';
  }

  /** Dots between the stock's left edge and a narrower print width's, centred (see finish). */
  private centring(): number {
    const width = this.bitmap.width;
    return (width - Math.min(this.s.printWidth ?? width, width)) >> 1;
  }

  /** The field's origin on the label, with ^LH, ^LS and ^LT applied, and ^PW's centring. */
  private at(field: Field): { x: number; y: number; kind: 'FO' | 'FT' } {
    const origin = field.origin ?? { x: 0, y: 0, kind: 'FO' as const };
    const offset = this.centring();
    this.drawnOffset ??= offset;
    return {
      x: origin.x + this.s.home.x - this.s.shift + offset,
      y: origin.y + this.s.home.y + this.s.top,
      kind: origin.kind,
    };
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
      if (field.graphic) this.drawGraphic(field);
      else if (field.barcode) this.drawBarcode(field);
      else if (field.data) this.drawText(field);
      else if (field.number !== null && this.variables.has(field.number)) {
        // A stored format's variable, filled by the format that recalled it.
        this.drawText({ ...field, data: { raw: this.variables.get(field.number) ?? '', command } });
      }
    } catch (error) {
      // One field that cannot be drawn must not cost the operator the rest of the label.
      this.warn(
        command,
        `this field could not be drawn: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
  }

  private withVariable(field: Field): Field {
    if (field.number !== null && this.variables.has(field.number) && field.origin) {
      const command = field.data?.command ?? field.font?.command ?? field.barcode?.command ?? null;
      if (command)
        return { ...field, data: { raw: this.variables.get(field.number) ?? '', command } };
    }
    return field;
  }

  private text(field: Field): { text: string; command: ZplCommand } | null {
    const data = field.data;
    if (!data) return null;
    const decoded = decodeFieldData(data.raw, {
      hexIndicator: field.hex,
      encoding: this.s.charset,
    });
    for (const w of decoded.warnings) this.warn(data.command, w);
    return { text: decoded.text, command: data.command };
  }

  private drawText(input: Field): void {
    const field = this.withVariable(input);
    const data = this.text(field);
    if (!data || !field.origin) {
      if (data && !field.origin)
        this.warn(data.command, 'a field without ^FO or ^FT is drawn at 0,0');
      if (!data) return;
    }
    const choice = field.font ?? {
      ...this.s.defaultFont,
      orientation: null,
      command: data.command,
    };
    const font = this.resolve(choice, field.font?.command ?? null);
    const orientation =
      field.textBlock?.orientation ?? field.font?.orientation ?? this.s.defaultOrientation;
    const at = this.at(field);
    const engine = this.c.text;
    const mode = this.mode(field);
    const form = field.block ? 'FB' : field.textBlock ? 'TB' : 'plain';
    const fontCommand = field.font?.command.name === 'A@' ? 'A@' : `A${choice.name}`;
    this.fields.push({
      kind: 'text',
      command: form === 'plain' ? fontCommand : form,
      data: textData(data.text, form),
      x: at.x,
      y: at.y,
    });

    let layout: BlockLayout | null = null;
    if (field.block) {
      const j = field.block.justify;
      layout = engine.layoutFieldBlock(font, data.text, {
        width: field.block.width,
        maxLines: field.block.lines,
        lineSpacing: field.block.spacing,
        justify: j === 'C' || j === 'R' || j === 'J' ? j : 'L',
        hangingIndent: field.block.indent,
      });
    } else if (field.textBlock) {
      layout = engine.layoutTextBlock(font, data.text, {
        width: field.textBlock.width,
        height: field.textBlock.height,
      });
    }

    if (layout) {
      if (!layout.printable) {
        this.warn(
          data.command,
          'the text block is narrower than one character; nothing is printed',
        );
        return;
      }
      // ^FT with ^FB: the origin is the baseline of the block's last possible line (the
      // guide's ^FB rule). ^TB has no such rule: its block is a box of the height it names,
      // and ^FT is a box's bottom-left corner, the lines laid out from its top as under ^FO
      // (Labelary's ^TB at ^FT sits a line higher than the ^FB rule would put it: issue 44).
      const frame = { width: Math.max(1, layout.width), height: Math.max(1, layout.height) };
      const anchor = field.textBlock ? frame.height : layout.lastBaseline;
      const box = at.kind === 'FT' ? boxOrigin(orientation, frame, { x: 0, y: anchor }, at) : at;
      const p = painter({ target: this.bitmap, ...box, ...frame, orientation, mode });
      engine.drawBlock(p, font, layout);
      p.end();
      return;
    }

    const metrics = engine.measureText(font, data.text);
    if (metrics.width <= 0) return;
    // The cell is the frame; ink that reaches past it (an accent over a capital) still prints
    // in black, and an inverted field grows its frame to hold it.
    let frame = { width: metrics.width, height: font.cellHeight };
    let offset = { x: 0, y: 0 };
    if (mode !== 'black') {
      const ink = engine.inkBounds(font, data.text);
      if (ink) {
        const left = Math.min(0, Math.floor(ink.x0));
        const up = Math.min(0, Math.floor(ink.y0));
        offset = { x: -left, y: -up };
        frame = {
          width: Math.max(frame.width, Math.ceil(ink.x1)) - left,
          height: Math.max(frame.height, Math.ceil(ink.y1)) - up,
        };
      }
    }
    // ^FO: the turned box's top-left; ^FT: the first character's baseline start, turned. With
    // right justification (^FOx,y,1) the origin is where the text ends instead.
    const end = field.origin?.right ? metrics.width : 0;
    const box =
      at.kind === 'FT'
        ? boxOrigin(orientation, frame, { x: offset.x + end, y: offset.y + font.baseline }, at)
        : end > 0
          ? boxOrigin(orientation, frame, { x: offset.x + end, y: offset.y }, at)
          : { x: at.x - offset.x, y: at.y - offset.y };
    const p = painter({ target: this.bitmap, ...box, ...frame, orientation, mode });
    engine.drawText(p, font, data.text, offset.x, offset.y);
    p.end();
    if (field.origin && orientation === 'N') {
      const o = field.origin;
      this.nextText = {
        x: o.x + (o.right ? 0 : metrics.width),
        y: o.kind === 'FT' ? o.y : o.y + font.baseline,
      };
    }
  }

  private drawBarcode(input: Field): void {
    const field = this.withVariable(input);
    const barcode = field.barcode;
    if (!barcode) return;
    const command = barcode.command;
    if (!field.data) {
      this.warn(command, `^${command.name} has no field data (^FD); nothing is drawn`);
      return;
    }
    const data = fieldBytes(field.data.raw, field.hex);
    const p = barcode.params;
    // ^BQ's first parameter is an orientation only in name, and ^BD has none: both print upright.
    const orientation =
      command.name === 'BQ' || command.name === 'BD'
        ? 'N'
        : orientationOf(p[0], this.s.defaultOrientation);
    const ctx: bc.BarcodeContext = {
      by: this.s.by,
      dpmm: this.c.dpmm,
      ...(field.font ? { font: this.fontSize(field.font) } : {}),
    };
    const layout = barcodeLayout(command.name, p, data, ctx);
    for (const w of layout.warnings) this.warn(command, w);
    if (layout.width <= 0 || layout.height <= 0) return;
    const at = this.at(field);
    this.fields.push({
      kind: 'barcode',
      command: command.name,
      data: barcodeData(layout.data ?? data, this.s.charset),
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
      target: this.bitmap,
      ...box,
      ...frame,
      orientation,
      mode: this.mode(field),
    });
    layout.draw(pen);
    for (const run of layout.text) this.drawRun(pen, run, field);
    pen.end();
  }

  private fontSize(choice: FontChoice): { height: number; width: number } {
    const font = this.resolve(choice, null);
    return { height: font.cellHeight, width: font.cellWidth };
  }

  private drawRun(pen: ReturnType<typeof painter>, run: bc.TextRun, field: Field): void {
    const choice: FontChoice =
      run.font === 'field' && field.font
        ? { name: field.font.name, height: run.height, width: run.charWidth }
        : { name: run.font === 'A' ? 'A' : 'A', height: run.height, width: run.charWidth };
    const font = this.resolve(choice, null);
    const metrics = this.c.text.measureText(font, run.text);
    const width = metrics.width - metrics.trailingGap;
    const x =
      run.align === 'left'
        ? run.x
        : run.align === 'right'
          ? run.x + run.width - width
          : run.x + Math.round((run.width - width) / 2);
    this.c.text.drawText(pen, font, run.text, x, run.y);
  }

  private drawGraphic(field: Field): void {
    const graphic = field.graphic;
    if (!graphic) return;
    const { command } = graphic;
    const at = this.at(field);
    const orientation = this.s.defaultOrientation;
    const place = (
      frame: { width: number; height: number },
      color: 'B' | 'W',
      draw: (p: ReturnType<typeof painter>) => void,
      turns = true,
    ) => {
      if (frame.width <= 0 || frame.height <= 0) return;
      const o = turns ? orientation : 'N';
      // ^FT for a graphic: its bottom-left corner, as for a bar code.
      const box = at.kind === 'FT' ? boxOrigin(o, frame, { x: 0, y: frame.height }, at) : at;
      const p = painter({
        target: this.bitmap,
        ...box,
        ...frame,
        orientation: o,
        mode: this.mode(field, color),
      });
      draw(p);
      p.end();
    };
    const shape = (layout: ShapeLayout) => {
      for (const w of layout.warnings) this.warn(command, w);
      // Boxes, circles and lines are drawn as written: ^FW turns fields, not shapes.
      place(layout, layout.color, (p) => layout.draw(p), false);
    };
    switch (command.name) {
      case 'GB':
        return shape(graphicBox(this.params(command)));
      case 'GC':
        return shape(graphicCircle(this.params(command)));
      case 'GE':
        return shape(graphicEllipse(this.params(command)));
      case 'GD':
        return shape(graphicDiagonal(this.params(command)));
      case 'GF': {
        const decoded = decodeGraphicField(command.params);
        for (const w of decoded.warnings) this.warn(command, w);
        const image = decoded.bitmap;
        if (!image) return;
        // ^FW turns fields that have an orientation parameter; ^GF has none, and Labelary
        // prints it upright after ^FWB (Posten's logo).
        place(image, 'B', (p) => paintBitmap(p, image), false);
        return;
      }
      case 'XG':
      case 'IM': {
        const recall = command.name === 'XG' ? parseRecallGraphic(command.params) : null;
        const named = recall ?? parseImageName(command.params, '^IM');
        for (const w of named.warnings) this.warn(command, w);
        const key = `${named.name.toUpperCase()}.${(named.extension || 'GRF').toUpperCase()}`;
        const image = this.c.memory.images.get(key);
        if (!image) {
          this.warn(command, `no stored image ${key}; download it with ~DG first`);
          return;
        }
        const mx = recall?.magnificationX ?? 1;
        const my = recall?.magnificationY ?? 1;
        place(magnifiedSize(image, mx, my), 'B', (p) => paintBitmap(p, image, mx, my), false);
        return;
      }
    }
  }

  private imageLoad(command: ZplCommand): void {
    const named = parseImageName(command.params, '^IL');
    for (const w of named.warnings) this.warn(command, w);
    const key = `${named.name.toUpperCase()}.${(named.extension || 'GRF').toUpperCase()}`;
    const image = this.c.memory.images.get(key);
    if (!image) {
      this.warn(command, `no stored image ${key}; download it with ~DG first`);
      return;
    }
    // ^IL puts the image at the label's top-left, under what the format draws next.
    this.drew = true;
    this.drawnOffset ??= this.centring();
    const p = painter({
      target: this.bitmap,
      x: this.centring(),
      y: 0,
      width: image.width,
      height: image.height,
    });
    paintBitmap(p, image);
    p.end();
  }

  private downloadGraphic(command: ZplCommand): void {
    const decoded = decodeDownloadGraphic(command.params);
    for (const w of decoded.warnings) this.warn(command, w);
    if (!decoded.bitmap) return;
    this.c.memory.images.set(`${decoded.name.toUpperCase()}.GRF`, decoded.bitmap);
  }

  private recallFormat(command: ZplCommand): void {
    const key = objectKey(this.params(command)[0] ?? '', 'ZPL');
    const stored = this.c.memory.formats.get(key);
    if (!stored) {
      this.warn(command, `no stored format ${key}; store it with ^DF first`);
      return;
    }
    for (const c of stored) this.step(c);
  }
}

/** Moves every row `by` dots to the right, white coming in on the left (byte-wise: it is
 * done on every label printed on a narrower ^PW). */
function shiftRight(bitmap: Bitmap, by: number): void {
  if (by <= 0) return;
  const { data, stride, width } = bitmap;
  const bytes = by >> 3;
  const bits = by & 7;
  const back = 8 - bits;
  const lastMask = (0xff << (stride * 8 - width)) & 0xff;
  for (let row = 0; row < data.length; row += stride) {
    const end = row + stride - 1;
    if (bits === 0) data.copyWithin(row + bytes, row, end + 1 - bytes);
    else {
      // From the right: each byte is the two it straddles, the earlier one's low bits first.
      for (let i = end; i > row + bytes; i--) {
        const j = i - bytes;
        data[i] = (((data[j] as number) >> bits) | ((data[j - 1] as number) << back)) & 0xff;
      }
      data[row + bytes] = (data[row] as number) >> bits;
    }
    data.fill(0, row, row + bytes);
    data[end] = (data[end] as number) & lastMask;
  }
}

/** Each byte with its bits in the opposite order. */
const REVERSED = Uint8Array.from({ length: 256 }, (_, b) => {
  let r = 0;
  for (let i = 0; i < 8; i++) if (b & (1 << i)) r |= 0x80 >> i;
  return r;
});

/** ^POI: the sheet turned half a turn (the label comes out of the printer inverted). Byte-wise:
 * each row's bytes reversed, bit order too, then moved left by the row's padding bits. */
function rotate180(bitmap: Bitmap): void {
  const { data, stride, width, height } = bitmap;
  const pad = stride * 8 - width;
  const out = new Uint8Array(data.length);
  for (let y = 0; y < height; y++) {
    const src = y * stride;
    const dst = (height - 1 - y) * stride;
    for (let i = 0; i < stride; i++) {
      const a = REVERSED[data[src + stride - 1 - i] ?? 0] ?? 0;
      const b = i + 1 < stride ? (REVERSED[data[src + stride - 2 - i] ?? 0] ?? 0) : 0;
      out[dst + i] = pad === 0 ? a : ((a << pad) | (b >> (8 - pad))) & 0xff;
    }
  }
  data.set(out);
}
