// DEFLATE decoding (RFC 1951) for ^GF and ~DG :Z64: data. Ours rather than fflate's: fflate
// builds its tables when its module loads, 7 ms of a fresh process's 26 ms import of the engine,
// for a format most labels never use. This builds them only for a stream it reads.
//
// Lenient as a preview must be: a stream that breaks keeps every byte decoded before the break,
// and the caller says what went wrong.

export interface Inflated {
  bytes: Uint8Array;
  /** Why decoding stopped early; absent when the stream ended as it should. */
  error?: string;
}

// Lengths 257–285 and distances 0–29: the base value and the extra bits read after the code.
const LENGTH_BASE = [
  3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115, 131,
  163, 195, 227, 258,
];
const LENGTH_EXTRA = [
  0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0,
];
const DISTANCE_BASE = [
  1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385, 513, 769, 1025, 1537, 2049,
  3073, 4097, 6145, 8193, 12289, 16385, 24577,
];
const DISTANCE_EXTRA = [
  0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13,
];
/** The order in which a dynamic block lists the code length code's lengths. */
const CODE_LENGTH_ORDER = [16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15];

class BrokenStream extends Error {}

/**
 * A Huffman code as one look-up table indexed by the next `bits` bits of input (least
 * significant first, as DEFLATE packs them): each entry holds symbol << 4 | code length, 0 for
 * bits that start no code.
 */
interface Code {
  table: Uint32Array;
  bits: number;
}

function buildCode(lengths: Uint8Array): Code {
  let bits = 0;
  const count = new Uint16Array(16);
  for (const length of lengths) {
    count[length] = (count[length] as number) + 1;
    if (length > bits) bits = length;
  }
  count[0] = 0;
  // The first canonical code of each length (RFC 1951, 3.2.2).
  const next = new Uint16Array(16);
  for (let length = 1, code = 0; length < 16; length++) {
    code = (code + (count[length - 1] as number)) << 1;
    next[length] = code;
  }
  const table = new Uint32Array(1 << bits);
  lengths.forEach((length, symbol) => {
    if (length === 0) return;
    const code = next[length] as number;
    next[length] = code + 1;
    // Codes are sent most significant bit first: reversed, they index the table directly,
    // every entry whose low `length` bits are the code.
    let reversed = 0;
    for (let i = 0; i < length; i++) reversed |= ((code >> i) & 1) << (length - 1 - i);
    for (let at = reversed; at < table.length; at += 1 << length)
      table[at] = (symbol << 4) | length;
  });
  return { table, bits };
}

const fixed = (() => {
  let cached: { literals: Code; distances: Code } | undefined;
  return () => {
    if (!cached) {
      const literals = new Uint8Array(288).fill(8, 0, 144).fill(9, 144, 256).fill(7, 256, 280);
      literals.fill(8, 280, 288);
      cached = { literals: buildCode(literals), distances: buildCode(new Uint8Array(30).fill(5)) };
    }
    return cached;
  };
})();

