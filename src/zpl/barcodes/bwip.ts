// The one door to bwip-js. We use it for encoding only: BWIPP's raw result gives a linear
// symbol's bar/space widths in modules (`sbs`) or a 2D symbol's module grid (`pixs`), and we
// draw the dots ourselves so ^BY module width, ratio and height are exact to the dot.
//
// Entry point: BWIPP itself (bwip-js's dist/bwipp.mjs, through ./bwipp.mjs), called the way
// bwip-js's raw() calls it: `bwipp_encode(…, dontdraw)` with the encoder's own function. It is
// plain ES with no Node, DOM or canvas import, so it runs in the Web Worker, in Electron's
// main process and in the CLI alike. bwip-js's raw() looks encoders up by name, which keeps
// every one of BWIPP's 100-odd encoders in a bundle; naming the 12 the engine uses lets the
// worker's bundle drop the rest (about 180 kB gzipped). QR codes are encoded by qr-encode.ts.
import * as bwipp from './bwipp.mjs';
import type { BwippEncoder } from './bwipp.mjs';
import { encodeQr } from './qr-encode.ts';

const ENCODERS: Readonly<Record<string, BwippEncoder>> = {
  azteccode: bwipp.bwipp_azteccode,
  aztecrune: bwipp.bwipp_aztecrune,
  code128: bwipp.bwipp_code128,
  code39: bwipp.bwipp_code39,
  code93: bwipp.bwipp_code93,
  datamatrix: bwipp.bwipp_datamatrix,
  ean13: bwipp.bwipp_ean13,
  ean8: bwipp.bwipp_ean8,
  interleaved2of5: bwipp.bwipp_interleaved2of5,
  maxicode: bwipp.bwipp_maxicode,
  pdf417: bwipp.bwipp_pdf417,
  upca: bwipp.bwipp_upca,
};

/**
 * BWIPP's raw result as plain values, as bwip-js's raw() returns it: a dictionary (Map) per
 * symbol with the keys below; BWIPP arrays (views on a backing array: `b`, offset `o`) become
 * arrays, byte strings strings.
 */
const RAW_KEYS = new Set(['pixs', 'pixx', 'pixy', 'sbs', 'bbs', 'bhs', 'txt', 'width', 'height']);
function plain(value: unknown): unknown {
  if (Array.isArray(value)) {
    const view = value as unknown[] & { b?: unknown[]; o?: number };
    const items = view.b ? view.b.slice(view.o ?? 0, (view.o ?? 0) + view.length) : [...view];
    return items.map(plain);
  }
  if (value instanceof Uint8Array) return String.fromCharCode(...value);
  return value;
}

function rawEncode(bcid: string, text: string, options: BwipOptions): unknown[] {
  const encoder = ENCODERS[bcid];
  if (!encoder) throw new Error(`bwip-js: ${bcid} is not an encoder this engine uses`);
  // bwip-js's raw() hands BWIPP its whole options object, bcid and text included.
  const stack = bwipp.bwipp_encode({}, encoder, text, { ...options, bcid, text }, true);
  return stack
    .filter((entry): entry is Map<string, unknown> => entry instanceof Map)
    .map((entry) => {
      const out: Record<string, unknown> = {};
      for (const [key, value] of entry) if (RAW_KEYS.has(key)) out[key] = plain(value);
      return out;
    });
}

export interface LinearEncoding {
  kind: 'linear';
  /** Bar, space, bar, … widths in modules, starting and ending with a bar. */
  sbs: readonly number[];
}

export interface MatrixEncoding {
  kind: 'matrix';
  columns: number;
  rows: number;
  /** rows × columns modules, row-major, 1 = dark. */
  pixs: Uint8Array;
}

/** MaxiCode: the dark modules of its 30 × 33 hexagonal grid, by row × 30 + column. */
export interface HexagonEncoding {
  kind: 'hexagons';
  dark: ReadonlySet<number>;
}

export type Encoding = LinearEncoding | MatrixEncoding | HexagonEncoding;
export type EncodeResult = { ok: true; encoding: Encoding } | { ok: false; error: string };

export type BwipOptions = Record<string, string | number | boolean>;

// Labels repeat: the preview re-renders on every keystroke and a batch prints one layout many
// times. bwip-js's QR encoder takes milliseconds (it scores all eight masks), so keep recent
// encodings; they are immutable once made.
const CACHE_SIZE = 256;
const cache = new Map<string, EncodeResult>();

