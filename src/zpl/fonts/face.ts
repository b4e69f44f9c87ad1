// A parsed font file and the glyph rasters made from it. The core never reads files: whoever
// builds the engine (Web Worker, main process, CLI) hands in the bytes.
import { EMPTY_RASTER, rasterize, type OutlineCommand, type Raster } from './raster.ts';
import type { FaceId } from './resolve.ts';
import { TrueTypeFont } from './ttf.ts';

/** The two open-licence faces the engine draws with (SIL OFL 1.1, Roboto project). */
export interface FontSources {
  /** Roboto Condensed Bold, standing in for font 0 (CG Triumvirate Bold Condensed) and P–V. */
  condensed: ArrayBuffer;
  /** Roboto Mono Medium, standing in for the bitmap fonts A–H (README: why Medium). */
  mono: ArrayBuffer;
}

export interface GlyphInfo {
  index: number;
  /** Advance in font units. */
  advance: number;
  /** Raw outline in font units, y up; read once, on first use. */
  readonly commands: readonly OutlineCommand[];
}

/** How a font size maps outlines to dots (see OutlineTransform; dy is always the baseline). */
export interface GlyphScale {
  sx: number;
  sy: number;
  /** Dots added to every x, so a face can sit its ink where a cell starts. */
  dx: number;
}

export class Face {
  readonly unitsPerEm: number;
  /** Height of flat capitals (H) above the baseline, font units. */
  readonly capHeight: number;
  /** Left and right ink edges of H, font units: the bitmap fonts fit this box to their cell. */
  readonly capInkLeft: number;
  readonly capInkRight: number;
  /** Advance of the space, font units. */
  readonly spaceAdvance: number;

  readonly id: FaceId;
  private readonly font: TrueTypeFont;
  private readonly maxCachedSizes: number;
  private readonly glyphs = new Map<number, GlyphInfo | null>();
  /** Per size (key from GlyphScale), per glyph index. Oldest sizes go first past the cap. */
  private readonly rasters = new Map<string, SizeCache>();

  constructor(id: FaceId, bytes: ArrayBuffer, maxCachedSizes = 64) {
    this.id = id;
    this.maxCachedSizes = maxCachedSizes;
    this.font = new TrueTypeFont(bytes);
    this.unitsPerEm = this.font.unitsPerEm;
    const h = this.glyph(0x48);
    if (!h) throw new Error(`font for ${id} has no H: not a Latin text face`);
    let left = Infinity;
    let right = -Infinity;
    let top = -Infinity;
    for (const c of h.commands) {
      if (c.type === 'Z') continue;
      left = Math.min(left, c.x);
      right = Math.max(right, c.x);
      top = Math.max(top, c.y);
    }
    this.capHeight = this.font.capHeight || top;
    this.capInkLeft = left;
    this.capInkRight = right;
    this.spaceAdvance = this.glyph(0x20)?.advance ?? this.unitsPerEm / 4;
  }

  /** The glyph for a code point, or null when the face has none (.notdef is never drawn). */
  glyph(codePoint: number): GlyphInfo | null {
    const known = this.glyphs.get(codePoint);
    if (known !== undefined) return known;
    const index = this.font.glyphIndex(codePoint);
    let info: GlyphInfo | null = null;
    if (index > 0) {
      const font = this.font;
      let commands: readonly OutlineCommand[] | undefined;
      info = {
        index,
        advance: font.advance(index),
        get commands() {
          commands ??= font.outline(index);
          return commands;
        },
      };
    }
    this.glyphs.set(codePoint, info);
    return info;
  }

  /**
   * The raster cache of one size: look it up once per string, then ask it per glyph. Sizes are
   * kept least recently used first, and the oldest is dropped past the cap, so a long-running
   * process that prints many sizes does not grow without bound.
   */
  size(scale: GlyphScale): SizeCache {
    const key = `${scale.sx}:${scale.sy}:${scale.dx}`;
    let size = this.rasters.get(key);
    if (size) {
      this.rasters.delete(key);
      this.rasters.set(key, size);
      return size;
    }
    size = new SizeCache(scale);
    this.rasters.set(key, size);
    if (this.rasters.size > this.maxCachedSizes) {
      const oldest = this.rasters.keys().next().value;
      if (oldest !== undefined) this.rasters.delete(oldest);
    }
    return size;
  }

  /** Sizes currently cached (tests and diagnostics). */
  get cachedSizes(): number {
    return this.rasters.size;
  }
}

/** Glyph rasters of one face at one size. */
export class SizeCache {
  private readonly scale: GlyphScale;
  private readonly rasters = new Map<number, Raster>();

  constructor(scale: GlyphScale) {
    this.scale = scale;
  }

  /** The glyph's ink in dots, origin at the pen position on the baseline. */
  raster(glyph: GlyphInfo): Raster {
    let raster = this.rasters.get(glyph.index);
    if (!raster) {
      const { sx, sy, dx } = this.scale;
      raster =
        glyph.commands.length === 0
          ? EMPTY_RASTER
          : rasterize(glyph.commands, { sx, sy, dx, dy: 0 });
      this.rasters.set(glyph.index, raster);
    }
    return raster;
  }
}
