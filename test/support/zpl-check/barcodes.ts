// Reads the barcodes on a label bitmap with ZXing (zxing-wasm), an implementation that owes
// nothing to ours: if it reads the data back, the bars are right.
//
// zxing-wasm fetches its .wasm from a CDN unless told otherwise. Tests run offline, so the
// reader build's .wasm is read from node_modules, checked against the hash the package ships
// for it, and handed over as the module's `wasmBinary`.
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import {
  prepareZXingModule,
  readBarcodes,
  ZXING_WASM_SHA256,
  type Position,
  type ReaderOptions,
  type ReadInputBarcodeFormat,
  type ReadOutputBarcodeFormat,
  type TextMode,
} from 'zxing-wasm/reader';
import type { Bitmap } from '@zpl/bitmap.ts';
import { clip, frame, type Region } from './region.ts';

export interface DecodeBarcodesOptions {
  /** Formats to look for, in zxing's names ('Code128', 'QRCode', 'EAN13', …); default all. */
  formats?: ReadInputBarcodeFormat[];
  /** Look only here; positions still come back in label dots. */
  region?: Region;
  /**
   * White dots added around the label. ZPL puts bars right up to the label's edge, but a
   * reader needs a quiet zone (10 modules for Code 128); 40 dots covers modules up to 4.
   */
  quietZone?: number;
  /** Whole-number upscale before reading, for symbols with 1-dot modules. Default 1. */
  scale?: number;
  /**
   * How `text` is rendered. Default 'Plain': the encoded characters as they are (a GS1 FNC1
   * separator reads as GS, \x1d). 'HRI' gives "(01)…" for GS1; 'Escaped' shows "<GS>".
   */
  textMode?: TextMode;
  /** Any other zxing reader option (tryHarder, isPure, binarizer, …). */
  reader?: ReaderOptions;
}

export interface DecodedBarcode {
  text: string;
  /** zxing's canonical name: 'Code128', 'QRCode', 'EAN13', 'DataMatrix', 'PDF417', … */
  format: ReadOutputBarcodeFormat;
  /**
   * The symbol's corners in label dots (fractions possible when scaled). For linear codes
   * the corners span the scan lines that read, which may be less than the bars' height.
   */
  position: Position;
  /** ISO/IEC 15424 identifier: ']C1' marks GS1-128, ']C0' plain Code 128, ']Q1' QR, … */
  symbologyIdentifier: string;
  /** The raw encoded bytes. */
  bytes: Uint8Array;
}

let loading: Promise<void> | undefined;

function loadReader(): Promise<void> {
  loading ??= (async () => {
    const require = createRequire(import.meta.url);
    const path = require.resolve('zxing-wasm/reader/zxing_reader.wasm');
    const bytes = await readFile(path);
    const digest = createHash('sha256').update(bytes).digest('hex');
    if (digest !== ZXING_WASM_SHA256) {
      throw new Error(
        `${path} does not match zxing-wasm's own hash (${digest} ≠ ${ZXING_WASM_SHA256}); ` +
          'reinstall node_modules',
      );
    }
    await prepareZXingModule({
      // A plain ArrayBuffer copy: a Buffer may be a view into Node's shared pool.
      overrides: { wasmBinary: new Uint8Array(bytes).buffer, locateFile: () => path },
      fireImmediately: true,
    });
  })();
  return loading;
}

/**
 * Every barcode zxing finds on the bitmap, top to bottom, then left to right. zxing joins
 * scan lines by content, so two identical linear symbols stacked in the same columns can
 * come back as one odd-shaped result: read each through its own `region` then.
 */
export async function decodeBarcodes(
  bitmap: Bitmap,
  options: DecodeBarcodesOptions = {},
): Promise<DecodedBarcode[]> {
  await loadReader();
  const margin = options.quietZone ?? 40;
  const scale = options.scale ?? 1;
  const region = clip(bitmap, options.region);
  const framed = frame(bitmap, { region, margin, scale });
  if (framed.width === 0 || framed.height === 0) return [];

  // ImageData-like RGBA: white paper, black ink, opaque.
  const rgba = new Uint8ClampedArray(framed.width * framed.height * 4).fill(255);
  for (let y = 0; y < framed.height; y++) {
    for (let x = 0; x < framed.width; x++) {
      if (framed.get(x, y) === 0) continue;
      const i = (y * framed.width + x) * 4;
      rgba[i] = 0;
      rgba[i + 1] = 0;
      rgba[i + 2] = 0;
    }
  }
  const results = await readBarcodes(
    { data: rgba, width: framed.width, height: framed.height },
    {
      ...options.reader,
      formats: options.formats ?? options.reader?.formats ?? [],
      textMode: options.textMode ?? options.reader?.textMode ?? 'Plain',
    },
  );

  const toLabel = (p: { x: number; y: number }) => ({
    x: region.x + p.x / scale - margin,
    y: region.y + p.y / scale - margin,
  });
  const found = results.map((r): DecodedBarcode => ({
    text: r.text,
    format: r.format,
    position: {
      topLeft: toLabel(r.position.topLeft),
      topRight: toLabel(r.position.topRight),
      bottomRight: toLabel(r.position.bottomRight),
      bottomLeft: toLabel(r.position.bottomLeft),
    },
    symbologyIdentifier: r.symbologyIdentifier,
    bytes: r.bytes,
  }));
  const corner = (b: DecodedBarcode) => {
    const { topLeft, topRight, bottomLeft, bottomRight } = b.position;
    return {
      x: Math.min(topLeft.x, topRight.x, bottomLeft.x, bottomRight.x),
      y: Math.min(topLeft.y, topRight.y, bottomLeft.y, bottomRight.y),
    };
  };
  return found.sort((a, b) => corner(a).y - corner(b).y || corner(a).x - corner(b).x);
}
