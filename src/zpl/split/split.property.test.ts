// Property: for generated files mixing the features a seller's day uses (downloads re-sent
// under one name, formats stored and redefined, recalls, UTF-8 names, Code 128 and QR,
// settings changed whole or in part inside labels, between them, in configuration blocks and
// inside stored formats, ^BQ's module width), every split label renders alone as in the file.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { engine } from '../render/test-engine.ts';
import { splitZpl } from './index.ts';
import { differingDots, logo, NAMES, tracking } from './test-day.ts';

const setting = fc.oneof(
  fc.constantFrom('^CI28', '^CI0', '^CI27', '^PON', '^POI', '^LRY', '^LRN', '^CF0', '^CFA,20'),
  fc.integer({ min: 300, max: 900 }).map((w) => `^PW${w}`),
  fc
    .tuple(fc.integer({ min: 0, max: 60 }), fc.integer({ min: 0, max: 60 }))
    .map(([x, y]) => `^LH${x},${y}`),
  fc.integer({ min: 0, max: 60 }).map((x) => `^LH${x}`),
  fc.integer({ min: -60, max: 60 }).map((n) => `^LT${n}`),
  fc.integer({ min: -40, max: 40 }).map((n) => `^LS${n}`),
  fc.integer({ min: 15, max: 60 }).map((h) => `^CF0,${h}`),
  fc.constantFrom('N', 'R', 'I', 'B').map((o) => `^FW${o}`),
  fc
    .tuple(
      fc.integer({ min: 1, max: 5 }),
      fc.constantFrom('2.0', '2.5', '3.0', ''),
      fc.integer({ min: 20, max: 120 }),
    )
    .map(([w, r, h]) => `^BY${w},${r},${h}`),
  fc.integer({ min: 20, max: 120 }).map((h) => `^BY,,${h}`),
  fc.constantFrom('^MMT', '^MD5', '^PR4', '^LL1200', '^MNY'),
);

const settings = fc.array(setting, { maxLength: 4 }).map((s) => s.join(''));
const n = fc.integer({ min: 0, max: 999 });
const image = fc.constantFrom('LOGO', 'MARK', 'GONE');
const format = fc.constantFrom('SHIP', 'RET');

const field = fc.oneof(
  fc
    .tuple(n, settings)
    .map(([i, s]) => `${s}^FO20,${(i % 50) * 10}^FD${NAMES[i % NAMES.length] ?? ''}^FS`),
  fc
    .tuple(n, fc.boolean())
    .map(([i, ft]) => `^F${ft ? 'T' : 'O'}40,${200 + (i % 30) * 10}^BCN,,Y,N^FD${tracking(i)}^FS`),
  fc
    .tuple(n, fc.integer({ min: 1, max: 6 }))
    .map(([i, m]) => `^FO400,${(i % 40) * 10}^BQN,2,${m}^FDQA,${tracking(i)}^FS`),
  fc
    .tuple(image, fc.integer({ min: 1, max: 3 }))
    .map(([name, m]) => `^FO300,40^XGR:${name}.GRF,${m},${m}^FS`),
  image.map((name) => `^ILR:${name}.GRF`),
  // A download inside the label (or inside a stored format, run on each recall).
  fc
    .tuple(image, n)
    .map(([name, seed]) => `${logo(name, seed, 3, 16)}^FO500,500^XGR:${name}.GRF^FS`),
);

const block = fc.oneof(
  { weight: 2, arbitrary: settings.map((s) => `^XA${s}^XZ\n`) },
  { weight: 1, arbitrary: settings.map((s) => `${s}\n`) },
  { weight: 2, arbitrary: fc.tuple(image, n).map(([name, seed]) => logo(name, seed, 4, 24)) },
  {
    weight: 2,
    arbitrary: fc.tuple(format, settings, fc.array(field, { maxLength: 3 })).map(
      ([name, s, fields]) =>
        // RET recalls SHIP inside it (a format within a format); SHIP recalls nothing, so no
        // file makes a cycle (the engine would recall without end).
        `^XA^DFR:${name}.ZPL^FS${s}${name === 'RET' ? '^XFR:SHIP.ZPL^FS' : ''}` +
        `^FO20,300^FN1^FS${fields.join('')}^XZ\n`,
    ),
  },
  {
    weight: 4,
    arbitrary: fc
      .tuple(settings, fc.array(field, { minLength: 1, maxLength: 4 }))
      .map(([s, fields]) => `^XA${s}${fields.join('')}^XZ\n`),
  },
  {
    weight: 3,
    arbitrary: fc
      .tuple(format, n, settings)
      .map(
        ([name, i, s]) =>
          `^XA${s}^XFR:${name}.ZPL^FS^FN1^FD${NAMES[i % NAMES.length] ?? ''}^FS^XZ\n`,
      ),
  },
);

/** A label written under another caret (^CC), or with another delimiter (^CD), then back. */
const prefixed = (label: string, how: 'caret' | 'delimiter'): string =>
  how === 'caret'
    ? `^CC+\n${label.replaceAll('^', '+')}+CC^\n`
    : `^CD;\n${label.replaceAll(',', ';')}^CD,\n`;

const file = fc
  .array(fc.tuple(block, fc.constantFrom('plain', 'plain', 'plain', 'caret', 'delimiter')), {
    minLength: 3,
    maxLength: 12,
  })
  .map((blocks) =>
    blocks
      .map(([b, how]) => (how === 'plain' || b.startsWith('~') ? b : prefixed(b, how)))
      .join(''),
  );

describe('splitZpl over generated files', () => {
  it('every split label renders alone as in the whole file', () => {
    let compared = 0;
    fc.assert(
      fc.property(file, (zpl) => {
        const whole = engine.render(zpl).labels;
        const split = splitZpl(zpl);
        const labels = split.pieces.filter((p) => p.kind === 'label');
        expect(labels.length).toBe(whole.length);
        labels.forEach((piece, i) => {
          const alone = engine.render(piece.zpl).labels;
          expect(alone.length).toBe(1);
          const a = whole[i]?.bitmap;
          const b = alone[0]?.bitmap;
          expect(a && b ? differingDots(a, b) : -1).toBe(0);
          compared++;
        });
      }),
      { numRuns: 150 },
    );
    // The files must hold labels for the property to say anything.
    expect(compared).toBeGreaterThan(150);
  });
});
