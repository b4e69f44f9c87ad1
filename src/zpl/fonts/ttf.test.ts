import { readFileSync } from 'node:fs';
import { parse } from 'opentype.js/dist/opentype.mjs';
import { describe, expect, it } from 'vitest';
import { rasterize } from './raster.ts';
import { TrueTypeFont } from './ttf.ts';

// Our TrueType reader against opentype.js, an independent one: for every character both faces
// map, the same glyph, the same advance and, rasterised at three sizes, the same dots.

const FONTS = new URL('../../../node_modules/@expo-google-fonts/', import.meta.url);
const FACES = {
  condensed: new URL('roboto-condensed/700Bold/RobotoCondensed_700Bold.ttf', FONTS),
  mono: new URL('roboto-mono/500Medium/RobotoMono_500Medium.ttf', FONTS),
};

const bytes = (url: URL): ArrayBuffer => {
  const b = readFileSync(url);
  return b.buffer.slice(b.byteOffset, b.byteOffset + b.byteLength) as ArrayBuffer;
};

describe.each(Object.entries(FACES))('TrueType reader, %s', (_name, url) => {
  const data = bytes(url);
  const reference = parse(data);
  const ours = new TrueTypeFont(data);

  it('reads the metrics', () => {
    expect(ours.unitsPerEm).toBe(reference.unitsPerEm);
    expect(ours.capHeight).toBe(reference.tables.os2?.sCapHeight);
  });

  it('maps, measures and outlines every character as opentype.js does', () => {
    let glyphs = 0;
    for (let cp = 0; cp <= 0xffff; cp++) {
      const index = reference.charToGlyphIndex(String.fromCodePoint(cp));
      expect(ours.glyphIndex(cp)).toBe(index);
      if (index === 0) continue;
      glyphs++;
      const glyph = reference.glyphs.get(index);
      expect(ours.advance(index)).toBe(glyph.advanceWidth);
      for (const scale of [0.013, 0.05, 0.11]) {
        const a = rasterize(glyph.path.commands, { sx: scale, sy: scale, dx: 0.3, dy: 0 });
        const b = rasterize(ours.outline(index), { sx: scale, sy: scale, dx: 0.3, dy: 0 });
        expect([b.x0, b.y0, b.count]).toEqual([a.x0, a.y0, a.count]);
        expect(Buffer.from(b.rects.buffer, b.rects.byteOffset, b.count * 16)).toEqual(
          Buffer.from(a.rects.buffer, a.rects.byteOffset, a.count * 16),
        );
      }
    }
    // Latin-1, Latin Extended-A, Greek, Cyrillic and more: hundreds of glyphs.
    expect(glyphs).toBeGreaterThan(800);
  });
});
