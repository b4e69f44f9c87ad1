// The QR mask as Labelary chooses it. Every mask gives a valid symbol, but a preview that picks
// another than the reference's differs in half its modules. Labelary's choice is the one the
// ZXing encoder makes (its MaskUtil penalties, lowest wins, ties to the lower mask): checked on
// Labelary's renders, where the mask it drew has the lowest such penalty of the eight and
// bwip-js's own (ISO scoring) is another. So the symbol is encoded once with any mask, and the
// other seven are made from it here: data modules flipped by the mask patterns, the format
// information rewritten, each scored (ISO/IEC 18004 for the geometry; the rules as ZXing
// counts them).
import type { MatrixEncoding } from './bwip.ts';

export type QrLevel = 'L' | 'M' | 'Q' | 'H';

/** The format information's error correction bits (ISO/IEC 18004 table 12). */
const LEVEL_BITS: Record<QrLevel, number> = { L: 1, M: 0, Q: 3, H: 2 };

/** Does mask `m` (0-7) flip the module in row i, column j? */
function flips(m: number, i: number, j: number): boolean {
  switch (m) {
    case 0:
      return (i + j) % 2 === 0;
    case 1:
      return i % 2 === 0;
    case 2:
      return j % 3 === 0;
    case 3:
      return (i + j) % 3 === 0;
    case 4:
      return (Math.floor(i / 2) + Math.floor(j / 3)) % 2 === 0;
    case 5:
      return ((i * j) % 2) + ((i * j) % 3) === 0;
    case 6:
      return (((i * j) % 2) + ((i * j) % 3)) % 2 === 0;
    default:
      return (((i + j) % 2) + ((i * j) % 3)) % 2 === 0;
  }
}

/** Where the alignment patterns' centres are, per row and column, for version v. */
function alignmentCentres(version: number, size: number): number[] {
  if (version === 1) return [];
  const count = Math.floor(version / 7) + 2;
  const step = version === 32 ? 26 : Math.ceil((version * 4 + 4) / (count * 2 - 2)) * 2;
  const out = [6];
  for (let pos = size - 7; out.length < count; pos -= step) out.splice(1, 0, pos);
  return out;
}

/** 1 for every module the mask leaves alone: finders, timing, alignment, format and version. */
export function functionModules(size: number): Uint8Array {
  const version = (size - 17) / 4;
  const f = new Uint8Array(size * size);
  const mark = (x: number, y: number, w: number, h: number) => {
    for (let yy = Math.max(0, y); yy < Math.min(size, y + h); yy++)
      for (let xx = Math.max(0, x); xx < Math.min(size, x + w); xx++) f[yy * size + xx] = 1;
  };
  // Finders with their separators and the format information beside them (and the dark module).
  mark(0, 0, 9, 9);
  mark(size - 8, 0, 8, 9);
  mark(0, size - 8, 9, 8);
  // Timing patterns.
  mark(6, 0, 1, size);
  mark(0, 6, size, 1);
  const centres = alignmentCentres(version, size);
  const last = centres.length - 1;
  centres.forEach((cy, a) =>
    centres.forEach((cx, b) => {
      if ((a === 0 && b === 0) || (a === 0 && b === last) || (a === last && b === 0)) return;
      mark(cx - 2, cy - 2, 5, 5);
    }),
  );
  if (version >= 7) {
    mark(size - 11, 0, 3, 6);
    mark(0, size - 11, 6, 3);
  }
  return f;
}

/** The 15 format bits for a level and mask, BCH-coded and masked (ISO/IEC 18004 7.9). */
function formatBits(level: QrLevel, mask: number): number {
  const data = (LEVEL_BITS[level] << 3) | mask;
  let rem = data << 10;
  for (let bit = 14; bit >= 10; bit--) if (rem & (1 << bit)) rem ^= 0x537 << (bit - 10);
  return ((data << 10) | rem) ^ 0x5412;
}

/** Writes both copies of the format information (bit 0 first, as the standard places them). */
function writeFormat(pixs: Uint8Array, size: number, bits: number): void {
  const first: [number, number][] = [
    [8, 0],
    [8, 1],
    [8, 2],
    [8, 3],
    [8, 4],
    [8, 5],
    [8, 7],
    [8, 8],
    [7, 8],
    [5, 8],
    [4, 8],
    [3, 8],
    [2, 8],
    [1, 8],
    [0, 8],
  ];
  for (let i = 0; i < 15; i++) {
    const bit = (bits >> i) & 1;
    const [x1, y1] = first[i] ?? [0, 0];
    pixs[y1 * size + x1] = bit;
    const [x2, y2] = i < 8 ? [size - i - 1, 8] : [8, size - 7 + (i - 8)];
    pixs[y2 * size + x2] = bit;
  }
}

