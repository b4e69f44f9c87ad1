// ^GB box, ^GC circle, ^GE ellipse and ^GD diagonal line, each laid out in its own upright frame
// (top-left at the field origin) and inked as row spans through a Painter. Ink only: the
// interpreter picks black, white (c = W) or xor (^FR) through the painter's mode.
//
// Parameters, defaults and ranges: ZPL II Programming Guide, ^GB, ^GC, ^GE, ^GD.
//
// Rasterising rule (the guide draws pictures, not dots): a dot is ink when its centre lies in
// the shape, computed in whole numbers so results are exact and symmetric. Curves are closed
// on the outside and open on the inside (a dot centred exactly on the outer edge is ink, one
// exactly on the inner edge is not).
import type { Painter } from '../painter.ts';
import { choiceParam, intParam, splitParams, type RawParams } from './params.ts';

/** B black, W white: the interpreter turns it into the painter's mode. */
export type LineColor = 'B' | 'W';

export interface ShapeLayout {
  /** The upright frame's size in dots; the field origin is its top-left. */
  width: number;
  height: number;
  color: LineColor;
  /** Inks the shape into the frame (does not call end()). */
  draw(p: Painter): void;
  warnings: string[];
}

const COLORS: Readonly<Record<string, LineColor>> = { B: 'B', W: 'W' };

// ---------------------------------------------------------------------------------------------
// ^GBw,h,t,c,r
//   w  value of t to 32000, default t          h  value of t to 32000, default t
//   t  1 to 32000, default 1                   c  B or W, default B
//   r  corner rounding 0 (none) to 8 (heaviest), default 0;
//      "rounding-radius = (rounding-index / 8) * (shorter side / 2)"

export interface GraphicBoxParams {
  width: number;
  height: number;
  thickness: number;
  color: LineColor;
  rounding: number;
}

export function graphicBoxParams(params: RawParams, warnings: string[] = []): GraphicBoxParams {
  const [w, h, t, c, r] = splitParams(params);
  const thickness = intParam(t, 1, { label: '^GB thickness', min: 1, max: 32000 }, warnings);
  // Below t is the usual way to write a line (^GB0,100,3): it silently becomes t.
  const side = { min: thickness, max: 32000, quietBelowMin: true };
  const width = intParam(w, thickness, { label: '^GB width', ...side }, warnings);
  const height = intParam(h, thickness, { label: '^GB height', ...side }, warnings);
  const color = choiceParam(c, COLORS, 'B', '^GB line color', warnings);
  const rounding = intParam(r, 0, { label: '^GB corner rounding', min: 0, max: 8 }, warnings);
  return { width, height, thickness, color, rounding };
}

export function graphicBox(params: RawParams): ShapeLayout {
  const warnings: string[] = [];
  const box = graphicBoxParams(params, warnings);
  return {
    width: box.width,
    height: box.height,
    color: box.color,
    draw: (p) => drawBox(p, box.width, box.height, box.thickness, box.rounding),
    warnings,
  };
}

/**
 * A box's border, t dots thick inside the w×h frame, corners rounded with radius
 * r/8 × min(w, h)/2. The inside edge's corners are concentric (radius less t, square once
 * that is 0), so the border keeps its thickness round the bend. A border reaching the middle
 * (2t ≥ the shorter side) fills the box.
 */
export function drawBox(
  p: Painter,
  width: number,
  height: number,
  thickness: number,
  rounding = 0,
): void {
  const t = thickness;
  const filled = 2 * t >= Math.min(width, height);
  if (rounding <= 0) {
    if (filled) {
      p.fillRect(0, 0, width, height);
      return;
    }
    p.fillRect(0, 0, width, t);
    p.fillRect(0, height - t, width, t);
    p.fillRect(0, t, t, height - 2 * t);
    p.fillRect(width - t, t, t, height - 2 * t);
    return;
  }
  // Radii are kept as 16 × radius: rounding × shorter side is a whole number.
  const radius16 = rounding * Math.min(width, height);
  const innerRadius16 = Math.max(0, radius16 - 16 * t);
  const innerHeight = height - 2 * t;
  const rows = rowSpans(p);
  for (let y = 0; y < height; y++) {
    const outer = roundedInset(y, height, radius16);
    if (filled || y < t || y >= height - t) {
      rows.add(y, outer, width - outer);
    } else {
      const inner = t + roundedInset(y - t, innerHeight, innerRadius16);
      rows.add(y, outer, inner, width - inner, width - outer);
    }
  }
  rows.end();
}

/**
 * How many dots row y of a rounded rectangle `height` rows tall leaves out on each side: the
 * dots whose centres fall outside the corner circle of radius radius16 / 16.
 */
