// Our own scan converter for glyph outlines. A printer dot is either burnt or not, so there is
// no anti-aliasing to do: a dot is ink when its centre lies inside the outline under the
// nonzero winding rule (TrueType's rule, and the only one that fills overlapping contours such
// as Roboto's H, whose crossbar is a separate box laid over both stems). Curves are flattened
// into lines finely enough that no dot centre can land on the wrong side by more than a tiny
// fraction of a dot.
//
// The result is a list of rectangles: each row's inside runs, with runs that repeat on the
// next row merged into one taller rectangle. A stem of a 100-dot glyph is then one rectangle
// instead of 100 spans, and drawing a cached glyph costs a handful of Painter.fillRect calls.

/** A closed outline in any units; y grows upward as in fonts (see OutlineTransform). */
export type OutlineCommand =
  | { type: 'M' | 'L'; x: number; y: number }
  | { type: 'Q'; x1: number; y1: number; x: number; y: number }
  | { type: 'C'; x1: number; y1: number; x2: number; y2: number; x: number; y: number }
  | { type: 'Z' };

/**
 * Outline units to dots: X = dx + x·sx, Y = dy − y·sy. The minus turns the font's y-up into the
 * label's y-down, so a glyph's baseline (y = 0) lands on row boundary dy.
 */
export interface OutlineTransform {
  sx: number;
  sy: number;
  dx: number;
  dy: number;
}

/** Ink as rectangles (x, y, w, h) packed four numbers each, in dots. */
export interface Raster {
  readonly rects: Int32Array;
  /** Number of rectangles (rects holds 4 numbers per rectangle). */
  readonly count: number;
  /** Ink bounds in dots (x1/y1 exclusive); all 0 when there is no ink. */
  readonly x0: number;
  readonly y0: number;
  readonly x1: number;
  readonly y1: number;
}

export const EMPTY_RASTER: Raster = {
  rects: new Int32Array(0),
  count: 0,
  x0: 0,
  y0: 0,
  x1: 0,
  y1: 0,
};

// Largest distance, in dots, between a curve and the lines that stand in for it. A dot centre
// closer than this to a curved edge is the only one that could come out differently.
const FLATNESS = 0.02;
const MAX_SEGMENTS = 256;

/** Growable list of line edges in dots (x0, y0, x1, y1), horizontal ones dropped. */
class EdgeList {
  data = new Float64Array(256);
  length = 0;
  minY = Infinity;
  maxY = -Infinity;

  add(x0: number, y0: number, x1: number, y1: number): void {
    // A horizontal edge never crosses a row's centre line: it adds no winding.
    if (y0 === y1) return;
    if (this.length + 4 > this.data.length) {
      const bigger = new Float64Array(this.data.length * 2);
      bigger.set(this.data);
      this.data = bigger;
    }
    const d = this.data;
    d[this.length++] = x0;
    d[this.length++] = y0;
    d[this.length++] = x1;
    d[this.length++] = y1;
    if (y0 < this.minY) this.minY = y0;
    if (y1 < this.minY) this.minY = y1;
    if (y0 > this.maxY) this.maxY = y0;
    if (y1 > this.maxY) this.maxY = y1;
  }
}

