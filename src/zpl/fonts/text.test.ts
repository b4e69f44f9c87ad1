import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { zlibSync } from 'fflate';
import { parse } from 'opentype.js/dist/opentype.mjs';
import { describe, expect, it } from 'vitest';
import { Bitmap } from '../bitmap.ts';
import { painter, type Orientation } from '../painter.ts';
import { resolveFont, type FontRequest } from './resolve.ts';
import { FONT0_CAP_RATIO, FONT0_METRICS, FONT0_WIDTH_FACTOR, TextEngine } from './text.ts';

const FONTS = new URL('../../../node_modules/@expo-google-fonts/', import.meta.url);
const CONDENSED = new URL('roboto-condensed/700Bold/RobotoCondensed_700Bold.ttf', FONTS);
const MONO = new URL('roboto-mono/500Medium/RobotoMono_500Medium.ttf', FONTS);

function bytes(url: URL): ArrayBuffer {
  const b = readFileSync(url);
  return b.buffer.slice(b.byteOffset, b.byteOffset + b.byteLength) as ArrayBuffer;
}

const engine = new TextEngine({ condensed: bytes(CONDENSED), mono: bytes(MONO) });
const font = (request: FontRequest) => resolveFont(request, { dpmm: 8 });

/** Draws one line upright on a fresh bitmap with the cell's top-left at (pad, pad). */
function render(request: FontRequest, text: string, pad = 8): Bitmap {
  const f = font(request);
  const m = engine.measureText(f, text);
  const target = new Bitmap(m.width + 2 * pad, f.cellHeight + 2 * pad);
  const p = painter({ target, x: pad, y: pad, width: m.width, height: f.cellHeight });
  engine.drawText(p, f, text, 0, 0);
  p.end();
  return target;
}

function inkBox(b: Bitmap): { x0: number; y0: number; x1: number; y1: number } | null {
  let box: { x0: number; y0: number; x1: number; y1: number } | null = null;
  for (let y = 0; y < b.height; y++) {
    for (let x = 0; x < b.width; x++) {
      if (!b.get(x, y)) continue;
      box = box
        ? {
            x0: Math.min(box.x0, x),
            y0: Math.min(box.y0, y),
            x1: Math.max(box.x1, x + 1),
            y1: Math.max(box.y1, y + 1),
          }
        : { x0: x, y0: y, x1: x + 1, y1: y + 1 };
    }
  }
  return box;
}

/** H's ink box in font units, read from the font file on its own. */
function capBox(url: URL): { left: number; right: number; top: number } {
  const f = parse(bytes(url));
  let left = Infinity;
  let right = -Infinity;
  let top = -Infinity;
  for (const c of f.glyphs.get(f.charToGlyphIndex('H')).path.commands) {
    if (c.type === 'Z') continue;
    left = Math.min(left, c.x);
    right = Math.max(right, c.x);
    top = Math.max(top, c.y);
  }
  return { left, right, top };
}