function roundedInset(y: number, height: number, radius16: number): number {
  if (radius16 <= 0) return 0;
  // Dot centres are at (16y + 8) / 16; the corner circle's centre at radius16 / 16.
  const v = 16 * Math.min(y, height - 1 - y) + 8 - radius16;
  if (v >= 0) return 0;
  const reach = isqrt(radius16 * radius16 - v * v);
  return Math.max(0, ceilDiv(radius16 - 8 - reach, 16));
}

// ---------------------------------------------------------------------------------------------
// ^GCd,t,c
//   d  diameter 3 to 4095 (larger values become 4095), default 3
//   t  thickness, default 1 (the guide lists "2 to 4095" next to that default; 1 prints, so
//      1 to 4095 is accepted)          c  B or W, default B

export interface GraphicCircleParams {
  diameter: number;
  thickness: number;
  color: LineColor;
}

export function graphicCircleParams(
  params: RawParams,
  warnings: string[] = [],
): GraphicCircleParams {
  const [d, t, c] = splitParams(params);
  const diameter = intParam(d, 3, { label: '^GC diameter', min: 3, max: 4095 }, warnings);
  const thickness = intParam(t, 1, { label: '^GC thickness', min: 1, max: 4095 }, warnings);
  const color = choiceParam(c, COLORS, 'B', '^GC line color', warnings);
  return { diameter, thickness, color };
}

export function graphicCircle(params: RawParams): ShapeLayout {
  const warnings: string[] = [];
  const circle = graphicCircleParams(params, warnings);
  return {
    width: circle.diameter,
    height: circle.diameter,
    color: circle.color,
    draw: (p) => drawEllipse(p, circle.diameter, circle.diameter, circle.thickness),
    warnings,
  };
}

// ---------------------------------------------------------------------------------------------
// ^GEw,h,t,c
//   w  3 to 4095 (larger values become 4095), default t      h  likewise
//   t  thickness, default 1 (as ^GC: 1 to 4095 accepted)     c  B or W, default B

export interface GraphicEllipseParams {
  width: number;
  height: number;
  thickness: number;
  color: LineColor;
}

export function graphicEllipseParams(
  params: RawParams,
  warnings: string[] = [],
): GraphicEllipseParams {
  const [w, h, t, c] = splitParams(params);
  const thickness = intParam(t, 1, { label: '^GE thickness', min: 1, max: 4095 }, warnings);
  // The default (t) is clamped quietly: ^GE with no size is a 3-dot ellipse, not a mistake.
  const fallback = Math.min(4095, Math.max(3, thickness));
  const width = intParam(w, fallback, { label: '^GE width', min: 3, max: 4095 }, warnings);
  const height = intParam(h, fallback, { label: '^GE height', min: 3, max: 4095 }, warnings);
  const color = choiceParam(c, COLORS, 'B', '^GE line color', warnings);
  return { width, height, thickness, color };
}

export function graphicEllipse(params: RawParams): ShapeLayout {
  const warnings: string[] = [];
  const ellipse = graphicEllipseParams(params, warnings);
  return {
    width: ellipse.width,
    height: ellipse.height,
    color: ellipse.color,
    draw: (p) => drawEllipse(p, ellipse.width, ellipse.height, ellipse.thickness),
    warnings,
  };
}

/**
 * The ring between the ellipse inscribed in the w×h frame and the one t dots inside it
 * (semi-axes less t); filled when the inner one vanishes. A circle is the w = h case.
 * In doubled coordinates X = 2x + 1 − w, Y = 2y + 1 − h a dot is inside when
 * X²·h² + Y²·w² ≤ w²·h², exact in doubles up to 4095 (and well beyond).
 */
export function drawEllipse(p: Painter, width: number, height: number, thickness: number): void {
  const innerWidth = width - 2 * thickness;
  const innerHeight = height - 2 * thickness;
  const filled = innerWidth <= 0 || innerHeight <= 0;
  const rows = rowSpans(p);
  for (let y = 0; y < height; y++) {
    const yy = 2 * y + 1 - height;
    const outer = ceilDiv(width - 1 - maxHalfChord(yy, width, height), 2);
    const innerReach = filled ? -1 : maxHalfChord(yy, innerWidth, innerHeight);
    if (innerReach < 0) {
      rows.add(y, outer, width - outer);
    } else {
      const inner = ceilDiv(width - 1 - innerReach, 2);
      rows.add(y, outer, inner, width - inner, width - outer);
    }
  }
  rows.end();
}

/** The largest X ≥ 0 with X²·h² + Y²·w² ≤ w²·h² (doubled coordinates), or −1 when none. */
function maxHalfChord(yy: number, w: number, h: number): number {
  const rhs = w * w * (h * h - yy * yy);
  if (rhs < 0) return -1;
  const hh = h * h;
  let x = Math.floor(Math.sqrt(rhs / hh));
  while (x > 0 && x * x * hh > rhs) x--;
  while ((x + 1) * (x + 1) * hh <= rhs) x++;
  return x;
}

