/**
 * Splits ZPL text into labels (`^XA` … `^XZ`). Printers accept commands in either case, so we do
 * too. Anything outside a label that is not whitespace is reported, as is a label left open.
 */
export interface ZplStructure {
  labels: string[];
  problems: ZplStructureProblem[];
}

export type ZplStructureProblem =
  | { kind: 'no_labels' }
  | { kind: 'unterminated_label'; offset: number }
  | { kind: 'end_without_start'; offset: number }
  | { kind: 'text_outside_label'; offset: number; text: string };

const MARKER = /\^X[AZ]/gi;

export function splitZplLabels(text: string): ZplStructure {
  const labels: string[] = [];
  const problems: ZplStructureProblem[] = [];
  let openAt = -1;
  let lastEnd = 0;
  for (const match of text.matchAll(MARKER)) {
    const at = match.index;
    const isStart = match[0].toUpperCase() === '^XA';
    if (isStart) {
      if (openAt >= 0) continue; // a second ^XA inside a label is harmless to printers
      noteOutside(text.slice(lastEnd, at), lastEnd);
      openAt = at;
    } else if (openAt < 0) {
      problems.push({ kind: 'end_without_start', offset: at });
      lastEnd = at + 3;
    } else {
      labels.push(text.slice(openAt, at + 3));
      openAt = -1;
      lastEnd = at + 3;
    }
  }
  if (openAt >= 0) problems.push({ kind: 'unterminated_label', offset: openAt });
  else noteOutside(text.slice(lastEnd), lastEnd);
  if (labels.length === 0 && !problems.some((p) => p.kind === 'unterminated_label')) {
    problems.unshift({ kind: 'no_labels' });
  }
  return { labels, problems };

  function noteOutside(chunk: string, offset: number): void {
    const trimmed = chunk.trim();
    if (trimmed) problems.push({ kind: 'text_outside_label', offset, text: trimmed.slice(0, 40) });
  }
}