describe('font 0 (Roboto Condensed Bold)', () => {
  it("puts H's ink where the font's metrics, scaled to the cell, say it is", () => {
    const cap = capBox(CONDENSED);
    const h = 100;
    // Capitals are 0.75 h tall and sit on the baseline at floor(3h/4) = 75: they fill rows
    // 0…74 exactly. Horizontally a dot is ink when its centre lies in [left·sx, right·sx).
    const sy = (FONT0_CAP_RATIO * h) / cap.top;
    const sx = sy * FONT0_WIDTH_FACTOR;
    // The glyph starts where the reference's H has its ink (FONT0_METRICS' shift, whole dots).
    const lead = Math.round((FONT0_METRICS['H']?.[1] ?? 0) * h);
    const want = {
      x0: Math.ceil(cap.left * sx - 0.5) + lead,
      y0: 0,
      x1: Math.ceil(cap.right * sx - 0.5) + lead,
      y1: 75,
    };
    expect(engine.inkBounds(font({ name: '0', height: h }), 'H')).toEqual(want);
    const b = render({ name: '0', height: h }, 'H');
    const drawn = inkBox(b);
    expect(drawn).toEqual({ x0: want.x0 + 8, y0: 8, x1: want.x1 + 8, y1: 83 });
  });

  it('halves the width, not the height, when w is half of h', () => {
    const full = engine.inkBounds(font({ name: '0', height: 80, width: 80 }), 'HOT');
    const half = engine.inkBounds(font({ name: '0', height: 80, width: 40 }), 'HOT');
    expect(full && half).toBeTruthy();
    if (!full || !half) return;
    expect(half.y0).toBe(full.y0);
    expect(half.y1).toBe(full.y1);
    const ratio = (half.x1 - half.x0) / (full.x1 - full.x0);
    expect(ratio).toBeGreaterThan(0.47);
    expect(ratio).toBeLessThan(0.53);
    const a = engine.measureText(font({ name: '0', height: 80, width: 80 }), 'HOT').width;
    const b = engine.measureText(font({ name: '0', height: 80, width: 40 }), 'HOT').width;
    expect(Math.abs(b - a / 2)).toBeLessThanOrEqual(1);
  });

  it('gives ^FT its baseline: descenders hang below it, capitals end on it', () => {
    const f = font({ name: '0', height: 40 });
    const m = engine.measureText(f, 'Hp');
    expect([m.height, m.ascent, m.descent]).toEqual([40, 30, 10]);
    const box = engine.inkBounds(f, 'Hp');
    expect(box?.y0).toBe(0);
    expect(box?.y1).toBeGreaterThan(30);
    expect(box?.y1).toBeLessThanOrEqual(40);
    expect(engine.inkBounds(f, 'H')?.y1).toBe(30);
  });

  it('measures what it draws', () => {
    const f = font({ name: '0', height: 33, width: 27 });
    const text = 'Packbench ships 42 parcels';
    const target = new Bitmap(400, 40);
    const p = painter({ target, x: 0, y: 0, width: 400, height: 40 });
    expect(engine.drawText(p, f, text, 0, 0)).toEqual(engine.measureText(f, text));
  });
});

describe('bitmap fonts (Roboto Mono Medium in the Zebra matrices)', () => {
  it('fills the matrix with H: cell width across, top of cell to baseline', () => {
    expect(engine.inkBounds(font({ name: 'D' }), 'H')).toEqual({ x0: 0, y0: 0, x1: 10, y1: 14 });
    expect(engine.inkBounds(font({ name: 'D', height: 54 }), 'H')).toEqual({
      x0: 0,
      y0: 0,
      x1: 30,
      y1: 42,
    });
    expect(engine.inkBounds(font({ name: 'A' }), 'H')).toEqual({ x0: 0, y0: 0, x1: 5, y1: 7 });
  });

  it('halves the width, not the height, at half the width magnification', () => {
    const wide = engine.inkBounds(font({ name: 'F', height: 52, width: 52 }), 'H');
    const narrow = engine.inkBounds(font({ name: 'F', height: 52, width: 26 }), 'H');
    expect(wide).toEqual({ x0: 0, y0: 0, x1: 52, y1: 42 });
    expect(narrow).toEqual({ x0: 0, y0: 0, x1: 26, y1: 42 });
  });

  it('advances every character by width plus gap, spaces and unknowns included', () => {
    const d = font({ name: 'D' });
    expect(engine.measureText(d, 'ABC')).toMatchObject({ width: 36, trailingGap: 2 });
    expect(engine.measureText(d, 'i i')).toMatchObject({ width: 36 });
    expect(engine.measureText(font({ name: 'A', height: 18 }), 'ab').width).toBe(24);
  });

  it('prints capitals for lowercase data in B and H', () => {
    const h = font({ name: 'H' });
    expect(engine.inkBounds(h, 'abc')).toEqual(engine.inkBounds(h, 'ABC'));
    const d = font({ name: 'D' });
    expect(engine.inkBounds(d, 'abc')).not.toEqual(engine.inkBounds(d, 'ABC'));
  });
});

