// The ZPL engine's own figures, run in a fresh Node process by `npm run bench` (scripts/bench.ts):
// a cold start (import, fonts, first picture), warm milliseconds per label for each label of the
// corpus at 8 and 12 dots/mm, and the heap after 1,000 renders. Prints one JSON object.
const started = performance.now();
const { readFileSync, readdirSync } = await import('node:fs');
const { join } = await import('node:path');
const { ZplEngine } = await import('../src/zpl/engine.ts');
const { loadFontsFromPackages } = await import('../src/zpl/cli/fonts.ts');

const ROOT = join(import.meta.dirname, '..');
const samples = join(ROOT, 'resources/samples');
const engine = new ZplEngine(loadFontsFromPackages());
const shipping = readFileSync(join(samples, 'shipping-4x6-203dpi.zpl'));
engine.render(shipping);
const coldMs = performance.now() - started;

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
};

const perLabel: Record<string, { dpmm8: number; dpmm12: number; labels: number }> = {};
for (const file of readdirSync(samples).filter((f) => f.endsWith('.zpl'))) {
  const bytes = readFileSync(join(samples, file));
  const figures = { dpmm8: 0, dpmm12: 0, labels: 0 };
  for (const dpmm of [8, 12] as const) {
    engine.render(bytes, { dpmm }); // warm: glyphs and encodings cached, code compiled
    const times: number[] = [];
    let labels = 1;
    for (let run = 0; run < 15; run++) {
      const t0 = performance.now();
      labels = engine.render(bytes, { dpmm }).labels.length;
      times.push((performance.now() - t0) / Math.max(1, labels));
    }
    figures[dpmm === 8 ? 'dpmm8' : 'dpmm12'] = median(times);
    figures.labels = labels;
  }
  perLabel[file] = figures;
}

// The same label with new data each time (another order, another tracking number): no
// encoding of an earlier render can be reused, as at a station printing order after order.
const varying: Record<'dpmm8' | 'dpmm12', number> = { dpmm8: 0, dpmm12: 0 };
const template = shipping.toString('utf8');
for (const dpmm of [8, 12] as const) {
  const times: number[] = [];
  for (let run = 0; run < 30; run++) {
    const serial = String(20000 + dpmm * 100 + run);
    const text = template.replaceAll('10001', serial).replace('QB400000000BR', `QB4${serial}00BR`);
    const t0 = performance.now();
    engine.render(text, { dpmm });
    times.push(performance.now() - t0);
  }
  varying[dpmm === 8 ? 'dpmm8' : 'dpmm12'] = median(times);
}

const gc = (globalThis as { gc?: () => void }).gc;
gc?.();
const heapBefore = process.memoryUsage().heapUsed;
for (let i = 0; i < 1000; i++) engine.render(shipping);
gc?.();
const heapAfter = process.memoryUsage().heapUsed;

console.log(
  JSON.stringify({ coldMs, perLabel, varying, heapBefore, heapAfter, gcExposed: Boolean(gc) }),
);