/** Encodes `text` as symbology `bcid` with bwip-js (BWIPP option names). Never throws. */
export function encode(bcid: string, text: string, options: BwipOptions = {}): EncodeResult {
  const key = `${bcid}\u0000${JSON.stringify(options)}\u0000${text}`;
  const hit = cache.get(key);
  if (hit) {
    cache.delete(key);
    cache.set(key, hit);
    return hit;
  }
  const result = encodeUncached(bcid, text, options);
  cache.set(key, result);
  if (cache.size > CACHE_SIZE) {
    const oldest = cache.keys().next();
    if (!oldest.done) cache.delete(oldest.value);
  }
  return result;
}

function encodeUncached(bcid: string, text: string, options: BwipOptions): EncodeResult {
  let raw: unknown;
  try {
    raw = rawEncode(bcid, text, options);
  } catch (e) {
    return { ok: false, error: cleanError(e) };
  }
  const first: unknown = Array.isArray(raw) ? raw[0] : undefined;
  if (typeof first !== 'object' || first === null) {
    return { ok: false, error: 'the encoder returned no symbol' };
  }
  if ('sbs' in first && Array.isArray(first.sbs)) {
    const sbs = first.sbs.map(Number);
    // Some encoders (code39, interleaved2of5) end on a space, the gap after the last
    // character; ZPL draws no quiet zone, so the symbol ends with its last bar.
    if (sbs.length % 2 === 0) sbs.pop();
    if (sbs.length > 0 && sbs.every((n) => Number.isInteger(n) && n > 0)) {
      return { ok: true, encoding: { kind: 'linear', sbs } };
    }
  }
  if ('pixs' in first && 'pixx' in first && 'pixy' in first && Array.isArray(first.pixs)) {
    const columns = Number(first.pixx);
    const rows = Number(first.pixy);
    if (
      Number.isInteger(columns) &&
      Number.isInteger(rows) &&
      first.pixs.length === columns * rows
    ) {
      return {
        ok: true,
        encoding: {
          kind: 'matrix',
          columns,
          rows,
          pixs: Uint8Array.from(first.pixs, (v) => (v ? 1 : 0)),
        },
      };
    }
  }
  if (bcid === 'maxicode' && 'pixs' in first && Array.isArray(first.pixs)) {
    return { ok: true, encoding: { kind: 'hexagons', dark: new Set(first.pixs.map(Number)) } };
  }
  return { ok: false, error: 'the encoder returned a shape this renderer does not know' };
}

/** BWIPP errors read "bwipp.code39badCharacter#1234: Code 39 must …"; keep the sentence. */
function cleanError(e: unknown): string {
  const message = e instanceof Error ? e.message : String(e);
  return message.replace(/^bwip(?:p|-js)[.:][^:]*:\s*/, '').trim() || message;
}

/**
 * A field's data as bytes, one character per byte, for bwip-js's `binarytext` option (without
 * it bwip-js would UTF-8 encode every character above 0x7F). The interpreter hands over field
 * data as the printer holds it, one character per byte after ^FH and ^CI; a string with
 * characters above U+00FF cannot be that, so it is taken as text and sent as UTF-8 (^CI28).
 */
export function asBytes(data: string): string {
  for (let i = 0; i < data.length; i++) {
    if (data.charCodeAt(i) > 0xff) {
      let out = '';
      for (const b of new TextEncoder().encode(data)) out += String.fromCharCode(b);
      return out;
    }
  }
  return data;
}

/** Escapes a literal caret for bwip-js's `parsefnc` option, where ^ starts a function name. */
export function escapeCaret(text: string): string {
  return text.replaceAll('^', '^^');
}

/**
 * Runs each encoder a few times so the JavaScript engine has compiled them before the first
 * label: cold, BWIPP's encoders take several times longer than warm. Call it once when a
 * renderer starts (the worker, main's print queue); it caches nothing.
 */
export function warmUp(rounds = 8): void {
  for (let i = 0; i < rounds; i++) {
    const n = String(100000 + i);
    encodeQr(`https://example.com/${n}`, 'M');
    encodeUncached('datamatrix', `^FNC1010950110153000${n}`, { parsefnc: true });
    encodeUncached('code128', `^FNC1420${n}`, { parsefnc: true });
    encodeUncached('code128', `^104^033^034^035`, { raw: true });
    encodeUncached('pdf417', `PDF417 ${n}`, {
      rowmult: 1,
      eclevel: 1,
      fixedeclevel: true,
      columns: 3,
    });
  }
}