/** Flattens an outline into dot-space edges, closing every contour. */
function flatten(commands: readonly OutlineCommand[], t: OutlineTransform): EdgeList {
  const edges = new EdgeList();
  const X = (x: number): number => t.dx + x * t.sx;
  const Y = (y: number): number => t.dy - y * t.sy;
  let startX = 0;
  let startY = 0;
  let x = 0;
  let y = 0;
  let open = false;
  const close = (): void => {
    if (open && (x !== startX || y !== startY)) edges.add(x, y, startX, startY);
    open = false;
  };
  /** n equal steps of a curve from the current point; `at(s, 1 − s)` gives its x or y at s. */
  const chords = (
    n: number,
    atX: (s: number, u: number) => number,
    atY: (s: number, u: number) => number,
  ): void => {
    let px = x;
    let py = y;
    for (let i = 1; i <= n; i++) {
      const s = i / n;
      const qx = atX(s, 1 - s);
      const qy = atY(s, 1 - s);
      edges.add(px, py, qx, qy);
      px = qx;
      py = qy;
    }
  };
  for (const c of commands) {
    switch (c.type) {
      case 'M':
        close();
        startX = x = X(c.x);
        startY = y = Y(c.y);
        open = true;
        break;
      case 'L': {
        const nx = X(c.x);
        const ny = Y(c.y);
        edges.add(x, y, nx, ny);
        x = nx;
        y = ny;
        open = true;
        break;
      }
      case 'Q': {
        const cx = X(c.x1);
        const cy = Y(c.y1);
        const ex = X(c.x);
        const ey = Y(c.y);
        // Chord error of n equal steps is |p0 − 2c + p1| / (4n²) (second derivative bound).
        const d = Math.hypot(x - 2 * cx + ex, y - 2 * cy + ey);
        const n = Math.min(MAX_SEGMENTS, Math.max(1, Math.ceil(Math.sqrt(d / (4 * FLATNESS)))));
        const [x0, y0] = [x, y];
        chords(
          n,
          (s, u) => u * u * x0 + 2 * u * s * cx + s * s * ex,
          (s, u) => u * u * y0 + 2 * u * s * cy + s * s * ey,
        );
        x = ex;
        y = ey;
        open = true;
        break;
      }
      case 'C': {
        const ax = X(c.x1);
        const ay = Y(c.y1);
        const bx = X(c.x2);
        const by = Y(c.y2);
        const ex = X(c.x);
        const ey = Y(c.y);
        // |B''| ≤ 6·max(|p0 − 2c1 + c2|, |c1 − 2c2 + p1|), so the chord error is ≤ 0.75·M/n².
        const m = Math.max(
          Math.hypot(x - 2 * ax + bx, y - 2 * ay + by),
          Math.hypot(ax - 2 * bx + ex, ay - 2 * by + ey),
        );
        const n = Math.min(MAX_SEGMENTS, Math.max(1, Math.ceil(Math.sqrt((0.75 * m) / FLATNESS))));
        const [x0, y0] = [x, y];
        const cubic = (p0: number, p1: number, p2: number, p3: number) => (s: number, u: number) =>
          u * u * u * p0 + 3 * u * u * s * p1 + 3 * u * s * s * p2 + s * s * s * p3;
        chords(n, cubic(x0, ax, bx, ex), cubic(y0, ay, by, ey));
        x = ex;
        y = ey;
        open = true;
        break;
      }
      case 'Z':
        close();
        x = startX;
        y = startY;
        break;
    }
  }
  close();
  return edges;
}

/** Sorts crossings (x, winding) of one row by x, insertion sort: rows hold a few dozen. */
function sortCrossings(xs: Float64Array, ws: Int8Array, from: number, to: number): void {
  for (let i = from + 1; i < to; i++) {
    const x = xs[i] ?? 0;
    const w = ws[i] ?? 0;
    let j = i - 1;
    while (j >= from && (xs[j] ?? 0) > x) {
      xs[j + 1] = xs[j] ?? 0;
      ws[j + 1] = ws[j] ?? 0;
      j--;
    }
    xs[j + 1] = x;
    ws[j + 1] = w;
  }
}

/**
 * Scan-converts an outline. Dot (c, r) — the unit square [c, c+1)×[r, r+1) — is ink when its
 * centre (c + ½, r + ½) is inside; a centre exactly on a left edge counts as inside and one on
 * a right edge as outside, so two shapes that touch never both claim a dot.
 */
