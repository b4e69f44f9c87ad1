// Text in the upright frame: advances, metrics and ink for a resolved font. The interpreter
// places a field by the top-left of its character cell (^FO) or by its baseline (^FT) and
// hands us a Painter that turns the frame; we only ever draw upright rectangles.
//
// How the faces are fitted to Zebra's fonts:
// - Font 0 (and P–V): capitals are FONT0_CAP_RATIO of the cell height h, the baseline is
//   floor(3h/4) below the cell top (resolve.ts), and w stretches the glyphs horizontally
//   against h (w = h draws them at the face's own proportions, narrowed by
//   FONT0_WIDTH_FACTOR because Roboto Condensed Bold is wider than CG Triumvirate Bold
//   Condensed). Advances are the face's own, scaled the same way.
// - Bitmap fonts A–H: a capital H fills the matrix exactly — its ink spans the cell width W×mag,
//   and its height runs from the top of the cell down to the baseline (the guide's table puts
//   capitals on the baseline and keeps the rows below it for descenders). Every character,
//   space and unknown included, advances by (W + gap)×mag.
import type { Painter } from '../painter.ts';
import {
  drawBlock,
  layoutFieldBlock,
  layoutTextBlock,
  type BlockLayout,
  type FieldBlockSpec,
  type TextBlockSpec,
} from './block.ts';
import { Face, type FontSources, type GlyphInfo, type GlyphScale } from './face.ts';
import { paintRaster } from './raster.ts';
import type { FaceId, ResolvedFont } from './resolve.ts';

/**
 * Capital height of font 0 as a share of the ^A height. 0.75 is what Labelary draws, measured
 * by the labelize project (FONT0_CAP_SCALE in its tuning.rs: "cap height at the 0.75-of-cell
 * that Labelary measures"); zpl-forge states ~73%. With the baseline at 3/4 of the cell this
 * puts flat capitals flush with the top of the cell, as the bitmap fonts' table does.
 */
export const FONT0_CAP_RATIO = 0.75;

/**
 * Horizontal squeeze of Roboto Condensed Bold to CG Triumvirate Bold Condensed's widths at
 * w = h: labelize's ink-width fit against Labelary (FONT0_RATIO 1.2968 over the cap scale
 * 1.3913 ≈ 0.93).
 */
export const FONT0_WIDTH_FACTOR = 0.93;

/** Font 0's space advance over Roboto Condensed Bold's (fitted on the Labelary corpus). */
export const FONT0_SPACE_FACTOR = 1.3;

/**
 * Font 0's hyphen advance over the cell width: 0.907 the median of 84 hyphens on the Labelary
 * corpus (from their neighbours' positions; w = 16 to 62), 45 dots at ^A0N,80,50.
 */
const HYPHEN_ADVANCE = 0.9;

/**
 * Font 0's advances as the reference's face has them, and where its ink sits: per character,
 * [advance, shift] as shares of the cell width w. Roboto Condensed Bold's own advances differ
 * by up to 15 % (its digits are 0.497 w, the reference's 0.479: a 20-digit tracking number
 * came out 8 dots longer; its "T" and "A" are wider, "R", "U", "w" narrower), so text ran off
 * its neighbours. Measured on the 106 Labelary renders of the reference corpus: every upright
 * font-0 character found by matching our glyph against the picture (10 000 characters, each
 * entry at least 8 sightings), and the advances and ink centres solved for by least squares
 * over the distances between neighbours. The shift moves our glyph's ink to the reference's
 * centre within the advance. "W" and "/", too rarely matched for the solver, come from the
 * positions of their neighbours (20 and 29 sightings: Roboto's W is 0.083 w short, its slash
 * 0.036 w long). Characters not listed keep Roboto's advance; the digits are tabular in the
 * reference (0.479 w each), as they are here.
 */
