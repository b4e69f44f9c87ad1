// A label's evidence as the printer would print it (issue #39): the engine renders the piece
// (self-contained after the split) and reports each field's data as printed, ^FN recalls,
// ^FH escapes and ^CI character sets applied, a bar code's data without its mode prefixes.
import type { PieceContent } from '../../shared/bulk/index.ts';
import { loadFontsFromPackages } from '../../zpl/cli/fonts.ts';
import { ZplEngine } from '../../zpl/engine.ts';
import type { DropPiece } from './split-drop.ts';

let engine: ZplEngine | null = null;

export function labelContent(piece: DropPiece): PieceContent {
  if (!piece.bytes || piece.kind !== 'label') return { texts: [], barcodes: [] };
  engine ??= new ZplEngine(loadFontsFromPackages());
  const texts: string[] = [];
  const barcodes: string[] = [];
  for (const label of engine.render(piece.bytes).labels)
    for (const field of label.fields)
      (field.kind === 'barcode' ? barcodes : texts).push(field.data);
  return { texts, barcodes };
}
