// The ZPL engine's one door: bytes in, one 1-bit picture per label out, with the warnings a
// label earned (command, line, column, message). The preview worker, the lint, main's print
// queue and the CLI all read labels through this. Fonts come in as bytes, so the core reads no
// file and runs the same in a Web Worker, in main and in a terminal.
import type { Bitmap } from './bitmap.ts';
import { warmUp } from './barcodes/index.ts';
import { TextEngine, type Dpmm, type FontSources } from './fonts/index.ts';
import { splitLabels, tokenize, type ZplCommand } from './parse/index.ts';
import { LabelInterpreter, type PrinterMemory } from './render/interpret.ts';
import type { LabelField } from './render/fields.ts';
import { powerUpState } from './render/printer-state.ts';
import type { ZplWarning } from './warning.ts';

export type { ZplWarning } from './warning.ts';
export type { LabelField } from './render/fields.ts';
export type { Dpmm, FontSources } from './fonts/index.ts';

export const DENSITIES: readonly Dpmm[] = [6, 8, 12, 24];

/** The stock: 4×6 in at 8 dots/mm unless told otherwise (813 × 1219 dots). */
export interface Stock {
  dpmm?: Dpmm;
  widthMm?: number;
  heightMm?: number;
}

export const DEFAULT_STOCK = { dpmm: 8, widthMm: 101.6, heightMm: 152.4 } as const;

export interface RenderedLabel {
  /** 1-based, in the order of the file's ^XA … ^XZ that print (settings-only formats make none). */
  index: number;
  bitmap: Bitmap;
  /** What this label's commands could not do as written, plus the file's own remarks on it. */
  warnings: ZplWarning[];
  /**
   * The data of each text and bar code field drawn, in drawing order (render/fields.ts): what
   * the label says, for matching it to an order. Boxes, graphics and images are not fields here.
   */
  fields: LabelField[];
}

export interface RenderResult {
  labels: RenderedLabel[];
  /** Remarks that belong to no label (text outside any format, a stray ^XZ). */
  warnings: ZplWarning[];
}

/** The picture's size in dots: exactly round(mm × dots per mm) each way. */
export function stockDots(stock: Stock = {}): { width: number; height: number; dpmm: Dpmm } {
  const dpmm = stock.dpmm ?? DEFAULT_STOCK.dpmm;
  return {
    dpmm,
    width: Math.round((stock.widthMm ?? DEFAULT_STOCK.widthMm) * dpmm),
    height: Math.round((stock.heightMm ?? DEFAULT_STOCK.heightMm) * dpmm),
  };
}

const toBytes = (input: Uint8Array | string): Uint8Array =>
  typeof input === 'string' ? new TextEncoder().encode(input) : input;

export class ZplEngine {
  private readonly text: TextEngine;

  constructor(fonts: FontSources) {
    this.text = new TextEngine(fonts);
  }

  /** Encodes a few symbols once, so the first preview does not pay bwip-js's cold start. */
  warmUp(): void {
    warmUp(2);
  }

  render(input: Uint8Array | string, stock: Stock = {}): RenderResult {
    const size = stockDots(stock);
    const parsed = tokenize(toBytes(input));
    const split = splitLabels(parsed.commands);
    const byPosition = new Map<ZplCommand, ZplWarning[]>();
    const memory: PrinterMemory = { images: new Map(), formats: new Map(), state: powerUpState() };
    const fileWarnings = [...parsed.warnings, ...split.warnings];
    const labels: RenderedLabel[] = [];
    const unprinted: ZplWarning[] = [];
    split.labels.forEach((label) => {
      const interpreter = new LabelInterpreter({
        dpmm: size.dpmm,
        width: size.width,
        height: size.height,
        text: this.text,
        memory,
      });
      // Control commands before a format (~DG…) act on the printer's memory first.
      interpreter.run([...label.preamble, ...label.commands]);
      const bitmap = interpreter.finish();
      const end = label.end ?? label.commands.at(-1) ?? label.start;
      const own = fileWarnings.filter((w) => within(w, label.start, end));
      byPosition.set(label.start, own);
      // A format that prints nothing (settings only, or a ^DF storing a format) is no label on
      // a printer; what it earned is still said, as the file's.
      if (!interpreter.printed) {
        unprinted.push(...own, ...interpreter.warnings);
        return;
      }
      labels.push({
        index: labels.length + 1,
        bitmap,
        warnings: sortWarnings([...own, ...interpreter.warnings]),
        fields: interpreter.fields,
      });
    });
    const claimed = new Set([...byPosition.values()].flat());
    return {
      labels,
      warnings: sortWarnings([...fileWarnings.filter((w) => !claimed.has(w)), ...unprinted]),
    };
  }

  /** The warnings every label and the file earn, without keeping the pictures. */
  lint(input: Uint8Array | string, stock: Stock = {}): { labels: number; warnings: ZplWarning[] } {
    const result = this.render(input, stock);
    return {
      labels: result.labels.length,
      warnings: sortWarnings([...result.warnings, ...result.labels.flatMap((l) => l.warnings)]),
    };
  }
}

function within(w: ZplWarning, start: ZplCommand, end: ZplCommand): boolean {
  const after = w.line > start.line || (w.line === start.line && w.column >= start.column);
  const before = w.line < end.line || (w.line === end.line && w.column <= end.column);
  return after && before;
}

function sortWarnings(warnings: ZplWarning[]): ZplWarning[] {
  return [...warnings].sort((a, b) => a.line - b.line || a.column - b.column);
}