/** Inflates raw DEFLATE data (no zlib or gzip wrapper). Never throws. */
export function inflateRaw(input: Uint8Array): Inflated {
  let out = new Uint8Array(Math.max(1024, input.length * 4));
  let length = 0;
  let at = 0; // next input byte
  let buffer = 0; // bits not yet used, least significant first
  let held = 0; // how many

  const need = (n: number): void => {
    while (held < n) {
      if (at >= input.length) throw new BrokenStream('the data ends in the middle of a block');
      buffer |= (input[at++] as number) << held;
      held += 8;
    }
  };
  const take = (n: number): number => {
    if (n === 0) return 0;
    need(n);
    const value = buffer & ((1 << n) - 1);
    buffer >>>= n;
    held -= n;
    return value;
  };
  const symbol = (code: Code): number => {
    // Near the end of the data fewer bits than the longest code may be left: a shorter code
    // still decodes from what there is.
    while (held < code.bits && at < input.length) {
      buffer |= (input[at++] as number) << held;
      held += 8;
    }
    const entry = code.table[buffer & ((1 << code.bits) - 1)] as number;
    const size = entry & 15;
    if (size === 0 || size > held) throw new BrokenStream('a code that means nothing');
    buffer >>>= size;
    held -= size;
    return entry >> 4;
  };
  const room = (n: number): void => {
    if (length + n <= out.length) return;
    const bigger = new Uint8Array(Math.max(out.length * 2, length + n));
    bigger.set(out.subarray(0, length));
    out = bigger;
  };

  try {
    let last = false;
    while (!last) {
      last = take(1) === 1;
      const type = take(2);
      if (type === 0) {
        // Stored: from the next byte boundary, a length, its complement, the bytes. Whole
        // bytes already taken into the bit buffer go back to the input.
        at -= held >> 3;
        buffer = 0;
        held = 0;
        if (at + 4 > input.length) throw new BrokenStream('the data ends in the middle of a block');
        const size = (input[at] as number) | ((input[at + 1] as number) << 8);
        const check = (input[at + 2] as number) | ((input[at + 3] as number) << 8);
        if ((size ^ 0xffff) !== check) throw new BrokenStream('a stored block of a wrong length');
        at += 4;
        const available = Math.min(size, input.length - at);
        room(available);
        out.set(input.subarray(at, at + available), length);
        length += available;
        at += available;
        if (available < size) throw new BrokenStream('the data ends in the middle of a block');
        continue;
      }
      if (type === 3) throw new BrokenStream('a block of an unknown type');
      const { literals, distances } = type === 1 ? fixed() : dynamicCodes(take, symbol);
      for (;;) {
        const value = symbol(literals);
        if (value < 256) {
          room(1);
          out[length++] = value;
          continue;
        }
        if (value === 256) break;
        const index = value - 257;
        if (index >= 29) throw new BrokenStream('a length code that means nothing');
        const size = (LENGTH_BASE[index] as number) + take(LENGTH_EXTRA[index] as number);
        const d = symbol(distances);
        if (d >= 30) throw new BrokenStream('a distance code that means nothing');
        const distance = (DISTANCE_BASE[d] as number) + take(DISTANCE_EXTRA[d] as number);
        if (distance > length) throw new BrokenStream('a distance before the start of the data');
        room(size);
        // Byte by byte: a copy may overlap what it writes (a run of one repeated byte).
        for (let i = 0; i < size; i++, length++) out[length] = out[length - distance] as number;
      }
    }
  } catch (error) {
    if (!(error instanceof BrokenStream)) throw error;
    return { bytes: out.slice(0, length), error: error.message };
  }
  return { bytes: out.slice(0, length) };
}

/** A dynamic block's two codes, read from its header (RFC 1951, 3.2.7). */
function dynamicCodes(
  take: (n: number) => number,
  symbol: (code: Code) => number,
): { literals: Code; distances: Code } {
  const literalCount = take(5) + 257;
  const distanceCount = take(5) + 1;
  const lengthCodeCount = take(4) + 4;
  const lengthCodeLengths = new Uint8Array(19);
  for (let i = 0; i < lengthCodeCount; i++)
    lengthCodeLengths[CODE_LENGTH_ORDER[i] as number] = take(3);
  const lengthCode = buildCode(lengthCodeLengths);
  const lengths = new Uint8Array(literalCount + distanceCount);
  for (let i = 0; i < lengths.length;) {
    const value = symbol(lengthCode);
    if (value < 16) {
      lengths[i++] = value;
      continue;
    }
    let repeat: number;
    let fill = 0;
    if (value === 16) {
      if (i === 0) throw new BrokenStream('a repeat with nothing before it');
      fill = lengths[i - 1] as number;
      repeat = 3 + take(2);
    } else repeat = value === 17 ? 3 + take(3) : 11 + take(7);
    if (i + repeat > lengths.length) throw new BrokenStream('code lengths past the end');
    lengths.fill(fill, i, i + repeat);
    i += repeat;
  }
  if (lengths[256] === 0) throw new BrokenStream('a block without an end code');
  return {
    literals: buildCode(lengths.subarray(0, literalCount)),
    distances: buildCode(lengths.subarray(literalCount)),
  };
}
