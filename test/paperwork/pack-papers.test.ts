import { DatabaseSync } from 'node:sqlite';
import { userInfo } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StationCore } from '../../src/main/core/station-core.ts';
import { PACK_FIXTURES } from '../../src/sandbox/index.ts';
import type { PackView } from '../../src/shared/pack/types.ts';
import { tempDir } from '../outbox/helpers.ts';
import { realPdf } from '../support/pdf.ts';
import { PrivateCupsd, type DocumentQueue } from '../support/private-cupsd.ts';
import { until } from '../support/until.ts';
import { pdfText } from './pdf-text.ts';
import { startPapersStation, type Call } from './papers-station.ts';

// A finished pack's papers (issue #30) through the real IPC handlers of a real station core on
// its embedded sandbox, to a private cupsd's document queue (a driver, as an office printer):
// the slip and the delivered invoice print once each, in that order, on the paper chosen, and
// neither a finish asked again nor a restart in the middle prints anything twice.

const dir = tempDir('packbench-papers-');
let cupsd: PrivateCupsd;
let queue: DocumentQueue;
let core: StationCore;
let call: Call;
const order = PACK_FIXTURES.orders.plain;
const invoice = realPdf(`NF-e do pedido ${order.id}`);

async function start(): Promise<void> {
  ({ core, call } = await startPapersStation(dir.path, cupsd.env));
}

async function packWholeOrder(): Promise<PackView> {
  const api = await core.api();
  let view = await call('openPack', { orderId: order.id, expiryWarningDays: 30 });
  for (const item of order.items) {
    const { barcode } = await api.getProduct(item.sku);
    for (let n = 0; n < item.quantity; n += 1)
      view = await call('packScan', { packId: view.id, code: barcode ?? item.sku });
  }
  return view;
}

beforeAll(async () => {
  cupsd = await PrivateCupsd.start();
  queue = await cupsd.addDocumentQueue('Office');
  await start();
}, 60_000);
afterAll(async () => {
  await core.close();
  await cupsd.stop();
  dir.remove();
});

