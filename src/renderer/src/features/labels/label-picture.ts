// A label's picture as the worker hands it over: pixels ready for a canvas, not an image file.
// A PNG cost an encode in the worker and a decode here (with the React work around it, 60 ms
// of a 67 ms preview). The worker also shrinks the label to the size it is shown at: a 4×6
// label at 8 dots/mm is 1219 dots high and shown 600 pixels high, so the browser would only
// scale it down again, after this thread had copied and the compositor drawn four times the
// pixels (and at 24 dots/mm, 36 times).

/** How high the screen shows a label, in CSS pixels (LabelPreviews sets the same limit). */
export const SHOWN_HEIGHT_PX = 600;

export interface LabelPicture {
  /** In pixels: the label's dots ÷ `scale`, rounded up. */
  width: number;
  height: number;
  /** Printer dots per pixel each way: 1 draws every dot, 2 averages each 2 × 2 dots… */
  scale: number;
  /** RGBA, grey where a pixel covers both ink and paper. */
  pixels: Uint8ClampedArray<ArrayBuffer>;
}

/** The engine's 1-bit picture: rows of ⌈width / 8⌉ bytes, leftmost dot in the highest bit. */
export interface Dots {
  width: number;
  height: number;
  data: Uint8Array;
}

/** Dots per pixel for a label `dotsHigh` high shown at most `shownPx` device pixels high. */
export const scaleFor = (dotsHigh: number, shownPx: number): number =>
  Math.max(1, Math.floor(dotsHigh / Math.max(1, shownPx)));

// One RGBA pixel as a 32-bit word in the platform's byte order: R, G, B, A from the lowest
// address up, so the word reads the other way round on a little-endian machine.
const LITTLE_ENDIAN = new Uint8Array(new Uint32Array([1]).buffer)[0] === 1;
const grey = (g: number) =>
  (LITTLE_ENDIAN
    ? (0xff << 24) | (g << 16) | (g << 8) | g
    : (g << 24) | (g << 16) | (g << 8) | 0xff) >>> 0;
const GREYS = Uint32Array.from({ length: 256 }, (_, g) => grey(g));

const WHITE = GREYS[255] as number;
const BLACK = GREYS[0] as number;

/**
 * For each phase (where a byte's first dot falls within its first pixel column) and each byte,
 * how many of the byte's ink dots fall in each pixel column it touches: up to four columns,
 * one count a byte of the word, the first column lowest. Made once per scale.
 */
const inkTables = new Map<number, Uint32Array>();
function inkTable(scale: number): Uint32Array {
  let table = inkTables.get(scale);
  if (table) return table;
  table = new Uint32Array(scale * 256);
  for (let phase = 0; phase < scale; phase++)
    for (let byte = 1; byte < 256; byte++) {
      let counts = 0;
      for (let bit = 0; bit < 8; bit++)
        if (byte & (0x80 >> bit)) counts += 1 << (8 * (((phase + bit) / scale) | 0));
      table[phase * 256 + byte] = counts;
    }
  inkTables.set(scale, table);
  return table;
}

/**
 * The label as pixels, each the share of paper in its `scale` × `scale` dots (black 0, white
 * 255; the last row and column of pixels cover what is left of the label). Runs in the worker.
 * The picture starts as paper and only pixels with ink are written: most of a label is paper,
 * and a byte of dots is counted with one table look-up rather than dot by dot.
 */
