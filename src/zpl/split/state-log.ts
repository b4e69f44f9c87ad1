// What one format leaves for the next, kept as the commands that set it. The engine's printer
// state (render/printer-state.ts: ^LH ^LT ^LS ^LR ^PO ^PW ^CF ^FW ^CI ^BY) carries from format
// to format; a split label must start from the same state, so its piece replays the commands
// that made it, in their order, in a settings-only format before the label. Replaying the
// original commands (rather than writing the state out anew) keeps the engine's own reading of
// every parameter, the stock-dependent ones (^PW cut at the stock) included.
//
// The log stays short: a command that sets its whole part of the state by itself drops the
// earlier commands of the same kind (a later ^CI28 makes an earlier ^CI27 moot); one that sets
// only some of it (^LH50 keeps y, ^CF0 keeps the height) is kept after them. The rules mirror
// the interpreter's cases (render/settings.ts, applySetting), each noted below. ^BY is the exception:
// ^BQ's magnification also changes the module width (issue 44) and a ^BQ cannot be replayed
// outside its field, so the bar code defaults are tracked as values, with the engine's own
// applyBy, and written back as one ^BY whose three values applyBy takes as they are.
import { applyBy, POWER_UP_DEFAULTS, type BarcodeDefaults } from '../barcodes/index.ts';
import { splitParams, type ZplCommand } from '../parse/index.ts';
import { decimal, int } from '../render/numbers.ts';

const ORIENTATIONS = new Set(['N', 'R', 'I', 'B']);

/**
 * Printer settings the engine accepts without drawing anything, but that a printer keeps from
 * one format to the next: the last of each still reaches the label on the printer.
 */
const PRINTER_SETTINGS = new Set(['MD', 'SD', 'PR', 'MM', 'MN', 'MT', 'LL', 'MU', 'PM', 'ML']);

export interface LogEntry {
  /** Which part of the state the command sets (commands of one kind replace each other). */
  kind: string;
  /** The command's place in the token stream. */
  index: number;
}

export interface StateSnapshot {
  entries: readonly LogEntry[];
  /** The bar code defaults (^BY, and what ^BQ left), or null while they are the power-up ones. */
  by: BarcodeDefaults | null;
}

/** What the command does to the carried state: nothing, all of its kind, or part of it. */
function effect(command: ZplCommand): { kind: string; whole: boolean } | null {
  const p = splitParams(command.params, command.delimiter);
  const { name } = command;
  switch (name) {
    case 'LH':
      return { kind: name, whole: int(p[0]) !== undefined && int(p[1]) !== undefined };
    case 'LT':
    case 'LS':
    case 'LR':
      // `int(p) ?? 0`, `yesNo(p) ?? false`: always the whole value.
      return { kind: name, whole: true };
    case 'PO':
      // ^PON is accepted as a printer setting and changes nothing (a ^POI before it stays).
      return p[0]?.trim() === 'N' ? null : { kind: name, whole: true };
    case 'PW':
      // Below 2 dots (or no number) the print width is left as it was.
      return (int(p[0]) ?? 0) >= 2 ? { kind: name, whole: true } : null;
    case 'CF':
      // A name and a height set the width too (the width given, or none); less keeps some.
      return {
        kind: name,
        whole: (p[0] ?? '').trim() !== '' && int(p[1]) !== undefined,
      };
    case 'FW':
      return ORIENTATIONS.has(p[0]?.trim().toUpperCase() ?? '')
        ? { kind: name, whole: true }
        : null;
    case 'CI':
      return int(p[0]) !== undefined ? { kind: name, whole: true } : null;
    case 'CW':
      // One alias per font letter (the engine ignores ^CW; a printer keeps it).
      return { kind: `CW:${(p[0] ?? '').trim().charAt(0).toUpperCase()}`, whole: true };
    default:
      return PRINTER_SETTINGS.has(name) ? { kind: name, whole: true } : null;
  }
}

export class StateLog {
  private entries: LogEntry[] = [];
  private by: BarcodeDefaults = { ...POWER_UP_DEFAULTS };

  /** Takes in one command the engine runs (not one a ^DF is storing). */
  apply(command: ZplCommand, index: number): void {
    if (command.name === 'BY') {
      const p = splitParams(command.params, command.delimiter);
      this.by = applyBy(this.by, int(p[0]), decimal(p[1]), int(p[2])).defaults;
      return;
    }
    if (command.name === 'BQ') {
      // render/settings.ts, leaveBarcodeState: a written magnification is the module width.
      const m = int(splitParams(command.params, command.delimiter)[2]);
      if (m !== undefined && m >= 1)
        this.by = applyBy(this.by, Math.min(m, 10), this.by.ratio, undefined).defaults;
      return;
    }
    const change = effect(command);
    if (!change) return;
    if (change.whole) this.entries = this.entries.filter((e) => e.kind !== change.kind);
    this.entries.push({ kind: change.kind, index });
  }

  snapshot(): StateSnapshot {
    const by = this.by;
    const powerUp =
      by.moduleWidth === POWER_UP_DEFAULTS.moduleWidth &&
      by.ratio === POWER_UP_DEFAULTS.ratio &&
      by.height === POWER_UP_DEFAULTS.height;
    return { entries: [...this.entries], by: powerUp ? null : { ...by } };
  }
}

/** ^BY written so that applyBy, from any state, gives exactly these defaults. */
export function byCommand(by: BarcodeDefaults): string {
  return `^BY${by.moduleWidth},${by.ratio.toFixed(1)},${by.height}`;
}
