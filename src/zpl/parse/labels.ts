// Groups commands into label formats, ^XA … ^XZ. Commands between formats (a ~DG graphic
// or a ~DY font downloaded before the label that uses it, ^CI/^FX at the top of a file,
// settings such as ~SD) stay in stream order, so the interpreter can run them before the
// labels that follow.
import type { ZplWarning } from '../warning.ts';
import type { ZplCommand } from './tokenize.ts';

export interface ZplLabel {
  /** The ^XA that opens the format. */
  start: ZplCommand;
  /** The ^XZ that closes it, or null when the input ended first. */
  end: ZplCommand | null;
  /** Everything between ^XA and ^XZ, in order, control commands included. */
  commands: ZplCommand[];
  /** Commands outside any label since the previous label ended (or the start of input). */
  preamble: ZplCommand[];
  /** Position of the ^XA. */
  line: number;
  column: number;
}

export interface SplitLabels {
  labels: ZplLabel[];
  /** Every command outside a label, in order (each label's preamble, plus what trails). */
  outside: ZplCommand[];
  warnings: ZplWarning[];
}

export function splitLabels(commands: readonly ZplCommand[]): SplitLabels {
  const labels: ZplLabel[] = [];
  const outside: ZplCommand[] = [];
  const warnings: ZplWarning[] = [];
  let preamble: ZplCommand[] = [];
  let open: ZplLabel | null = null;

  for (const command of commands) {
    const isStart = command.prefix === '^' && command.name === 'XA';
    const isEnd = command.prefix === '^' && command.name === 'XZ';
    if (open) {
      if (isEnd) {
        open.end = command;
        open = null;
        continue;
      }
      if (isStart) {
        // Labelary and the engines that follow it keep reading the same format (the labelize
        // parser resets per-format settings and carries on); the printer waits for ^XZ
        // either way. Keep the ^XA in place so the interpreter can do the same.
        warnings.push({
          command: 'XA',
          line: command.line,
          column: command.column,
          message:
            `^XA inside a label that is still open (^XA at line ${open.line}, column ` +
            `${open.column}, no ^XZ yet): read as part of that label`,
        });
      }
      open.commands.push(command);
      continue;
    }
    if (isStart) {
      open = {
        start: command,
        end: null,
        commands: [],
        preamble,
        line: command.line,
        column: command.column,
      };
      labels.push(open);
      preamble = [];
      continue;
    }
    if (isEnd) {
      warnings.push({
        command: 'XZ',
        line: command.line,
        column: command.column,
        message: `^XZ at line ${command.line}, column ${command.column} ends no label (no ^XA before it)`,
      });
    }
    preamble.push(command);
    outside.push(command);
  }

  if (open) {
    // A printer would hold this format until an ^XZ arrives and print nothing yet; a preview
    // still shows what there is, with this warning next to it.
    warnings.push({
      command: 'XA',
      line: open.line,
      column: open.column,
      message:
        `^XA at line ${open.line}, column ${open.column} has no ^XZ: a printer would wait for ` +
        `it and print nothing; the label is shown as far as it goes`,
      code: 'unterminated',
    });
  }
  return { labels, outside, warnings };
}
