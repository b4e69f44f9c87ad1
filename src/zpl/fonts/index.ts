// Fonts and text for the ZPL engine: font resolution (^A, ^CF), our own glyph rasteriser, text
// measuring and drawing into a Painter's upright frame, and ^FB / ^TB layout.
export {
  TextEngine,
  FONT0_CAP_RATIO,
  FONT0_WIDTH_FACTOR,
  type InkBounds,
  type ShapedAdvance,
  type SoftHyphen,
  type TextMetrics,
  type TextOptions,
} from './text.ts';
export {
  resolveFont,
  FONT0_DEFAULT,
  type Dpmm,
  type FaceId,
  type FontContext,
  type FontRequest,
  type ResolvedFont,
} from './resolve.ts';
export type { FontSources } from './face.ts';
export {
  fieldBlockText,
  layoutFieldBlock,
  layoutTextBlock,
  type BlockLayout,
  type BlockLine,
  type FieldBlockSpec,
  type Justify,
  type LinePiece,
  type TextBlockSpec,
} from './block.ts';
export {
  rasterize,
  paintRaster,
  type OutlineCommand,
  type OutlineTransform,
  type Raster,
  type RectSink,
} from './raster.ts';
