// QR Code model 2 (ISO/IEC 18004), encoded here rather than by bwip-js: bwip-js runs BWIPP's
// PostScript program translated to JavaScript, and a QR code took about 70 % of a 4×6 label's
// time (3–5 ms of it; the preview re-renders on every keystroke, a station prints order after
// order with new data). This is the plain algorithm: one mode for the whole data, as the
// reference's encoder (ZXing's, see qr-mask.ts) does — numeric when every character is a
// digit, alphanumeric when every one is in that set, bytes otherwise — the smallest version
// that holds it at the level asked for, the standard's blocks, Reed–Solomon codewords and
// module placement. The symbol comes out with mask 0; qr-mask.ts picks the mask.
import type { MatrixEncoding } from './bwip.ts';
import type { QrLevel } from './qr-mask.ts';

// Error correction codewords per block and blocks per symbol, by level and version (ISO/IEC
// 18004 Table 9); index 0 is unused.
const EC_PER_BLOCK: Record<QrLevel, readonly number[]> = {
  L: [
    0, 7, 10, 15, 20, 26, 18, 20, 24, 30, 18, 20, 24, 26, 30, 22, 24, 28, 30, 28, 28, 28, 28, 30,
    30, 26, 28, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30,
  ],
  M: [
    0, 10, 16, 26, 18, 24, 16, 18, 22, 22, 26, 30, 22, 22, 24, 24, 28, 28, 26, 26, 26, 26, 28, 28,
    28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28,
  ],
  Q: [
    0, 13, 22, 18, 26, 18, 24, 18, 22, 20, 24, 28, 26, 24, 20, 30, 24, 28, 28, 26, 30, 28, 30, 30,
    30, 30, 28, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30,
  ],
  H: [
    0, 17, 28, 22, 16, 22, 28, 26, 26, 24, 28, 24, 28, 22, 24, 24, 30, 28, 28, 26, 28, 30, 24, 30,
    30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30,
  ],
};
const BLOCKS: Record<QrLevel, readonly number[]> = {
  L: [
    0, 1, 1, 1, 1, 1, 2, 2, 2, 2, 4, 4, 4, 4, 4, 6, 6, 6, 6, 7, 8, 8, 9, 9, 10, 12, 12, 12, 13, 14,
    15, 16, 17, 18, 19, 19, 20, 21, 22, 24, 25,
  ],
  M: [
    0, 1, 1, 1, 2, 2, 4, 4, 4, 5, 5, 5, 8, 9, 9, 10, 10, 11, 13, 14, 16, 17, 17, 18, 20, 21, 23, 25,
    26, 28, 29, 31, 33, 35, 37, 38, 40, 43, 45, 47, 49,
  ],
  Q: [
    0, 1, 1, 2, 2, 4, 4, 6, 6, 8, 8, 8, 10, 12, 16, 12, 17, 16, 18, 21, 20, 23, 23, 25, 27, 29, 34,
    34, 35, 38, 40, 43, 45, 48, 51, 53, 56, 59, 62, 65, 68,
  ],
  H: [
    0, 1, 1, 2, 4, 4, 4, 5, 6, 8, 8, 11, 11, 16, 16, 18, 16, 19, 21, 25, 25, 25, 34, 30, 32, 35, 37,
    40, 42, 45, 48, 51, 54, 57, 60, 63, 66, 70, 74, 77, 81,
  ],
};

const ALPHANUMERIC = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ $%*+-./:';

type Mode = 'numeric' | 'alphanumeric' | 'byte';

/** Modules a version's data and error correction take: all but the function patterns. */
function rawModules(version: number): number {
  let n = (16 * version + 128) * version + 64;
  if (version >= 2) {
    const align = Math.floor(version / 7) + 2;
    n -= (25 * align - 10) * align - 55;
    if (version >= 7) n -= 36;
  }
  return n;
}

const dataCodewords = (version: number, level: QrLevel): number =>
  Math.floor(rawModules(version) / 8) -
  (EC_PER_BLOCK[level][version] ?? 0) * (BLOCKS[level][version] ?? 0);

