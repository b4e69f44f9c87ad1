// Word wrap for ^FB (field block) and ^TB (text block). Layout is pure arithmetic on character
// advances, so it is tested with made-up widths; drawing goes through TextEngine.
//
// ^FB per the guide (^FB command, parameters and comments):
// - a: line width. Less than the font's width (or 0) and nothing prints.
// - b: maximum lines. "Text exceeding the maximum number of lines overwrites the last line":
//   the extra lines are laid out as usual and all drawn on the last row.
// - c: dots added between lines (negative removes); rows are cell height + c apart.
// - d: L, C, R, J. J stretches the word gaps so a line fills the width; the last line (we
//   also treat the line before a \& break as last: it ends a paragraph) stays left-justified.
//   Leftover dots go one each to the earliest gaps (ZD621 measurement in the zpl crate).
// - e: hanging indent of the second and later lines (they also lose that much width).
// - \& breaks the line, \\ is one backslash. "Normal carriage returns, line feeds, and word
//   spaces at line breaks are discarded." A word too long for a line by itself is cut at the
//   right edge with a hyphen and goes on on the next line. Soft hyphens print as hyphens and
//   are not break points.
// - With ^FO the block grows downward from the top of the first cell; with ^FT "^FT uses the
//   baseline origin of the last possible line of text" (line b): see BlockLayout.lastBaseline.
//
// ^TB per the guide: "If the text exceeds the block height, the text is truncated"; automatic
// word wrap; soft hyphens neither print nor break. Justification comes from ^FO/^FT's third
// parameter (left, right, or auto, which is left for left-to-right text).
import type { Painter } from '../painter.ts';
import type { ResolvedFont } from './resolve.ts';
import type { ShapedAdvance, TextEngine, TextOptions } from './text.ts';

export type Justify = 'L' | 'C' | 'R' | 'J';

export interface FieldBlockSpec {
  /** ^FB a: width of a line in dots. */
  width: number;
  /** ^FB b: maximum number of lines (default 1). */
  maxLines?: number;
  /** ^FB c: dots added (or, negative, removed) between lines. */
  lineSpacing?: number;
  /** ^FB d (default L). */
  justify?: Justify;
  /** ^FB e: hanging indent of the second and later lines. */
  hangingIndent?: number;
}

export interface TextBlockSpec {
  /** ^TB b and c, in dots. */
  width: number;
  height: number;
  /** From ^FO/^FT's justification: 'L' left, 'R' right, 'auto' (left for Latin text). */
  justify?: 'L' | 'R' | 'auto';
}

export interface LinePiece {
  text: string;
  /** Dots from the block's left edge to the piece's first cell. */
  x: number;
}

export interface BlockLine {
  /** One piece, or one per word on a J-justified line. */
  pieces: LinePiece[];
  /** Row the line prints on (0-based); ^FB lines past the last row share it. */
  row: number;
  /** Dots from the block's top to the top of this line's cell. */
  y: number;
  /** The line's printed width (trailing inter-character gap excluded). */
  width: number;
}

export interface BlockLayout {
  lines: BlockLine[];
  /** The block's box in dots (the frame to give the painter). */
  width: number;
  height: number;
  /** Height of the rows that actually print (with ^FO the frame need be no taller). */
  usedHeight: number;
  /** Dots from the block's top to the baseline of the first row. */
  firstBaseline: number;
  /** Dots from the block's top to the baseline of the last possible row: ^FT's y with ^FB. */
  lastBaseline: number;
  /** The text needed more rows than the block has (^FB overwrote, ^TB dropped lines). */
  overflow: boolean;
  /** False when the block prints nothing because it is narrower than one character. */
  printable: boolean;
}

/** Measures a string as the font prints it: one advance per printed character. */
export type AdvanceSource = (text: string, options: TextOptions) => ShapedAdvance[];

/** The font facts layout needs; a ResolvedFont has them all. */
export type BlockFont = Pick<ResolvedFont, 'cellHeight' | 'cellWidth' | 'baseline' | 'gap'>;

