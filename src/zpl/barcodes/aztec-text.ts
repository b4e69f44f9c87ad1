// Aztec's high-level encoding as Labelary does it: the data's bit stream, before stuffing and
// error correction (bwip-js takes it from there, with its `raw` option).
//
// Aztec lets an encoder choose its mode changes freely, and encoders choose differently: the
// bwip-js optimiser finds a shortest stream, Labelary does not. Read back from its renders
// (issue #32's corpus, ^BO at 23, 45, 70 and 95 %), Labelary works in blocks, the way the Zint
// library's early encoder did: every character is put in the modes that hold it; neighbouring
// runs keep a mode they share; a run of one or two characters is shifted to rather than
// latched (except Lower and Mixed, which have no shift: those latch); and the changes are
// fixed sequences, Lower to Upper by way of Mixed (ML UL) rather than Digit. The symbols it
// draws are one codeword longer than the optimiser's at times, so their modules differ
// throughout; following its choices draws the same modules.

const UPPER = 1;
const LOWER = 2;
const MIXED = 4;
const PUNCT = 8;
const DIGIT = 16;
const BINARY = 32;
/** A run too short to latch for is shifted to: its type plus SHIFT. */
const SHIFT = 64;

// Characters whose value depends on the mode they are encoded in.
const CR = 300;
const COMMA = 301;
const STOP = 302;

const PUNCT_CHARS = '!"#$%&\'()*+,-./:;<=>?[]{}';
const MIXED_CHARS = '@\\^_`|~\x7f';

/** The modes that hold a byte (a set of the flags above) and its value in them. */
function classify(byte: number): { modes: number; value: number } {
  const ch = String.fromCharCode(byte);
  if (byte === 32) return { modes: UPPER | LOWER | MIXED | DIGIT, value: 1 };
  if (byte >= 65 && byte <= 90) return { modes: UPPER, value: byte - 63 };
  if (byte >= 97 && byte <= 122) return { modes: LOWER, value: byte - 95 };
  if (byte >= 48 && byte <= 57) return { modes: DIGIT, value: byte - 46 };
  if (byte === 44) return { modes: PUNCT | DIGIT, value: COMMA };
  if (byte === 46) return { modes: PUNCT | DIGIT, value: STOP };
  if (byte === 13) return { modes: MIXED | PUNCT, value: CR };
  const p = PUNCT_CHARS.indexOf(ch);
  if (p >= 0) return { modes: PUNCT, value: p + 6 };
  if (byte >= 1 && byte <= 12) return { modes: MIXED, value: byte + 1 };
  if (byte >= 27 && byte <= 31) return { modes: MIXED, value: byte - 12 };
  const m = MIXED_CHARS.indexOf(ch);
  if (m >= 0) return { modes: MIXED, value: m + 20 };
  return { modes: BINARY, value: byte };
}

/** The first of Upper, Lower, Mixed, Punct a set holds (Digit and Binary stay as they are). */
const lowestText = (set: number): number =>
  set & UPPER ? UPPER : set & LOWER ? LOWER : set & MIXED ? MIXED : set & PUNCT ? PUNCT : set;
/** The same, preferring Punct, then Mixed, Lower, Upper. */
const highestText = (set: number): number =>
  set & PUNCT ? PUNCT : set & MIXED ? MIXED : set & LOWER ? LOWER : set & UPPER ? UPPER : set;

// Latch sequences [value, bits] from the mode in force to another (ISO/IEC 24778 tables).
type Code = readonly [number, number];
const UL5: Code = [29, 5]; // from Mixed
const UL_P: Code = [31, 5]; // from Punct
const UL_D: Code = [14, 4]; // from Digit
const LL: Code = [28, 5];
const ML: Code = [29, 5];
const DL: Code = [30, 5];
const PL: Code = [30, 5];
const BS: Code = [31, 5];