function countBits(mode: Mode, version: number): number {
  const group = version <= 9 ? 0 : version <= 26 ? 1 : 2;
  return { numeric: [10, 12, 14], alphanumeric: [9, 11, 13], byte: [8, 16, 16] }[mode][group] ?? 8;
}

class Bits {
  readonly bits: number[] = [];
  put(value: number, length: number): void {
    for (let i = length - 1; i >= 0; i--) this.bits.push((value >>> i) & 1);
  }
}

function dataBits(bytes: string, mode: Mode): Bits {
  const out = new Bits();
  if (mode === 'numeric') {
    for (let i = 0; i < bytes.length; i += 3) {
      const group = bytes.slice(i, i + 3);
      out.put(Number(group), group.length * 3 + 1);
    }
  } else if (mode === 'alphanumeric') {
    for (let i = 0; i < bytes.length; i += 2) {
      const a = ALPHANUMERIC.indexOf(bytes[i] ?? '');
      if (i + 1 < bytes.length) out.put(a * 45 + ALPHANUMERIC.indexOf(bytes[i + 1] ?? ''), 11);
      else out.put(a, 6);
    }
  } else for (let i = 0; i < bytes.length; i++) out.put(bytes.charCodeAt(i) & 0xff, 8);
  return out;
}

// GF(256) with the QR polynomial x^8 + x^4 + x^3 + x^2 + 1.
const EXP = new Uint8Array(512);
const LOG = new Uint8Array(256);
{
  let x = 1;
  for (let i = 0; i < 255; i++) {
    EXP[i] = x;
    LOG[x] = i;
    x <<= 1;
    if (x & 0x100) x ^= 0x11d;
  }
  for (let i = 255; i < 512; i++) EXP[i] = EXP[i - 255] ?? 0;
}
const mul = (a: number, b: number): number =>
  a === 0 || b === 0 ? 0 : (EXP[(LOG[a] ?? 0) + (LOG[b] ?? 0)] ?? 0);

const generators = new Map<number, Uint8Array>();
/** The generator polynomial of degree n, highest coefficient (1) left out. */
function generator(n: number): Uint8Array {
  let g = generators.get(n);
  if (g) return g;
  g = new Uint8Array(n);
  g[n - 1] = 1;
  let root = 1;
  for (let i = 0; i < n; i++) {
    for (let j = 0; j < n; j++) {
      g[j] = mul(g[j] ?? 0, root) ^ (g[j + 1] ?? 0);
    }
    root = mul(root, 2);
  }
  generators.set(n, g);
  return g;
}

function errorCodewords(data: Uint8Array, n: number): Uint8Array {
  const g = generator(n);
  const rem = new Uint8Array(n);
  for (const b of data) {
    const factor = b ^ (rem[0] ?? 0);
    rem.copyWithin(0, 1);
    rem[n - 1] = 0;
    for (let i = 0; i < n; i++) rem[i] = (rem[i] ?? 0) ^ mul(g[i] ?? 0, factor);
  }
  return rem;
}

function alignmentCentres(version: number): number[] {
  if (version === 1) return [];
  const count = Math.floor(version / 7) + 2;
  const size = version * 4 + 17;
  const step = version === 32 ? 26 : Math.ceil((version * 4 + 4) / (count * 2 - 2)) * 2;
  const out = [6];
  for (let pos = size - 7; out.length < count; pos -= step) out.splice(1, 0, pos);
  return out;
}

/** The 18 version information bits (BCH (18, 6), ISO/IEC 18004 7.10). */
function versionBits(version: number): number {
  let rem = version;
  for (let i = 0; i < 12; i++) rem = (rem << 1) ^ ((rem >>> 11) * 0x1f25);
  return (version << 12) | rem;
}

/** The format information for a level with mask 0 (qr-mask.ts rewrites it for the mask). */
function formatBits(level: QrLevel): number {
  const data = { L: 1, M: 0, Q: 3, H: 2 }[level] << 3;
  let rem = data;
  for (let i = 0; i < 10; i++) rem = (rem << 1) ^ ((rem >>> 9) * 0x537);
  return ((data << 10) | rem) ^ 0x5412;
}

