// ^BCo,h,f,g,e,m — Code 128 (ZPL II Programming Guide, ^BC; Code 128 invocation characters).
//
// Two ways to the bars:
//   N  ZPL's own subset rules (start in B unless the data starts with >9 >: >;, stay in the
//      subset the data says, digit pairs in C, >4 SHIFT for one character) have no equivalent
//      in bwip-js's optimiser, which always picks its own subsets. So mode N works out the
//      codeword values here, adds the mod-103 check character and the stop, and looks each
//      value's bars up in the standard's table (BWIPP's, copied; a test compares the two).
//      Not through BWIPP: its code128 took 12–17 ms the first time a process drew one, most
//      of a shipping label's cold start, for a table look-up.
//   A, D, U  the printer chooses the subsets, so bwip-js's optimiser does it; FNC1 reaches it
//      through `parsefnc` (^FNC1).
import { encode, escapeCaret } from './bwip.ts';
import { mod10 } from './check.ts';
import { barHeight, linearLayout } from './draw.ts';
import type { BarcodeContext, BarcodeLayout } from './types.ts';
import { emptyLayout } from './types.ts';

export type Code128Mode = 'N' | 'U' | 'A' | 'D';

export interface Code128Params {
  /** h: bar height in dots; default ^BY height. */
  height?: number;
  /** f: print the interpretation line; default Y. */
  line?: boolean;
  /** g: interpretation line above the code; default N. */
  lineAbove?: boolean;
  /** e: UCC (mod 10) check digit appended to the data; default N. */
  uccCheckDigit?: boolean;
  /** m: mode; default N. */
  mode?: Code128Mode;
}

type Subset = 'A' | 'B' | 'C';

const START: Record<Subset, number> = { A: 103, B: 104, C: 105 };
const FNC1 = 102;
const SHIFT = 98;

interface Codewords {
  values: number[];
  human: string;
}

export function code128(data: string, params: Code128Params, ctx: BarcodeContext): BarcodeLayout {
  const warnings: string[] = [];
  const h = barHeight(params.height, ctx, warnings);
  const mode = params.mode ?? 'N';
  if (data.length === 0) return emptyLayout(['^BC field data is empty; nothing is drawn']);

  let text: string;
  let options: Record<string, boolean>;
  let human: string;
  if (mode === 'N') {
    const src = params.uccCheckDigit ? withUccCheck(data) : data;
    const cw = modeNCodewords(src, warnings);
    if (cw.values.length < 2) {
      return emptyLayout([
        ...warnings,
        '^BC field data has no character Code 128 can encode; nothing is drawn',
      ]);
    }
    const layout = drawn(code128Bars(cw.values), cw.human, h, params, ctx, warnings);
    return { ...layout, data: code128Text(cw.values) };
  } else if (mode === 'U') {
    const u = modeU(data, warnings);
    text = `^FNC1${u.digits}`;
    options = { parsefnc: true };
    human = u.human;
  } else if (mode === 'D') {
    const d = modeD(data, warnings);
    text = d.encoded;
    options = { parsefnc: true };
    human = d.human;
  } else {
    const src = params.uccCheckDigit ? withUccCheck(data) : data;
    const a = modeA(src, warnings);
    text = a.encoded;
    options = { parsefnc: true };
    human = a.human;
  }

  const result = encode('code128', text, options);
  if (!result.ok || result.encoding.kind !== 'linear') {
    const why = result.ok ? 'an unexpected encoding' : result.error;
    return emptyLayout([
      ...warnings,
      `^BC cannot encode the field data (${why}); nothing is drawn`,
    ]);
  }
  const layout = drawn(result.encoding.sbs, human, h, params, ctx, warnings);
  return { ...layout, data: bwipText(text) };
}

/** What a symbol of these codeword values (start first, no check) reads as: a scanner's view. */
export function code128Text(values: readonly number[]): string {
  const start = values[0];
  let subset: Subset = start === START.A ? 'A' : start === START.C ? 'C' : 'B';
  let out = '';
  let shifted = false;
  // FNC4: one adds 128 to the next character, two in a row latch it (ISO/IEC 15417, 4.3.4.2).
  let fnc4 = false;
  let latched = false;
  let lastWasFnc4 = false;
  for (let i = 1; i < values.length; i++) {
    const v = values[i] ?? 0;
    const wasFnc4 = lastWasFnc4;
    lastWasFnc4 = false;
    if (subset === 'C') {
      if (v < 100) out += String(v).padStart(2, '0');
      else if (v === 100 || v === 101) subset = v === 100 ? 'B' : 'A';
      continue;
    }
    const inSet: 'A' | 'B' = shifted ? (subset === 'A' ? 'B' : 'A') : subset;
    shifted = false;
    if (v < 96) {
      const code = inSet === 'A' && v >= 64 ? v - 64 : v + 32;
      out += String.fromCharCode(fnc4 !== latched ? code + 128 : code);
      fnc4 = false;
    } else if (v === SHIFT) shifted = true;
    else if (v === 99) subset = 'C';
    else if ((v === 100 && inSet === 'B') || (v === 101 && inSet === 'A')) {
      if (wasFnc4) {
        latched = !latched;
        fnc4 = false;
      } else {
        fnc4 = true;
        lastWasFnc4 = true;
      }
    } else if (v === 100 || v === 101) subset = v === 100 ? 'B' : 'A';
    // 96, 97, 102: FNC3, FNC2, FNC1 carry no character.
  }
  return out;
}

