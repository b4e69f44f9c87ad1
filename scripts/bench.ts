// `npm run bench`: measures what operators feel against the physical limits, prints a table and
// writes bench-results.json. Figures are ratios and distributions within one run (machines are
// noisy), except where the bench says it repeats a run in simulated time. Each section is a file
// of its own in scripts/bench/, handed the run's context; this file only picks and runs them.
import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import type { BenchContext, BenchSection } from './bench/context.ts';

const { values } = parseArgs({
  options: {
    submissions: { type: 'string', default: '1000' },
    'window-ms': { type: 'string', default: '6000' },
    limit: { type: 'string', default: '100' },
    /** Comma-separated sections to run (default: all): see SECTIONS */
    only: { type: 'string', default: '' },
    /** The Labelary corpus for issue #32's rows (default ../shared/labelary; skipped if absent) */
    labelary: { type: 'string' },
  },
});

/** Every section, in the order a whole run takes them. */
const SECTIONS: Record<string, () => Promise<{ section: BenchSection }>> = {
  budget: () => import('./bench/budget.ts'),
  shared: () => import('./bench/shared.ts'),
  stations: () => import('./bench/stations.ts'),
  hundred: () => import('./bench/hundred.ts'),
  enqueue: () => import('./bench/enqueue.ts'),
  memory: () => import('./bench/memory.ts'),
  faults: () => import('./bench/faults.ts'),
  print: () => import('./bench/print.ts'),
  zpl: () => import('./bench/zpl.ts'),
  pack: () => import('./bench/pack.ts'),
  scale: () => import('./bench/scale.ts'),
  documents: () => import('./bench/documents.ts'),
  paperwork: () => import('./bench/paperwork.ts'),
  renderer: () => import('./bench/renderer.ts'),
  bulk: () => import('./bench/bulk.ts'),
  records: () => import('./bench/records.ts'),
  recording: () => import('./bench/recording.ts'),
  soak: () => import('./bench/soak.ts'),
};
const names = Object.keys(SECTIONS);
const only = new Set(values.only ? values.only.split(',') : []);
const unknown = [...only].filter((section) => !names.includes(section));
if (unknown.length > 0) {
  console.error(`Unknown section ${unknown.join(', ')}; sections are ${names.join(', ')}.`);
  process.exit(2);
}

function positiveInteger(name: 'submissions' | 'window-ms' | 'limit'): number {
  const value = Number(values[name]);
  if (Number.isInteger(value) && value > 0) return value;
  console.error(`--${name} must be a whole number above 0, not "${values[name]}".`);
  process.exit(2);
}
const submissions = positiveInteger('submissions');
const windowMs = positiveInteger('window-ms');
const limit = positiveInteger('limit');

const context: BenchContext = {
  rows: [],
  results: { parameters: { submissions, windowMs, limit, node: process.version } },
  submissions,
  windowMs,
  limit,
  labelary: values.labelary,
};

console.log(
  `Packbench bench: ${submissions} submissions, budget ${limit} per ${windowMs} ms${windowMs < 60_000 ? ' (time-scaled)' : ''}, ${process.version}`,
);
for (const name of names) {
  if (only.size > 0 && !only.has(name)) continue;
  await (await SECTIONS[name]?.())?.section(context);
}

const { rows, results } = context;
const width = Math.max(...rows.map((r) => r.measure.length));
const figureWidth = Math.max(6, ...rows.map((r) => r.figure.length));
console.log(`\n${'measure'.padEnd(width)}  ${'figure'.padEnd(figureWidth)}  goal`);
for (const row of rows)
  console.log(
    `${row.measure.padEnd(width)}  ${row.figure.padEnd(figureWidth)}  ${row.goal} ${row.ok ? '✓' : '✗'}`,
  );
writeFileSync('bench-results.json', `${JSON.stringify({ ...results, rows }, null, 2)}\n`);
