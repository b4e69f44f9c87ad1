import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { Bitmap } from '../bitmap.ts';
import { painter } from '../painter.ts';
import {
  layoutFieldBlock,
  layoutTextBlock,
  type AdvanceSource,
  type BlockFont,
  type BlockLayout,
} from './block.ts';
import { resolveFont } from './resolve.ts';
import { TextEngine } from './text.ts';

// Made-up font so every expectation can be counted by hand: each character advances 10 dots
// (12 with a 2-dot gap in the bitmap variant), cells are 20 tall with the baseline at 15.
const mono: AdvanceSource = (text, options) =>
  [...text]
    .filter((c) => c !== '\u00ad' || options.softHyphen === 'hyphen')
    .map((c) => ({ char: c === '\u00ad' ? '-' : c, advance: 10 }));
const FONT: BlockFont = { cellHeight: 20, cellWidth: 10, baseline: 15, gap: 0 };
const gapped: AdvanceSource = (text) => [...text].map((char) => ({ char, advance: 12 }));
const GAPPED: BlockFont = { cellHeight: 20, cellWidth: 10, baseline: 15, gap: 2 };

/** Lines as [text of each piece joined by '|', x of the first piece, y]. */
function lines(layout: BlockLayout): [string, number, number][] {
  return layout.lines.map((l) => [l.pieces.map((p) => p.text).join('|'), l.pieces[0]?.x ?? 0, l.y]);
}

describe('^FB layout', () => {
  it('wraps words to the width and drops the spaces at the breaks', () => {
    // 10 characters fit in 100 dots: "The quick" (9) + " brown" would make 15.
    const l = layoutFieldBlock(mono, FONT, 'The quick brown fox jumps', {
      width: 100,
      maxLines: 3,
    });
    expect(lines(l)).toEqual([
      ['The quick', 0, 0],
      ['brown fox', 0, 20],
      ['jumps', 0, 40],
    ]);
    expect(l).toMatchObject({ width: 100, height: 60, overflow: false, printable: true });
  });

  it('breaks at \\&, reads \\\\ as one backslash and discards CR and LF', () => {
    const l = layoutFieldBlock(mono, FONT, 'AB\\&C\\\\D\r\nE', { width: 100, maxLines: 3 });
    expect(lines(l)).toEqual([
      ['AB', 0, 0],
      ['C\\DE', 0, 20],
    ]);
  });

  it('centres and right-justifies each line in the width', () => {
    const text = 'The quick brown';
    expect(
      lines(layoutFieldBlock(mono, FONT, text, { width: 100, maxLines: 2, justify: 'C' })),
    ).toEqual([
      ['The quick', 5, 0],
      ['brown', 25, 20],
    ]);
    expect(
      lines(layoutFieldBlock(mono, FONT, text, { width: 100, maxLines: 2, justify: 'R' })),
    ).toEqual([
      ['The quick', 10, 0],
      ['brown', 50, 20],
    ]);
  });

  it('justifies by stretching word gaps, earliest gaps first, last line left', () => {
    // "aa bb cc" is 80 of 103 dots: 23 spare over 2 gaps = 11 each and 1 more for the first.
    const l = layoutFieldBlock(mono, FONT, 'aa bb cc dd ee', {
      width: 103,
      maxLines: 2,
      justify: 'J',
    });
    expect(l.lines[0]?.pieces).toEqual([
      { text: 'aa', x: 0 },
      { text: 'bb', x: 42 },
      { text: 'cc', x: 83 },
    ]);
    expect(l.lines[1]?.pieces).toEqual([{ text: 'dd ee', x: 0 }]);
    // A line that ends a paragraph (before \&) is not stretched either.
    const p = layoutFieldBlock(mono, FONT, 'aa bb\\&cc', { width: 103, maxLines: 2, justify: 'J' });
    expect(p.lines[0]?.pieces).toEqual([{ text: 'aa bb', x: 0 }]);
  });

  it('writes lines past the maximum over the last line', () => {
    const l = layoutFieldBlock(mono, FONT, 'one two three four', { width: 50, maxLines: 2 });
    expect(lines(l)).toEqual([
      ['one', 0, 0],
      ['two', 0, 20],
      ['three', 0, 20],
      ['four', 0, 20],
    ]);
    expect(l.lines.map((x) => x.row)).toEqual([0, 1, 1, 1]);
    expect(l.overflow).toBe(true);
    expect([l.height, l.usedHeight]).toEqual([40, 40]);
  });

  it('adds the line spacing between rows and puts ^FT on the last possible baseline', () => {
    const l = layoutFieldBlock(mono, FONT, 'one two', { width: 50, maxLines: 3, lineSpacing: 5 });
    expect(lines(l)).toEqual([
      ['one', 0, 0],
      ['two', 0, 25],
    ]);
    // Three rows of 20 with two gaps of 5; the third row's baseline is 2 × 25 + 15 down.
    expect([l.height, l.firstBaseline, l.lastBaseline]).toEqual([70, 15, 65]);
    // With ^FO only the two printed rows need room.
    expect(l.usedHeight).toBe(45);
    const tight = layoutFieldBlock(mono, FONT, 'one two', {
      width: 50,
      maxLines: 2,
      lineSpacing: -4,
    });
    expect(lines(tight)[1]).toEqual(['two', 0, 16]);
  });

  it('indents the second and later lines by the hanging indent, which they lose in width', () => {
    // 100 dots less a 10-dot indent still hold 9 characters.
    const l = layoutFieldBlock(mono, FONT, 'aaaa bbbb cccc dddd', {
      width: 100,
      maxLines: 3,
      hangingIndent: 10,
    });
    expect(lines(l)).toEqual([
      ['aaaa bbbb', 0, 0],
      ['cccc dddd', 10, 20],
    ]);
    const narrow = layoutFieldBlock(mono, FONT, 'aaaa bbbb cccc', {
      width: 90,
      maxLines: 3,
      hangingIndent: 20,
    });
    // 9 characters on the first line, only 7 on the indented ones.
    expect(lines(narrow)).toEqual([
      ['aaaa bbbb', 0, 0],
      ['cccc', 20, 20],
    ]);
  });

  it('cuts a word too long for a line with a hyphen at the right edge', () => {
    const l = layoutFieldBlock(mono, FONT, 'ABCDEFGHIJKL', { width: 50, maxLines: 3 });
    expect(lines(l)).toEqual([
      ['ABCD-', 0, 0],
      ['EFGH-', 0, 20],
      ['IJKL', 0, 40],
    ]);
  });

  it('prints soft hyphens as hyphens without breaking at them', () => {
    const l = layoutFieldBlock(mono, FONT, 'ab\u00adcd ef', { width: 100, maxLines: 2 });
    expect(lines(l)).toEqual([['ab-cd ef', 0, 0]]);
  });

  it('prints nothing when the block is narrower than one character', () => {
    const l = layoutFieldBlock(mono, FONT, 'text', { width: 9, maxLines: 2 });
    expect(l.printable).toBe(false);
    expect(l.lines).toEqual([]);
    expect(layoutFieldBlock(mono, FONT, 'text', { width: 0 }).printable).toBe(false);
  });

  it('does not count a bitmap font’s trailing gap against the width', () => {
    // Five 12-dot advances end in a blank 2-dot gap: 58 dots of print fit a 58-dot line.
    const l = layoutFieldBlock(gapped, GAPPED, 'ABCDE FG', {
      width: 58,
      maxLines: 2,
      justify: 'R',
    });
    expect(lines(l)).toEqual([
      ['ABCDE', 0, 0],
      ['FG', 36, 20],
    ]);
  });
});

