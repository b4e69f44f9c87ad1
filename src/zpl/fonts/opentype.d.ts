// The few parts of opentype.js 2.0 the font tests use (as an independent reader to check ttf.ts
// against); the package ships no types. Outlines are read raw (font units, y up).
//
// We import the package's ES module file by path: its main entry is a UMD bundle whose named
// exports plain Node (the CLI runs our .ts files directly) cannot see, and its ES build has no
// default export, so only this path imports the same way under Node, Vite and Vitest.
declare module 'opentype.js/dist/opentype.mjs' {
  export type PathCommand =
    | { type: 'M' | 'L'; x: number; y: number }
    | { type: 'Q'; x1: number; y1: number; x: number; y: number }
    | { type: 'C'; x1: number; y1: number; x2: number; y2: number; x: number; y: number }
    | { type: 'Z' };

  export interface Path {
    commands: PathCommand[];
  }

  export interface Glyph {
    index: number;
    advanceWidth: number | undefined;
    /** Parsed lazily on first read. */
    readonly path: Path;
  }

  export interface GlyphSet {
    length: number;
    get(index: number): Glyph;
  }

  export interface Font {
    unitsPerEm: number;
    ascender: number;
    descender: number;
    glyphs: GlyphSet;
    tables: { os2?: { sCapHeight?: number; sxHeight?: number } };
    /** 0 when the font has no glyph for the string's first code point. */
    charToGlyphIndex(s: string): number;
  }

  export function parse(buffer: ArrayBuffer, options?: { lowMemory?: boolean }): Font;
}
