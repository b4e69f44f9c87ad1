// Section `print`: labels through the Zebra emulator and the print queue's order.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { openDatabase } from '../../src/main/outbox/database.ts';
import { nodeFs } from '../../src/main/platform/station-fs.ts';
import { percentile, ROOT, type BenchContext, type BenchSection } from './context.ts';

/**
 * Printing on loopback against the Zebra emulator: one 4×6 label with a logo from the call to
 * the printer holding its last byte (status query included), and 100 labels asked for from two
 * screens at once through the station's print queue: each arrives once, in order per screen.
 */
export async function printing({ rows, results }: BenchContext): Promise<void> {
  const { ZebraEmulator } = await import('../../test/support/zebra-emulator.ts');
  const { openPrinter } = await import('../../src/main/print/printer.ts');
  const { toTarget } = await import('../../src/main/print/target.ts');
  const { PrintQueue } = await import('../../src/main/print-queue/print-queue.ts');
  const { PrintStore } = await import('../../src/main/print-queue/print-store.ts');
  const { systemClock } = await import('../../src/main/platform/clock.ts');
  const emulator = await ZebraEmulator.start();
  const label = readFileSync(join(ROOT, 'resources/samples/graphic-heavy.zpl'));
  const printer = openPrinter(toTarget(emulator.target));
  const times: number[] = [];
  for (let run = 0; run < 40; run += 1) {
    const before = emulator.jobs().length;
    const started = performance.now();
    await printer.print([{ name: 'label', bytes: label }]);
    // print() resolves once the printer closed the connection: it holds every byte.
    times.push(performance.now() - started);
    if (emulator.jobs().length !== before + 1) throw new Error('a label did not arrive');
  }
  rows.push({
    measure: '11. print one 4×6 label with a logo, call to last byte incl. ~HS (ms p50/p95)',
    figure: `${percentile(times, 50).toFixed(1)} / ${percentile(times, 95).toFixed(1)}`,
    goal: '≤ 50 (p95)',
    ok: percentile(times, 95) <= 50,
  });

  const db = openDatabase(':memory:', nodeFs);
  let n = 0;
  const queue = new PrintQueue({
    store: new PrintStore(db),
    clock: systemClock,
    newId: () => `bench-${(n += 1)}`,
    settings: () => ({ target: emulator.target, dpmm: 8, autoPrint: false }),
    documentTarget: () => null,
    open: (target) => openPrinter(toTarget(target)),
    record: () => undefined,
    user: () => 'bench',
  });
  const labelOf = (screen: string, i: number) =>
    new TextEncoder().encode(`^XA^FO20,20^A0N,40,40^FD${screen} ${i}^FS^XZ`);
  const firstJob = emulator.jobs().length;
  const started = performance.now();
  for (let i = 0; i < 50; i += 1)
    for (const screen of ['station', 'labels'])
      queue.request({ bytes: labelOf(screen, i), fileName: `${screen}-${i}.zpl` });
  await queue.idle();
  const elapsed = performance.now() - started;
  const arrived = emulator
    .jobs()
    .slice(firstJob)
    .map((b) => b.toString('latin1'));
  const inOrder = ['station', 'labels'].every((screen) => {
    const mine = arrived.filter((text) => text.includes(`^FD${screen} `));
    return mine.length === 50 && mine.every((text, i) => text.includes(`^FD${screen} ${i}^FS`));
  });
  const once = new Set(arrived).size === arrived.length && arrived.length === 100;
  rows.push({
    measure: '11. 100 labels from two screens: arrived once / in order per screen / total ms',
    figure: `${once ? 'yes' : 'no'} / ${inOrder ? 'yes' : 'no'} / ${elapsed.toFixed(0)}`,
    goal: 'yes / yes',
    ok: once && inOrder,
  });
  results['printing'] = { labelMs: times, queue: { once, inOrder, elapsedMs: elapsed } };
  await queue.close();
  db.close();
  await emulator.close();
}

export const section: BenchSection = printing;