export function rasterize(commands: readonly OutlineCommand[], t: OutlineTransform): Raster {
  const edges = flatten(commands, t);
  if (edges.length === 0) return EMPTY_RASTER;
  // Rows whose centre line lies within the outline's vertical extent.
  const rowFrom = Math.ceil(edges.minY - 0.5);
  const rowTo = Math.ceil(edges.maxY - 0.5);
  const rows = rowTo - rowFrom;
  if (rows <= 0) return EMPTY_RASTER;

  // Two passes over the edges: count each row's crossings, then fill them in place.
  const d = edges.data;
  const counts = new Int32Array(rows + 1);
  for (let i = 0; i < edges.length; i += 4) {
    const y0 = d[i + 1] ?? 0;
    const y1 = d[i + 3] ?? 0;
    const top = Math.min(y0, y1);
    const bottom = Math.max(y0, y1);
    // Half-open [top, bottom): a vertex shared by two edges is crossed exactly once.
    const a = Math.ceil(top - 0.5) - rowFrom;
    const b = Math.ceil(bottom - 0.5) - rowFrom;
    for (let r = a; r < b; r++) counts[r + 1] = (counts[r + 1] ?? 0) + 1;
  }
  for (let r = 0; r < rows; r++) counts[r + 1] = (counts[r + 1] ?? 0) + (counts[r] ?? 0);
  const total = counts[rows] ?? 0;
  const xs = new Float64Array(total);
  const ws = new Int8Array(total);
  const fill = counts.slice(0, rows);
  for (let i = 0; i < edges.length; i += 4) {
    const x0 = d[i] ?? 0;
    const y0 = d[i + 1] ?? 0;
    const x1 = d[i + 2] ?? 0;
    const y1 = d[i + 3] ?? 0;
    const down = y1 > y0;
    const top = down ? y0 : y1;
    const bottom = down ? y1 : y0;
    const a = Math.ceil(top - 0.5) - rowFrom;
    const b = Math.ceil(bottom - 0.5) - rowFrom;
    const slope = (x1 - x0) / (y1 - y0);
    for (let r = a; r < b; r++) {
      const yc = rowFrom + r + 0.5;
      const k = fill[r] ?? 0;
      fill[r] = k + 1;
      xs[k] = x0 + (yc - y0) * slope;
      ws[k] = down ? 1 : -1;
    }
  }

  // Walk each row, emit inside runs, and stack runs that repeat row after row.
  const out: number[] = [];
  let prev: number[] = []; // open rectangles of the previous row: [x0, x1, index into out]
  let minX = Infinity;
  let maxX = -Infinity;
  let minY = Infinity;
  let maxY = -Infinity;
  for (let r = 0; r < rows; r++) {
    const from = counts[r] ?? 0;
    const to = counts[r + 1] ?? 0;
    sortCrossings(xs, ws, from, to);
    const cur: number[] = [];
    let winding = 0;
    let runStart = 0;
    let p = 0; // cursor into prev, which is sorted by x like this row's runs
    for (let i = from; i < to; i++) {
      const before = winding;
      winding += ws[i] ?? 0;
      if (before === 0 && winding !== 0) runStart = xs[i] ?? 0;
      else if (before !== 0 && winding === 0) {
        const c0 = Math.ceil(runStart - 0.5);
        const c1 = Math.ceil((xs[i] ?? 0) - 0.5);
        if (c1 <= c0) continue;
        const y = rowFrom + r;
        while (p < prev.length && (prev[p] ?? 0) < c0) p += 3;
        if (p < prev.length && prev[p] === c0 && prev[p + 1] === c1) {
          const at = prev[p + 2] ?? 0;
          out[at + 3] = (out[at + 3] ?? 0) + 1;
          cur.push(c0, c1, at);
          p += 3;
        } else {
          cur.push(c0, c1, out.length);
          out.push(c0, y, c1 - c0, 1);
        }
        if (c0 < minX) minX = c0;
        if (c1 > maxX) maxX = c1;
        if (y < minY) minY = y;
        if (y + 1 > maxY) maxY = y + 1;
      }
    }
    prev = cur;
  }
  if (out.length === 0) return EMPTY_RASTER;
  return {
    rects: Int32Array.from(out),
    count: out.length / 4,
    x0: minX,
    y0: minY,
    x1: maxX,
    y1: maxY,
  };
}

/** Something rectangles can be drawn on: a Painter, or a Bitmap in tests. */
export interface RectSink {
  fillRect(x: number, y: number, w: number, h: number): void;
}

/** Draws a raster with its origin at (x, y). */
export function paintRaster(sink: RectSink, raster: Raster, x: number, y: number): void {
  const r = raster.rects;
  for (let i = 0; i < raster.count * 4; i += 4) {
    sink.fillRect(x + (r[i] ?? 0), y + (r[i + 1] ?? 0), r[i + 2] ?? 0, r[i + 3] ?? 0);
  }
}
