// The commands that describe the field in progress without giving it data or a position: its
// font (^A, ^A@), its block (^FB, ^TB), reverse printing (^FR), ^FH's escape character and
// ^FN's variable number. They fill the Field the interpreter draws at ^FS, and nothing else.
import { splitParams, type ZplCommand } from '../parse/index.ts';
import type { Field, LabelScope } from './field.ts';
import { clamp, int } from './numbers.ts';
import { orientationOf } from './place.ts';

/** The commands describeField handles. */
export const FIELD_DESCRIPTIONS: ReadonlySet<string> = new Set([
  'A',
  'A@',
  'FB',
  'TB',
  'FR',
  'FH',
  'FN',
]);

/** Applies one of FIELD_DESCRIPTIONS (its parameters `p` already split) to `field`. */
export function describeField(
  scope: Pick<LabelScope, 'state' | 'warn'>,
  field: Field,
  command: ZplCommand,
  p: string[],
): void {
  switch (command.name) {
    case 'A':
    case 'A@':
      field.font = fontOf(scope, command);
      return;
    case 'FB':
      field.block = {
        width: int(p[0]) ?? 0,
        lines: clamp(int(p[1]) ?? 1, 1, 9999),
        spacing: clamp(int(p[2]) ?? 0, -9999, 9999),
        justify: (p[3] ?? 'L').trim().toUpperCase() || 'L',
        indent: clamp(int(p[4]) ?? 0, 0, 9999),
      };
      return;
    case 'TB':
      field.textBlock = {
        orientation: p[0]?.trim() ? orientationOf(p[0], scope.state.defaultOrientation) : null,
        width: int(p[1]) ?? 0,
        height: int(p[2]) ?? 0,
      };
      return;
    case 'FR':
      field.reverse = true;
      return;
    case 'FH':
      field.hex = command.params.charAt(0);
      return;
    case 'FN':
      field.number = int(p[0]) ?? null;
      return;
  }
}

/** The font ^A or ^A@ names for the field, with its orientation and size. */
function fontOf(scope: Pick<LabelScope, 'state' | 'warn'>, command: ZplCommand): Field['font'] {
  const fallback = scope.state.defaultOrientation;
  if (command.name === 'A@') {
    const p = splitParams(command.params, command.delimiter);
    scope.warn(command, `^A@ names a downloaded font (${p[3] ?? ''}); font 0 is used instead`);
    return {
      name: '0',
      orientation: p[0]?.trim() ? orientationOf(p[0], fallback) : null,
      height: int(p[1]),
      width: int(p[2]),
      command,
    };
  }
  // ^Afo,h,w: the font name is the character right after ^A.
  const name = command.params.charAt(0).toUpperCase() || 'A';
  const p = splitParams(command.params.slice(1), command.delimiter);
  return {
    name,
    orientation: p[0]?.trim() ? orientationOf(p[0], fallback) : null,
    height: int(p[1]),
    width: int(p[2]),
    command,
  };
}