interface Token {
  space: boolean;
  chars: ShapedAdvance[];
}

interface RawLine {
  tokens: Token[];
  /** Ends a paragraph (last line, or before \&): never stretched by J. */
  last: boolean;
  indent: number;
}

const SPACE = /[ \t]/;

function widthOf(chars: readonly ShapedAdvance[]): number {
  let w = 0;
  for (const c of chars) w += c.advance;
  return w;
}

/** Printed width: rounded advance sum less the trailing gap (a gap after the last character
 * is blank and must not push a line over the edge or off its right alignment). */
function printed(advance: number, count: number, font: BlockFont): number {
  return count === 0 ? 0 : Math.round(advance) - font.gap;
}

function tokenize(chars: readonly ShapedAdvance[]): Token[] {
  const tokens: Token[] = [];
  for (const c of chars) {
    const space = SPACE.test(c.char);
    const last = tokens[tokens.length - 1];
    if (last && last.space === space) last.chars.push(c);
    else tokens.push({ space, chars: [c] });
  }
  return tokens;
}

/**
 * Greedy wrap of one paragraph. `available(i)` is the width of the paragraph's i-th line; the
 * caller adds indents. Space runs at a break are dropped; trailing ones are trimmed.
 */
function wrapParagraph(
  tokens: readonly Token[],
  font: BlockFont,
  available: (lineIndex: number) => number,
  splitLongWord: (word: ShapedAdvance[], width: number) => [ShapedAdvance[], ShapedAdvance[]],
): Token[][] {
  const lines: Token[][] = [];
  let line: Token[] = [];
  let lineAdvance = 0;
  let lineCount = 0;
  let pendingSpace: Token | null = null;
  const finish = (): void => {
    lines.push(line);
    line = [];
    lineAdvance = 0;
    lineCount = 0;
  };
  for (const token of tokens) {
    if (token.space) {
      // Leading spaces of a paragraph print; others wait to see if a word follows on this line.
      if (lines.length === 0 && line.length === 0) {
        line.push(token);
        lineAdvance += widthOf(token.chars);
        lineCount += token.chars.length;
      } else pendingSpace = token;
      continue;
    }
    let word = token.chars;
    for (;;) {
      const avail = available(lines.length);
      const spaceAdvance = pendingSpace && lineCount > 0 ? widthOf(pendingSpace.chars) : 0;
      const spaceCount = pendingSpace && lineCount > 0 ? pendingSpace.chars.length : 0;
      const advance = lineAdvance + spaceAdvance + widthOf(word);
      if (printed(advance, lineCount + spaceCount + word.length, font) <= avail) {
        if (spaceCount > 0 && pendingSpace) line.push(pendingSpace);
        line.push({ space: false, chars: word });
        lineAdvance = advance;
        lineCount += spaceCount + word.length;
        pendingSpace = null;
        break;
      }
      const onlySpaces = line.every((t) => t.space);
      const fitsAlone = printed(widthOf(word), word.length, font) <= available(lines.length + 1);
      if (!onlySpaces || (line.length > 0 && fitsAlone)) {
        // The word goes to the next line; the spaces before it are discarded. (Leading spaces
        // of a paragraph that leave no room for its first word become a blank row.)
        finish();
        pendingSpace = null;
        continue;
      }
      // Alone on its line and still too wide: cut it.
      const [head, rest] = splitLongWord(word, avail - printed(lineAdvance, lineCount, font));
      line.push({ space: false, chars: head });
      lineAdvance += widthOf(head);
      lineCount += head.length;
      pendingSpace = null;
      finish();
      if (rest.length === 0) break;
      word = rest;
    }
  }
  if (line.length > 0 || lines.length === 0) lines.push(line);
  return lines;
}

/** Splits `text` at hard breaks for ^FB: \& is a break, \\ a backslash; CR and LF vanish. */
function fieldBlockParagraphs(text: string): string[] {
  const out: string[] = [];
  let cur = '';
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '\r' || c === '\n') continue;
    if (c === '\\' && text[i + 1] === '&') {
      out.push(cur);
      cur = '';
      i++;
    } else if (c === '\\' && text[i + 1] === '\\') {
      cur += '\\';
      i++;
    } else cur += c;
  }
  out.push(cur);
  return out;
}