/** bwip-js's text with `parsefnc` as a scanner reads it: ^FNCn left out, ^^ one caret. */
function bwipText(text: string): string {
  let out = '';
  for (let i = 0; i < text.length; i++) {
    const c = text[i] ?? '';
    if (c === '^' && text[i + 1] === '^') i++;
    else if (c === '^' && /^FNC[1-4]$/.test(text.slice(i + 1, i + 5))) {
      i += 4;
      continue;
    }
    out += c;
  }
  return out;
}

function drawn(
  sbs: readonly number[],
  human: string,
  h: number,
  params: Code128Params,
  ctx: BarcodeContext,
  warnings: string[],
): BarcodeLayout {
  const w = ctx.by.moduleWidth;
  return linearLayout({
    widths: sbs.map((n) => n * w),
    barHeight: h,
    text: params.line === false ? undefined : human,
    above: params.lineAbove === true,
    ctx,
    warnings,
  });
}

// Bar, space, bar, space, bar, space widths in modules of each value 0–105, then the stop
// (seven widths, its final bar included): Code 128's table, as BWIPP's code128 has it.
const PATTERNS =
  '212222222122222221121223121322131222122213122312132212221213221312231212112232122132122231113222123122123221223211221132221231213212223112312131311222321122321221312212322112322211212123212321232121111323131123131321112313132113132311211313231113231311112133112331132131113123113321133121313121211331231131213113213311213131311123311321331121312113312311332111314111221411431111111224111422121124121421141122141221112214112412122114122411142112142211241211221114413111241112134111111242121142121241114212124112124211411212421112421211212141214121412121111143111341131141114113114311411113411311113141114131311141411131211412211214211232';
const STOP = [2, 3, 3, 1, 1, 1, 2];

/**
 * The symbol's widths for codeword values that begin with the start character: each value's
 * pattern, the mod-103 check character (the start's value plus each value times its place),
 * and the stop.
 */
export function code128Bars(values: readonly number[]): number[] {
  let check = values[0] ?? 0;
  for (let i = 1; i < values.length; i++) check += i * (values[i] ?? 0);
  const widths: number[] = [];
  for (const value of [...values, check % 103])
    for (let k = value * 6; k < value * 6 + 6; k++) widths.push(PATTERNS.charCodeAt(k) - 48);
  widths.push(...STOP);
  return widths;
}

/**
 * e = Y: the printer appends the mod 10 check digit of the data's digits to the data. Only to
 * data of digits: Labelary adds none to a tracking number with letters in it (Pocztex's
 * "PX6719400000" prints as it is), where a digit check would check nothing.
 */
function withUccCheck(data: string): string {
  const plain = data.replace(/>./g, '');
  if (!/^[0-9]+$/.test(plain)) return data;
  return data + String(mod10(plain));
}

/** A character's value in subset A or B, or undefined when that subset has no such character. */
function valueIn(subset: 'A' | 'B', code: number): number | undefined {
  if (code >= 32 && code <= 95) return code - 32;
  if (subset === 'A' && code >= 0 && code < 32) return code + 64;
  if (subset === 'B' && code >= 96 && code <= 127) return code - 32;
  return undefined;
}

const printable = (ch: string): string =>
  ch.charCodeAt(0) >= 32 && ch.charCodeAt(0) !== 127 ? ch : '';

/**
 * Mode N: the guide's Table 6. ">x" invocation codes put the codeword value x stands for into
 * the symbol, meaning what that value means in the subset in force:
 *   >< and >0 '>'   >= 94 (A: RS, B: '~')   >1 95 (A: US, B: DEL)   >2 FNC3   >3 FNC2
 *   >4 SHIFT   >5 CODE C   >6 100 (A, C: CODE B; B: FNC4)   >7 101 (A: FNC4; B, C: CODE A)
 *   >8 FNC1   >9 >: >; start codes A, B, C (subset B when the data starts with none).
 * Subsets A and C take digit pairs (in A each pair is one character's value): "nonintegers as first character of digit pair are ignored,
 * nonintegers as second character of digit pair invalidate the entire pair, extra unpaired
 * digit before code shift is ignored" (guide, ^BC).
 */