describe('characters', () => {
  it('covers Greek and Cyrillic in both faces, not CJK', () => {
    for (const f of [font({ name: '0' }), font({ name: 'D' })]) {
      for (const ch of 'ΑΒΓΔΩαβγδωάέήίόύώЖЯЁжяёЄЇІЎ') {
        expect(engine.hasGlyph(f, ch.codePointAt(0) ?? 0), ch).toBe(true);
      }
      expect(engine.hasGlyph(f, 0x4e2d)).toBe(false);
    }
  });

  it('leaves a space for a character the face does not have, as the guide asks', () => {
    const f = font({ name: '0', height: 30 });
    expect(engine.measureText(f, 'a中b').width).toBe(engine.measureText(f, 'a b').width);
    const withCjk = render({ name: '0', height: 30 }, 'a中b');
    const withSpace = render({ name: '0', height: 30 }, 'a b');
    expect(withCjk.data).toEqual(withSpace.data);
  });

  it('composes accents (NFC) and hides soft hyphens outside ^FB', () => {
    const f = font({ name: '0', height: 30 });
    expect(engine.inkBounds(f, 'e\u0301')).toEqual(engine.inkBounds(f, 'é'));
    expect(engine.measureText(f, 'ab\u00adc')).toEqual(engine.measureText(f, 'abc'));
    expect(engine.measureText(f, 'ab\u00adc', { softHyphen: 'hyphen' })).toEqual(
      engine.measureText(f, 'ab-c'),
    );
  });
});

describe('orientation', () => {
  it('turns the same glyph rectangles exactly with the painter', () => {
    const f = font({ name: '0', height: 24 });
    const m = engine.measureText(f, 'Ab');
    const draw = (orientation: Orientation): Bitmap => {
      const target = new Bitmap(60, 60);
      const p = painter({ target, x: 0, y: 0, width: m.width, height: 24, orientation });
      engine.drawText(p, f, 'Ab', 0, 0);
      p.end();
      return target;
    };
    const n = draw('N');
    const r = draw('R');
    // R turns the frame clockwise: upright dot (x, y) lands at (23 − y, x).
    for (let y = 0; y < 24; y++) {
      for (let x = 0; x < m.width; x++) expect(r.get(23 - y, x)).toBe(n.get(x, y));
    }
  });
});

