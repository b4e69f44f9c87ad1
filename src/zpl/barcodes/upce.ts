// ^B9o,h,f,g,e UPC-E (ZPL II Programming Guide, ^B9): the zero-suppressed UPC-A of number
// systems 0 and 1, six digits between a 3-module start guard and a 6-module end guard, the
// number system and the check digit carried by the parity of the six (GS1 General
// Specifications 5.2.2.4). The data forms the printer takes, each expanded to the number
// system, the six digits and a check digit it computes itself:
//
// - 6 digits: the six alone; number system 0 (^B9 "is used for number system 0").
// - 7 digits: the number system (0 or 1) and the six.
// - 8 digits: the same and a check digit, compared with the computed one.
// - 10 digits: the guide's own form, "a five-digit manufacturer's code and five-digit product
//   code"; "ZPL II calculates and prints the shortened version", number system 0.
// - 11 / 12 digits: a whole UPC-A, number system first (and its check digit), shortened.
// Shorter data is padded on the left with zeros to six, as the other UPC/EAN commands pad.
import { mod10 } from './check.ts';

export interface UpcE {
  /** Number system, the six digits and the check digit: what the interpretation line shows. */
  full: string;
  /** Bar and space widths in modules, bar first (51 modules). */
  sbs: number[];
}

/** The 11 digits of the UPC-A a UPC-E stands for, without its check digit. */
export function expandUpcE(system: string, six: string): string {
  const [d1, d2, d3, d4, d5, d6] = [...six];
  const last = Number(d6);
  const body =
    last <= 2
      ? `${d1}${d2}${d6}0000${d3}${d4}${d5}`
      : last === 3
        ? `${d1}${d2}${d3}00000${d4}${d5}`
        : last === 4
          ? `${d1}${d2}${d3}${d4}00000${d5}`
          : `${d1}${d2}${d3}${d4}${d5}0000${d6}`;
  return system + body;
}

/** The six digits of a UPC-A's manufacturer and product codes, or null when none stands for it. */
export function shortenUpcA(manufacturer: string, product: string): string | null {
  const m = manufacturer;
  const p = product;
  // The guide's "rules for proper product code numbers", in the same order.
  if (/^\d\d[012]00$/.test(m) && /^00\d{3}$/.test(p)) return `${m.slice(0, 2)}${p.slice(2)}${m[2]}`;
  if (/^\d\d[3-9]00$/.test(m) && /^000\d\d$/.test(p)) return `${m.slice(0, 3)}${p.slice(3)}3`;
  if (/^\d{3}[1-9]0$/.test(m) && /^0000\d$/.test(p)) return `${m.slice(0, 4)}${p[4]}4`;
  if (/^\d{4}[1-9]$/.test(m) && /^0000[5-9]$/.test(p)) return `${m}${p[4]}`;
  return null;
}

/** Parity of the six digits for number system 0, by check digit: 1 = even (G), 0 = odd (A). */
const PARITY = [
  '111000',
  '110100',
  '110010',
  '110001',
  '101100',
  '100110',
  '100011',
  '101010',
  '101001',
  '100101',
];

/** Odd-parity (A) digit patterns, space bar space bar, in modules. */
const ODD = ['3211', '2221', '2122', '1411', '1132', '1231', '1114', '1312', '1213', '3112'];

/** The modules of a UPC-E symbol for its number system, six digits and check digit. */
export function upcEModules(system: number, six: string, check: number): number[] {
  const parity = PARITY[check] ?? '';
  const sbs = [1, 1, 1];
  [...six].forEach((d, i) => {
    const pattern = ODD[Number(d)] ?? '';
    // Number system 1 swaps the parities; even parity is the odd pattern read backwards.
    const even = (parity[i] === '1') !== (system === 1);
    const widths = even ? [...pattern].reverse() : [...pattern];
    sbs.push(...widths.map(Number));
  });
  sbs.push(1, 1, 1, 1, 1, 1);
  return sbs;
}

/** ^B9's field data read as the printer reads it (see above), or the reason it cannot be. */
export function upcEFromData(data: string, warnings: string[]): UpcE | string {
  let digits = data;
  if (digits.length < 6) {
    warnings.push(
      `^B9 takes 6 digits (or 7, 8, 10, 11, 12), got ${digits.length}; zeros are added on the left`,
    );
    digits = digits.padStart(6, '0');
  } else if (digits.length === 9 || digits.length > 12) {
    const to = digits.length === 9 ? 10 : 12;
    warnings.push(
      digits.length === 9
        ? '^B9 takes 6 digits (or 7, 8, 10, 11, 12), got 9; a zero is added on the left'
        : `^B9 takes at most 12 digits, got ${digits.length}; only the first 12 are used`,
    );
    digits = digits.length === 9 ? digits.padStart(to, '0') : digits.slice(0, to);
  }
  let system = '0';
  let six: string;
  let given: string | undefined;
  if (digits.length <= 8) {
    if (digits.length >= 7) system = digits.slice(0, 1);
    six = digits.length >= 7 ? digits.slice(1, 7) : digits;
    given = digits.length === 8 ? digits.slice(7) : undefined;
  } else {
    // The long forms: manufacturer and product codes, after the number system when given.
    if (digits.length >= 11) system = digits.slice(0, 1);
    const start = digits.length >= 11 ? 1 : 0;
    const short = shortenUpcA(digits.slice(start, start + 5), digits.slice(start + 5, start + 10));
    if (short === null)
      return (
        `^B9 cannot shorten ${digits.slice(start, start + 10)} to UPC-E: the manufacturer and ` +
        `product codes break the guide's rules for proper product code numbers; nothing is drawn`
      );
    six = short;
    given = digits.length === 12 ? digits.slice(11) : undefined;
  }
  if (system !== '0' && system !== '1')
    return `^B9 number system ${system} is not UPC-E's (0 or 1); nothing is drawn`;
  const check = mod10(expandUpcE(system, six));
  if (given !== undefined && given !== String(check))
    warnings.push(`^B9 check digit ${given} is wrong; the printer prints ${check}`);
  return { full: `${system}${six}${check}`, sbs: upcEModules(Number(system), six, check) };
}