interface Segment {
  mode: Mode;
  text: string;
}

const segmentBits = (mode: Mode, length: number, version: number): number =>
  4 +
  countBits(mode, version) +
  (mode === 'numeric'
    ? 10 * Math.floor(length / 3) + (length % 3 === 0 ? 0 : length % 3 === 1 ? 4 : 7)
    : mode === 'alphanumeric'
      ? 11 * Math.floor(length / 2) + 6 * (length % 2)
      : 8 * length);

// When to change mode: ISO/IEC 18004 Annex J's rules with BWIPP's thresholds (bwip-js's QR
// encoder, whose segments Labelary's renders show: a URL's digits in a numeric segment, a
// lone ":" in an alphanumeric one), per range of versions 1–9, 10–26, 27–40. "x before y":
// a run of at least that many x characters followed by a y character (E: the end).
const START_N_BEFORE_B = [4, 4, 5];
const A_N_BEFORE_END = [7, 8, 9];
const B_A_BEFORE_END = [6, 7, 8];
const B_A_BEFORE_B = [11, 15, 16];
const B_A_BEFORE_N = [12, 13, 15];
const B_N_BEFORE_B = [6, 8, 9];
const B_N_BEFORE_A = [6, 7, 8];
const B_N_BEFORE_END = [3, 4, 4];
const A_N_BEFORE_A = [13, 15, 17];
const A_N_BEFORE_B = [13, 17, 18];

/** The data's segments as BWIPP's rules choose them, for a range of versions (0, 1, 2). */
function segments(bytes: string, range: number): Segment[] {
  const n = bytes.length;
  // Per position: the run of digits (N), of the other alphanumeric characters (A), of either,
  // and of bytes (B) starting there; and how far the next N, A, B is (9999: none).
  const numN = new Int32Array(n + 1);
  const numA = new Int32Array(n + 1);
  const numAorN = new Int32Array(n + 1);
  const numB = new Int32Array(n + 1);
  const nextN = new Int32Array(n + 1).fill(9999);
  const nextA = new Int32Array(n + 1).fill(9999);
  const nextB = new Int32Array(n + 1).fill(9999);
  for (let i = n - 1; i >= 0; i--) {
    const c = bytes[i] ?? '';
    const digit = c >= '0' && c <= '9';
    const alnum = !digit && ALPHANUMERIC.includes(c);
    numN[i] = digit ? (numN[i + 1] ?? 0) + 1 : 0;
    numA[i] = alnum ? (numA[i + 1] ?? 0) + 1 : 0;
    numAorN[i] = digit || alnum ? (numAorN[i + 1] ?? 0) + 1 : 0;
    numB[i] = digit || alnum ? 0 : (numB[i + 1] ?? 0) + 1;
    nextN[i] = digit ? 0 : (nextN[i + 1] ?? 0) + 1;
    nextA[i] = alnum ? 0 : (nextA[i + 1] ?? 0) + 1;
    nextB[i] = digit || alnum ? (nextB[i + 1] ?? 0) + 1 : 0;
  }
  const before = (run: number, threshold: number[], next: Int32Array | 'end', i: number) =>
    run >= (threshold[range] ?? 0) && (next === 'end' ? i + run === n : next[i + run] === 0);

  const out: Segment[] = [];
  let mode: Mode | null = null;
  for (let i = 0; i < n;) {
    const N = numN[i] ?? 0;
    const A = numA[i] ?? 0;
    const AorN = numAorN[i] ?? 0;
    const B = numB[i] ?? 0;
    let next: Mode;
    if (mode === null) {
      if (before(N, START_N_BEFORE_B, nextB, i)) next = 'numeric';
      else if (before(N, [1, 1, 1], nextB, i)) next = 'byte';
      else if (before(N, A_N_BEFORE_END, nextA, i)) next = 'numeric';
      else if (before(N, [1, 1, 1], 'end', i)) next = 'numeric';
      else if (before(AorN, B_A_BEFORE_END, nextB, i)) next = 'alphanumeric';
      else if (before(AorN, [1, 1, 1], 'end', i)) next = 'alphanumeric';
      else next = 'byte';
    } else if (mode === 'byte') {
      if (before(A, B_A_BEFORE_B, nextB, i)) next = 'alphanumeric';
      else if (before(A, B_A_BEFORE_N, nextN, i)) next = 'alphanumeric';
      else if (before(A, B_A_BEFORE_END, 'end', i)) next = 'alphanumeric';
      else if (before(N, B_N_BEFORE_B, nextB, i)) next = 'numeric';
      else if (before(N, B_N_BEFORE_A, nextA, i)) next = 'numeric';
      else if (before(N, B_N_BEFORE_END, 'end', i)) next = 'numeric';
      else if (
        before(AorN, B_A_BEFORE_END, 'end', i) &&
        AorN <= (B_A_BEFORE_N[range] ?? 0) &&
        ((nextN[i] ?? 0) >= n || (numN[(nextN[i] ?? 0) + i] ?? 0) < (B_N_BEFORE_A[range] ?? 0))
      )
        next = 'alphanumeric';
      else next = 'byte';
    } else if (mode === 'alphanumeric') {
      if (B >= 1) next = 'byte';
      else if (before(N, A_N_BEFORE_A, nextA, i)) next = 'numeric';
      else if (before(N, A_N_BEFORE_B, nextB, i)) next = 'numeric';
      else if (before(N, A_N_BEFORE_END, 'end', i)) next = 'numeric';
      else if (A >= 1 || N >= 1) next = 'alphanumeric';
      else next = 'byte';
    } else {
      next = B >= 1 ? 'byte' : A >= 1 ? 'alphanumeric' : N >= 1 ? 'numeric' : 'byte';
    }
    const last = out[out.length - 1];
    if (next === mode && last) {
      last.text += bytes[i] ?? '';
      i++;
      continue;
    }
    // A new segment takes the whole run of its own characters (possibly none yet).
    mode = next;
    const length = next === 'byte' ? B : next === 'alphanumeric' ? A : N;
    out.push({ mode: next, text: bytes.slice(i, i + length) });
    i += length;
  }
  return out;
}