// A 1-bit greyscale PNG (PNG's 0 is black, our 1 is ink) for tesseract to read.
function png(b: Bitmap): Uint8Array {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (data: Uint8Array): number => {
    let c = 0xffffffff;
    for (const byte of data) c = (crcTable[(c ^ byte) & 0xff] ?? 0) ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Uint8Array): Uint8Array => {
    const out = new Uint8Array(12 + data.length);
    const view = new DataView(out.buffer);
    view.setUint32(0, data.length);
    out.set(new TextEncoder().encode(type), 4);
    out.set(data, 8);
    view.setUint32(8 + data.length, crc(out.subarray(4, 8 + data.length)));
    return out;
  };
  const ihdr = new Uint8Array(13);
  const hv = new DataView(ihdr.buffer);
  hv.setUint32(0, b.width);
  hv.setUint32(4, b.height);
  ihdr.set([1, 0, 0, 0, 0], 8);
  const raw = new Uint8Array((b.stride + 1) * b.height);
  for (let y = 0; y < b.height; y++) {
    for (let i = 0; i < b.stride; i++) {
      raw[y * (b.stride + 1) + 1 + i] = ~(b.data[y * b.stride + i] ?? 0) & 0xff;
    }
  }
  const parts = [
    new Uint8Array([137, 80, 78, 71, 13, 10, 26, 10]),
    chunk('IHDR', ihdr),
    chunk('IDAT', zlibSync(raw)),
    chunk('IEND', new Uint8Array(0)),
  ];
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

describe('read back by OCR', () => {
  const tesseract = '/usr/bin/tesseract';
  it.skipIf(!existsSync(tesseract))('reads font 0 and font D lines as written', () => {
    const dir = mkdtempSync(join(tmpdir(), 'zpl-fonts-'));
    try {
      const read = (request: FontRequest, text: string): string => {
        const file = join(dir, 'line.png');
        writeFileSync(file, png(render(request, text, 20)));
        return execFileSync(tesseract, [file, 'stdout', '--psm', '7'], {
          encoding: 'utf8',
          stdio: ['ignore', 'pipe', 'ignore'],
        }).trim();
      };
      expect(read({ name: '0', height: 60 }, 'SHIP TO: Packbench 12345')).toBe(
        'SHIP TO: Packbench 12345',
      );
      expect(read({ name: 'D', height: 36 }, 'ORDER 4711 Berlin')).toBe('ORDER 4711 Berlin');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('glyph cache', () => {
  it('keeps at most maxCachedSizes sizes per face, dropping the least recently used', () => {
    const small = new TextEngine(
      { condensed: bytes(CONDENSED), mono: bytes(MONO) },
      { maxCachedSizes: 3 },
    );
    const sink = { width: 0, height: 0, fillRect: () => undefined, end: () => undefined };
    for (const h of [20, 30, 40, 50, 60])
      small.drawText(sink, font({ name: '0', height: h }), 'Hi', 0, 0);
    expect(small.cachedSizes).toEqual({ condensed: 3, mono: 0 });
    small.drawText(sink, font({ name: 'D' }), 'Hi', 0, 0);
    expect(small.cachedSizes).toEqual({ condensed: 3, mono: 1 });
  });
});

describe('the glyph cache', () => {
  // Its speed is measured in `npm run bench`; here: a warm label rasterises nothing again.
  it('draws a 15-field label again from the cache alone, dot for dot the same', () => {
    const fields: [FontRequest, string][] = [
      [{ name: '0', height: 60, width: 50 }, 'PRIORITY OVERNIGHT'],
      [{ name: '0', height: 30 }, 'SHIP TO: Jane Example'],
      [{ name: '0', height: 30 }, '1234 Warehouse Road, Suite 500'],
      [{ name: '0', height: 30 }, 'Springfield, IL 62704'],
      [{ name: '0', height: 25, width: 20 }, 'FROM: Packbench Fulfilment'],
      [{ name: '0', height: 25, width: 20 }, '77 Dock Street, Hamburg'],
      [{ name: '0', height: 100 }, 'ZONE 4'],
      [{ name: 'D', height: 36 }, 'ORDER 0004711-A'],
      [{ name: 'A', height: 18 }, 'Weight 2.4 kg  Dims 30x20x15 cm'],
      [{ name: '0', height: 40 }, 'TRACKING 1Z 999 AA1 01 2345 6784'],
      [{ name: 'F' }, 'Handle with care'],
      [{ name: '0', height: 20 }, 'Ref: PO-2024-00981 / Line 3 of 7'],
      [{ name: '0', height: 20 }, 'Printed by Packbench station 02'],
      [{ name: 'E' }, '4006381333931'],
      [{ name: '0', height: 45, width: 35 }, 'Päckchen Ωmega Жук'],
    ];
    const label = new Bitmap(812, 1218);
    const drawLabel = (): void => {
      fields.forEach(([request, text], i) => {
        const f = font(request);
        const m = engine.measureText(f, text);
        const p = painter({
          target: label,
          x: 20,
          y: 20 + i * 78,
          width: m.width,
          height: f.cellHeight,
        });
        engine.drawText(p, f, text, 0, 0);
        p.end();
      });
    };
    drawLabel(); // cold: rasterises every glyph once
    const first = label.data.slice();
    const sizes = { ...engine.cachedSizes };
    label.data.fill(0);
    drawLabel();
    expect(engine.cachedSizes).toEqual(sizes);
    expect(label.data).toEqual(first);
    expect(label.countInk()).toBeGreaterThan(10_000);
  });
});
