// Section `soak` (issue #42): the shift-long soak, run as `npm run soak` runs it (its own
// process, private keyring, --expose-gc), on a 4-hour shift at the default pace rather than the
// default 8 hours, which alone would take about as long as the rest of the bench. Its rows: each
// measure's growth after the warm-up (judged as scripts/soak/judge.ts says), and the wall time.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { MeasureResult } from '../soak/report.ts';
import { ROOT, type BenchSection } from './context.ts';

const HOURS = 4;

export const section: BenchSection = ({ rows, results }) => {
  const out = mkdtempSync(join(tmpdir(), 'packbench-bench-soak-'));
  try {
    const run = spawnSync(
      process.execPath,
      [join(ROOT, 'scripts/soak.ts'), '--hours', String(HOURS), '--out', out],
      { cwd: ROOT, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] },
    );
    const figures = JSON.parse(readFileSync(join(out, 'soak-results.json'), 'utf8')) as {
      wallSeconds: number;
      packs: number;
      grew: string | null;
      measures: MeasureResult[];
      sandbox: { rateLimited: number };
    };
    const judged = figures.measures.filter((m) => m.verdict && m.judged === 'flat');
    const growth = (m: MeasureResult) =>
      `${(m.verdict?.growth ?? 0) >= 0 ? '+' : ''}${((m.verdict?.growth ?? 0) * 100).toFixed(1)}`;
    rows.push({
      measure: `22. soak, ${HOURS} simulated h, ${figures.packs} packs: growth after warm-up, % (${judged.map((m) => m.key).join(' / ')})`,
      figure: judged.map(growth).join(' / '),
      goal: 'each ≤ +5',
      ok: run.status === 0 && figures.grew === null,
    });
    rows.push({
      measure: '22. soak: wall time (s) / 429s from the sandbox',
      figure: `${figures.wallSeconds} / ${figures.sandbox.rateLimited}`,
      goal: 'report; 0',
      ok: figures.sandbox.rateLimited === 0,
    });
    results['soak'] = { hours: HOURS, exit: run.status, ...figures, samples: undefined };
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
};
