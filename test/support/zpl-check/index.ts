// Checks for rendered labels, by tools independent of the engine: zxing reads barcodes,
// Tesseract reads text, and plain dot counting measures bars and boxes.
export { decodeBarcodes, type DecodeBarcodesOptions, type DecodedBarcode } from './barcodes.ts';
export { inkBox, picture, runsInColumn, runsInRow, type Run } from './ink.ts';
export { DEFAULT_TESSERACT, ocr, type OcrOptions } from './ocr.ts';
export { clip, frame, type FrameOptions, type Region } from './region.ts';
