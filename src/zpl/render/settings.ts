// The commands that change the printer's settings rather than the field in progress: label
// home and shifts (^LH ^LT ^LS), reverse and inversion (^LR ^PO), print width and length
// (^PW ^LL), units (^MU), defaults for later fields (^CF ^FW ^CI ^BY), and what a 2D bar code
// leaves behind for the bar codes after it. They act on the state a format carries to the
// next one (printer-state.ts).
import * as bc from '../barcodes/index.ts';
import type { ZplCommand } from '../parse/index.ts';
import type { LabelScope } from './field.ts';
import { clamp, decimal, int, yesNo } from './numbers.ts';
import { orientationOf } from './place.ts';
import type { PrinterState } from './printer-state.ts';

/** The commands applySetting handles. */
export const SETTINGS: ReadonlySet<string> = new Set([
  'MU',
  'LH',
  'LT',
  'LS',
  'LR',
  'PO',
  'PW',
  'LL',
  'CF',
  'FW',
  'CI',
  'BY',
]);

/**
 * Applies one of SETTINGS (its parameters `p` already split) to the label's state, warning
 * through the scope where the printer would do something the preview does not.
 */
export function applySetting(
  scope: Pick<LabelScope, 'state' | 'context' | 'warn'>,
  command: ZplCommand,
  p: string[],
): void {
  const s = scope.state;
  switch (command.name) {
    case 'MU': {
      // Dots without conversion is the printer's default: nothing to do. Inches, millimetres
      // or a dpi conversion would scale every later position and size; the preview does not,
      // and says so rather than draw a label at the wrong scale without a word.
      const units = (p[0] ?? 'D').trim().toUpperCase() || 'D';
      const converts = (p[1] ?? '').trim() !== '' && (p[1] ?? '').trim() !== (p[2] ?? '').trim();
      if (units !== 'D' || converts)
        scope.warn(
          command,
          `^MU${command.params} changes the units of what follows; the preview reads every position and size as dots`,
          'unsupported',
        );
      return;
    }
    case 'LH':
      s.home = { x: int(p[0]) ?? s.home.x, y: int(p[1]) ?? s.home.y };
      return;
    case 'LT':
      s.top = clamp(int(p[0]) ?? 0, -120, 120);
      return;
    case 'LS':
      s.shift = clamp(int(p[0]) ?? 0, -9999, 9999);
      return;
    case 'LR':
      s.reverseAll = yesNo(p[0]) ?? false;
      return;
    case 'PO':
      s.invert = p[0]?.trim().toUpperCase() === 'I';
      return;
    case 'PW': {
      const width = withinStock(scope, command, int(p[0]), 2, scope.context.width, 'too_wide');
      if (width !== undefined) s.printWidth = width;
      return;
    }
    case 'LL': {
      // Only checked: a short ^LL does not cut the picture (see LabelInterpreter.finish).
      withinStock(scope, command, int(p[0]), 1, scope.context.height, 'too_long');
      return;
    }
    case 'CF': {
      const font = (p[0] ?? '').trim().toUpperCase();
      const height = int(p[1]);
      // A new height without a width drops the old width: the font is scaled to the height
      // alone (USPS's ^CF0,65,55 … ^CF0,25 prints 25-dot text of normal width in Labelary,
      // not 55-dot-wide letters).
      s.defaultFont = {
        name: font || s.defaultFont.name,
        height: height ?? s.defaultFont.height,
        width: int(p[2]) ?? (height !== undefined ? undefined : s.defaultFont.width),
      };
      return;
    }
    case 'FW':
      s.defaultOrientation = orientationOf(p[0], s.defaultOrientation);
      return;
    case 'CI': {
      const set = int(p[0]);
      if (set !== undefined) s.charset = set;
      return;
    }
    case 'BY': {
      const result = bc.applyBy(s.by, int(p[0]), decimal(p[1]), int(p[2]));
      s.by = result.defaults;
      for (const w of result.warnings) scope.warn(command, w);
      return;
    }
  }
}

/**
 * What a bar code command leaves in the printer's state for the bar codes after it, as soon as
 * it is read. ^BQ's magnification is the printer's module width: a bar code after ^BQN,2,5
 * with no ^BY between them is drawn with 5-dot modules, as Labelary draws it (issue 44). Only
 * a magnification written out: what an empty one leaves is not known, and the dpi default
 * equals the power-up ^BY width at 8 dots/mm anyway. The ratio and height stay as they are.
 */
export function leaveBarcodeState(state: PrinterState, name: string, p: string[]): void {
  if (name !== 'BQ') return;
  const m = int(p[2]);
  if (m === undefined || m < 1) return;
  state.by = bc.applyBy(state.by, Math.min(m, 10), state.by.ratio, undefined).defaults;
}

/**
 * ^PW / ^LL: the size asked for, cut to the stock (with a warning when it is larger), or
 * undefined when there is none or it is below the least the printer takes.
 */
function withinStock(
  scope: Pick<LabelScope, 'warn'>,
  command: ZplCommand,
  asked: number | undefined,
  least: number,
  stock: number,
  code: 'too_wide' | 'too_long',
): number | undefined {
  if (asked === undefined || asked < least) return undefined;
  if (asked > stock)
    scope.warn(
      command,
      code === 'too_wide'
        ? `^PW ${asked} is wider than the stock (${stock} dots); the label is cut at its edge`
        : `^LL ${asked} is longer than the stock (${stock} dots); the label is cut at its end`,
      code,
      { label: asked, stock },
    );
  return Math.min(asked, stock);
}