const LATCH: Record<number, Record<number, readonly Code[]>> = {
  [UPPER]: { [LOWER]: [LL], [MIXED]: [ML], [PUNCT]: [ML, PL], [DIGIT]: [DL] },
  [LOWER]: { [UPPER]: [ML, UL5], [MIXED]: [ML], [PUNCT]: [ML, PL], [DIGIT]: [DL] },
  [MIXED]: { [UPPER]: [UL5], [LOWER]: [LL], [PUNCT]: [PL], [DIGIT]: [UL5, DL] },
  [PUNCT]: { [UPPER]: [UL_P], [LOWER]: [UL_P, LL], [MIXED]: [UL_P, ML], [DIGIT]: [UL_P, DL] },
  [DIGIT]: { [UPPER]: [UL_D], [LOWER]: [UL_D, LL], [MIXED]: [UL_D, ML], [PUNCT]: [UL_D, ML, PL] },
};

/** The data (one byte a character) as Labelary's Aztec bit stream, '0' and '1'. */
export function aztecTextBits(bytes: string): string {
  const chars = [...bytes].map((c) => classify(c.charCodeAt(0) & 0xff));
  // ". ", ", " and ": " are one Punct character each when both sit in Punct's runs.
  for (let i = 0; i + 1 < chars.length; i++) {
    const a = chars[i];
    const b = chars[i + 1];
    if (!a || !b || b.value !== 1 || b.modes !== (UPPER | LOWER | MIXED | DIGIT)) continue;
    const pair =
      a.value === STOP && a.modes === (PUNCT | DIGIT)
        ? 3
        : a.value === COMMA && a.modes === (PUNCT | DIGIT)
          ? 4
          : a.value === 21 && a.modes === PUNCT
            ? 5
            : 0;
    if (pair) chars.splice(i, 2, { modes: PUNCT, value: pair });
  }
  if (chars.length === 0) return '';

  // Runs of characters with the same set of modes; then each run's mode.
  const runs: { mode: number; length: number }[] = [];
  for (const c of chars) {
    const last = runs[runs.length - 1];
    if (last && last.mode === c.modes) last.length++;
    else runs.push({ mode: c.modes, length: 1 });
  }
  const first = runs[0];
  if (first) first.mode = lowestText(first.mode);
  if (runs.length > 1) {
    // A run keeps what it shares with the run before it, then with the run after it.
    for (let i = 1; i < runs.length; i++) {
      const here = runs[i];
      const before = runs[i - 1];
      if (here && before && here.mode & before.mode) here.mode &= before.mode;
    }
    const last = runs[runs.length - 1];
    if (last) last.mode = lowestText(last.mode);
    for (let i = runs.length - 2; i > 0; i--) {
      const here = runs[i];
      const after = runs[i + 1];
      if (here && after && here.mode & after.mode) here.mode &= after.mode;
    }
    for (let i = 1; i < runs.length; i++) {
      const here = runs[i];
      if (here) here.mode = highestText(here.mode);
    }
  }
  const types: number[] = [];
  for (let i = 0; i < runs.length; i++) {
    const run = runs[i];
    if (!run) continue;
    // Neighbours that ended in one mode are one run.
    let length = run.length;
    while (runs[i + 1]?.mode === run.mode) length += runs[++i]?.length ?? 0;
    const type = length < 3 && run.mode !== BINARY ? run.mode + SHIFT : run.mode;
    for (let k = 0; k < length; k++) types.push(type);
  }
  // The symbol starts in Upper: a leading capital needs no shift.
  if (types[0] === UPPER + SHIFT) types[0] = UPPER;

  let out = '';
  const put = ([value, bits]: Code): void => {
    out += value.toString(2).padStart(bits, '0');
  };
  let mode = UPPER;
  for (let i = 0; i < chars.length; i++) {
    const c = chars[i];
    const type = types[i] ?? UPPER;
    if (!c) continue;
    const shifted = type > SHIFT;
    const want = shifted ? type - SHIFT : type;
    if (want !== mode) {
      if (want === BINARY) {
        let count = 0;
        while (types[i + count] === BINARY) count++;
        if (mode === PUNCT) put(UL_P);
        else if (mode === DIGIT) put(UL_D);
        if (mode === PUNCT || mode === DIGIT) mode = UPPER;
        put(BS);
        if (count > 31) {
          put([0, 5]);
          put([count - 31, 11]);
        } else put([count, 5]);
        for (let k = 0; k < count; k++) put([chars[i + k]?.value ?? 0, 8]);
        i += count - 1;
        continue;
      }
      if (shifted && want === UPPER && (mode === LOWER || mode === DIGIT)) {
        put(mode === DIGIT ? [15, 4] : [28, 5]); // US: one character in Upper
      } else if (shifted && want === PUNCT) {
        put(mode === DIGIT ? [0, 4] : [0, 5]); // PS: one character in Punct
      } else {
        // Latches; a "shift" to Lower, Mixed or Digit (no such shifts exist) latches too.
        for (const code of LATCH[mode]?.[want] ?? []) put(code);
        mode = want;
      }
    }
    let value = c.value;
    if (value === CR) value = want === PUNCT ? 1 : 14;
    else if (value === COMMA) value = want === DIGIT ? 12 : 17;
    else if (value === STOP) value = want === DIGIT ? 13 : 19;
    put([value, want === DIGIT ? 4 : 5]);
  }
  return out;
}

