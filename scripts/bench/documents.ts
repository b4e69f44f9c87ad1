// Issue #30's slip at the bench: how long the station takes to make the packing slip of a
// 20-line order with the lots of its pack, and how big the PDF is (it travels to CUPS and, on a
// slow office printer, through its memory). Cold: the first slip of a process, fonts parsed.
import { loadFontsFromPackages } from '../../src/main/documents/package-fonts.ts';
import { renderPackingSlip } from '../../src/main/documents/slip-pdf.ts';
import { systemElapsed } from '../../src/main/platform/clock.ts';
import { AT, productNames, sampleOrder, samplePack, ZONE } from '../../test/documents/fixtures.ts';
import { kb, percentile, type BenchSection } from './context.ts';

const LINES = 20;
const RUNS = 30;

export const section: BenchSection = async ({ rows, results }) => {
  const fonts = await loadFontsFromPackages();
  const order = sampleOrder(LINES);
  const names = productNames(order);
  const slip = (at: number) =>
    renderPackingSlip(
      { order, productNames: names, pack: samplePack },
      {
        fonts,
        at,
        timeZone: ZONE,
        station: 'bench-3',
        packer: 'maria',
        lang: 'pt-BR',
        paper: 'a4',
      },
    );
  const started = systemElapsed();
  const first = await slip(AT);
  const coldMs = systemElapsed() - started;
  const times: number[] = [];
  // Each run a minute later: a different slip each time, as at a real bench.
  for (let i = 1; i <= RUNS; i++) {
    const t = systemElapsed();
    await slip(AT + i * 60_000);
    times.push(systemElapsed() - t);
  }
  const p50 = percentile(times, 50);
  const p95 = percentile(times, 95);
  results['documents'] = {
    lines: LINES,
    runs: RUNS,
    coldMs,
    p50Ms: p50,
    p95Ms: p95,
    bytes: first.bytes.byteLength,
    pages: first.pages,
  };
  rows.push({
    measure: `18. packing slip, ${LINES}-line order with lots: generation (ms p50/p95; cold)`,
    figure: `${p50.toFixed(0)} / ${p95.toFixed(0)}; ${coldMs.toFixed(0)}`,
    goal: '≤ 250 ms (p50)',
    ok: p50 <= 250,
  });
  rows.push({
    measure: `18. packing slip, ${LINES}-line order with lots: size (kB, pages)`,
    figure: `${kb(first.bytes.byteLength)}, ${first.pages}`,
    goal: '≤ 100 kB',
    ok: first.bytes.byteLength <= 100 * 1024,
  });
};
