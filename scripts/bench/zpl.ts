// Section `zpl`: the engine in a fresh process, the Labelary corpus, and the preview in Chromium.
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { memoryKeychain } from '../../test/outbox/helpers.ts';
import { percentile, ROOT, gzipped, kb, type BenchContext, type BenchSection } from './context.ts';

/** The engine alone, in a fresh Node process: cold start, warm ms per label, heap over 1,000. */
export function zplEngine({ rows, results }: BenchContext): void {
  const child = spawnSync(process.execPath, ['--expose-gc', join(ROOT, 'scripts/bench-zpl.ts')], {
    encoding: 'utf8',
    cwd: ROOT,
  });
  if (child.status !== 0) throw new Error(`bench-zpl failed: ${child.stderr}`);
  const figures = JSON.parse(child.stdout.trim().split('\n').at(-1) ?? '{}') as {
    coldMs: number;
    perLabel: Record<string, { dpmm8: number; dpmm12: number; labels: number }>;
    varying: { dpmm8: number; dpmm12: number };
    heapBefore: number;
    heapAfter: number;
  };
  for (const [file, f] of Object.entries(figures.perLabel)) {
    const shipping = file.startsWith('shipping');
    rows.push({
      measure: `10. ZPL engine per label, ${file}, warm median at 8 / 12 dpmm (ms)`,
      figure: `${f.dpmm8.toFixed(1)} / ${f.dpmm12.toFixed(1)}`,
      goal: shipping ? '≤ 10 / ≤ 25' : 'report',
      ok: !shipping || (f.dpmm8 <= 10 && f.dpmm12 <= 25),
    });
  }
  rows.push({
    measure: '10. ZPL engine, 4×6 shipping label with new data each time, 8 / 12 dpmm (ms)',
    figure: `${figures.varying.dpmm8.toFixed(1)} / ${figures.varying.dpmm12.toFixed(1)}`,
    goal: '≤ 10 / ≤ 25',
    ok: figures.varying.dpmm8 <= 10 && figures.varying.dpmm12 <= 25,
  });
  rows.push({
    measure: '10. ZPL engine cold start: import, fonts, first picture (ms)',
    figure: figures.coldMs.toFixed(0),
    goal: '≤ 150',
    ok: figures.coldMs <= 150,
  });
  const growth = (figures.heapAfter - figures.heapBefore) / 1024 / 1024;
  rows.push({
    measure: '10. ZPL engine heap growth over 1,000 renders (MB)',
    figure: growth.toFixed(1),
    goal: '≤ 5 (flat)',
    ok: growth <= 5,
  });
  const assets = readdirSync(join(ROOT, 'out/renderer/assets'));
  const zplChunk = assets
    .filter((f) => f.startsWith('zpl.worker') || /\.(ttf|otf|woff2?)$/.test(f))
    .reduce((n, f) => n + gzipped(`assets/${f}`), 0);
  rows.push({
    measure: '10. ZPL worker + fonts, gzipped (kB)',
    figure: kb(zplChunk),
    goal: '≤ 450',
    ok: zplChunk <= 450 * 1024,
  });
  results['zplEngine'] = { ...figures, chunkGzipBytes: zplChunk };
}

/** The real preview path in Chromium: the Labels screen rendering each sample in its worker. */
export async function zplPreview({ rows, results }: BenchContext): Promise<void> {
  const { launchStation, closeBrowser } = await import('../../test/e2e/harness.ts');
  const station = await launchStation({ keychain: memoryKeychain() });
  const { page } = station;
  await page.getByRole('button', { name: 'Labels' }).click();
  const samples = [
    'shipping-4x6-203dpi.zpl',
    'shipping-4x6-300dpi.zpl',
    'graphic-heavy.zpl',
    'twenty-labels.zpl',
  ];
  const figures: Record<string, number[]> = {};
  const renderOnce = async (text: string, dpmm: string) => {
    await page.getByTestId('zpl-input').fill(text);
    await page.getByText(`${dpmm} dpmm`, { exact: true }).click();
    const started = performance.now();
    await page.getByRole('button', { name: 'Preview' }).click();
    await page.getByTestId('previews').waitFor({ timeout: 120_000 });
    return performance.now() - started;
  };
  const first = readFileSync(join(ROOT, 'resources/samples', samples[0] as string), 'utf8');
  const cold = await renderOnce(first, '8');
  for (const sample of samples) {
    const text = readFileSync(join(ROOT, 'resources/samples', sample), 'utf8');
    const labels = sample.startsWith('twenty') ? 20 : 1;
    const times: number[] = [];
    for (let run = 0; run < 5; run += 1)
      times.push((await renderOnce(text, sample.includes('300dpi') ? '12' : '8')) / labels);
    figures[sample] = times;
    rows.push({
      measure: `4. ZPL preview per label, ${sample} (ms p50/p95)`,
      figure: `${percentile(times, 50).toFixed(0)} / ${percentile(times, 95).toFixed(0)}`,
      goal: 'report',
      ok: true,
    });
  }
  rows.push({
    measure: '4. ZPL preview cold start in Chromium (worker, fonts, first label, ms)',
    figure: cold.toFixed(0),
    goal: 'report',
    ok: true,
  });
  results['zplPreview'] = { coldMs: cold, perLabelMs: figures };
  await station.close();
  await closeBrowser();
}

export const section: BenchSection = async (context) => {
  zplEngine(context);
  (await import('./labelary.ts')).labelarySection(context.rows, context.results, context.labelary);
  await zplPreview(context);
};
