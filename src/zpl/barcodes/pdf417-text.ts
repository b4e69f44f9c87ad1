// PDF417's high-level encoding as Labelary does it: the data code words, before the length
// descriptor, padding and error correction (bwip-js adds those, with its `raw` option).
//
// Read back from Labelary's renders of the corpus's PDF417 symbols (DPD, FedEx, Canada Post…),
// its encoder is the one the Zint library started from (Grand Zebu's): the data is cut into
// runs of digits, text and other bytes; short runs are merged into their neighbours by fixed
// rules; text changes sub-mode one character at a time, shifting for a lone character and
// latching for two or more (so "[)>" after the start is ML PL "[" ")" ">", where bwip-js's
// optimiser shifts). Its symbols then carry the same code words as the reference's.

const NUM = 1;
const TEXT = 2;
const BYTE = 3;

// Text sub-modes, as a set of flags: Alpha, Lower, Mixed, Punctuation.
const ALPHA = 1;
const LOWER = 2;
const MIXED = 4;
const PUNCT = 8;

const MIXED_CHARS = '0123456789&\r\t,:#-.$/+%*=^';
const PUNCT_CHARS = ';<>@[\\]_`~!\r\t,:\n-.$/"|*()?{}\'';

/** The sub-modes that hold a character and its value there (the same in each). */
function textChar(c: string): { modes: number; value: number } {
  if (c >= 'A' && c <= 'Z') return { modes: ALPHA, value: c.charCodeAt(0) - 65 };
  if (c >= 'a' && c <= 'z') return { modes: LOWER, value: c.charCodeAt(0) - 97 };
  if (c === ' ') return { modes: ALPHA | LOWER | MIXED, value: 26 };
  let modes = 0;
  let value = 0;
  const m = MIXED_CHARS.indexOf(c);
  if (m >= 0) {
    modes |= MIXED;
    value = m;
  }
  const p = PUNCT_CHARS.indexOf(c);
  if (p >= 0) {
    modes |= PUNCT;
    value = p;
  }
  return { modes, value };
}

const kind = (c: string): number => {
  if (c >= '0' && c <= '9') return NUM;
  const code = c.charCodeAt(0);
  return (code >= 32 && code <= 126) || c === '\t' || c === '\n' || c === '\r' ? TEXT : BYTE;
};

interface Run {
  kind: number;
  length: number;
}

function merged(runs: Run[]): Run[] {
  const out: Run[] = [];
  for (const run of runs) {
    const last = out[out.length - 1];
    if (last && last.kind === run.kind) last.length += run.length;
    else out.push({ ...run });
  }
  return out;
}

/** Runs of digits, text and bytes, short ones given to their neighbours' mode. */
function runs(data: string): Run[] {
  let list: Run[] = [];
  for (const c of data) {
    const k = kind(c);
    const last = list[list.length - 1];
    if (last && last.kind === k) last.length++;
    else list.push({ kind: k, length: 1 });
  }
  // Digits: worth numeric compaction only in long enough runs, longer beside text.
  const n = list.length;
  list.forEach((run, i) => {
    if (run.kind !== NUM) return;
    const before = list[i - 1]?.kind ?? 0;
    const after = list[i + 1]?.kind ?? 0;
    const len = run.length;
    if (i === 0) {
      if (n > 1) {
        if (after === TEXT && len < 8) run.kind = TEXT;
        if (after === BYTE && len === 1) run.kind = BYTE;
      }
    } else if (i === n - 1) {
      if (before === TEXT && len < 7) run.kind = TEXT;
      if (before === BYTE && len === 1) run.kind = BYTE;
    } else {
      if (before === BYTE && after === BYTE && len < 4) run.kind = BYTE;
      if (before === BYTE && after === TEXT && len < 4) run.kind = TEXT;
      if (before === TEXT && after === BYTE && len < 5) run.kind = TEXT;
      if (before === TEXT && after === TEXT && len < 8) run.kind = TEXT;
    }
  });
  list = merged(list);
  // Text between bytes: short runs go to byte compaction.
  const m = list.length;
  list.forEach((run, i) => {
    if (run.kind !== TEXT || i === 0) return;
    const before = list[i - 1]?.kind ?? 0;
    const after = list[i + 1]?.kind ?? 0;
    const len = run.length;
    if (i === m - 1) {
      if (before === BYTE && len === 1) run.kind = BYTE;
    } else {
      if (before === BYTE && after === BYTE && len < 5) run.kind = BYTE;
      if ((before === BYTE) !== (after === BYTE) && len < 3) run.kind = BYTE;
    }
  });
  return merged(list);
}

