// Which face and size a ^A / ^CF font request prints with. Pure tables and arithmetic: the
// interpreter keeps the ^CF state and hands it in, this file only applies the printer's rules.
//
// Sources (Zebra ZPL Programming Guide, "Fonts and Barcodes" chapter, and the older ZPL II
// Programming Guide vol. 2, "Fonts and Bar Codes"):
// - Table "Intercharacter Gap and Baseline Parameters": matrix H×W, gap and baseline of the
//   bitmap fonts A–H at their base size; font 0 (and GS) have the baseline at 3×height/4.
// - Tables "6 / 8 / 12 / 24 dot/mm Printhead" (font matrices): A–D, F, G and P–V keep the same
//   dot matrix at every density; E (OCR-B) is 21×10 at 6, 28×15 at 8, 42×20 at 12 and 24
//   dot/mm; H (OCR-A) is 17×11 at 6, 21×13 at 8, 34×22 at 12 and 24 dot/mm.
// - "Changing Bitmapped Font Size": h and w are whole multiples of the base matrix (^AD,52
//   prints exactly like ^AD,54, i.e. 3×); one given alone sets both magnifications; neither
//   given means the ^CF height and width. ^A: bitmapped magnification 1 to 10; scalable
//   height and width 10 to 32000 dots.
// - "Scalable Versus Bitmapped Fonts": scalable baseline 3/4 down from the top of the cell.

/** Print head density in dots per millimetre. */
export type Dpmm = 6 | 8 | 12 | 24;

/** Faces the engine draws with (font bytes are injected, see FontSources). */
export type FaceId = 'condensed' | 'mono';

export interface FontRequest {
  /** ^A's font name: '0', 'A'–'Z', '1'–'9', or '@' for ^A@ (a named font). */
  name: string;
  /** ^A's h and w in dots; undefined, NaN or 0 mean omitted. */
  height?: number | undefined;
  width?: number | undefined;
}

export interface FontContext {
  dpmm: Dpmm;
  /** Height and width last set by ^CF, when it set them. */
  defaultHeight?: number | undefined;
  defaultWidth?: number | undefined;
}

export interface ResolvedFont {
  /** The font that prints: '0', 'A'–'H' or 'P'–'V' ('C' and 'D' are one font). */
  name: string;
  /** True when the request named a font we do not have (^A@, downloads, 1–9, I–O, W–Z): the
   * caller warns; the text prints in font 0. */
  substituted: boolean;
  /** Bitmap fonts step by whole magnifications and keep a fixed advance per character. */
  kind: 'scalable' | 'bitmap';
  face: FaceId;
  /** Character cell in dots: ^FO places its top-left corner. */
  cellHeight: number;
  /** Scalable: the w parameter. Bitmap: the glyph width (matrix W × magnification). */
  cellWidth: number;
  /** Dots from the top of the cell down to the baseline (where ^FT places its y). */
  baseline: number;
  /** Bitmap fonts: blank dots after every character (already × magnification); else 0. */
  gap: number;
  /** Bitmap fonts: magnifications actually used; scalable fonts: 1. */
  magnificationX: number;
  magnificationY: number;
  /** Fonts B and H have capitals only: the printer shows lowercase data as capitals. */
  uppercaseOnly: boolean;
}

interface BitmapMatrix {
  height: number;
  width: number;
  gap: number;
  baseline: number;
  uppercaseOnly: boolean;
}

// Base matrices at 8 dot/mm, with gap and baseline from the guide's table.
const BITMAP_8: Record<string, BitmapMatrix> = {
  A: { height: 9, width: 5, gap: 1, baseline: 7, uppercaseOnly: false },
  B: { height: 11, width: 7, gap: 2, baseline: 11, uppercaseOnly: true },
  C: { height: 18, width: 10, gap: 2, baseline: 14, uppercaseOnly: false },
  D: { height: 18, width: 10, gap: 2, baseline: 14, uppercaseOnly: false },
  E: { height: 28, width: 15, gap: 5, baseline: 23, uppercaseOnly: false },
  F: { height: 26, width: 13, gap: 3, baseline: 21, uppercaseOnly: false },
  G: { height: 60, width: 40, gap: 8, baseline: 48, uppercaseOnly: false },
  H: { height: 21, width: 13, gap: 6, baseline: 21, uppercaseOnly: true },
};

// E and H change matrix with density. The guide gives gap and baseline only for the 8 dot/mm
// matrix; for the others we scale them with the matrix (gap with the width, baseline with the
// height, rounded) — our derivation, not the guide's. H has no descenders at any density.
const DENSITY_VARIANTS: Partial<Record<Dpmm, Record<string, BitmapMatrix>>> = {
  6: {
    E: { height: 21, width: 10, gap: 3, baseline: 17, uppercaseOnly: false },
    H: { height: 17, width: 11, gap: 5, baseline: 17, uppercaseOnly: true },
  },
  12: {
    E: { height: 42, width: 20, gap: 7, baseline: 35, uppercaseOnly: false },
    H: { height: 34, width: 22, gap: 10, baseline: 34, uppercaseOnly: true },
  },
  24: {
    E: { height: 42, width: 20, gap: 7, baseline: 35, uppercaseOnly: false },
    H: { height: 34, width: 22, gap: 10, baseline: 34, uppercaseOnly: true },
  },
};

