// splitZpl: one ZPL file (a marketplace's day of labels) into one piece per format, each label
// self-contained. Issue 39: cutting at ^XA loses the ~DG logo and the ^DF format the labels
// recall, and the ^CI/^LH/^BY… an earlier format left in force; a split label here carries
// them, so rendered alone it is the same picture as in the file (split.pixel.test.ts).
//
// A label's piece, in order:
//   1. the downloads and stored formats it uses that earlier formats (or its own preamble)
//      made: the last ~DG of each image it draws (^XG, ^IM, ^IL, also from a recalled format),
//      the last ^DF of each format its ^XF recall (as ^XA^DF…^XZ), ~DY/~DB/~DU by name;
//   2. a settings-only format replaying the state in force (state-log.ts);
//   3. the commands between the previous format and this one, downloads left out (the engine
//      runs them with the label: engine.ts);
//   4. the label's own ^XA … ^XZ, as written.
// Everything is copied from the input's bytes, command by command (emit.ts): the engine's own
// tokenizer found where each command ends, so an ^XA inside binary graphic data, or written
// under another caret (^CC), is never taken for a new label.
import { splitLabels, tokenize, type ZplLabel } from '../parse/index.ts';
import { PieceWriter, prefixesAt } from './emit.ts';
import { byCommand } from './state-log.ts';
import { Tracer, type FormatPlan } from './trace.ts';
import {
  DEFAULT_MAX_LABELS,
  type ZplPiece,
  type ZplSplit,
  type ZplSplitError,
  type ZplSplitOptions,
} from './types.ts';

/** Downloads, copied only when the label uses them (part 1), never with the preamble. */
const DOWNLOADS = new Set(['DG', 'DY', 'DB', 'DU']);

export function splitZpl(input: string | Uint8Array, options: ZplSplitOptions = {}): ZplSplit {
  const bytes = typeof input === 'string' ? new TextEncoder().encode(input) : input;
  if (isBlank(bytes)) return { pieces: [], labels: 0, error: refusal('empty') };

  const { commands } = tokenize(bytes);
  const formats = splitLabels(commands).labels;
  const tracer = new Tracer(commands);
  const plans = formats.map((format, i) => tracer.format(format, i));
  const labels = plans.filter((p) => p.prints).length;
  const limit = options.maxLabels ?? DEFAULT_MAX_LABELS;
  if (labels > limit)
    return { pieces: [], labels, error: refusal('too_many_labels', { labels, limit }) };

  const indexOf = new Map(commands.map((c, i) => [c, i]));
  const prefixes = prefixesAt(commands);
  const writer = (): PieceWriter => new PieceWriter(bytes, commands, prefixes);
  const decoder = new TextDecoder('utf-8');
  const span = (format: ZplLabel): [number, number] => {
    const from = indexOf.get(format.start) ?? 0;
    const last = format.end ?? format.commands.at(-1) ?? format.start;
    return [from, indexOf.get(last) ?? from];
  };

  let ordinal = 0;
  const pieces = formats.map((format, i): ZplPiece => {
    const plan = plans[i] as FormatPlan;
    const w = writer();
    if (plan.prints) {
      for (const stored of plan.needs) {
        if (stored.format) w.format(() => w.indices(stored.indices));
        else w.indices(stored.indices);
      }
      const { by, entries } = plan.state;
      if (by || entries.length > 0)
        w.format(() => {
          if (by) w.text(byCommand(by));
          w.indices(entries.map((e) => e.index));
        });
      w.indices(
        format.preamble
          .filter((c) => !DOWNLOADS.has(c.name))
          .map((c) => indexOf.get(c) ?? -1)
          .filter((n) => n >= 0),
      );
    }
    w.run(...span(format));
    const out = w.bytes();
    return {
      kind: plan.prints ? 'label' : 'other',
      index: plan.prints ? ++ordinal : null,
      zpl: decoder.decode(out),
      bytes: out,
      line: format.line,
      column: format.column,
      error: pieceError(format, plan),
    };
  });
  return {
    pieces,
    labels,
    error: labels === 0 ? refusal('no_labels', { formats: formats.length }) : null,
  };
}

function pieceError(format: ZplLabel, plan: FormatPlan): ZplSplitError | null {
  if (!format.end) return refusal('unterminated', { line: format.line, column: format.column });
  if (plan.prints) return null;
  if (plan.stores) return refusal('format_definition', { name: plan.stores });
  return refusal('configuration_block', {});
}

function refusal(code: ZplSplitError['code'], params: ZplSplitError['params'] = {}): ZplSplitError {
  return { code, params };
}

/** Nothing but white space (and a UTF-8 byte-order mark). */
function isBlank(bytes: Uint8Array): boolean {
  const start = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? 3 : 0;
  for (let i = start; i < bytes.length; i++) {
    const b = bytes[i];
    if (b !== 0x20 && b !== 0x09 && b !== 0x0a && b !== 0x0d) return false;
  }
  return true;
}
