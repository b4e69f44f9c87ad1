// What a keyboard wedge adds around the code: an AIM symbology identifier in front ("]C1"),
// a suffix (Enter, Tab) behind, and the group separator in whichever form the wedge can type.
import type { Symbology } from './types.ts';
import { GS } from './element-string.ts';

/** The AIM identifiers we name: GS1 carriers and the retail GTIN symbologies. */
export const SYMBOLOGIES: Readonly<Record<string, Symbology>> = {
  ']C1': 'GS1-128',
  ']d2': 'GS1 DataMatrix',
  ']Q3': 'GS1 QR',
  ']e0': 'GS1 DataBar',
  ']E0': 'EAN-13',
  ']E4': 'EAN-8',
};

/** "]" + symbology code character + modifier character (ISO/IEC 15424). */
const AIM = /^\][A-Za-z][0-9A-Za-z]/;

export interface Wedged {
  /** The AIM identifier as typed ("]C1"), or null. */
  aim: string | null;
  /** The code itself: no identifier, no suffix, separators as ASCII 29. */
  body: string;
}

/**
 * Undo the wedge. Surrounding spaces, tabs and line ends are its suffix or a slip of the
 * fingers, never part of a code (no GS1 value may hold one). `<GS>` and `{GS}`, any case, are
 * how wedges that cannot type ASCII 29 type the group separator; "<" and ">" are legal in GS1
 * text, so a lot really spelled "<GS>" would be misread, a risk every such wedge setup takes.
 */
export function unwedge(input: string): Wedged {
  const trimmed = input.replace(/^[ \t\r\n]+|[ \t\r\n]+$/g, '');
  const aim = AIM.exec(trimmed)?.[0] ?? null;
  const body = trimmed.slice(aim?.length ?? 0).replace(/<GS>|\{GS\}/gi, GS);
  return { aim, body };
}

/**
 * The scan's content as an SKU or order number should be matched: without the AIM identifier
 * or the wedge's suffix. (The `input` of a parsed scan is kept exactly as received.)
 */
export function scanText(input: string): string {
  return unwedge(input).body;
}