export const FONT0_METRICS: Readonly<Record<string, readonly [number, number]>> = {
  '0': [0.479, -0.007],
  '1': [0.479, 0.022],
  '2': [0.479, -0.008],
  '3': [0.479, -0.001],
  '4': [0.479, -0.005],
  '5': [0.479, -0.008],
  '6': [0.479, -0.008],
  '7': [0.479, 0],
  '8': [0.479, -0.004],
  '9': [0.479, -0.001],
  // The brackets (issue 44): "(" and ")" as one pair, 0.29 w, ink 0.03 w in from the outside
  // (fitted on the 33 corpus labels with brackets in font 0: the carrier labels' median diff
  // 1.81 → 1.76 %, ")" had Roboto's 0.318). "{", "}" and "=" occur in no font-0 text of the
  // corpus; their advances keep the reference face's proportions to its "(" and digits in the
  // Helvetica design it follows (braces 389 to the bracket's 333, equals 584 to a digit's 556),
  // where Roboto's were 0.293 and 0.493 w, narrower.
  '(': [0.29, 0.03],
  ')': [0.29, -0.03],
  '{': [0.339, 0],
  '}': [0.339, 0],
  '=': [0.503, 0],
  '.': [0.309, 0.027],
  ':': [0.301, 0.003],
  A: [0.555, 0.002],
  B: [0.554, 0.007],
  C: [0.533, 0.007],
  D: [0.586, 0.018],
  E: [0.501, 0.012],
  F: [0.493, 0.018],
  G: [0.585, -0.005],
  H: [0.614, 0.005],
  I: [0.282, 0.005],
  J: [0.451, -0.032],
  K: [0.56, 0.009],
  L: [0.476, 0.009],
  M: [0.761, 0.012],
  N: [0.604, 0],
  O: [0.575, -0.001],
  P: [0.554, 0.009],
  R: [0.59, 0.019],
  S: [0.537, 0],
  T: [0.493, -0.009],
  U: [0.603, 0.012],
  V: [0.526, -0.013],
  X: [0.555, -0.009],
  Y: [0.552, 0.011],
  Z: [0.502, -0.002],
  a: [0.46, 0.003],
  b: [0.504, 0.008],
  c: [0.443, 0.006],
  d: [0.491, -0.001],
  e: [0.483, -0.001],
  f: [0.281, -0.007],
  g: [0.497, 0],
  h: [0.501, 0.006],
  i: [0.256, 0.004],
  k: [0.442, -0.002],
  l: [0.255, 0.001],
  m: [0.749, 0.001],
  n: [0.499, 0.002],
  o: [0.478, -0.002],
  p: [0.498, 0.009],
  r: [0.334, 0.008],
  s: [0.423, -0.001],
  t: [0.279, -0.004],
  u: [0.494, 0.007],
  v: [0.447, -0.001],
  w: [0.657, 0.029],
  W: [0.818, 0.042],
  '/': [0.29, -0.018],
  x: [0.45, 0.002],
  y: [0.444, -0.002],
  z: [0.382, -0.033],
};

/** What to do with U+00AD SOFT HYPHEN (and U+200B ZERO WIDTH SPACE, always invisible). */
export type SoftHyphen = 'hidden' | 'hyphen';

export interface TextOptions {
  /** ^FB prints soft hyphens as hyphens; plain fields and ^TB do not print them. */
  softHyphen?: SoftHyphen;
}

export interface TextMetrics {
  /** Advance width in dots (bitmap fonts: every character's gap included, the last one too). */
  width: number;
  /** The trailing inter-character gap inside `width` (bitmap fonts), else 0. */
  trailingGap: number;
  /** Character cell height: ^FO's y is its top. */
  height: number;
  /** Cell top to baseline (^FT's y is the baseline). */
  ascent: number;
  /** Baseline to cell bottom. */
  descent: number;
}

export interface InkBounds {
  /** Ink box relative to the cell's top-left, x1/y1 exclusive; accents can start above 0. */
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

/** One character of a shaped string: its glyph (null: prints nothing) and its advance. */
interface ShapedChar {
  char: string;
  glyph: GlyphInfo | null;
  advance: number;
  /** Dots between the pen and the glyph's own origin (font 0's wide hyphen). */
  lead?: number;
}

/** A resolved font bound to its face: scale, advances and raster cache key. */
interface Instance {
  face: Face;
  scale: GlyphScale;
  /** Fixed advance of every character (bitmap fonts), else null. */
  fixedAdvance: number | null;
  /** Advance in dots of a character with no glyph: the space's, as the guide asks. */
  missingAdvance: number;
}

export class TextEngine {
  // A face is parsed when a label first uses it: most labels never ask for a bitmap font, and
  // parsing a face costs tens of milliseconds of a cold start.
  private readonly faces: Partial<Record<FaceId, Face>> = {};
  private readonly instances = new Map<string, Instance>();
  private readonly sources: FontSources;
  private readonly maxCachedSizes: number | undefined;