// Codewords a symbol holds, and their size in bits (ISO/IEC 24778 Table 1), by layers.
const COMPACT: readonly (readonly [number, number])[] = [
  [17, 6],
  [40, 6],
  [51, 8],
  [76, 8],
];
const FULL_WORDS = [
  21, 48, 60, 88, 120, 156, 196, 240, 230, 272, 316, 364, 416, 470, 528, 588, 652, 720, 790, 864,
  940, 1020, 920, 992, 1066, 1144, 1224, 1306, 1392, 1480, 1570, 1664,
];
const fullWordSize = (layers: number): number =>
  layers <= 2 ? 6 : layers <= 8 ? 8 : layers <= 22 ? 10 : 12;

/**
 * Codewords the bit stream takes at a codeword size: a codeword whose first size − 1 bits are
 * all alike gets the opposite bit put after them (the standard's bit stuffing), and the last
 * one is filled with ones.
 */
export function aztecDataWords(bits: string, size: number): number {
  let words = 0;
  let i = 0;
  while (i < bits.length) {
    const head = bits.slice(i, i + size - 1);
    if (head.length === size - 1 && (/^0+$/.test(head) || /^1+$/.test(head))) i += size - 1;
    else i += size;
    words++;
  }
  return words;
}

/**
 * The symbols that hold a bit stream at a ^BO error correction percentage, smallest first
 * (compact before full range of the same size); Labelary draws the first. A symbol holds the
 * stream when its error correction codewords are at least that share of all its codewords,
 * rounded down. Read from its renders: at 70 % the 34 data codewords of a 120-codeword symbol
 * leave 86 (71.7 %); at 95 %, 27 of 528 leave 501 (94.9 %, where 95 % would be 501.6), and
 * the next smaller symbols hold too few.
 */
export function aztecSizes(
  bits: string,
  percent: number,
): { format: 'compact' | 'full'; layers: number }[] {
  const fits = (words: number, size: number): boolean =>
    aztecDataWords(bits, size) <= words - Math.max(3, Math.floor((percent * words) / 100));
  // Smallest first: a compact symbol of n layers is as wide as a full-range one of n − 1.
  const sizes: { format: 'compact' | 'full'; layers: number }[] = [];
  for (let n = 1; n <= 4; n++) {
    sizes.push({ format: 'compact', layers: n });
    if (n > 1) sizes.push({ format: 'full', layers: n - 1 });
  }
  for (let n = 4; n <= 32; n++) sizes.push({ format: 'full', layers: n });
  return sizes.filter(({ format, layers }) =>
    format === 'compact'
      ? fits(COMPACT[layers - 1]?.[0] ?? 0, COMPACT[layers - 1]?.[1] ?? 6)
      : fits(FULL_WORDS[layers - 1] ?? 0, fullWordSize(layers)),
  );
}
