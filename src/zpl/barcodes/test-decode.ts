// Test support for the *.test.ts files beside it (never imported by the engine): draws a layout
// into a Bitmap through the real Painter and reads it back with zxing-wasm, an independent
// decoder, so the tests trust neither bwip-js nor our drawing.
//
// zxing-wasm fetches its .wasm from a CDN unless told otherwise; the tests read
// node_modules/zxing-wasm/dist/reader/zxing_reader.wasm themselves (this file stays free of
// Node imports like the rest of src/zpl) and hand the bytes to initDecoder.
import {
  prepareZXingModule,
  readBarcodes,
  type ReadInputBarcodeFormat,
  type ReadResult,
} from 'zxing-wasm/reader';
import bwipjs from 'bwip-js/generic';
import { Bitmap } from '../bitmap.ts';
import { painter, type Orientation } from '../painter.ts';
import type { MatrixEncoding } from './bwip.ts';
import type { BarcodeLayout } from './types.ts';

let ready: Promise<unknown> | undefined;

export function initDecoder(wasm: Uint8Array): Promise<unknown> {
  const binary = wasm.buffer.slice(wasm.byteOffset, wasm.byteOffset + wasm.byteLength);
  ready ??= prepareZXingModule({
    overrides: { wasmBinary: binary as ArrayBuffer },
    fireImmediately: true,
  });
  return ready;
}

/** The layout's frame drawn on a white bitmap with `margin` dots of quiet zone all round. */
export function render(layout: BarcodeLayout, orientation: Orientation = 'N', margin = 40): Bitmap {
  const turned = orientation === 'R' || orientation === 'B';
  const w = (turned ? layout.height : layout.width) + 2 * margin;
  const h = (turned ? layout.width : layout.height) + 2 * margin;
  const target = new Bitmap(w, h);
  const p = painter({
    target,
    x: margin,
    y: margin,
    width: layout.width,
    height: layout.height,
    orientation,
  });
  layout.draw(p);
  p.end();
  return target;
}

export async function decode(
  bitmap: Bitmap,
  formats: ReadInputBarcodeFormat[],
): Promise<ReadResult[]> {
  const data = new Uint8ClampedArray(bitmap.width * bitmap.height * 4);
  for (let y = 0; y < bitmap.height; y++) {
    for (let x = 0; x < bitmap.width; x++) {
      const v = bitmap.get(x, y) ? 0 : 255;
      const o = (y * bitmap.width + x) * 4;
      data[o] = v;
      data[o + 1] = v;
      data[o + 2] = v;
      data[o + 3] = 255;
    }
  }
  // zxing-wasm takes anything shaped like ImageData; Node has no ImageData class.
  const image = { data, width: bitmap.width, height: bitmap.height } as unknown as Parameters<
    typeof readBarcodes
  >[0];
  return readBarcodes(image, {
    formats,
    tryHarder: true,
    tryRotate: true,
    maxNumberOfSymbols: 4,
    textMode: 'Plain',
  });
}

/** Runs of equal dots along row y from x0 to x1: [dark?, length] pairs. */
export function runs(
  bitmap: Bitmap,
  y: number,
  x0 = 0,
  x1 = bitmap.width,
): Array<[boolean, number]> {
  const out: Array<[boolean, number]> = [];
  for (let x = x0; x < x1; x++) {
    const dark = bitmap.get(x, y) === 1;
    const last = out[out.length - 1];
    if (last && last[0] === dark) last[1]++;
    else out.push([dark, 1]);
  }
  return out;
}

/** The bar and space widths of a linear symbol drawn upright at (margin, margin), row y. */
export function elementWidths(bitmap: Bitmap, y: number): number[] {
  const r = runs(bitmap, y);
  // Drop the quiet zones on both sides.
  if (r[0] && !r[0][0]) r.shift();
  const last = r[r.length - 1];
  if (last && !last[0]) r.pop();
  return r.map(([, n]) => n);
}

/** Each turned bitmap rotated back upright, for exact comparisons with the N render. */
export function upright(bitmap: Bitmap, orientation: Orientation): Bitmap {
  if (orientation === 'N') return bitmap;
  const turned = orientation === 'R' || orientation === 'B';
  const out = new Bitmap(
    turned ? bitmap.height : bitmap.width,
    turned ? bitmap.width : bitmap.height,
  );
  for (let y = 0; y < bitmap.height; y++) {
    for (let x = 0; x < bitmap.width; x++) {
      if (!bitmap.get(x, y)) continue;
      // Inverse of the painter: where did frame dot (u, v) land?
      if (orientation === 'R') out.set(y, bitmap.width - 1 - x);
      else if (orientation === 'I') out.set(bitmap.width - 1 - x, bitmap.height - 1 - y);
      else out.set(bitmap.height - 1 - y, x);
    }
  }
  return out;
}

export function sameDots(a: Bitmap, b: Bitmap): boolean {
  if (a.width !== b.width || a.height !== b.height) return false;
  return a.data.every((v, i) => v === b.data[i]);
}

/**
 * A QR code as bwip-js (BWIPP) draws it with a given mask (0–7): an independent encoder for
 * judging ours (qr-encode.ts), through bwip-js's own public raw() so nothing of ours is used.
 */
export function bwipQr(text: string, level: 'L' | 'M' | 'Q' | 'H', mask: number): MatrixEncoding {
  // BWIPP's qrcode options, which bwip-js's RawOptions type does not list.
  const options = {
    bcid: 'qrcode',
    text,
    eclevel: level,
    fixedeclevel: true,
    binarytext: true,
    mask: mask + 1, // BWIPP counts masks from 1
  } as Parameters<typeof bwipjs.raw>[0];
  const [symbol] = bwipjs.raw(options) as unknown as {
    pixs: number[];
    pixx: number;
    pixy: number;
  }[];
  if (!symbol) throw new Error('bwip-js drew no QR code');
  return {
    kind: 'matrix',
    columns: symbol.pixx,
    rows: symbol.pixy,
    pixs: Uint8Array.from(symbol.pixs, (v) => (v ? 1 : 0)),
  };
}