// ---------------------------------------------------------------------------------------------
// ^GDw,h,t,c,o
//   w  3 to 32000, default t     h  3 to 32000, default t     t  1 to 32000, default 1
//   c  B or W, default B         o  R or / right-leaning (default), L or \ left-leaning
//
// The guide's picture is a slanted bar with level ends; its geometry is not given. Laid out as
// the BinaryKits.Zpl viewer and zebrash both draw it: a parallelogram whose rows are t dots
// wide, its level ends t dots long at two opposite corners of a (w + t) × h frame. For "/" the
// bottom end is [0, t) and the top end [w, w + t); "\\" mirrors it.

export type DiagonalOrientation = '/' | '\\';

export interface GraphicDiagonalParams {
  width: number;
  height: number;
  thickness: number;
  color: LineColor;
  orientation: DiagonalOrientation;
}

const DIAGONALS: Readonly<Record<string, DiagonalOrientation>> = {
  R: '/',
  '/': '/',
  L: '\\',
  '\\': '\\',
};

export function graphicDiagonalParams(
  params: RawParams,
  warnings: string[] = [],
): GraphicDiagonalParams {
  const [w, h, t, c, o] = splitParams(params);
  const thickness = intParam(t, 1, { label: '^GD thickness', min: 1, max: 32000 }, warnings);
  const fallback = Math.max(3, thickness);
  const width = intParam(w, fallback, { label: '^GD width', min: 3, max: 32000 }, warnings);
  const height = intParam(h, fallback, { label: '^GD height', min: 3, max: 32000 }, warnings);
  const color = choiceParam(c, COLORS, 'B', '^GD line color', warnings);
  const orientation = choiceParam(o, DIAGONALS, '/', '^GD orientation', warnings);
  return { width, height, thickness, color, orientation };
}

export function graphicDiagonal(params: RawParams): ShapeLayout {
  const warnings: string[] = [];
  const line = graphicDiagonalParams(params, warnings);
  return {
    width: line.width + line.thickness,
    height: line.height,
    color: line.color,
    draw: (p) => drawDiagonal(p, line.width, line.height, line.thickness, line.orientation),
    warnings,
  };
}

/**
 * The diagonal in its (w + t) × h frame. Row y's dots are those whose centres lie between the
 * parallelogram's left edge and t dots right of it: exactly t dots, starting at the first
 * centre on or right of the edge. A line shallower than t dots across per row therefore shows
 * gaps between rows, as a filled parallelogram does.
 */
export function drawDiagonal(
  p: Painter,
  width: number,
  height: number,
  thickness: number,
  orientation: DiagonalOrientation,
): void {
  const twoH = 2 * height;
  for (let y = 0; y < height; y++) {
    // The left edge at the row's centre, times 2h: w·(2h − 2y − 1) for "/", w·(2y + 1) for "\".
    const edge = orientation === '/' ? width * (twoH - 2 * y - 1) : width * (2 * y + 1);
    const x = ceilDiv(edge - height, twoH);
    p.fillRect(x, y, thickness, 1);
  }
}

// ---------------------------------------------------------------------------------------------

/** Collects one or two spans per row and paints runs of identical rows as one rectangle each. */
function rowSpans(p: Painter): {
  add(y: number, a0: number, a1: number, b0?: number, b1?: number): void;
  end(): void;
} {
  let from = 0;
  let count = 0;
  let s0 = 0;
  let s1 = 0;
  let s2 = 0;
  let s3 = 0;
  const flush = (): void => {
    if (count === 0) return;
    p.fillRect(s0, from, s1 - s0, count);
    p.fillRect(s2, from, s3 - s2, count);
  };
  return {
    add(y, a0, a1, b0 = 0, b1 = 0) {
      if (count > 0 && a0 === s0 && a1 === s1 && b0 === s2 && b1 === s3 && y === from + count) {
        count++;
        return;
      }
      flush();
      from = y;
      count = 1;
      s0 = a0;
      s1 = a1;
      s2 = b0;
      s3 = b1;
    },
    end: flush,
  };
}

/** ⌈a / b⌉ for whole a and b > 0 (exact: the quotient is never within rounding of a whole). */
function ceilDiv(a: number, b: number): number {
  return Math.ceil(a / b) + 0; // + 0 turns −0 into 0
}

function isqrt(n: number): number {
  let r = Math.floor(Math.sqrt(n));
  while (r > 0 && r * r > n) r--;
  while ((r + 1) * (r + 1) <= n) r++;
  return r;
}