/** A ^FB field's text as its lines print it: its hard breaks as "\n" (no word wrapping). */
export function fieldBlockText(text: string): string {
  return fieldBlockParagraphs(text).join('\n');
}

/** Cuts a word so `head` + hyphen fits `width`; at least one character always moves on. */
function hyphenate(
  hyphen: ShapedAdvance | undefined,
  font: BlockFont,
): (word: ShapedAdvance[], width: number) => [ShapedAdvance[], ShapedAdvance[]] {
  return (word, width) => {
    let k = word.length - 1;
    const hyphenAdvance = hyphen?.advance ?? 0;
    while (k > 1 && printed(widthOf(word.slice(0, k)) + hyphenAdvance, k + 1, font) > width) k--;
    k = Math.max(1, k);
    const head = word.slice(0, k);
    const fits = printed(widthOf(head) + hyphenAdvance, k + 1, font) <= width;
    return [hyphen && fits ? [...head, hyphen] : head, word.slice(k)];
  };
}

/** Cuts a word at the last character that fits, without a hyphen (^TB). */
function cutWord(
  font: BlockFont,
): (word: ShapedAdvance[], width: number) => [ShapedAdvance[], ShapedAdvance[]] {
  return (word, width) => {
    let k = word.length - 1;
    while (k > 1 && printed(widthOf(word.slice(0, k)), k, font) > width) k--;
    k = Math.max(1, k);
    return [word.slice(0, k), word.slice(k)];
  };
}

function trimTrailingSpaces(tokens: Token[]): Token[] {
  let end = tokens.length;
  while (end > 0 && tokens[end - 1]?.space) end--;
  return tokens.slice(0, end);
}

function joined(tokens: readonly Token[]): { text: string; advance: number; count: number } {
  let text = '';
  let advance = 0;
  let count = 0;
  for (const t of tokens) {
    for (const c of t.chars) {
      text += c.char;
      advance += c.advance;
      count++;
    }
  }
  return { text, advance, count };
}

/** Places one wrapped line in a box `avail` wide starting at `left`. */
function placeLine(
  raw: RawLine,
  font: BlockFont,
  left: number,
  avail: number,
  justify: Justify,
): { pieces: LinePiece[]; width: number } {
  const tokens = trimTrailingSpaces(raw.tokens);
  const all = joined(tokens);
  const width = printed(all.advance, all.count, font);
  const words = tokens.filter((t) => !t.space);
  if (justify === 'J' && !raw.last && words.length > 1) {
    // Stretch: each gap keeps its own spaces and gets an equal share of the slack, the
    // remainder one dot each to the earliest gaps.
    const gaps = words.length - 1;
    const slack = Math.max(0, avail - width);
    const share = Math.floor(slack / gaps);
    let extra = slack - share * gaps;
    const pieces: LinePiece[] = [];
    let pen = 0;
    let gapIndex = 0;
    let started = false;
    for (const t of tokens) {
      if (t.space) {
        if (started) {
          pen += widthOf(t.chars) + share + (extra > 0 ? 1 : 0);
          if (extra > 0) extra--;
          gapIndex++;
        } else pen += widthOf(t.chars);
        continue;
      }
      started = true;
      pieces.push({ text: joined([t]).text, x: left + Math.round(pen) });
      pen += widthOf(t.chars);
    }
    return { pieces, width: gapIndex > 0 ? avail : width };
  }
  let x = left;
  if (justify === 'C') x = left + Math.floor((avail - width) / 2);
  else if (justify === 'R') x = left + avail - width;
  return { pieces: all.text === '' ? [] : [{ text: all.text, x }], width };
}