export function modeNCodewords(data: string, warnings: string[]): Codewords {
  let i = 0;
  let subset: Subset = 'B';
  const first = data[1];
  if (data[0] === '>' && (first === '9' || first === ':' || first === ';')) {
    subset = first === '9' ? 'A' : first === ':' ? 'B' : 'C';
    i = 2;
  }
  const values: number[] = [START[subset]];
  let human = '';
  let shifted = false;
  const skipped = new Set<string>();

  while (i < data.length) {
    const ch = data[i] ?? '';
    if (ch === '>') {
      const k = data[i + 1];
      i += 2;
      if (k === undefined) {
        warnings.push('^BC field data ends with a lone ">"; it is dropped');
        break;
      }
      if (k === '<' || k === '0') {
        if (subset === 'C')
          warnings.push(`^BC ">${k}" (a ">" character) has no place in subset C; it is dropped`);
        else {
          values.push(30);
          human += '>';
        }
        continue;
      }
      if ('=1234'.includes(k)) {
        if (subset === 'C') {
          warnings.push(`^BC invocation code ">${k}" means nothing in subset C; it is dropped`);
          continue;
        }
        const v = { '=': 94, '1': 95, '2': 96, '3': 97, '4': SHIFT }[k] ?? 0;
        values.push(v);
        if (k === '=' && subset === 'B') human += '~';
        if (k === '4') shifted = true;
        continue;
      }
      if (k === '5') {
        if (subset === 'C')
          warnings.push('^BC ">5" (CODE C) is already in subset C; it is dropped');
        else {
          values.push(99);
          subset = 'C';
        }
        continue;
      }
      if (k === '6') {
        // CODE B from A and C; FNC4 in B, which stays in B either way.
        values.push(100);
        subset = 'B';
        continue;
      }
      if (k === '7') {
        // CODE A from B and C; FNC4 in A.
        values.push(101);
        subset = 'A';
        continue;
      }
      if (k === '8') {
        values.push(FNC1);
        continue;
      }
      if (k === '9' || k === ':' || k === ';') {
        // A start code after the start: taken as a change to that subset.
        const to: Subset = k === '9' ? 'A' : k === ':' ? 'B' : 'C';
        if (to !== subset) {
          values.push(to === 'A' ? 101 : to === 'B' ? 100 : 99);
          subset = to;
        }
        continue;
      }
      warnings.push(`^BC ">${k}" is not a Code 128 invocation code; it is dropped`);
      continue;
    }

    // Subsets A and C both take digit pairs (guide, ^BC: "Code 128 Subsets A and C are
    // programmed as pairs of digits, 00 to 99 ... In Subset A, each pair of digits results in
    // a single character being encoded"): in C the pair prints as it is, in A it is the value
    // of the character (52 is "T"). A SHIFT into A takes the next character as it is.
    if (subset === 'C' || (subset === 'A' && !shifted)) {
      if (ch < '0' || ch > '9') {
        skipped.add(ch);
        i++;
        continue;
      }
      const next = data[i + 1];
      if (next === undefined || next === '>') {
        warnings.push(`^BC unpaired digit "${ch}" in subset ${subset} is ignored`);
        i++;
        continue;
      }
      if (next < '0' || next > '9') {
        warnings.push(
          `^BC digit pair "${ch}${next}" in subset ${subset} is not numeric; the pair is dropped`,
        );
        i += 2;
        continue;
      }
      const value = Number(ch + next);
      i += 2;
      if (subset === 'C') {
        values.push(value);
        human += ch + next;
      } else if (value <= 101) {
        values.push(value);
        // 0–63 are the printable characters from space; 64–95 control characters; the
        // values above are the subset's function and code characters.
        if (value < 64) human += String.fromCharCode(value + 32);
        else if (value === 99) subset = 'C';
        else if (value === 100) subset = 'B';
        else if (value === SHIFT) shifted = true;
      } else warnings.push(`^BC digit pair "${ch}${next}" is no character of subset A; dropped`);
      continue;
    }

    const inSet: 'A' | 'B' = shifted ? (subset === 'A' ? 'B' : 'A') : subset;
    shifted = false;
    const v = valueIn(inSet, ch.charCodeAt(0));
    if (v === undefined) skipped.add(ch);
    else {
      values.push(v);
      human += printable(ch);
    }
    i++;
  }
  for (const ch of skipped) {
    warnings.push(
      `^BC cannot encode ${JSON.stringify(ch)} in the subset in force (mode N); it is dropped`,
    );
  }
  return { values, human };
}

