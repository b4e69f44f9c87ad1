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
  pixels: Uint8ClampedArray;
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

/**
 * The label as pixels, each the share of paper in its `scale` × `scale` dots (black 0, white
 * 255; the last row and column of pixels cover what is left of the label). Runs in the worker.
 */
export function shrinkDots(dots: Dots, scale: number): LabelPicture {
  const { data } = dots;
  const stride = (dots.width + 7) >> 3;
  const width = Math.ceil(dots.width / scale);
  const height = Math.ceil(dots.height / scale);
  const pixels = new Uint8ClampedArray(width * height * 4);
  const words = new Uint32Array(pixels.buffer);
  const columnOf = new Uint16Array(dots.width);
  for (let x = 0; x < dots.width; x++) columnOf[x] = (x / scale) | 0;
  const ink = new Uint16Array(width);
  // The pixel for n ink dots of `area`, looked up rather than divided 250,000 times a label.
  const shades = (area: number) =>
    Uint32Array.from(
      { length: area + 1 },
      (_, n) => GREYS[255 - Math.round((255 * n) / area)] ?? 0,
    );
  const lastColumn = dots.width - (width - 1) * scale;
  let full = shades(scale * scale);
  let edge = shades(scale * lastColumn);
  // The dots of the last byte of a row (the rest is padding).
  const lastByte = (0xff00 >> (dots.width - ((stride - 1) << 3))) & 0xff;
  for (let py = 0; py < height; py++) {
    ink.fill(0);
    const y0 = py * scale;
    const y1 = Math.min(dots.height, y0 + scale);
    if (y1 - y0 !== scale) {
      full = shades((y1 - y0) * scale);
      edge = shades((y1 - y0) * lastColumn);
    }
    for (let y = y0; y < y1; y++) countInk(data, y * stride, stride, lastByte, columnOf, ink);
    const at = py * width;
    for (let px = 0; px < width - 1; px++) words[at + px] = full[ink[px] as number] as number;
    words[at + width - 1] = edge[ink[width - 1] as number] as number;
  }
  return { width, height, scale, pixels };
}

/**
 * Adds one row's ink dots to the count of the pixel column each falls in. Most of a label is
 * paper: a byte without ink is skipped whole, and within a byte only its ink bits are visited.
 * A function of its own, called for every row, so the engine optimises it within a few rows
 * rather than after many labels.
 */
function countInk(
  data: Uint8Array,
  row: number,
  stride: number,
  lastByte: number,
  columnOf: Uint16Array,
  ink: Uint16Array,
): void {
  for (let i = 0; i < stride; i++) {
    let byte = data[row + i] as number;
    if (byte === 0) continue;
    if (i === stride - 1) byte &= lastByte;
    const x0 = i << 3;
    while (byte !== 0) {
      const bit = Math.clz32(byte) - 24;
      const column = columnOf[x0 + bit] as number;
      ink[column] = (ink[column] as number) + 1;
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
  const image = context.createImageData(picture.width, picture.height);
  image.data.set(picture.pixels);
  context.putImageData(image, 0, 0);
}
