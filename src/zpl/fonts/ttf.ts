// The few parts of a TrueType font the engine reads: units per em, capital height, the
// character map, advance widths and glyph outlines (quadratic, from 'glyf', composites
// included). opentype.js did this before; it parses every table of the font (names,
// layout, kerning) and weighs about 170 kB minified in the label worker, and its parse was a
// fifth of the engine's cold start. Tables are read when first needed, glyphs when asked for.
import type { OutlineCommand } from './raster.ts';

export class TrueTypeFont {
  readonly unitsPerEm: number;
  /** OS/2 sCapHeight, or undefined when the font has no OS/2 table of version 2 or later. */
  readonly capHeight: number | undefined;
  private readonly view: DataView;
  private readonly tables = new Map<string, { offset: number; length: number }>();
  private readonly longLoca: boolean;
  private readonly numGlyphs: number;
  private readonly numberOfHMetrics: number;
  private cmap: ((codePoint: number) => number) | null = null;

  constructor(bytes: ArrayBuffer) {
    this.view = new DataView(bytes);
    const v = this.view;
    const count = v.getUint16(4);
    for (let i = 0; i < count; i++) {
      const at = 12 + i * 16;
      const tag = String.fromCharCode(
        v.getUint8(at),
        v.getUint8(at + 1),
        v.getUint8(at + 2),
        v.getUint8(at + 3),
      );
      this.tables.set(tag, { offset: v.getUint32(at + 8), length: v.getUint32(at + 12) });
    }
    for (const tag of ['head', 'maxp', 'hhea', 'hmtx', 'loca', 'glyf', 'cmap'])
      if (!this.tables.has(tag)) throw new Error(`not a TrueType font: no ${tag} table`);
    const head = this.table('head');
    this.unitsPerEm = v.getUint16(head + 18);
    this.longLoca = v.getInt16(head + 50) === 1;
    this.numGlyphs = v.getUint16(this.table('maxp') + 4);
    this.numberOfHMetrics = v.getUint16(this.table('hhea') + 34);
    const os2 = this.tables.get('OS/2');
    this.capHeight = os2 && v.getUint16(os2.offset) >= 2 ? v.getInt16(os2.offset + 88) : undefined;
  }

  private table(tag: string): number {
    return this.tables.get(tag)?.offset ?? 0;
  }

  /** The glyph for a code point; 0 (.notdef) when the font has none. */
  glyphIndex(codePoint: number): number {
    this.cmap ??= this.readCmap();
    return this.cmap(codePoint);
  }

  /** Advance width in font units. */
  advance(index: number): number {
    const hmtx = this.table('hmtx');
    const i = Math.min(index, this.numberOfHMetrics - 1);
    return this.view.getUint16(hmtx + i * 4);
  }

  /** The glyph's outline in font units, y up: M, L, Q and Z commands, contour by contour. */
  outline(index: number): OutlineCommand[] {
    const out: OutlineCommand[] = [];
    this.addGlyph(index, [1, 0, 0, 1, 0, 0], out, 0);
    return out;
  }

  private glyphRange(index: number): { start: number; end: number } {
    const loca = this.table('loca');
    const glyf = this.table('glyf');
    const v = this.view;
    if (index < 0 || index >= this.numGlyphs) return { start: 0, end: 0 };
    const at = (i: number) =>
      this.longLoca ? v.getUint32(loca + i * 4) : v.getUint16(loca + i * 2) * 2;
    return { start: glyf + at(index), end: glyf + at(index + 1) };
  }

  /** Appends a glyph's contours, transformed by [a, b, c, d, e, f] (x' = ax + cy + e …). */
  private addGlyph(index: number, m: number[], out: OutlineCommand[], depth: number): void {
    const { start, end } = this.glyphRange(index);
    if (end <= start || depth > 8) return;
    const v = this.view;
    const contours = v.getInt16(start);
    if (contours >= 0) this.addSimple(start, contours, m, out);
    else this.addComposite(start + 10, m, out, depth);
  }

  private addSimple(start: number, contours: number, m: number[], out: OutlineCommand[]): void {
    const v = this.view;
    const ends: number[] = [];
    for (let i = 0; i < contours; i++) ends.push(v.getUint16(start + 10 + i * 2));
    const points = contours === 0 ? 0 : (ends[contours - 1] ?? -1) + 1;
    let at = start + 10 + contours * 2;
    at += 2 + v.getUint16(at); // instructions
    const flags = new Uint8Array(points);
    for (let i = 0; i < points;) {
      const flag = v.getUint8(at++);
      flags[i++] = flag;
      if (flag & 8) {
        let repeat = v.getUint8(at++);
        while (repeat-- > 0 && i < points) flags[i++] = flag;
      }
    }
    const xs = new Float64Array(points);
    const ys = new Float64Array(points);
    for (const [coords, short, same] of [
      [xs, 2, 16],
      [ys, 4, 32],
    ] as const) {
      let value = 0;
      for (let i = 0; i < points; i++) {
        const flag = flags[i] ?? 0;
        if (flag & short) {
          const d = v.getUint8(at++);
          value += flag & same ? d : -d;
        } else if (!(flag & same)) {
          value += v.getInt16(at);
          at += 2;
        }
        coords[i] = value;
      }
    }
    const [a = 1, b = 0, c = 0, d = 1, e = 0, f = 0] = m;
    const px = (i: number) => a * (xs[i] ?? 0) + c * (ys[i] ?? 0) + e;
    const py = (i: number) => b * (xs[i] ?? 0) + d * (ys[i] ?? 0) + f;
    let first = 0;
    for (const last of ends) {
      const n = last - first + 1;
      if (n > 0) this.addContour(first, n, flags, px, py, out);
      first = last + 1;
    }
  }