export function shrinkDots(dots: Dots, scale: number): LabelPicture {
  const { data } = dots;
  const stride = (dots.width + 7) >> 3;
  const width = Math.ceil(dots.width / scale);
  const height = Math.ceil(dots.height / scale);
  const pixels = new Uint8ClampedArray(width * height * 4);
  const words = new Uint32Array(pixels.buffer);
  words.fill(WHITE);
  // The dots of the last byte of a row (the rest is padding).
  const lastByte = (0xff00 >> (dots.width - ((stride - 1) << 3))) & 0xff;
  if (scale === 1) {
    for (let y = 0; y < dots.height; y++)
      inkRow(data, y * stride, stride, lastByte, words, y * width);
    return { width, height, scale, pixels };
  }
  const table = inkTable(scale);
  // Each byte's first pixel column, and where in the table its phase starts.
  const firstColumn = new Uint16Array(stride);
  const phaseAt = new Uint16Array(stride);
  for (let i = 0; i < stride; i++) {
    firstColumn[i] = ((i << 3) / scale) | 0;
    phaseAt[i] = ((i << 3) % scale) << 8;
  }
  // Room for the columns a last byte's padding would name (its bits are masked off).
  const ink = new Uint8Array(width + 4);
  // The pixel for n ink dots of `area`, looked up rather than divided 250,000 times a label.
  const shades = (area: number) =>
    Uint32Array.from(
      { length: area + 1 },
      (_, n) => GREYS[255 - Math.round((255 * n) / area)] ?? 0,
    );
  const lastColumn = dots.width - (width - 1) * scale;
  let full = shades(scale * scale);
  let edge = shades(scale * lastColumn);
  for (let py = 0; py < height; py++) {
    const y0 = py * scale;
    const y1 = Math.min(dots.height, y0 + scale);
    if (y1 - y0 !== scale) {
      full = shades((y1 - y0) * scale);
      edge = shades((y1 - y0) * lastColumn);
    }
    let any = false;
    for (let y = y0; y < y1; y++)
      any = countInk(data, y * stride, stride, lastByte, table, firstColumn, phaseAt, ink) || any;
    if (!any) continue;
    const at = py * width;
    for (let px = 0; px < width - 1; px++) {
      const n = ink[px] as number;
      if (n === 0) continue;
      words[at + px] = full[n] as number;
      ink[px] = 0;
    }
    const n = ink[width - 1] as number;
    if (n !== 0) words[at + width - 1] = edge[n] as number;
    ink[width - 1] = 0;
  }
  return { width, height, scale, pixels };
}

/**
 * Adds one row's ink dots to the count of the pixel column each falls in; says whether the
 * row had any. A byte without ink is skipped whole. A function of its own, called for every
 * row, so the engine optimises it within a few rows rather than after many labels.
 */
function countInk(
  data: Uint8Array,
  row: number,
  stride: number,
  lastByte: number,
  table: Uint32Array,
  firstColumn: Uint16Array,
  phaseAt: Uint16Array,
  ink: Uint8Array,
): boolean {
  let any = false;
  for (let i = 0; i < stride; i++) {
    let byte = data[row + i] as number;
    if (byte === 0) continue;
    if (i === stride - 1) byte &= lastByte;
    let counts = table[(phaseAt[i] as number) + byte] as number;
    let column = firstColumn[i] as number;
    any ||= counts !== 0;
    while (counts !== 0) {
      ink[column] = (ink[column] as number) + (counts & 0xff);
      counts >>>= 8;
      column++;
    }
  }
  return any;
}

/** Scale 1: each ink dot of the row paints its pixel black. */
function inkRow(
  data: Uint8Array,
  row: number,
  stride: number,
  lastByte: number,
  words: Uint32Array,
  at: number,
): void {
  for (let i = 0; i < stride; i++) {
    let byte = data[row + i] as number;
    if (byte === 0) continue;
    if (i === stride - 1) byte &= lastByte;
    const x0 = at + (i << 3);
    while (byte !== 0) {
      const bit = Math.clz32(byte) - 24;
      words[x0 + bit] = BLACK;
      byte &= ~(0x80 >> bit);
    }
  }
}

/** Paints the picture on the canvas, one canvas pixel per picture pixel. */
export function paintPicture(canvas: HTMLCanvasElement, picture: LabelPicture): void {
  canvas.width = picture.width;
  canvas.height = picture.height;
  const context = canvas.getContext('2d', { alpha: false });
  // A page without 2D canvases (the unit tests' jsdom) keeps the blank, correctly sized canvas.
  if (!context || picture.width === 0 || picture.height === 0) return;
  // The worker's pixels as they are, not copied into a new ImageData first.
  context.putImageData(new ImageData(picture.pixels, picture.width, picture.height), 0, 0);
}