// P–V are proportional (the guide lists no characters per inch for them) preset sizes of the
// smooth font, so we draw them with font 0's face at their matrix size, magnified like the
// bitmap fonts. Matrices from the 8 dot/mm table; identical at 12 and 24 dot/mm.
const PRESET: Record<string, { height: number; width: number }> = {
  P: { height: 20, width: 18 },
  Q: { height: 28, width: 24 },
  R: { height: 35, width: 31 },
  S: { height: 40, width: 35 },
  T: { height: 48, width: 42 },
  U: { height: 59, width: 53 },
  V: { height: 80, width: 71 },
};

/** Font 0's size when neither ^A nor ^CF gives one (the matrix table's "Default: 15 x 12"). */
export const FONT0_DEFAULT = { height: 15, width: 12 } as const;
const SCALABLE_MIN = 10;
const SCALABLE_MAX = 32000;
const MAG_MAX = 10;

function given(n: number | undefined): n is number {
  return n !== undefined && Number.isFinite(n) && n > 0;
}

function bitmapMatrix(name: string, dpmm: Dpmm): BitmapMatrix | undefined {
  return DENSITY_VARIANTS[dpmm]?.[name] ?? BITMAP_8[name];
}

/** Whole magnification nearest to `size / base`, within 1–10 (^AD,52 → 3 for an 18-dot D). */
function magnify(size: number, base: number): number {
  return Math.min(MAG_MAX, Math.max(1, Math.round(size / base)));
}

/**
 * Magnifications for a request: each given size picks its own; one given alone drives both;
 * neither given falls back to the ^CF size, and to 1× without one.
 */
function magnifications(
  request: FontRequest,
  context: FontContext,
  baseHeight: number,
  baseWidth: number,
): { x: number; y: number } {
  let h = request.height;
  let w = request.width;
  if (!given(h) && !given(w)) {
    h = context.defaultHeight;
    w = context.defaultWidth;
  }
  const my = given(h) ? magnify(h, baseHeight) : undefined;
  const mx = given(w) ? magnify(w, baseWidth) : undefined;
  return { x: mx ?? my ?? 1, y: my ?? mx ?? 1 };
}

function clampScalable(n: number): number {
  return Math.min(SCALABLE_MAX, Math.max(SCALABLE_MIN, Math.round(n)));
}

/** Font 0 (and the fonts it stands in for) at h×w dots, baseline floored to a whole dot. */
function scalable(name: string, substituted: boolean, h: number, w: number): ResolvedFont {
  return {
    name,
    substituted,
    kind: 'scalable',
    face: 'condensed',
    cellHeight: h,
    cellWidth: w,
    // 3/4 of the cell per the guide; whole dots rounded down, as measured on a ZD621 by the
    // zpl crate (option font0_fo_floor_baseline), so ^FO and ^FT agree to the dot.
    baseline: Math.floor((3 * h) / 4),
    gap: 0,
    magnificationX: 1,
    magnificationY: 1,
    uppercaseOnly: false,
  };
}

/**
 * Resolves a font request the way the printer does. Unknown designators and ^A@ come back as
 * font 0 with `substituted: true`.
 */
export function resolveFont(request: FontRequest, context: FontContext): ResolvedFont {
  const name = request.name.toUpperCase();
  const matrix = bitmapMatrix(name, context.dpmm);
  if (matrix) {
    const mag = magnifications(request, context, matrix.height, matrix.width);
    return {
      name: name === 'C' ? 'D' : name,
      substituted: false,
      kind: 'bitmap',
      face: 'mono',
      cellHeight: matrix.height * mag.y,
      cellWidth: matrix.width * mag.x,
      baseline: matrix.baseline * mag.y,
      gap: matrix.gap * mag.x,
      magnificationX: mag.x,
      magnificationY: mag.y,
      uppercaseOnly: matrix.uppercaseOnly,
    };
  }
  const preset = PRESET[name];
  if (preset) {
    const mag = magnifications(request, context, preset.height, preset.width);
    const font = scalable(name, false, preset.height * mag.y, preset.width * mag.x);
    return { ...font, magnificationX: mag.x, magnificationY: mag.y };
  }
  // Font 0, or a stand-in for a font we do not have: h and w scale independently; a missing
  // w equals h; a missing h is the ^CF height (or, without one, the given w).
  let h = request.height;
  let w = request.width;
  if (!given(h) && !given(w)) {
    h = given(context.defaultHeight) ? context.defaultHeight : undefined;
    w = given(context.defaultWidth) ? context.defaultWidth : undefined;
    if (!given(h) && !given(w)) {
      h = FONT0_DEFAULT.height;
      w = FONT0_DEFAULT.width;
    }
  }
  if (!given(h)) h = given(context.defaultHeight) ? context.defaultHeight : (w ?? 0);
  if (!given(w)) w = h;
  return scalable('0', name !== '0', clampScalable(h), clampScalable(w));
}
