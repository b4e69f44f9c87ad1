// The overlay's band laid straight onto the camera's own YUV frame (issue #41). Drawing every
// 720p frame on a canvas costs a software colour conversion, a canvas readback and the
// encoder's conversion back, about half a core on a 2-core station without a GPU (measured:
// the overlay worker's thread at 45 % of a core): that starved the packer's window. Here the
// band (the pack's facts over a dark strip) is rasterised once per change of its lines, turned
// into per-pixel weights, and blended into the frame's planes: only the band's rows are touched.

/** The YUV layouts cameras deliver that are blended here; any other goes through a canvas. */
export type PlanarFormat = 'I420' | 'NV12';

export const isPlanarFormat = (format: string | null): format is PlanarFormat =>
  format === 'I420' || format === 'NV12';

/** Where each plane starts and how long its rows are, as VideoFrame.copyTo reports them. */
export interface Plane {
  offset: number;
  stride: number;
}

/**
 * The band as weights: for every pixel `out = (in × (256 − alpha) + add) >> 8`. Luma per pixel;
 * chroma per 2×2 block (the planes' subsampling), its weight the block's mean.
 */
export interface Band {
  width: number;
  rows: number;
  alpha: Uint16Array;
  addY: Uint32Array;
  chromaAlpha: Uint16Array;
  addU: Uint32Array;
  addV: Uint32Array;
}

/** One RGB colour in YUV (BT.601), limited range (16–235) unless the frame says full. */
function toYuv(r: number, g: number, b: number, fullRange: boolean): [number, number, number] {
  if (fullRange)
    return [
      0.299 * r + 0.587 * g + 0.114 * b,
      128 - 0.168736 * r - 0.331264 * g + 0.5 * b,
      128 + 0.5 * r - 0.418688 * g - 0.081312 * b,
    ];
  return [
    16 + (65.481 * r + 128.553 * g + 24.966 * b) / 255,
    128 + (-37.797 * r - 74.203 * g + 112 * b) / 255,
    128 + (112 * r - 93.786 * g - 18.214 * b) / 255,
  ];
}

/** The band's weights from its rasterised pixels (RGBA, not premultiplied, as getImageData). */
export function bandFromRgba(
  rgba: Uint8ClampedArray | Uint8Array,
  width: number,
  rows: number,
  fullRange: boolean,
): Band {
  const alpha = new Uint16Array(width * rows);
  const addY = new Uint32Array(width * rows);
  const chromaWidth = Math.ceil(width / 2);
  const chromaRows = Math.ceil(rows / 2);
  const chromaAlpha = new Uint16Array(chromaWidth * chromaRows);
  const addU = new Uint32Array(chromaWidth * chromaRows);
  const addV = new Uint32Array(chromaWidth * chromaRows);
  // Per block: the sums of the weights and of the weighted colours, over its (up to 4) pixels.
  const blockCount = new Uint8Array(chromaWidth * chromaRows);
  const sumA = new Float64Array(chromaWidth * chromaRows);
  const sumU = new Float64Array(chromaWidth * chromaRows);
  const sumV = new Float64Array(chromaWidth * chromaRows);
  for (let y = 0; y < rows; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const i = y * width + x;
      const a = Math.round(((rgba[i * 4 + 3] ?? 0) * 256) / 255);
      const [luma, u, v] = toYuv(
        rgba[i * 4] ?? 0,
        rgba[i * 4 + 1] ?? 0,
        rgba[i * 4 + 2] ?? 0,
        fullRange,
      );
      alpha[i] = a;
      addY[i] = Math.round(luma * a);
      const block = (y >> 1) * chromaWidth + (x >> 1);
      blockCount[block] = (blockCount[block] ?? 0) + 1;
      sumA[block] = (sumA[block] ?? 0) + a;
      sumU[block] = (sumU[block] ?? 0) + u * a;
      sumV[block] = (sumV[block] ?? 0) + v * a;
    }
  }
  for (let block = 0; block < chromaAlpha.length; block += 1) {
    const n = blockCount[block] || 1;
    chromaAlpha[block] = Math.round((sumA[block] ?? 0) / n);
    addU[block] = Math.round((sumU[block] ?? 0) / n);
    addV[block] = Math.round((sumV[block] ?? 0) / n);
  }
  return { width, rows, alpha, addY, chromaAlpha, addU, addV };
}

/**
 * Blends the band into the top rows of a frame held in `data` (I420: Y, U, V planes; NV12: Y
 * and interleaved UV), in place. The band is as wide as the frame; rows past the frame's
 * height are left out.
 */
export function blendBand(
  data: Uint8Array,
  format: PlanarFormat,
  planes: readonly Plane[],
  height: number,
  band: Band,
): void {
  const [lumaPlane, firstChroma, secondChroma] = planes;
  if (!lumaPlane || !firstChroma) throw new Error(`a ${format} frame needs its planes`);
  const rows = Math.min(band.rows, height);
  const { width, alpha, addY } = band;
  for (let y = 0; y < rows; y += 1) {
    const row = lumaPlane.offset + y * lumaPlane.stride;
    const from = y * width;
    for (let x = 0; x < width; x += 1) {
      const a = alpha[from + x] ?? 0;
      if (a === 0) continue;
      data[row + x] = ((data[row + x] ?? 0) * (256 - a) + (addY[from + x] ?? 0)) >> 8;
    }
  }
  const chromaWidth = Math.ceil(width / 2);
  const chromaRows = Math.ceil(rows / 2);
  const { chromaAlpha, addU, addV } = band;
  const mix = (at: number, a: number, add: number) => {
    data[at] = ((data[at] ?? 0) * (256 - a) + add) >> 8;
  };
  for (let y = 0; y < chromaRows; y += 1) {
    const from = y * chromaWidth;
    if (format === 'NV12') {
      const row = firstChroma.offset + y * firstChroma.stride;
      for (let x = 0; x < chromaWidth; x += 1) {
        const a = chromaAlpha[from + x] ?? 0;
        if (a === 0) continue;
        mix(row + 2 * x, a, addU[from + x] ?? 0);
        mix(row + 2 * x + 1, a, addV[from + x] ?? 0);
      }
      continue;
    }
    if (!secondChroma) throw new Error('an I420 frame needs its V plane');
    const uRow = firstChroma.offset + y * firstChroma.stride;
    const vRow = secondChroma.offset + y * secondChroma.stride;
    for (let x = 0; x < chromaWidth; x += 1) {
      const a = chromaAlpha[from + x] ?? 0;
      if (a === 0) continue;
      mix(uRow + x, a, addU[from + x] ?? 0);
      mix(vRow + x, a, addV[from + x] ?? 0);
    }
  }
}