describe('^TB layout', () => {
  it('wraps to the width and drops the lines that do not fit the height', () => {
    // 50 dots high holds two 20-dot rows.
    const l = layoutTextBlock(mono, FONT, 'one two three', { width: 50, height: 50 });
    expect(lines(l)).toEqual([
      ['one', 0, 0],
      ['two', 0, 20],
    ]);
    expect(l).toMatchObject({ overflow: true, height: 50, lastBaseline: 35 });
  });

  it('neither prints nor breaks at soft hyphens and cuts long words without a hyphen', () => {
    expect(lines(layoutTextBlock(mono, FONT, 'ab\u00adcd', { width: 100, height: 20 }))).toEqual([
      ['abcd', 0, 0],
    ]);
    expect(lines(layoutTextBlock(mono, FONT, 'ABCDEFG', { width: 50, height: 40 }))).toEqual([
      ['ABCDE', 0, 0],
      ['FG', 0, 20],
    ]);
  });

  it('right-justifies when ^FO/^FT ask for it', () => {
    expect(
      lines(layoutTextBlock(mono, FONT, 'ab', { width: 50, height: 20, justify: 'R' })),
    ).toEqual([['ab', 30, 0]]);
  });
});

describe('blocks with the real fonts', () => {
  const dir = new URL('../../../node_modules/@expo-google-fonts/', import.meta.url);
  const bytes = (path: string): ArrayBuffer => {
    const b = readFileSync(new URL(path, dir));
    return b.buffer.slice(b.byteOffset, b.byteOffset + b.byteLength) as ArrayBuffer;
  };
  const engine = new TextEngine({
    condensed: bytes('roboto-condensed/700Bold/RobotoCondensed_700Bold.ttf'),
    mono: bytes('roboto-mono/500Medium/RobotoMono_500Medium.ttf'),
  });

  it("lays out the guide's ^FB example: ^CF0,30,30 ^FB250,4 with two \\& breaks", () => {
    const font = resolveFont({ name: '0' }, { dpmm: 8, defaultHeight: 30, defaultWidth: 30 });
    const l = engine.layoutFieldBlock(font, 'FD command that IS\\&preceded by an FB \\&command.', {
      width: 250,
      maxLines: 4,
    });
    expect(l.lines.map((x) => x.pieces.map((p) => p.text).join(''))).toEqual([
      'FD command that IS',
      'preceded by an FB',
      'command.',
    ]);
    expect(l.lines.map((x) => x.y)).toEqual([0, 30, 60]);
    expect(l.height).toBe(120);
  });

  it('draws each line one row lower, right-justified against the block edge', () => {
    const font = resolveFont({ name: 'D' }, { dpmm: 8 });
    const l = engine.layoutFieldBlock(font, 'HH HH', { width: 46, maxLines: 2, justify: 'R' });
    // Two H's are 24 dots of advance, 22 of print: the second line also ends at dot 46.
    expect(lines(l)).toEqual([
      ['HH', 24, 0],
      ['HH', 24, 18],
    ]);
    const target = new Bitmap(46, l.height);
    const p = painter({ target, x: 0, y: 0, width: l.width, height: l.height });
    engine.drawBlock(p, font, l);
    p.end();
    // H fills its 10×14 matrix: rows 0–13 and 18–31 are inked, right up to the last column.
    const rowInk = (y: number): number => {
      let n = 0;
      for (let x = 0; x < 46; x++) n += target.get(x, y);
      return n;
    };
    expect(
      [rowInk(0), rowInk(13), rowInk(14), rowInk(17), rowInk(18), rowInk(31)].map((n) => n > 0),
    ).toEqual([true, true, false, false, true, true]);
    expect(target.get(45, 0)).toBe(1);
  });
});
