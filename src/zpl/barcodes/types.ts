// What every barcode command hands back to the interpreter: the symbol laid out in its own
// upright frame, in whole dots. The interpreter turns the frame with the field's orientation
// through a Painter (exact, see ../painter.ts) and draws the interpretation line's text runs
// with whatever font the field uses (the fonts module owns glyphs; this module only says where
// the characters go and how tall they are).
import type { Painter } from '../painter.ts';

/** The ^BY state: module (narrow bar) width in dots, wide:narrow ratio and bar height in dots. */
export interface BarcodeDefaults {
  moduleWidth: number;
  ratio: number;
  height: number;
}

/** Everything a barcode function needs besides its own parameters and the field data. */
export interface BarcodeContext {
  /** The ^BY state in force for this field. */
  by: BarcodeDefaults;
  /** Printer resolution in dots per millimetre (6, 8, 12 or 24); picks dpmm-dependent defaults. */
  dpmm?: number;
  /**
   * The font the interpreter will draw the interpretation line with, when the label chose one
   * (a ^A before the barcode command, per the guide). Without it the line is sized here.
   */
  font?: { height: number; width: number };
}

/** A box in the upright frame: top-left dot and size, all whole dots. */
export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/**
 * One run of interpretation-line text. The run is drawn in the box (x, y, width, height):
 * glyphs `height` dots tall on cells `charWidth` dots wide, aligned in the box as `align` says.
 */
export interface TextRun extends Box {
  text: string;
  charWidth: number;
  align: 'left' | 'center' | 'right';
  /**
   * Which font the printer uses for this run: 'A' (font A magnified to the given size),
   * 'OCR-B' (UPC/EAN digits at large module widths, per ^BU in the guide) or 'field' (the
   * font the label chose, passed in as BarcodeContext.font).
   */
  font: 'A' | 'OCR-B' | 'field';
}

export interface BarcodeLayout {
  /** The upright frame's size in dots: bars, modules and interpretation line together. */
  width: number;
  height: number;
  /**
   * Where the symbol itself sits in the frame. Its top-left is the first bar or module: ZPL
   * draws no quiet zones, and the field origin is that dot. Text can lie outside it (the
   * interpretation line above or below, the leading digit of an EAN-13 to the left).
   */
  symbol: Box;
  /** Inks the symbol's bars and modules into the frame, one rectangle per bar or module run. */
  draw(p: Painter): void;
  /** The interpretation line, empty when it is off or the symbology has none. */
  text: TextRun[];
  /**
   * Where the frame goes against the field origin, when not as for every bar code (^FO the
   * frame's top-left, ^FT the symbol's bottom-left): ^FO moves the frame by `fo`, and ^FT names
   * the frame point `ft`. QR codes sit lower than their origin says (qr.ts).
   */
  anchor?: { fo: { x: number; y: number }; ft: { x: number; y: number } };
  /** What could not be drawn as written; an empty layout (0×0) when nothing is drawn. */
  warnings: string[];
  /**
   * What the symbol carries as a scanner reads it, one character per byte, when that is not the
   * field data as given: Code 128 without its start, subset and function codes (`>:`, `>;`,
   * FNC1…), a QR code without its switches (`MA,`, `QA,`…). Absent: the field data as given.
   */
  data?: string;
}

/** A layout that draws nothing, with the reasons. */
export function emptyLayout(warnings: string[]): BarcodeLayout {
  return {
    width: 0,
    height: 0,
    symbol: { x: 0, y: 0, width: 0, height: 0 },
    draw() {},
    text: [],
    warnings,
  };
}