  constructor(sources: FontSources, options: { maxCachedSizes?: number } = {}) {
    this.sources = sources;
    this.maxCachedSizes = options.maxCachedSizes;
  }

  private face(id: FaceId): Face {
    const face = (this.faces[id] ??= new Face(id, this.sources[id], this.maxCachedSizes));
    return face;
  }

  /** Advance width and cell metrics of a single line of text. */
  measureText(font: ResolvedFont, text: string, options: TextOptions = {}): TextMetrics {
    const shaped = this.shape(font, text, options);
    let pen = 0;
    for (const c of shaped) pen += c.advance;
    return this.metrics(font, pen, shaped.length > 0);
  }

  /**
   * Per-character advances in dots, after the same normalisation drawText applies (NFC,
   * capitals for B and H, invisible soft hyphens): what block layout wraps with. Each entry
   * is one printed character (a code point after normalisation).
   */
  advances(font: ResolvedFont, text: string, options: TextOptions = {}): ShapedAdvance[] {
    return this.shape(font, text, options).map((c) => ({ char: c.char, advance: c.advance }));
  }

  /**
   * Draws one line with the top-left of its first cell at (x, y) in the painter's upright
   * frame. Glyphs are placed at whole dots: the pen advances in fractions and each glyph
   * starts at the pen rounded, so widths do not drift over long strings.
   */
  drawText(
    painter: Painter,
    font: ResolvedFont,
    text: string,
    x: number,
    y: number,
    options: TextOptions = {},
  ): TextMetrics {
    const inst = this.instance(font);
    const shaped = this.shape(font, text, options, inst);
    const size = inst.face.size(inst.scale);
    const baseline = y + font.baseline;
    let pen = 0;
    for (const c of shaped) {
      if (c.glyph)
        paintRaster(painter, size.raster(c.glyph), x + Math.round(pen + (c.lead ?? 0)), baseline);
      pen += c.advance;
    }
    return this.metrics(font, pen, shaped.length > 0);
  }

  /** The ink box of a line relative to its cell's top-left, or null for no ink. */
  inkBounds(font: ResolvedFont, text: string, options: TextOptions = {}): InkBounds | null {
    const inst = this.instance(font);
    const size = inst.face.size(inst.scale);
    let box: InkBounds | null = null;
    let pen = 0;
    for (const c of this.shape(font, text, options, inst)) {
      const r = c.glyph ? size.raster(c.glyph) : null;
      if (r && r.count > 0) {
        const px = Math.round(pen + (c.lead ?? 0));
        const b = {
          x0: px + r.x0,
          y0: font.baseline + r.y0,
          x1: px + r.x1,
          y1: font.baseline + r.y1,
        };
        box = box
          ? {
              x0: Math.min(box.x0, b.x0),
              y0: Math.min(box.y0, b.y0),
              x1: Math.max(box.x1, b.x1),
              y1: Math.max(box.y1, b.y1),
            }
          : b;
      }
      pen += c.advance;
    }
    return box;
  }

  /** ^FB layout with this font (see block.ts for the rules). */
  layoutFieldBlock(font: ResolvedFont, text: string, spec: FieldBlockSpec): BlockLayout {
    return layoutFieldBlock((t, o) => this.advances(font, t, o), font, text, spec);
  }

  /** ^TB layout with this font. */
  layoutTextBlock(font: ResolvedFont, text: string, spec: TextBlockSpec): BlockLayout {
    return layoutTextBlock((t, o) => this.advances(font, t, o), font, text, spec);
  }

  /** Draws a block laid out by layoutFieldBlock/layoutTextBlock, its top-left at (x, y). */
  drawBlock(painter: Painter, font: ResolvedFont, layout: BlockLayout, x = 0, y = 0): void {
    drawBlock(this, painter, font, layout, x, y);
  }

