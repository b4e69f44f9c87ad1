// One station packing through a shift: each order is created at the service (as the ERP would),
// its label and invoice uploaded through the outbox, the box put on the scale, the order looked
// up, opened, its notes acknowledged, every unit scanned with its lot (FEFO), finished on the
// scale's weight; its label prints on the Zebra emulator and its slip and invoice on the
// document queue, and the order is marked packed through the outbox. Between packs the clock
// runs on: health checks, the shared budget's heartbeats, the scale's readings and the update
// checks all come from the station's own timers. Every simulated minute, once the work has
// settled, the rest of the minute is skipped and the measures are read.
import type { ApiClient } from '../../src/main/api/client.ts';
import { PACK_FIXTURES } from '../../src/sandbox/index.ts';
import { packOrder } from '../../test/records/stations.ts';
import { realPdf } from '../../test/support/pdf.ts';
import { until } from '../../test/support/until.ts';
import { sample, type Sample } from './measures.ts';
import { SessionBus } from './session-bus.ts';
import { TARE_GRAMS, type SoakRig } from './rig.ts';
import { packOrderBody } from '../../test/support/bodies.ts';

const MINUTE = 60_000;
/** The scale's poll (200 ms) and stability hold (500 ms), skipped: see packOne. */
const POLL_SKIP_MS = 200;
const HOLD_SKIP_MS = 600;

/** The lines an order may have: a batch-controlled product (a lot), UPC-A and EAN-13 ones. */
const f = PACK_FIXTURES;
const BATCH_SKUS = Object.keys(f.batches);
const PLAIN_SKUS = [f.ean13.sku, ...f.upcA.skus];

/** Order n's lines: two to three lines, one of them with lots, 2 to 5 units. */
export function orderLines(n: number): { sku: string; quantity: number }[] {
  const lines = [
    { sku: BATCH_SKUS[n % BATCH_SKUS.length] ?? '', quantity: 1 },
    { sku: PLAIN_SKUS[n % PLAIN_SKUS.length] ?? '', quantity: 1 + (n % 2) },
  ];
  if (n % 3 === 0) lines.push({ sku: PLAIN_SKUS[(n + 1) % PLAIN_SKUS.length] ?? '', quantity: 2 });
  return lines;
}

export interface ShiftPlan {
  hours: number;
  /** Orders packed per simulated hour, evenly spread. */
  packsPerHour: number;
  /** Called after each sample (progress on stderr). */
  progress?: (sample: Sample, of: number) => void;
}

export interface ShiftOutcome {
  samples: Sample[];
  packs: number;
  /** Real time the shift took, ms; of it, packing and reading the measures. */
  wallMs: number;
  packingMs: number;
  samplingMs: number;
  updateChecks: number;
  traffic: { accepted: number; rateLimited: number };
}

/** The box's weight on the scale for these lines, from the sandbox's own product weights. */
async function boxGrams(
  api: ApiClient,
  lines: { sku: string; quantity: number }[],
  cache: Map<string, number>,
) {
  let grams = TARE_GRAMS;
  for (const line of lines) {
    let each = cache.get(line.sku);
    if (each === undefined) {
      each = Number((await api.getProduct(line.sku)).weight_kg ?? 0) * 1000;
      cache.set(line.sku, each);
    }
    grams += each * line.quantity;
  }
  return Math.round(grams);
}

async function packOne(rig: SoakRig, n: number, weights: Map<string, number>): Promise<void> {
  const { core, scale, profileId } = rig;
  const id = `SOAK-${n}`;
  const items = orderLines(n);
  const api = await core.api();
  await api.createOrder(packOrderBody(id, items, String(100 + (n % 900))));
  core.work.submit({
    kind: 'label.upload',
    payload: { order: id, fileName: `${id}.zpl` },
    file: new TextEncoder().encode(
      `^XA^FO50,50^A0N,50,50^FD${id}^FS^BY2^FO50,120^BCN,80^FD${id}^FS^XZ\r\n`,
    ),
  });
  core.work.submit({
    kind: 'invoice.upload',
    payload: { order: id, fileName: `${id}.pdf` },
    file: realPdf(`NF-e ${id}`),
  });
  const grams = await boxGrams(api, items, weights);
  await core.outbox.idle(profileId);
  // The last box was taken off: the scale shows zero, then this order's box.
  // The scale is read every 200 ms and holds a weight 500 ms before it counts as stable: the
  // soak skips those waits on the clock (each shorter than a reading's timeout, 1000 ms, so no
  // reading in flight is cut short) rather than spend them in real time.
  scale.show({ kind: 'zero', value: '0.000', unit: 'kg' });
  await rig.clock.skip(POLL_SKIP_MS);
  await until(() => !core.scale.view().needsZero, `the scale at zero before ${id}`, 30_000);
  scale.show({ kind: 'stable', value: (grams / 1000).toFixed(3), unit: 'kg' });
  await rig.clock.skip(POLL_SKIP_MS);
  await until(() => core.scale.view().reading?.grams === grams, `the box of ${id} read`, 30_000);
  await rig.clock.skip(HOLD_SKIP_MS);
  await until(
    () => core.scale.monitor.stableReading()?.grams === grams,
    `the box of ${id} on the scale`,
    30_000,
  );
  const view = await packOrder(rig.station, { id, notes: null, items });
  if (view.status !== 'finished') throw new Error(`${id} ended ${view.status}`);
  await core.paperwork.settled(view.id);
  await until(
    () => {
      const jobs = core.printing.queue.list().filter((job) => job.orderId === id);
      return jobs.length === 3 && jobs.every((job) => job.state === 'printed');
    },
    `the label, slip and invoice of ${id} printed`,
    60_000,
  );
  await core.outbox.idle(profileId);
  // The emulators record every byte and reading for the tests that read them back; the soak
  // reads nothing back from them, and they live in this process: their records must not read
  // as the station's growth.
  rig.zebra.forgetEnded();
  rig.papers.forget();
  scale.commands.splice(0);
  scale.replies.splice(0);
}

export async function runShift(rig: SoakRig, plan: ShiftPlan): Promise<ShiftOutcome> {
  const minutes = Math.round(plan.hours * 60);
  const weights = new Map<string, number>();
  const samples: Sample[] = [];
  const bus = await SessionBus.open();
  const sources = {
    dataDir: rig.dataDir,
    db: rig.core.outbox.database,
    core: rig.core,
    clockTimers: () => rig.clock.pending,
    bus,
  };
  const started = performance.now();
  let packs = 0;
  let packingMs = 0;
  let samplingMs = 0;
  for (let minute = 1; minute <= minutes; minute += 1) {
    const minuteStart = rig.clock.now();
    // Packs fall due evenly: by minute m, m × packsPerHour ÷ 60 of them (whole numbers).
    while (packs < Math.floor((minute * plan.packsPerHour) / 60)) {
      packs += 1;
      const packStart = performance.now();
      await packOne(rig, packs, weights);
      packingMs += performance.now() - packStart;
    }
    await rig.clock.skip(minuteStart + MINUTE - rig.clock.now());
    const sampleStart = performance.now();
    const taken = await sample(minute, packs, sources);
    samplingMs += performance.now() - sampleStart;
    samples.push(taken);
    plan.progress?.(taken, minutes);
  }
  bus.close();
  return {
    samples,
    packs,
    wallMs: performance.now() - started,
    packingMs,
    samplingMs,
    updateChecks: rig.updateRequests(),
    traffic: await rig.traffic(),
  };
}