/** ZXing's MaskUtil: runs of five or more, 2 × 2 blocks, finder-like runs, dark balance. */
export function penalty(pixs: Uint8Array, size: number): number {
  let total = 0;
  // Each line once across (step 1) and once down (step size): rules 1 and 3 read lines.
  for (let pass = 0; pass < 2; pass++) {
    const along = pass === 0 ? 1 : size;
    const across = pass === 0 ? size : 1;
    for (let i = 0; i < size; i++) {
      const start = i * across;
      let run = 0;
      let prev = -1;
      for (let j = 0; j < size; j++) {
        const v = pixs[start + j * along] as number;
        if (v === prev) run++;
        else {
          if (run >= 5) total += run - 2;
          run = 1;
          prev = v;
        }
      }
      if (run >= 5) total += run - 2;
      // 1:1:3:1:1 with four light modules before or after it. Read without a helper
      // closure: one made per position was most of a cold first label's QR time.
      for (let k = 0; k + 6 < size; k++) {
        const p = start + k * along;
        if (pixs[p] !== 1 || pixs[p + along] !== 0 || pixs[p + 2 * along] !== 1) continue;
        if (pixs[p + 3 * along] !== 1 || pixs[p + 4 * along] !== 1) continue;
        if (pixs[p + 5 * along] !== 0 || pixs[p + 6 * along] !== 1) continue;
        let before = true;
        for (let n = Math.max(0, k - 4); n < k && before; n++)
          if (pixs[start + n * along] === 1) before = false;
        let after = true;
        for (let n = k + 7; n < Math.min(size, k + 11) && after; n++)
          if (pixs[start + n * along] === 1) after = false;
        if (before || after) total += 40;
      }
    }
  }
  let dark = 0;
  for (let y = 0; y < size; y++) {
    const row = y * size;
    for (let x = 0; x < size; x++) {
      const v = pixs[row + x] as number;
      dark += v;
      if (
        y + 1 < size &&
        x + 1 < size &&
        v === pixs[row + x + 1] &&
        v === pixs[row + size + x] &&
        v === pixs[row + size + x + 1]
      )
        total += 3;
    }
  }
  const cells = size * size;
  total += Math.floor((Math.abs(dark * 2 - cells) * 10) / cells) * 10;
  return total;
}

/** The symbol with mask `to`, from the same symbol drawn with mask `from`. */
export function remask(
  enc: MatrixEncoding,
  level: QrLevel,
  from: number,
  to: number,
  fixed: Uint8Array = functionModules(enc.columns),
): MatrixEncoding {
  const size = enc.columns;
  const pixs = enc.pixs.slice();
  for (let i = 0; i < size; i++)
    for (let j = 0; j < size; j++) {
      const k = i * size + j;
      if (fixed[k] === 1) continue;
      if (flips(from, i, j) !== flips(to, i, j)) pixs[k] = (pixs[k] ?? 0) ^ 1;
    }
  writeFormat(pixs, size, formatBits(level, to));
  return { ...enc, pixs };
}

// Which modules each mask flips, per symbol size: worked out once, then every symbol of that
// size is remasked by XOR alone (the preview redraws on every keystroke; a cold first label
// pays for every call).
const patterns = new Map<number, Uint8Array[]>();

function maskPatterns(size: number): Uint8Array[] {
  let list = patterns.get(size);
  if (!list) {
    list = [];
    for (let m = 0; m < 8; m++) {
      const p = new Uint8Array(size * size);
      for (let i = 0; i < size; i++)
        for (let j = 0; j < size; j++) if (flips(m, i, j)) p[i * size + j] = 1;
      list.push(p);
    }
    patterns.set(size, list);
    if (patterns.size > 16) patterns.delete(patterns.keys().next().value ?? size);
  }
  return list;
}

/** The symbol with the mask ZXing (and so Labelary) would choose, from one drawn with `from`. */
export function labelaryMask(enc: MatrixEncoding, level: QrLevel, from: number): MatrixEncoding {
  const size = enc.columns;
  const fixed = functionModules(size);
  const masks = maskPatterns(size);
  // The data modules with no mask at all, then each mask over them.
  const plain = enc.pixs.slice();
  const own = masks[from];
  if (own)
    for (let k = 0; k < plain.length; k++)
      if (fixed[k] === 0) plain[k] = (plain[k] ?? 0) ^ (own[k] ?? 0);
  const work = new Uint8Array(plain.length);
  let best = enc;
  let bestScore = Infinity;
  for (let m = 0; m < 8; m++) {
    const mask = masks[m];
    if (!mask) continue;
    for (let k = 0; k < plain.length; k++)
      work[k] = fixed[k] === 0 ? (plain[k] ?? 0) ^ (mask[k] ?? 0) : (plain[k] ?? 0);
    writeFormat(work, size, formatBits(level, m));
    const score = penalty(work, size);
    if (score < bestScore) {
      best = { ...enc, pixs: work.slice() };
      bestScore = score;
    }
  }
  return best;
}
