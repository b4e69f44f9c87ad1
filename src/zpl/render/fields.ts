// What each field of a label said: its data as printed, for readers that match a label to an
// order by its contents (issue 39) rather than by its picture. Collected while the interpreter
// draws, from strings it has already decoded: no pass over the picture.
import { fieldBlockText } from '../fonts/index.ts';
import { decodeFieldData } from '../parse/index.ts';

export interface LabelField {
  /** 'text' for ^FD text (plain, ^FB, ^TB); 'barcode' for a symbol drawn by a ^B command. */
  kind: 'text' | 'barcode';
  /**
   * The command that gave the field its form, without the caret: 'FB' or 'TB' for a block,
   * otherwise the font as 'A' + its name ('A0', 'AD', 'A@'; the ^CF default when the field
   * names none); for a bar code its command ('BC', 'BQ', 'BX', 'B7'…).
   */
  command: string;
  /**
   * The data as printed: after ^FN (from ^XF), ^FH and ^CI. A block's \& breaks are "\n" (its
   * \\ one backslash, CR and LF dropped, as the block drops them); word wrapping adds nothing.
   * A bar code's data is what its symbol carries: Code 128 without start, subset and function
   * codes (>: >; >9 >5 >6 >7 >8…), a QR code without its switches (MA, QA, HM,A…); the rest
   * as given.
   */
  data: string;
  /**
   * The field origin (^FO/^FT after ^LH, ^LT, ^LS and ^PW's centring) as a dot of the finished
   * picture: a ^POI label's origins are turned with it.
   */
  x: number;
  y: number;
}

export type TextForm = 'plain' | 'FB' | 'TB';

/** A text field's data as its form prints it (see LabelField.data). */
export function textData(text: string, form: TextForm): string {
  if (form === 'FB') return fieldBlockText(text);
  if (form === 'TB') return text.replace(/[\r\n]/g, '');
  return text;
}

/**
 * A bar code's data, one character per byte, read in the character set in force: a ^CI28
 * name in a QR code comes out as the name. Its warnings are the text path's and not repeated.
 */
export function barcodeData(bytes: string, charset: number): string {
  return decodeFieldData(bytes, { encoding: charset }).text;
}

/**
 * The origins moved as finish() moves the picture: right by a late ^PW's centring, then a
 * half turn for ^POI.
 */
export function placeFields(
  fields: LabelField[],
  shift: number,
  turn: { width: number; height: number } | null,
): void {
  if (shift === 0 && !turn) return;
  for (const f of fields) {
    f.x += shift;
    if (turn) {
      f.x = turn.width - 1 - f.x;
      f.y = turn.height - 1 - f.y;
    }
  }
}