function text(data: string, out: number[], latch: boolean): void {
  const chars = [...data].map(textChar);
  const values: number[] = [];
  let mode = ALPHA;
  const latchTo: Record<number, Record<number, number[]>> = {
    [ALPHA]: { [LOWER]: [27], [MIXED]: [28], [PUNCT]: [28, 25] },
    [LOWER]: { [ALPHA]: [28, 28], [MIXED]: [28], [PUNCT]: [28, 25] },
    [MIXED]: { [ALPHA]: [28], [LOWER]: [27], [PUNCT]: [25] },
    [PUNCT]: { [ALPHA]: [29], [LOWER]: [29, 27], [MIXED]: [29, 28] },
  };
  chars.forEach((c, j) => {
    if (c.modes & mode) {
      values.push(c.value);
      return;
    }
    const next = chars[j + 1];
    const alone = !next || (c.modes & next.modes) === 0;
    if (alone) {
      // One character: a shift where there is one (Alpha from Lower, Punctuation).
      const upperShift = (c.modes & ALPHA) !== 0 && mode === LOWER;
      if (upperShift) values.push(27, c.value);
      if (c.modes & PUNCT) values.push(29, c.value);
      if (upperShift || c.modes & PUNCT) return;
    }
    let target = alone || !next ? c.modes : c.modes & next.modes;
    // Of several sub-modes, the first: Alpha, then Lower, then Mixed.
    target = target & ALPHA ? ALPHA : target & LOWER ? LOWER : target & MIXED ? MIXED : PUNCT;
    values.push(...(latchTo[mode]?.[target] ?? []));
    mode = target;
    values.push(c.value);
  });
  if (values.length % 2 === 1) values.push(29);
  if (latch) out.push(900);
  for (let i = 0; i < values.length; i += 2) out.push((values[i] ?? 0) * 30 + (values[i + 1] ?? 0));
}

function bytes(data: string, out: number[]): void {
  if (data.length === 1) {
    out.push(913, data.charCodeAt(0) & 0xff);
    return;
  }
  out.push(data.length % 6 === 0 ? 924 : 901);
  let i = 0;
  for (; i + 6 <= data.length; i += 6) {
    let value = 0n;
    for (let k = 0; k < 6; k++) value = value * 256n + BigInt(data.charCodeAt(i + k) & 0xff);
    const group: number[] = [];
    for (let k = 0; k < 5; k++) {
      group.unshift(Number(value % 900n));
      value /= 900n;
    }
    out.push(...group);
  }
  for (; i < data.length; i++) out.push(data.charCodeAt(i) & 0xff);
}

function numeric(data: string, out: number[]): void {
  out.push(902);
  for (let i = 0; i < data.length; i += 44) {
    let value = BigInt('1' + data.slice(i, i + 44));
    const group: number[] = [];
    while (value > 0n) {
      group.unshift(Number(value % 900n));
      value /= 900n;
    }
    out.push(...group);
  }
}

/** The data code words for one character a byte, as Labelary's encoder makes them. */
export function pdf417Codewords(data: string): number[] {
  const out: number[] = [];
  let at = 0;
  runs(data).forEach((run, i) => {
    const part = data.slice(at, at + run.length);
    at += run.length;
    if (run.kind === TEXT) text(part, out, i > 0);
    else if (run.kind === BYTE) bytes(part, out);
    else numeric(part, out);
  });
  return out;
}
