// Section `renderer`: what the window downloads, and its timings in Chromium.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { memoryKeychain } from '../../test/outbox/helpers.ts';
import { percentile, ROOT, gzipped, kb, type BenchContext, type BenchSection } from './context.ts';

/** What the window downloads before the station shows, and what it loads only when needed. */
export function rendererSize({ rows, results }: BenchContext): void {
  const html = readFileSync(join(ROOT, 'out/renderer/index.html'), 'utf8');
  const initial = [...html.matchAll(/(?:src|href)="\.\/(assets\/[^"]+)"/g)].map((m) => m[1] ?? '');
  const all = readdirSync(join(ROOT, 'out/renderer/assets')).map((f) => `assets/${f}`);
  const initialJs = initial.filter((f) => f.endsWith('.js')).reduce((n, f) => n + gzipped(f), 0);
  const initialCss = initial.filter((f) => f.endsWith('.css')).reduce((n, f) => n + gzipped(f), 0);
  const lazy = all.filter((f) => f.endsWith('.js') && !initial.includes(f));
  const group = (test: (f: string) => boolean) =>
    lazy.filter(test).reduce((n, f) => n + gzipped(f), 0);
  const zpl = group((f) => f.includes('zpl'));
  const pdf = group((f) => /assets\/pdf[.-]/.test(f));
  const screens = group((f) => !f.includes('zpl') && !/assets\/pdf[.-]/.test(f));
  rows.push({
    measure: '7. renderer initial JS / CSS, gzipped (kB)',
    figure: `${kb(initialJs)} / ${kb(initialCss)}`,
    goal: 'report',
    ok: true,
  });
  rows.push({
    measure: '7. loaded on first use, gzipped (kB): other screens / pdf.js / ZPL renderer',
    figure: `${kb(screens)} / ${kb(pdf)} / ${kb(zpl)}`,
    goal: 'report',
    ok: true,
  });
  results['rendererSize'] = { initial, initialJs, initialCss, lazyScreens: screens, pdf, zpl };
}

/** In Chromium: start-up, PDF thumbnails through the Invoices screen, heap after 200 previews. */
export async function rendererTimings({ rows, results }: BenchContext): Promise<void> {
  const { launchStation, closeBrowser, dropFiles } = await import('../../test/e2e/harness.ts');
  const { realPdf } = await import('../../test/support/pdf.ts');
  const station = await launchStation({ keychain: memoryKeychain() });
  const { page, context } = station;

  const starts: number[] = [];
  for (let run = 0; run < 7; run += 1) {
    const started = performance.now();
    await page.reload();
    await page.getByTestId('scan-input').waitFor();
    await page.waitForFunction(
      () => document.activeElement?.getAttribute('data-testid') === 'scan-input',
    );
    starts.push(performance.now() - started);
  }
  rows.push({
    measure: '7. navigation → station ready for a scan (ms p50/p95, 7 loads)',
    figure: `${percentile(starts, 50).toFixed(0)} / ${percentile(starts, 95).toFixed(0)}`,
    goal: 'report',
    ok: true,
  });

  await page.getByRole('button', { name: 'Invoices' }).click();
  const thumbnails: Record<string, number[]> = {};
  for (const pages of [1, 20]) {
    const bytes = realPdf('NF-e bench', pages);
    const times: number[] = [];
    for (let run = 0; run < 8; run += 1) {
      const name = `bench-${pages}p-${run}.pdf`;
      const started = performance.now();
      await dropFiles(page, '[data-testid=invoice-drop]', [
        { name, type: 'application/pdf', bytes },
      ]);
      await page
        .getByTestId('invoice-file')
        .filter({ hasText: name })
        .getByTestId('invoice-thumbnail')
        .waitFor({ timeout: 60_000 });
      times.push(performance.now() - started);
    }
    thumbnails[`${pages}p`] = times;
    // The first drop of the run also starts pdf.js and its worker.
    rows.push({
      measure: `5. PDF first-page thumbnail, ${pages}-page invoice (ms p50/p95${pages === 1 ? `; cold ${times[0]?.toFixed(0)}` : ''})`,
      figure: `${percentile(times.slice(1), 50).toFixed(0)} / ${percentile(times.slice(1), 95).toFixed(0)}`,
      goal: 'report',
      ok: true,
    });
  }

  await page.getByRole('button', { name: 'Labels' }).click();
  const cdp = await context.newCDPSession(page);
  const heap = async () => {
    await cdp.send('HeapProfiler.collectGarbage');
    return (await cdp.send('Runtime.getHeapUsage')).usedSize;
  };
  const label = readFileSync(join(ROOT, 'resources/samples/shipping-4x6-203dpi.zpl'), 'utf8');
  await page.getByTestId('zpl-input').fill(label);
  const preview = async () => {
    await page.getByRole('button', { name: 'Preview' }).click();
    await page.getByTestId('previews').waitFor({ timeout: 120_000 });
  };
  await preview();
  const before = await heap();
  for (let i = 0; i < 200; i += 1) await preview();
  const after = await heap();
  const growth = (after - before) / 1024 / 1024;
  rows.push({
    measure: '8. renderer JS heap after 200 label previews (MB; growth after the first)',
    figure: `${(after / 1024 / 1024).toFixed(1)} (+${growth.toFixed(1)})`,
    goal: 'growth < 5',
    ok: growth < 5,
  });
  results['renderer'] = {
    startMs: starts,
    thumbnailMs: thumbnails,
    heapBefore: before,
    heapAfter: after,
  };
  await station.close();
  await closeBrowser();
}

export const section: BenchSection = async (context) => {
  await rendererSize(context);
  await rendererTimings(context);
};
