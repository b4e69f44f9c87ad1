// A label's evidence as the printer would print it (issue #39): the engine renders the piece
// (self-contained after the split) and reports each field's data as printed, ^FN recalls,
// ^FH escapes and ^CI character sets applied, a bar code's data without its mode prefixes.
import type { PieceContent } from '../../shared/bulk/index.ts';
import { loadFontsFromPackages } from '../../zpl/cli/fonts.ts';
import { ZplEngine } from '../../zpl/engine.ts';
import type { FontSources } from '../../zpl/fonts/index.ts';
import { encodePng } from '../../zpl/png/encode-png.ts';
import type { DropPiece } from './split-drop.ts';

/** The faces the engine reads labels with: the npm packages, unless the caller has its own. */
export type ZplFontsLoader = () => FontSources;

const engines = new Map<ZplFontsLoader, ZplEngine>();

function engineFor(fonts: ZplFontsLoader): ZplEngine {
  let engine = engines.get(fonts);
  if (!engine) engines.set(fonts, (engine = new ZplEngine(fonts())));
  return engine;
}

/** The label as the printer would print it, a PNG (the default 4×6 in stock at 8 dpmm). */
export function labelPicture(
  bytes: Uint8Array,
  fonts: ZplFontsLoader = loadFontsFromPackages,
): Uint8Array | null {
  const [label] = engineFor(fonts).render(bytes).labels;
  return label ? encodePng(label.bitmap, { dotsPerMm: 8 }) : null;
}

export function labelContent(
  piece: DropPiece,
  fonts: ZplFontsLoader = loadFontsFromPackages,
): PieceContent {
  if (!piece.bytes || piece.kind !== 'label') return { texts: [], barcodes: [] };
  const engine = engineFor(fonts);
  const texts: string[] = [];
  const barcodes: string[] = [];
  for (const label of engine.render(piece.bytes).labels)
    for (const field of label.fields)
      (field.kind === 'barcode' ? barcodes : texts).push(field.data);
  return { texts, barcodes };
}