/** Lays out ^FB. `advances` measures with the field's font (TextEngine.advances). */
export function layoutFieldBlock(
  advances: AdvanceSource,
  font: BlockFont,
  text: string,
  spec: FieldBlockSpec,
): BlockLayout {
  const maxLines = Math.max(1, Math.floor(spec.maxLines ?? 1));
  const spacing = Math.trunc(spec.lineSpacing ?? 0);
  const justify = spec.justify ?? 'L';
  const indent = Math.max(0, Math.trunc(spec.hangingIndent ?? 0));
  const width = Math.max(0, Math.trunc(spec.width));
  const pitch = font.cellHeight + spacing;
  const layout: BlockLayout = {
    lines: [],
    width,
    height: Math.max(0, maxLines * font.cellHeight + (maxLines - 1) * spacing),
    usedHeight: 0,
    firstBaseline: font.baseline,
    lastBaseline: (maxLines - 1) * pitch + font.baseline,
    overflow: false,
    printable: width > 0 && width >= font.cellWidth,
  };
  if (!layout.printable) return layout;

  const options: TextOptions = { softHyphen: 'hyphen' };
  const hyphen = advances('-', options)[0];
  const raw: RawLine[] = [];
  for (const paragraph of fieldBlockParagraphs(text)) {
    const tokens = tokenize(advances(paragraph, options));
    const first = raw.length === 0;
    const lines = wrapParagraph(
      tokens,
      font,
      (i) => width - (first && i === 0 ? 0 : indent),
      hyphenate(hyphen, font),
    );
    lines.forEach((tokens, i) => {
      raw.push({
        tokens,
        last: i === lines.length - 1,
        indent: first && i === 0 ? 0 : indent,
      });
    });
  }
  layout.overflow = raw.length > maxLines;
  raw.forEach((line, i) => {
    const row = Math.min(i, maxLines - 1);
    const placed = placeLine(line, font, line.indent, width - line.indent, justify);
    layout.lines.push({ pieces: placed.pieces, row, y: row * pitch, width: placed.width });
    layout.usedHeight = Math.max(layout.usedHeight, row * pitch + font.cellHeight);
  });
  return layout;
}

/** Lays out ^TB: wrap to the width, keep the lines whose cells fit the height. */
export function layoutTextBlock(
  advances: AdvanceSource,
  font: BlockFont,
  text: string,
  spec: TextBlockSpec,
): BlockLayout {
  const width = Math.max(0, Math.trunc(spec.width));
  const height = Math.max(0, Math.trunc(spec.height));
  const rows = Math.floor(height / font.cellHeight);
  const layout: BlockLayout = {
    lines: [],
    width,
    height,
    usedHeight: 0,
    firstBaseline: font.baseline,
    lastBaseline: Math.max(0, rows - 1) * font.cellHeight + font.baseline,
    overflow: false,
    printable: width > 0 && rows > 0,
  };
  const options: TextOptions = { softHyphen: 'hidden' };
  const tokens = tokenize(advances(text.replace(/[\r\n]/g, ''), options));
  const lines = wrapParagraph(tokens, font, () => width, cutWord(font));
  const justify: Justify = spec.justify === 'R' ? 'R' : 'L';
  lines.forEach((tokens, i) => {
    if (i >= rows) {
      layout.overflow = true;
      return;
    }
    const placed = placeLine({ tokens, last: true, indent: 0 }, font, 0, width, justify);
    layout.lines.push({
      pieces: placed.pieces,
      row: i,
      y: i * font.cellHeight,
      width: placed.width,
    });
    layout.usedHeight = (i + 1) * font.cellHeight;
  });
  return layout;
}

/** Draws a laid-out block with its top-left at (x, y) in the painter's upright frame. */
export function drawBlock(
  engine: TextEngine,
  painter: Painter,
  font: ResolvedFont,
  layout: BlockLayout,
  x = 0,
  y = 0,
): void {
  for (const line of layout.lines) {
    for (const piece of line.pieces) {
      // Pieces are already shaped (soft hyphens resolved), so draw them as they are.
      engine.drawText(painter, font, piece.text, x + piece.x, y + line.y, { softHyphen: 'hyphen' });
    }
  }
}