  /** One closed contour of on- and off-curve points as lines and quadratic curves. */
  private addContour(
    first: number,
    n: number,
    flags: Uint8Array,
    px: (i: number) => number,
    py: (i: number) => number,
    out: OutlineCommand[],
  ): void {
    const on = (k: number) => ((flags[first + (((k % n) + n) % n)] ?? 0) & 1) === 1;
    const x = (k: number) => px(first + (((k % n) + n) % n));
    const y = (k: number) => py(first + (((k % n) + n) % n));
    // The pen starts at the last point when it is on the curve, else at the first when that
    // is, else halfway between them; then every point in order: a line to an on-curve point,
    // a curve through an off-curve one to the next on-curve point or the midpoint before the
    // next off-curve one (the usual reading, and opentype.js's, so outlines stay as they were).
    const last = n - 1;
    if (on(last)) out.push({ type: 'M', x: x(last), y: y(last) });
    else if (on(0)) out.push({ type: 'M', x: x(0), y: y(0) });
    else out.push({ type: 'M', x: (x(last) + x(0)) * 0.5, y: (y(last) + y(0)) * 0.5 });
    for (let i = 0; i < n; i++) {
      if (on(i)) {
        out.push({ type: 'L', x: x(i), y: y(i) });
        continue;
      }
      const j = i + 1;
      const endX = on(j) ? x(j) : (x(i) + x(j)) * 0.5;
      const endY = on(j) ? y(j) : (y(i) + y(j)) * 0.5;
      out.push({ type: 'Q', x1: x(i), y1: y(i), x: endX, y: endY });
    }
    out.push({ type: 'Z' });
  }

  private addComposite(start: number, m: number[], out: OutlineCommand[], depth: number): void {
    const v = this.view;
    let at = start;
    for (;;) {
      const flags = v.getUint16(at);
      const glyph = v.getUint16(at + 2);
      at += 4;
      let dx: number;
      let dy: number;
      if (flags & 1) {
        dx = v.getInt16(at);
        dy = v.getInt16(at + 2);
        at += 4;
      } else {
        dx = v.getInt8(at);
        dy = v.getInt8(at + 1);
        at += 2;
      }
      let [a, b, c, d] = [1, 0, 0, 1];
      const f2dot14 = (o: number) => v.getInt16(o) / 16384;
      if (flags & 8) {
        a = d = f2dot14(at);
        at += 2;
      } else if (flags & 0x40) {
        a = f2dot14(at);
        d = f2dot14(at + 2);
        at += 4;
      } else if (flags & 0x80) {
        a = f2dot14(at);
        b = f2dot14(at + 2);
        c = f2dot14(at + 4);
        d = f2dot14(at + 6);
        at += 8;
      }
      // Offsets are x, y values (ARGS_ARE_XY_VALUES); point matching is not used by our faces.
      if (!(flags & 2)) dx = dy = 0;
      const [pa = 1, pb = 0, pc = 0, pd = 1, pe = 0, pf = 0] = m;
      const inner = [a, b, c, d, dx, dy];
      const [ia = 1, ib = 0, ic = 0, id = 1, ie = 0, iff = 0] = inner;
      this.addGlyph(
        glyph,
        [
          pa * ia + pc * ib,
          pb * ia + pd * ib,
          pa * ic + pc * id,
          pb * ic + pd * id,
          pa * ie + pc * iff + pe,
          pb * ie + pd * iff + pf,
        ],
        out,
        depth + 1,
      );
      if (!(flags & 0x20)) break;
    }
  }

  private readCmap(): (codePoint: number) => number {
    const v = this.view;
    const cmap = this.table('cmap');
    const count = v.getUint16(cmap + 2);
    let format4 = -1;
    let format12 = -1;
    for (let i = 0; i < count; i++) {
      const platform = v.getUint16(cmap + 4 + i * 8);
      const encoding = v.getUint16(cmap + 6 + i * 8);
      const offset = cmap + v.getUint32(cmap + 8 + i * 8);
      const format = v.getUint16(offset);
      const unicode = platform === 0 || (platform === 3 && (encoding === 1 || encoding === 10));
      if (!unicode) continue;
      if (format === 12) format12 = offset;
      else if (format === 4) format4 = offset;
    }
    if (format12 >= 0) {
      const groups = v.getUint32(format12 + 12);
      return (cp) => {
        let lo = 0;
        let hi = groups - 1;
        while (lo <= hi) {
          const mid = (lo + hi) >> 1;
          const g = format12 + 16 + mid * 12;
          if (cp < v.getUint32(g)) hi = mid - 1;
          else if (cp > v.getUint32(g + 4)) lo = mid + 1;
          else return v.getUint32(g + 8) + cp - v.getUint32(g);
        }
        return 0;
      };
    }
    if (format4 < 0) return () => 0;
    const segments = v.getUint16(format4 + 6) / 2;
    const ends = format4 + 14;
    const starts = ends + segments * 2 + 2;
    const deltas = starts + segments * 2;
    const ranges = deltas + segments * 2;
    return (cp) => {
      if (cp > 0xffff) return 0;
      for (let s = 0; s < segments; s++) {
        if (cp > v.getUint16(ends + s * 2)) continue;
        const startCode = v.getUint16(starts + s * 2);
        if (cp < startCode) return 0;
        const delta = v.getInt16(deltas + s * 2);
        const range = v.getUint16(ranges + s * 2);
        if (range === 0) return (cp + delta) & 0xffff;
        const glyph = v.getUint16(ranges + s * 2 + range + (cp - startCode) * 2);
        return glyph === 0 ? 0 : (glyph + delta) & 0xffff;
      }
      return 0;
    };
  }
}
