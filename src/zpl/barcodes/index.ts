// Barcodes for the ZPL engine: one function per bar code command, each from the command's
// parameters, the ^BY state and the field data to a layout in the field's upright frame (see
// types.ts). Encoding is bwip-js's (bwip.ts); every dot is placed here.
export type { BarcodeContext, BarcodeDefaults, BarcodeLayout, Box, TextRun } from './types.ts';
export { emptyLayout } from './types.ts';
export { warmUp } from './bwip.ts';
export { applyBy, POWER_UP_DEFAULTS, wideWidth, type ByResult } from './by.ts';
export { code128, type Code128Mode, type Code128Params } from './code128.ts';
export { code39, type Code39Params } from './code39.ts';
export { code93, type Code93Params } from './code93.ts';
export { interleaved2of5, type Interleaved2of5Params } from './interleaved2of5.ts';
export { ean13, ean8, upcA, upcE, type UpcAParams, type UpcEanParams } from './upcean.ts';
export { defaultMagnification, qrCode, type QrParams } from './qr.ts';
export { dataMatrix, type DataMatrixParams } from './datamatrix.ts';
export { pdf417, type Pdf417Params } from './pdf417.ts';
export { aztec, type AztecParams } from './aztec.ts';
export { maxicode, type MaxiCodeParams } from './maxicode.ts';
