// The order number as a Code 128 symbol, drawn by the slip as vector rectangles (no picture on
// the page). bwip-js (BWIPP) chooses the code sets and owns every bar pattern; this file only
// turns its bar/space widths into rectangles.
import { bwipp_code128, bwipp_encode } from './bwipp-code128.mjs';

/** One dark bar, in modules from the symbol's left edge (quiet zones not included). */
export interface Bar {
  x: number;
  width: number;
}

export interface Code128 {
  bars: Bar[];
  /** The symbol's width in modules, without quiet zones. */
  modules: number;
}

/** BWIPP arrays are views on a backing array (`b`, offset `o`); this reads one as numbers. */
function numbers(value: unknown): number[] {
  if (!Array.isArray(value)) return [];
  const view = value as unknown[] & { b?: unknown[]; o?: number };
  const items = view.b ? view.b.slice(view.o ?? 0, (view.o ?? 0) + view.length) : [...view];
  return items.map(Number);
}

export function code128(text: string): Code128 {
  // BWIPP reads ^ as an escape only with parse/parsefnc, neither of which is set: text is literal.
  const stack = bwipp_encode({}, bwipp_code128, text, { bcid: 'code128', text }, true);
  const symbol = stack.find((entry): entry is Map<string, unknown> => entry instanceof Map);
  const sbs = numbers(symbol?.get('sbs'));
  if (sbs.length === 0) throw new Error(`Code 128 cannot encode "${text}"`);
  const bars: Bar[] = [];
  let x = 0;
  sbs.forEach((width, i) => {
    if (i % 2 === 0) bars.push({ x, width });
    x += width;
  });
  return { bars, modules: x };
}
