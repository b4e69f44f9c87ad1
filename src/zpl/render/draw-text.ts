// A text field drawn at its ^FS: plain text at ^FO or ^FT, a ^FB field block or a ^TB text
// block, in the field's font (^A, ^A@) or the label's (^CF), turned by ^FW or the font's own
// orientation. The font is resolved here for the bar codes' interpretation lines as well.
import type { BlockLayout, ResolvedFont } from '../fonts/index.ts';
import { resolveFont } from '../fonts/index.ts';
import { painter } from '../painter.ts';
import { decodeFieldData, type ZplCommand } from '../parse/index.ts';
import type { Field, LabelScope } from './field.ts';
import { textData } from './fields.ts';
import { boxOrigin } from './place.ts';
import type { FontChoice } from './printer-state.ts';

/** A font as the label names it, resolved at the stock's density, with ^CF's size as default. */
export function resolveChoice(
  scope: LabelScope,
  choice: FontChoice,
  command: ZplCommand | null,
): ResolvedFont {
  const { defaultFont } = scope.state;
  const font = resolveFont(
    {
      name: choice.name,
      ...(choice.height ? { height: choice.height } : {}),
      ...(choice.width ? { width: choice.width } : {}),
    },
    {
      dpmm: scope.context.dpmm,
      ...(defaultFont.height ? { defaultHeight: defaultFont.height } : {}),
      ...(defaultFont.width ? { defaultWidth: defaultFont.width } : {}),
    },
  );
  if (font.substituted && choice.name !== '0')
    scope.warn(command, `font ${choice.name} is not available; font 0 is used instead`);
  return font;
}

/** The field's data as text: ^FH's escapes and the ^CI character set applied. */
function fieldText(scope: LabelScope, field: Field): { text: string; command: ZplCommand } | null {
  const data = field.data;
  if (!data) return null;
  const decoded = decodeFieldData(data.raw, {
    hexIndicator: field.hex,
    encoding: scope.state.charset,
  });
  for (const w of decoded.warnings) scope.warn(data.command, w);
  return { text: decoded.text, command: data.command };
}

/**
 * Draws a text field. Returns where a following ^FT without a position starts (the end of this
 * text, on its baseline), or null when this field says nothing about it (a block, a turned
 * field, no origin, nothing drawn).
 */
export function drawText(scope: LabelScope, input: Field): { x: number; y: number } | null {
  const field = scope.withVariable(input);
  const data = fieldText(scope, field);
  if (!data || !field.origin) {
    if (data && !field.origin)
      scope.warn(data.command, 'a field without ^FO or ^FT is drawn at 0,0');
    if (!data) return null;
  }
  const choice = field.font ?? {
    ...scope.state.defaultFont,
    orientation: null,
    command: data.command,
  };
  const font = resolveChoice(scope, choice, field.font?.command ?? null);
  const orientation =
    field.textBlock?.orientation ?? field.font?.orientation ?? scope.state.defaultOrientation;
  const at = scope.at(field);
  const engine = scope.context.text;
  const mode = scope.mode(field);
  const form = field.block ? 'FB' : field.textBlock ? 'TB' : 'plain';
  const fontCommand = field.font?.command.name === 'A@' ? 'A@' : `A${choice.name}`;
  scope.fields.push({
    kind: 'text',
    command: form === 'plain' ? fontCommand : form,
    data: textData(data.text, form),
    x: at.x,
    y: at.y,
  });

  let layout: BlockLayout | null = null;
  if (field.block) {
    const j = field.block.justify;
    layout = engine.layoutFieldBlock(font, data.text, {
      width: field.block.width,
      maxLines: field.block.lines,
      lineSpacing: field.block.spacing,
      justify: j === 'C' || j === 'R' || j === 'J' ? j : 'L',
      hangingIndent: field.block.indent,
    });
  } else if (field.textBlock) {
    layout = engine.layoutTextBlock(font, data.text, {
      width: field.textBlock.width,
      height: field.textBlock.height,
    });
  }

  if (layout) {
    if (!layout.printable) {
      scope.warn(data.command, 'the text block is narrower than one character; nothing is printed');
      return null;
    }
    // ^FT with ^FB: the origin is the baseline of the block's last possible line (the
    // guide's ^FB rule). ^TB has no such rule: its block is a box of the height it names,
    // and ^FT is a box's bottom-left corner, the lines laid out from its top as under ^FO
    // (Labelary's ^TB at ^FT sits a line higher than the ^FB rule would put it: issue 44).
    const frame = { width: Math.max(1, layout.width), height: Math.max(1, layout.height) };
    const anchor = field.textBlock ? frame.height : layout.lastBaseline;
    const box = at.kind === 'FT' ? boxOrigin(orientation, frame, { x: 0, y: anchor }, at) : at;
    const p = painter({ target: scope.bitmap, ...box, ...frame, orientation, mode });
    engine.drawBlock(p, font, layout);
    p.end();
    return null;
  }

  const metrics = engine.measureText(font, data.text);
  if (metrics.width <= 0) return null;
  // The cell is the frame; ink that reaches past it (an accent over a capital) still prints
  // in black, and an inverted field grows its frame to hold it.
  let frame = { width: metrics.width, height: font.cellHeight };
  let offset = { x: 0, y: 0 };
  if (mode !== 'black') {
    const ink = engine.inkBounds(font, data.text);
    if (ink) {
      const left = Math.min(0, Math.floor(ink.x0));
      const up = Math.min(0, Math.floor(ink.y0));
      offset = { x: -left, y: -up };
      frame = {
        width: Math.max(frame.width, Math.ceil(ink.x1)) - left,
        height: Math.max(frame.height, Math.ceil(ink.y1)) - up,
      };
    }
  }
  // ^FO: the turned box's top-left; ^FT: the first character's baseline start, turned. With
  // right justification (^FOx,y,1) the origin is where the text ends instead.
  const end = field.origin?.right ? metrics.width : 0;
  const box =
    at.kind === 'FT'
      ? boxOrigin(orientation, frame, { x: offset.x + end, y: offset.y + font.baseline }, at)
      : end > 0
        ? boxOrigin(orientation, frame, { x: offset.x + end, y: offset.y }, at)
        : { x: at.x - offset.x, y: at.y - offset.y };
  const p = painter({ target: scope.bitmap, ...box, ...frame, orientation, mode });
  engine.drawText(p, font, data.text, offset.x, offset.y);
  p.end();
  if (field.origin && orientation === 'N') {
    const o = field.origin;
    return {
      x: o.x + (o.right ? 0 : metrics.width),
      y: o.kind === 'FT' ? o.y : o.y + font.baseline,
    };
  }
  return null;
}
