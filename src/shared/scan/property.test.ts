// Random valid element strings, written in every form a wedge may deliver, read back to the
// same AIs. The generators are written from the specification's table here, not from
// ai-table.ts, so a wrong length or character set in the table fails this test.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseScan } from './index.ts';

const GS = '\u001d';
const now = Date.parse('2026-11-26T12:00:00Z');
const CSET_82 =
  '!"%&\'()*+,-./0123456789:;<=>?ABCDEFGHIJKLMNOPQRSTUVWXYZ_abcdefghijklmnopqrstuvwxyz';

interface Element {
  ai: string;
  value: string;
  /** Predefined length: no separator needed after it. */
  predefined: boolean;
}

/** Lengths from min to max, the limits themselves often: that is where tables go wrong. */
const length = (min: number, max: number) =>
  fc.oneof(fc.constant(min), fc.constant(max), fc.integer({ min, max }));
const of = (alphabet: string, min: number, max: number) =>
  length(min, max).chain((n) =>
    fc.array(fc.constantFrom(...alphabet), { minLength: n, maxLength: n }).map((c) => c.join('')),
  );
const digits = (min: number, max: number) => of('0123456789', min, max);
const text = (max: number) => of(CSET_82, 1, max);

/** The GS1 mod-10 check digit, computed here independently of gtin.ts. */
function withCheckDigit(body: string): string {
  const sum = [...body].reverse().reduce((s, d, i) => s + Number(d) * (i % 2 === 0 ? 3 : 1), 0);
  return body + String((10 - (sum % 10)) % 10);
}
const key = (length: number) => digits(length - 1, length - 1).map(withCheckDigit);
const pad = (n: number) => String(n).padStart(2, '0');
/** A real YYMMDD (day 00 allowed where `dayZero`), kept inside the sliding window. */
const date = (dayZero: boolean) =>
  fc
    .record({
      yy: fc.integer({ min: 0, max: 99 }),
      mm: fc.integer({ min: 1, max: 12 }),
      dd: fc.integer({ min: dayZero ? 0 : 1, max: 28 }),
    })
    .map(({ yy, mm, dd }) => pad(yy) + pad(mm) + pad(dd));

const fixed = (ai: string, value: fc.Arbitrary<string>) =>
  value.map((v): Element => ({ ai, value: v, predefined: true }));
const variable = (ai: string, value: fc.Arbitrary<string>) =>
  value.map((v): Element => ({ ai, value: v, predefined: false }));

const ELEMENTS: fc.Arbitrary<Element>[] = [
  fixed('00', key(18)),
  fixed('02', key(14)),
  variable('10', text(20)),
  fixed('11', date(true)),
  fixed('13', date(true)),
  fixed('15', date(true)),
  fixed('17', date(true)),
  variable('21', text(20)),
  variable('30', digits(1, 8)),
  variable('37', digits(1, 8)),
  ...[0, 1, 2, 3, 4, 5].map((n) => fixed(`310${n}`, digits(6, 6))),
  ...[0, 1, 2, 3, 4, 5].map((n) => fixed(`320${n}`, digits(6, 6))),
  variable('3922', digits(1, 15)),
  variable('400', text(30)),
  variable('422', digits(3, 3)),
  variable(
    '8008',
    fc
      .tuple(date(false), fc.integer({ min: 0, max: 23 }), fc.constantFrom('', '30', '3059'))
      .map(([d, hh, rest]) => d + pad(hh) + rest),
  ),
  variable('90', text(30)),
];

/** A GTIN first (so a string without identifier is still recognisable), then distinct AIs. */
const elementString = fc
  .tuple(
    fixed('01', key(14)),
    fc.uniqueArray(fc.oneof(...ELEMENTS), { selector: (e) => e.ai, maxLength: 6 }),
  )
  .map(([gtin, rest]) => [gtin, ...rest]);

/** The transmitted form: a separator after every element that is not of predefined length. */
const transmitted = (elements: Element[], separator: string) =>
  elements
    .map((e, i) => e.ai + e.value + (e.predefined || i === elements.length - 1 ? '' : separator))
    .join('');
const humanReadable = (elements: Element[]) => elements.map((e) => `(${e.ai})${e.value}`).join('');

const FORMS: [string, (elements: Element[]) => string][] = [
  ['ASCII 29 behind ]C1', (e) => `]C1${transmitted(e, GS)}`],
  ['ASCII 29 behind ]d2', (e) => `]d2${transmitted(e, GS)}`],
  ['ASCII 29 behind ]Q3', (e) => `]Q3${transmitted(e, GS)}`],
  ['ASCII 29 behind ]e0', (e) => `]e0${transmitted(e, GS)}`],
  ['ASCII 29 without identifier', (e) => transmitted(e, GS)],
  ['<GS>', (e) => `]C1${transmitted(e, '<GS>')}`],
  ['<gs> without identifier', (e) => transmitted(e, '<gs>')],
  ['{GS}', (e) => `]d2${transmitted(e, '{GS}')}`],
  ['{gs} without identifier', (e) => transmitted(e, '{gs}')],
  ['human-readable', humanReadable],
  ['human-readable behind ]Q3', (e) => `]Q3${humanReadable(e)}`],
];

/**
 * What a form cannot carry, whatever the parser: "<GS>" typed inside a value is a separator,
 * and "(digits)" inside a value opens the next element of the human-readable form.
 */
function representable(form: string, elements: Element[]): boolean {
  if (form.includes('GS') || form.includes('gs'))
    return elements.every((e) => !/<gs>|\{gs\}/i.test(e.value));
  if (form.startsWith('human')) return elements.every((e) => !/\(\d{2,4}\)/.test(e.value));
  return true;
}

describe('element strings in every separator form read back to the same AIs', () => {
  it.each(FORMS)('%s', (form, write) => {
    fc.assert(
      fc.property(elementString, (elements) => {
        fc.pre(representable(form, elements));
        const scan = parseScan(write(elements), { now });
        expect(scan.error).toBeNull();
        expect(scan.kind).toBe('gs1');
        expect(scan.ais).toEqual(Object.fromEntries(elements.map((e) => [e.ai, e.value])));
        expect(scan.gtin).toBe(elements[0]?.value);
      }),
      { numRuns: 300 },
    );
  });
});
