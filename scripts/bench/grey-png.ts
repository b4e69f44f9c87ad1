// PNG → one grey level (0…255) per pixel, laid over white by its alpha. The Labelary metric
// compares channel values with a tolerance of 32, so a 50 % threshold (what the engine's own
// decodePng does to make a 1-bit label) would hide the grey edges the metric counts. The corpus
// is 8-bit greyscale; other 8-bit kinds are read too so a re-rendered corpus still loads.
import { unzlibSync } from 'fflate';

export interface GreyImage {
  width: number;
  height: number;
  /** One byte per pixel, row by row: 0 black … 255 white. */
  grey: Uint8Array;
}

const SAMPLES: Record<number, number> = { 0: 1, 2: 3, 4: 2, 6: 4 };

export function decodeGrey(bytes: Uint8Array): GreyImage {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let width = 0;
  let height = 0;
  let samples = 0;
  const idat: Uint8Array[] = [];
  for (let at = 8; at + 8 <= bytes.length;) {
    const length = view.getUint32(at);
    const type = String.fromCharCode(...bytes.subarray(at + 4, at + 8));
    const body = bytes.subarray(at + 8, at + 8 + length);
    if (type === 'IHDR') {
      width = view.getUint32(at + 8);
      height = view.getUint32(at + 12);
      const [depth, colour, , , interlace] = body.subarray(8);
      samples = SAMPLES[colour ?? -1] ?? 0;
      if (depth !== 8 || samples === 0 || interlace !== 0)
        throw new Error(`only 8-bit, non-interlaced grey/RGB(A) PNGs are read here`);
    } else if (type === 'IDAT') idat.push(body);
    else if (type === 'IEND') break;
    at += 12 + length;
  }
  const all = new Uint8Array(idat.reduce((n, p) => n + p.length, 0));
  idat.reduce((at, p) => (all.set(p, at), at + p.length), 0);
  const data = unzlibSync(all);
  const rowBytes = width * samples;
  const rows = new Uint8Array(rowBytes * height);
  for (let y = 0; y < height; y++) {
    const filter = data[y * (rowBytes + 1)];
    const src = y * (rowBytes + 1) + 1;
    const dst = y * rowBytes;
    for (let i = 0; i < rowBytes; i++) {
      const raw = data[src + i] ?? 0;
      const a = i >= samples ? (rows[dst + i - samples] ?? 0) : 0;
      const b = y > 0 ? (rows[dst - rowBytes + i] ?? 0) : 0;
      const c = y > 0 && i >= samples ? (rows[dst - rowBytes + i - samples] ?? 0) : 0;
      let v = raw;
      if (filter === 1) v += a;
      else if (filter === 2) v += b;
      else if (filter === 3) v += (a + b) >> 1;
      else if (filter === 4) {
        const p = a + b - c;
        const pa = Math.abs(p - a);
        const pb = Math.abs(p - b);
        const pc = Math.abs(p - c);
        v += pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
      }
      rows[dst + i] = v & 0xff;
    }
  }
  const grey = new Uint8Array(width * height);
  for (let i = 0; i < width * height; i++) {
    const s = i * samples;
    const lum =
      samples >= 3
        ? Math.round(
            0.299 * (rows[s] ?? 0) + 0.587 * (rows[s + 1] ?? 0) + 0.114 * (rows[s + 2] ?? 0),
          )
        : (rows[s] ?? 0);
    const alpha = samples === 2 ? (rows[s + 1] ?? 255) : samples === 4 ? (rows[s + 3] ?? 255) : 255;
    grey[i] = Math.round((lum * alpha + 255 * (255 - alpha)) / 255);
  }
  return { width, height, grey };
}
