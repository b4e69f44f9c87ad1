// Types for bwipp-code128.mjs: the BWIPP entry points, as bwip-js's own raw() calls them.

/** One BWIPP encoder: reads its text and options from BWIPP's stack (set by bwipp_encode). */
export type BwippEncoder = () => void;

/** Runs an encoder; with `dontdraw` it returns one dictionary (a Map) per symbol. */
export function bwipp_encode(
  graphics: object,
  encoder: BwippEncoder,
  text: string,
  options: Record<string, string | number | boolean>,
  dontdraw: true,
): unknown[];

export const bwipp_code128: BwippEncoder;
