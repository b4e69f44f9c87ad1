// Issue #30's measure at the bench: from the scan that finishes a pack to the last of its papers
// spooled by CUPS (the label at the Zebra emulator, then the slip and the invoice at a private
// cupsd's document queue with a driver), through a real core on its embedded sandbox.
import { loadFontsFromPackages } from '../../src/main/documents/package-fonts.ts';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createStationCore } from '../../src/main/core/station-core.ts';
import { systemElapsed } from '../../src/main/platform/clock.ts';
import { PACK_FIXTURES } from '../../src/sandbox/index.ts';
import { DEFAULT_PACK_SETTINGS } from '../../src/shared/pack/types.ts';
import { memoryKeychain } from '../../test/outbox/helpers.ts';
import { realPdf } from '../../test/support/pdf.ts';
import { PrivateCupsd } from '../../test/support/private-cupsd.ts';
import { until } from '../../test/support/until.ts';
import { ZebraEmulator } from '../../test/support/zebra-emulator.ts';
import { percentile, type BenchSection } from './context.ts';
import { packOrderBody } from '../../test/support/bodies.ts';

const PACKS = 20;

export const section: BenchSection = async ({ rows, results }) => {
  const emulator = await ZebraEmulator.start();
  const cupsd = await PrivateCupsd.start();
  const dir = mkdtempSync(join(tmpdir(), 'packbench-bench-papers-'));
  try {
    const queue = await cupsd.addDocumentQueue('Office');
    const core = await createStationCore({
      dataDir: dir,
      keychain: memoryKeychain(),
      health: { intervalMs: 3_600_000 },
      printing: { env: cupsd.env },
      documentFonts: loadFontsFromPackages,
    });
    const times: number[] = [];
    try {
      await core.printing.saveSettings({ target: emulator.target, dpmm: 8, autoPrint: false });
      await core.printing.saveDocumentPrinter({ target: 'cups:Office', paper: 'a4' });
      await core.packing.saveSettings({
        ...DEFAULT_PACK_SETTINGS,
        markPacked: false,
        printLabel: true,
        printSlip: true,
        printInvoice: true,
      });
      const api = await core.api();
      const sku = PACK_FIXTURES.orders.plain.items[0]?.sku ?? '';
      const barcode = (await api.getProduct(sku)).barcode ?? sku;
      const profile = core.profiles.active().id;
      for (let n = 1; n <= PACKS; n += 1) {
        const id = `BENCH-PAPERS-${n}`;
        await api.createOrder(packOrderBody(id, [{ sku, quantity: 1 }]));
        core.work.submit({
          kind: 'label.upload',
          payload: { order: id, fileName: `${id}.zpl` },
          file: new TextEncoder().encode(`^XA^FO50,50^A0N,50,50^FD${id}^FS^XZ\r\n`),
        });
        core.work.submit({
          kind: 'invoice.upload',
          payload: { order: id, fileName: `${id}.pdf` },
          file: realPdf(`NF-e ${id}`),
        });
        await core.outbox.idle(profile);
        const pack = await core.packing.open(id, 30);
        const started = systemElapsed();
        const view = core.packing.scan(pack.id, barcode);
        await core.paperwork.settled(view.id);
        const jobs = core.printing.queue.list().filter((job) => job.orderId === id);
        await until(
          () =>
            jobs.length === 3 &&
            jobs.every((job) => core.printing.queue.job(job.id)?.state === 'printed'),
          `the papers of ${id}`,
          30_000,
        );
        times.push(systemElapsed() - started);
      }
      await until(() => queue.jobs().length === 2 * PACKS, 'every paper at the queue', 60_000);
    } finally {
      await core.close();
    }
    const p50 = percentile(times, 50);
    const p95 = percentile(times, 95);
    results.paperwork = { packs: PACKS, finishToLastSpooledMs: { p50, p95 } };
    rows.push({
      measure: '19. pack finished → label, slip and invoice spooled (last one), 20 packs',
      figure: `p50 ${p50.toFixed(0)} ms, p95 ${p95.toFixed(0)} ms`,
      goal: '≤ 1500 ms (p95)',
      ok: p95 <= 1500,
    });
  } finally {
    await emulator.close();
    await cupsd.stop();
    rmSync(dir, { recursive: true, force: true });
  }
};