describe('the papers of a finished pack', () => {
  it('prints the slip, then the delivered invoice byte for byte, once each, on Letter', async () => {
    await call('saveDocumentPrinter', { target: 'cups:Office', paper: 'letter' });
    const settings = await call('getPackSettings', undefined);
    await call('savePackSettings', {
      ...settings,
      autoFinish: true,
      markPacked: false,
      printSlip: true,
      printInvoice: true,
    });
    await call('setStationLanguage', { language: 'pt-BR' });
    // The invoice this station delivered for the order.
    core.work.submit({
      kind: 'invoice.upload',
      payload: { order: order.id, fileName: 'nf-plain.pdf' },
      file: invoice,
    });
    await until(() => core.work.invoiceFile(order.id) !== null);

    const view = await packWholeOrder();
    expect(view.status).toBe('finished');
    const papers = view.finish?.documents ?? [];
    expect(papers.map((p) => [p.document, p.problem])).toEqual([
      ['slip', null],
      ['invoice', null],
    ]);
    await until(() => queue.jobs().length >= 2, 'two documents at the queue', 30_000);
    await core.printing.queue.idle();
    const arrived = queue.arrived();
    expect(arrived).toHaveLength(2);
    // In the order asked: the slip (in Portuguese, naming the order), then the invoice.
    expect(arrived.map((a) => a.paper)).toEqual(['LETTER', 'LETTER']);
    const slipText = await pdfText(arrived[0]?.pdf ?? Buffer.alloc(0));
    expect(slipText).toContain(order.id);
    expect(slipText).toContain('Romaneio');
    expect(await pdfText(arrived[1]?.pdf ?? Buffer.alloc(0))).toContain(
      `NF-e do pedido ${order.id}`,
    );
    // What went to CUPS for the invoice is the delivered file itself.
    const invoiceJob = papers[1]?.jobId ?? '';
    const row = core.outbox.database
      .prepare('SELECT bytes FROM print_jobs WHERE id = ?')
      .get(invoiceJob) as { bytes: Uint8Array };
    const job = core.printing.queue.job(invoiceJob);
    expect(Buffer.from(row.bytes).equals(Buffer.from(invoice))).toBe(true);
    expect([job?.kind, job?.media]).toEqual(['invoice', 'Letter']);
    // The activity log says who printed each, where, and why: the order was packed.
    const log = await call('getAudit', { limit: 50 });
    const printed = log.filter((entry) => entry.event === 'print.printed').map((e) => e.message);
    expect(printed).toContain(
      `packing-slip-${order.id}.pdf printed on cups:Office by ${userInfo().username}: order ${order.id} packed.`,
    );
    expect(printed.some((m) => m.startsWith('nf-plain.pdf printed on cups:Office'))).toBe(true);
    // The card sees both printed.
    const after = await call('retryPaper', { packId: view.id, document: 'slip' });
    expect(after.finish?.documents.map((d) => d.state)).toEqual(['printed', 'printed']);
    expect(queue.jobs()).toHaveLength(2);
  }, 90_000);

  it('prints nothing twice when a restart cuts the finish off in the middle', async () => {
    const [pack] = core.packing.store.select({
      profileId: core.profiles.active().id,
      orderId: order.id,
    });
    if (!pack) throw new Error('no pack');
    await core.close();
    // As if the station stopped after the slip's job was queued but before it was noted, and
    // before the invoice was made at all.
    const db = new DatabaseSync(join(dir.path, 'outbox.sqlite'));
    db.prepare('UPDATE packs SET papers = ? WHERE id = ?').run(
      JSON.stringify([
        { d: 'slip', j: null, p: null },
        { d: 'invoice', j: null, p: null },
      ]),
      pack.id,
    );
    db.prepare(`DELETE FROM print_jobs WHERE json_extract(doc, '$.p') = ?`).run(
      `pack:${pack.id}:invoice`,
    );
    db.close();
    await start();
    await until(() => core.paperwork.documentsOf(pack.id).every((d) => d.jobId !== null));
    await core.printing.queue.idle();
    await until(() => queue.jobs().length >= 3, 'the invoice at the queue', 30_000);
    // The slip's job was found (not made again); only the invoice, never made, printed now.
    const jobs = core.printing.queue.list().filter((j) => j.orderId === order.id);
    expect(jobs.filter((j) => j.kind === 'slip')).toHaveLength(1);
    expect(jobs.filter((j) => j.kind === 'invoice')).toHaveLength(1);
    expect(queue.jobs()).toHaveLength(3);
  }, 90_000);

  it('asks for a reason to print the slip again by hand, then prints it', async () => {
    const first = await call('printPaper', { orderId: order.id, document: 'slip' });
    expect(first.status).toBe('needs_reason');
    const second = await call('printPaper', {
      orderId: order.id,
      document: 'slip',
      reprintReason: 'damaged',
    });
    expect(second.status).toBe('queued');
    await until(() => queue.jobs().length >= 4, 'the reprinted slip', 30_000);
  }, 60_000);

  it('holds the papers while CUPS refuses jobs, says so, and prints each once on the retry', async () => {
    const api = await core.api();
    const sku = order.items[0]?.sku ?? '';
    const id = 'PB-PAPERS-HELD';
    await api.createOrder({
      id,
      warehouse: PACK_FIXTURES.warehouse,
      customer: { name: 'João Brandão' },
      shipping_address: {
        street: 'Rua Açaí',
        number: '7',
        city: 'Belém',
        state: 'PA',
        postal_code: '66000-000',
        country: 'BR',
      },
      items: [{ sku, quantity: 1 }],
    });
    core.work.submit({
      kind: 'invoice.upload',
      payload: { order: id, fileName: 'nf-held.pdf' },
      file: realPdf(`NF-e ${id}`),
    });
    await until(() => core.work.invoiceFile(id) !== null);
    cupsd.run('cupsreject', ['Office']);
    const arrivedBefore = queue.jobs().length;
    let view = await call('openPack', { orderId: id, expiryWarningDays: 30 });
    const { barcode } = await api.getProduct(sku);
    view = await call('packScan', { packId: view.id, code: barcode ?? sku });
    expect(view.status).toBe('finished');
    await core.printing.queue.idle();
    const held = core.paperwork.documentsOf(view.id);
    // The invoice waits behind the held slip: it is not tried against the same refusal, and
    // cannot reach the box before the slip once CUPS takes jobs again.
    expect(held.map((d) => [d.document, d.state, d.problem])).toEqual([
      ['slip', 'held', 'paperwork.problem.held'],
      ['invoice', 'queued', null],
    ]);
    expect(held[0]?.detail).toMatch(/not accepting/i);
    cupsd.run('cupsaccept', ['Office']);
    // Another paper asked for meanwhile prints (the printer works again), but the invoice still
    // waits for its slip.
    await call('printPaper', {
      orderId: 'PB-OTHER',
      document: 'invoice',
      file: { bytes: realPdf('NF-e PB-OTHER'), fileName: 'nf-other.pdf' },
    });
    await until(() => queue.jobs().length === arrivedBefore + 1, 'the other paper', 30_000);
    await core.printing.queue.idle();
    expect(queue.arrived().at(-1)?.title).toBe('nf-other.pdf');
    expect(core.paperwork.documentsOf(view.id).map((d) => d.state)).toEqual(['held', 'queued']);
    view = await call('retryPaper', { packId: view.id, document: 'slip' });
    await core.printing.queue.idle();
    await until(() => queue.jobs().length === arrivedBefore + 3, 'both papers', 30_000);
    expect(core.paperwork.documentsOf(view.id).map((d) => d.state)).toEqual(['printed', 'printed']);
    expect(
      queue
        .arrived()
        .slice(-2)
        .map((paper) => paper.title),
    ).toEqual([`packing-slip-${id}.pdf`, 'nf-held.pdf']);
  }, 60_000);

  it('refuses a label printer as the document printer, and a paper with no invoice says why', async () => {
    await expect(
      call('saveDocumentPrinter', { target: 'tcp://127.0.0.1:9100', paper: 'a4' }),
    ).rejects.toThrow(/print\.bad-target/);
    // A raw (label) CUPS queue typed by hand: every paper would fail on it later.
    cupsd.addRawQueue('Labels', 'socket://127.0.0.1:9/?snmp=false');
    await expect(
      call('saveDocumentPrinter', { target: 'cups:Labels', paper: 'a4' }),
    ).rejects.toThrow(/print\.not-a-document-printer/);
    expect(core.printing.documentPrinter.get().target).toBe('cups:Office');
    await expect(
      call('printPaper', { orderId: PACK_FIXTURES.orders.gift.id, document: 'invoice' }),
    ).rejects.toThrow(/paperwork\.no-invoice/);
  });
});
