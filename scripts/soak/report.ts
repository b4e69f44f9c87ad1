// The soak's results: each measure judged (judge.ts), the table printed on stdout, and the
// sentence that names what grew.
import { judge, type Verdict } from './judge.ts';
import { MEASURES, valueOf, type MeasureSpec, type Sample } from './measures.ts';

export interface MeasureResult {
  key: string;
  label: string;
  unit: string;
  judged: MeasureSpec['judged'];
  first: number;
  min: number;
  max: number;
  last: number;
  verdict: Verdict | null;
}

/** The measures a heap snapshot disturbs (it raises RSS and may shrink the heap after it). */
export const MEMORY_MEASURES: ReadonlySet<string> = new Set(['rssMb', 'heapMb']);

/** Judges every measure but those in `reportOnly`, which are only reported. */
export function judgeSamples(
  samples: readonly Sample[],
  reportOnly: ReadonlySet<string> = new Set(),
): MeasureResult[] {
  return MEASURES.map((spec) => {
    const series = samples.map((s) => valueOf(s, spec.key));
    const judged = reportOnly.has(spec.key) ? 'report' : spec.judged;
    return {
      key: spec.key,
      label: spec.label,
      unit: spec.unit,
      judged,
      first: series[0] ?? 0,
      min: Math.min(...series),
      max: Math.max(...series),
      last: series.at(-1) ?? 0,
      verdict: judged === 'report' ? null : judge(series, spec.grain ?? 0),
    };
  });
}

const figure = (n: number) =>
  !Number.isFinite(n)
    ? String(n)
    : Math.abs(n) >= 100
      ? n.toFixed(0)
      : n.toFixed(Math.abs(n) >= 10 ? 1 : 2);

const percent = (growth: number) =>
  Number.isFinite(growth) ? `${growth >= 0 ? '+' : ''}${(growth * 100).toFixed(1)} %` : 'from 0';

/** The table: each measure's first sample, reference, end, growth and verdict. */
export function formatTable(results: readonly MeasureResult[]): string {
  const rows = results.map((r) => [
    `${r.label}${r.unit ? ` (${r.unit})` : ''}${r.judged === 'per-pack' ? ' *' : ''}`,
    figure(r.first),
    r.verdict ? figure(r.verdict.reference) : '',
    r.verdict ? figure(r.verdict.end) : figure(r.last),
    r.verdict ? percent(r.verdict.growth) : '',
    r.verdict ? (r.verdict.grew ? '✗ grew' : '✓') : 'reported',
  ]);
  const head = ['measure', 'first', 'reference', 'end', 'growth', '≤ +5 %'];
  const widths = head.map((h, c) =>
    Math.max(h.length, ...rows.map((row) => (row[c] ?? '').length)),
  );
  const pad = (cells: string[]) =>
    cells
      .map((cell, c) => (c === 0 ? cell.padEnd(widths[c] ?? 0) : cell.padStart(widths[c] ?? 0)))
      .join('  ');
  return [pad(head), ...rows.map(pad)].join('\n');
}

/** Null when nothing grew; else one sentence naming each measure that did. */
export function growthSentence(results: readonly MeasureResult[]): string | null {
  const grew = results.filter((r) => r.verdict?.grew);
  if (grew.length === 0) return null;
  const parts = grew.map((r) => {
    const v = r.verdict as Verdict;
    const unit = r.unit ? ` ${r.unit}` : '';
    return `${r.label} (${figure(v.reference)}${unit} → ${figure(v.end)}${unit}, ${percent(v.growth)})`;
  });
  return `Grew beyond 5 % after the warm-up: ${parts.join('; ')}.`;
}