  /** Sizes whose glyph rasters are cached, per face (each face keeps at most maxCachedSizes). */
  get cachedSizes(): Record<FaceId, number> {
    return {
      condensed: this.faces.condensed?.cachedSizes ?? 0,
      mono: this.faces.mono?.cachedSizes ?? 0,
    };
  }

  /** Whether the face behind a font has a glyph for the code point (coverage checks). */
  hasGlyph(font: ResolvedFont, codePoint: number): boolean {
    return this.face(font.face).glyph(codePoint) !== null;
  }

  private metrics(font: ResolvedFont, pen: number, hasCharacters: boolean): TextMetrics {
    return {
      width: Math.round(pen),
      trailingGap: hasCharacters ? font.gap : 0,
      height: font.cellHeight,
      ascent: font.baseline,
      descent: font.cellHeight - font.baseline,
    };
  }

  private instance(font: ResolvedFont): Instance {
    const key = `${font.face}:${font.kind}:${font.cellHeight}:${font.cellWidth}:${font.baseline}:${font.gap}`;
    let inst = this.instances.get(key);
    if (inst) return inst;
    const face = this.face(font.face);
    if (font.kind === 'bitmap') {
      const sx = font.cellWidth / (face.capInkRight - face.capInkLeft);
      inst = {
        face,
        scale: { sx, sy: font.baseline / face.capHeight, dx: -face.capInkLeft * sx },
        fixedAdvance: font.cellWidth + font.gap,
        missingAdvance: font.cellWidth + font.gap,
      };
    } else {
      const sy = (FONT0_CAP_RATIO * font.cellHeight) / face.capHeight;
      const sx = sy * (font.cellWidth / font.cellHeight) * FONT0_WIDTH_FACTOR;
      inst = {
        face,
        scale: { sx, sy, dx: 0 },
        fixedAdvance: null,
        missingAdvance: face.spaceAdvance * sx * FONT0_SPACE_FACTOR,
      };
    }
    // Instances are a few numbers each; the glyph rasters behind them are capped in Face.
    if (this.instances.size > 1024) this.instances.clear();
    this.instances.set(key, inst);
    return inst;
  }

  private shape(
    font: ResolvedFont,
    text: string,
    options: TextOptions,
    inst: Instance = this.instance(font),
  ): ShapedChar[] {
    let s = text.normalize('NFC');
    if (font.uppercaseOnly) s = s.toUpperCase();
    const out: ShapedChar[] = [];
    for (const ch of s) {
      let cp = ch.codePointAt(0) ?? 0;
      if (cp === 0x200b) continue;
      if (cp === 0xad) {
        if (options.softHyphen !== 'hyphen') continue;
        cp = 0x2d;
      }
      const dash = cp === 0x2d && inst.fixedAdvance === null ? inst.face.glyph(0x2014) : null;
      if (dash) {
        // Font 0's hyphen, as the reference's face draws it: a dash about 0.57 of the cell
        // width long, centred in an advance of 0.9 of the cell width ("85-790" prints as
        // "85 – 790" in Labelary). Roboto Condensed's em dash, with room on both sides.
        const advance = HYPHEN_ADVANCE * font.cellWidth;
        const lead = (advance - dash.advance * inst.scale.sx) / 2;
        out.push({ char: '-', glyph: dash, advance, lead });
        continue;
      }
      const glyph = inst.face.glyph(cp);
      const measured = inst.fixedAdvance === null && glyph ? FONT0_METRICS[ch] : undefined;
      if (measured) {
        const [advance, shift] = measured;
        out.push({
          char: ch,
          glyph,
          advance: advance * font.cellWidth,
          lead: shift * font.cellWidth,
        });
        continue;
      }
      const own =
        inst.fixedAdvance ?? (glyph ? glyph.advance * inst.scale.sx : inst.missingAdvance);
      // Font 0's space is wider in the reference's face than Roboto Condensed's: 11 dots
      // between "Carlos" and "Garcia" at ^A0N,35,32 in Labelary, 9 here before.
      const advance = cp === 0x20 && inst.fixedAdvance === null ? own * FONT0_SPACE_FACTOR : own;
      out.push({ char: cp === 0x2d && ch !== '-' ? '-' : ch, glyph, advance });
    }
    return out;
  }
}

export interface ShapedAdvance {
  char: string;
  advance: number;
}