/**
 * Mode U (UCC case mode): exactly 19 digits ("more than 19 digits are eliminated, fewer add
 * zeros to the right"), start C and FNC1 chosen by the printer, mod 10 check digit appended.
 */
function modeU(data: string, warnings: string[]): { digits: string; human: string } {
  const digits = data.replace(/[^0-9]/g, '');
  if (digits.length !== data.length)
    warnings.push('^BC mode U takes digits only; other characters are dropped');
  if (digits.length !== 19) {
    warnings.push(
      `^BC mode U takes exactly 19 digits, got ${digits.length}; ${
        digits.length > 19 ? 'the extra digits are dropped' : 'zeros are added on the right'
      }`,
    );
  }
  const d19 = digits.slice(0, 19).padEnd(19, '0');
  const full = d19 + String(mod10(d19));
  return { digits: full, human: `(${full.slice(0, 2)})${full.slice(2)}` };
}

// AIs whose last digit is a mod 10 check digit, with their full data length (GS1 General
// Specifications): SSCC, GTIN, content GTIN, and the GLN family.
const CHECKED_AI: Record<string, number> = {
  '00': 18,
  '01': 14,
  '02': 14,
  '410': 13,
  '411': 13,
  '412': 13,
  '413': 13,
  '414': 13,
  '415': 13,
  '416': 13,
  '417': 13,
};

/**
 * Mode D (UCC/EAN with or without chained AIs): FNC1 first, ">8" for FNC1 between elements,
 * parentheses and spaces stripped from the symbol but printed in the interpretation line, and
 * "the printer automatically determines if a check digit is required, calculates it, and
 * prints it" — done here for the AIs above when their data is one digit short.
 */
function modeD(data: string, warnings: string[]): { encoded: string; human: string } {
  let encoded = '^FNC1';
  let human = '';
  const pieces = data.split('>8');
  pieces.forEach((piece, n) => {
    if (n > 0) encoded += '^FNC1';
    let plain = piece;
    if (/>./.test(plain)) {
      warnings.push('^BC mode D only knows ">8" (FNC1); other invocation codes are dropped');
      plain = plain.replace(/>./g, '');
    }
    // Each "(AI)data" element; anything before the first "(" is kept as it is.
    const withChecks = plain.replace(/\((\d{2,4})\)([^(]*)/g, (whole, ai: string, rest: string) => {
      const full = CHECKED_AI[ai];
      const digits = rest.replace(/ /g, '');
      if (full !== undefined && /^\d+$/.test(digits) && digits.length === full - 1) {
        return `(${ai})${rest}${mod10(digits)}`;
      }
      return whole;
    });
    human += withChecks;
    encoded += escapeCaret(withChecks.replace(/[() ]/g, ''));
  });
  return { encoded, human };
}

/** Mode A: the printer picks subsets; ">8" (FNC1) and the escapes still mean what Table 6 says. */
function modeA(data: string, warnings: string[]): { encoded: string; human: string } {
  let encoded = '';
  let human = '';
  for (let i = 0; i < data.length; i++) {
    const ch = data[i] ?? '';
    if (ch !== '>') {
      const code = ch.charCodeAt(0);
      if (code > 127) {
        warnings.push(`^BC cannot encode ${JSON.stringify(ch)}; it is dropped`);
        continue;
      }
      encoded += ch === '^' ? '^^' : ch;
      human += printable(ch);
      continue;
    }
    const k = data[i + 1];
    i++;
    if (k === undefined) warnings.push('^BC field data ends with a lone ">"; it is dropped');
    else if (k === '<' || k === '0') {
      encoded += '>';
      human += '>';
    } else if (k === '=') {
      encoded += '~';
      human += '~';
    } else if (k === '1') encoded += '\x7f';
    else if (k === '2') encoded += '^FNC3';
    else if (k === '3') encoded += '^FNC2';
    else if (k === '8') encoded += '^FNC1';
    else if ('45679:;'.includes(k)) {
      // The subset codes: in mode A the printer chooses subsets itself, and Labelary prints
      // these two characters as data (a ">;" before 34 digits makes the symbol three
      // characters wider than in mode N); so does this preview.
      encoded += `>${k}`;
      human += `>${k}`;
    } else warnings.push(`^BC ">${k}" is not a Code 128 invocation code; it is dropped`);
  }
  return { encoded, human };
}
