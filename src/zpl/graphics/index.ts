// Graphics for the ZPL engine: graphic data (^GF, ~DG), stored-image recall (^XG, ^IM, ^IL)
// and the drawn shapes (^GB, ^GC, ^GE, ^GD). Pure TypeScript: no Node, DOM or Electron.
export { decodeBase64, type Base64Result } from './base64.ts';
export {
  decodeDownloadGraphic,
  decodeGraphicField,
  graphicFieldBinaryLength,
  parseDownloadGraphic,
  parseGraphicField,
  parseImageName,
  parseRecallGraphic,
  type DecodedDownloadGraphic,
  type DecodedGraphicField,
  type ParsedDownloadGraphic,
  type ParsedGraphicField,
  type RecallGraphic,
  type StoredImageName,
} from './commands.ts';
export { crc16Hex, crc16Xmodem } from './crc16.ts';
export {
  decodeGraphicData,
  MAX_GRAPHIC_BYTES,
  type DecodedGraphic,
  type GraphicCompression,
  type GraphicData,
} from './graphic-data.ts';
export { magnifiedSize, magnify, paintBitmap } from './paint-bitmap.ts';
export { parseObjectName, splitParams, type ObjectName, type RawParams } from './params.ts';
export {
  drawBox,
  drawDiagonal,
  drawEllipse,
  graphicBox,
  graphicBoxParams,
  graphicCircle,
  graphicCircleParams,
  graphicDiagonal,
  graphicDiagonalParams,
  graphicEllipse,
  graphicEllipseParams,
  type DiagonalOrientation,
  type GraphicBoxParams,
  type GraphicCircleParams,
  type GraphicDiagonalParams,
  type GraphicEllipseParams,
  type LineColor,
  type ShapeLayout,
} from './shapes.ts';
