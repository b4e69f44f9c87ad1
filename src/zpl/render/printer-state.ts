// What a printer keeps from one format to the next. The guide says of ^LH, ^LS, ^LT, ^LR, ^PO,
// ^PW and ^CI that the setting "is retained until you turn off the printer or send a new"
// command, and ^CF, ^FW and ^BY set defaults that stay until changed: nothing in ^XA resets
// them. Labelary (the reference integrators check labels against) does the same, so a file
// whose first format only sets ^CI28 and ^LH prints its second format with them. What belongs
// to one field (^FO, ^A, ^FB, ^FR…) starts afresh with every field, not here.
import type { BarcodeDefaults } from '../barcodes/index.ts';
import { POWER_UP_DEFAULTS } from '../barcodes/index.ts';
import type { Orientation } from '../painter.ts';

export interface FontChoice {
  name: string;
  height: number | undefined;
  width: number | undefined;
}

export interface PrinterState {
  /** ^LH */
  home: { x: number; y: number };
  /** ^LT */
  top: number;
  /** ^LS */
  shift: number;
  /** ^LR */
  reverseAll: boolean;
  /** ^PO (I: turned half a turn) */
  invert: boolean;
  /** ^PW, in dots; null: the stock's width. */
  printWidth: number | null;
  /** ^CF */
  defaultFont: FontChoice;
  /** ^FW */
  defaultOrientation: Orientation;
  /** ^BY */
  by: BarcodeDefaults;
  /** ^CI */
  charset: number;
}

/** The guide's power-up defaults. */
export function powerUpState(): PrinterState {
  return {
    home: { x: 0, y: 0 },
    top: 0,
    shift: 0,
    reverseAll: false,
    invert: false,
    printWidth: null,
    defaultFont: { name: 'A', height: undefined, width: undefined },
    defaultOrientation: 'N',
    by: { ...POWER_UP_DEFAULTS },
    charset: 0,
  };
}

export function copyState(state: PrinterState): PrinterState {
  return {
    ...state,
    home: { ...state.home },
    defaultFont: { ...state.defaultFont },
    by: { ...state.by },
  };
}