/** Encodes bytes (one character a byte) at a level; null when no version holds them. */
export function encodeQr(bytes: string, level: QrLevel): MatrixEncoding | null {
  // The segments for each range of versions that share count-field sizes, then the smallest
  // version that holds them.
  let version = 0;
  let chosen: Segment[] = [];
  for (const [range, first, last] of [
    [0, 1, 9],
    [1, 10, 26],
    [2, 27, 40],
  ] as const) {
    const list = segments(bytes, range);
    const bits = list.reduce((sum, seg) => sum + segmentBits(seg.mode, seg.text.length, first), 0);
    for (let v = first; v <= last && version === 0; v++)
      if (bits <= dataCodewords(v, level) * 8) {
        version = v;
        chosen = list;
      }
    if (version) break;
  }
  if (version === 0) return null;
  const capacity = dataCodewords(version, level) * 8;
  const all = new Bits();
  for (const segment of chosen) {
    all.put({ numeric: 1, alphanumeric: 2, byte: 4 }[segment.mode], 4);
    all.put(segment.text.length, countBits(segment.mode, version));
    all.bits.push(...dataBits(segment.text, segment.mode).bits);
  }
  all.put(0, Math.min(4, capacity - all.bits.length));
  all.put(0, (8 - (all.bits.length % 8)) % 8);
  for (let pad = 0xec; all.bits.length < capacity; pad ^= 0xec ^ 0x11) all.put(pad, 8);
  const data = new Uint8Array(capacity / 8);
  all.bits.forEach((bit, i) => {
    data[i >>> 3] = (data[i >>> 3] ?? 0) | (bit << (7 - (i & 7)));
  });

  // Blocks: the short ones first, each long one a data codeword longer; interleaved.
  const blocks = BLOCKS[level][version] ?? 1;
  const ecLength = EC_PER_BLOCK[level][version] ?? 0;
  const rawCodewords = Math.floor(rawModules(version) / 8);
  const shortBlocks = blocks - (rawCodewords % blocks);
  const shortData = Math.floor(rawCodewords / blocks) - ecLength;
  const dataBlocks: Uint8Array[] = [];
  const ecBlocks: Uint8Array[] = [];
  for (let b = 0, at = 0; b < blocks; b++) {
    const length = shortData + (b < shortBlocks ? 0 : 1);
    const block = data.subarray(at, at + length);
    at += length;
    dataBlocks.push(block);
    ecBlocks.push(errorCodewords(block, ecLength));
  }
  const codewords: number[] = [];
  for (let i = 0; i <= shortData; i++)
    for (const block of dataBlocks) if (i < block.length) codewords.push(block[i] ?? 0);
  for (let i = 0; i < ecLength; i++) for (const block of ecBlocks) codewords.push(block[i] ?? 0);

  // Function patterns, then the codewords in the standard's zigzag, mask 0 applied.
  const size = version * 4 + 17;
  const pixs = new Uint8Array(size * size);
  const fixed = new Uint8Array(size * size);
  const set = (x: number, y: number, dark: boolean): void => {
    if (x < 0 || y < 0 || x >= size || y >= size) return;
    pixs[y * size + x] = dark ? 1 : 0;
    fixed[y * size + x] = 1;
  };
  for (let i = 0; i < size; i++) {
    set(6, i, i % 2 === 0);
    set(i, 6, i % 2 === 0);
  }
  const finder = (cx: number, cy: number): void => {
    for (let dy = -4; dy <= 4; dy++)
      for (let dx = -4; dx <= 4; dx++) {
        const d = Math.max(Math.abs(dx), Math.abs(dy));
        set(cx + dx, cy + dy, d !== 2 && d !== 4);
      }
  };
  finder(3, 3);
  finder(size - 4, 3);
  finder(3, size - 4);
  const centres = alignmentCentres(version);
  const last = centres.length - 1;
  centres.forEach((cy, a) =>
    centres.forEach((cx, b) => {
      if ((a === 0 && b === 0) || (a === 0 && b === last) || (a === last && b === 0)) return;
      for (let dy = -2; dy <= 2; dy++)
        for (let dx = -2; dx <= 2; dx++)
          set(cx + dx, cy + dy, Math.max(Math.abs(dx), Math.abs(dy)) !== 1);
    }),
  );
  const format = formatBits(level);
  for (let i = 0; i <= 5; i++) set(8, i, ((format >>> i) & 1) === 1);
  set(8, 7, ((format >>> 6) & 1) === 1);
  set(8, 8, ((format >>> 7) & 1) === 1);
  set(7, 8, ((format >>> 8) & 1) === 1);
  for (let i = 9; i < 15; i++) set(14 - i, 8, ((format >>> i) & 1) === 1);
  for (let i = 0; i < 8; i++) set(size - 1 - i, 8, ((format >>> i) & 1) === 1);
  for (let i = 8; i < 15; i++) set(8, size - 15 + i, ((format >>> i) & 1) === 1);
  set(8, size - 8, true);
  if (version >= 7) {
    const bits = versionBits(version);
    for (let i = 0; i < 18; i++) {
      const dark = ((bits >>> i) & 1) === 1;
      const a = size - 11 + (i % 3);
      const b = Math.floor(i / 3);
      set(a, b, dark);
      set(b, a, dark);
    }
  }
  let bit = 0;
  const total = codewords.length * 8;
  for (let right = size - 1; right >= 1; right -= 2) {
    if (right === 6) right = 5;
    for (let vert = 0; vert < size; vert++) {
      for (let j = 0; j < 2; j++) {
        const x = right - j;
        const upward = ((right + 1) & 2) === 0;
        const y = upward ? size - 1 - vert : vert;
        const k = y * size + x;
        if (fixed[k] === 1) continue;
        let dark = 0;
        if (bit < total) dark = ((codewords[bit >>> 3] ?? 0) >>> (7 - (bit & 7))) & 1;
        bit++;
        pixs[k] = dark ^ ((x + y) % 2 === 0 ? 1 : 0);
      }
    }
  }
  return { kind: 'matrix', columns: size, rows: size, pixs };
}
