// Types for bwipp.mjs: the BWIPP entry points, as bwip-js's own raw() calls them.

/** One BWIPP encoder: reads its text and options from BWIPP's stack (set by bwipp_encode). */
export type BwippEncoder = () => void;

/**
 * Runs an encoder. With `dontdraw` it draws nothing and returns what the encoder left: one
 * dictionary (a Map) per symbol, holding `sbs`, `pixs`, `pixx`, `pixy` … as BWIPP values.
 */
export function bwipp_encode(
  graphics: object,
  encoder: BwippEncoder,
  text: string,
  options: Record<string, string | number | boolean>,
  dontdraw: true,
): unknown[];

export const bwipp_azteccode: BwippEncoder;
export const bwipp_aztecrune: BwippEncoder;
export const bwipp_code128: BwippEncoder;
export const bwipp_code39: BwippEncoder;
export const bwipp_code93: BwippEncoder;
export const bwipp_datamatrix: BwippEncoder;
export const bwipp_ean13: BwippEncoder;
export const bwipp_ean8: BwippEncoder;
export const bwipp_interleaved2of5: BwippEncoder;
export const bwipp_maxicode: BwippEncoder;
export const bwipp_pdf417: BwippEncoder;
export const bwipp_upca: BwippEncoder;
