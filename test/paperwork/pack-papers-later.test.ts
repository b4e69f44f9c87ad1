import { DatabaseSync } from 'node:sqlite';
import { userInfo } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StationCore } from '../../src/main/core/station-core.ts';
import { PACK_FIXTURES } from '../../src/sandbox/index.ts';
import { tempDir } from '../outbox/helpers.ts';
import { realPdf } from '../support/pdf.ts';
import { PrivateCupsd, type DocumentQueue } from '../support/private-cupsd.ts';
import { until } from '../support/until.ts';
import { pdfText } from './pdf-text.ts';
import { startPapersStation, type Call } from './papers-station.ts';

// The papers after the finish (issue #30), through the real IPC handlers of a real station core
// on its embedded sandbox, to a private cupsd's document queue: a slip a restart makes still
// speaks the finish's language; a paper whose job was discarded prints again from the card; an
// invoice the service refused never goes in the box; a slip of an order never packed here names
// its products; the test page goes on the paper the form shows and is in the activity log.

const dir = tempDir('packbench-papers-later-');
let cupsd: PrivateCupsd;
let queue: DocumentQueue;
let core: StationCore;
let call: Call;
const sku = PACK_FIXTURES.orders.plain.items[0]?.sku ?? '';

async function start(): Promise<void> {
  ({ core, call } = await startPapersStation(dir.path, cupsd.env));
}

/** A one-line order of the sandbox's, packed to its finish here. */
async function packNewOrder(id: string): Promise<string> {
  const api = await core.api();
  await api.createOrder({
    id,
    warehouse: PACK_FIXTURES.warehouse,
    customer: { name: 'Íñigo Peña' },
    shipping_address: {
      street: 'Calle Mayor',
      number: '1',
      city: 'Málaga',
      state: 'AN',
      postal_code: '29001',
      country: 'ES',
    },
    items: [{ sku, quantity: 1 }],
  });
  let view = await call('openPack', { orderId: id, expiryWarningDays: 30 });
  const { barcode } = await api.getProduct(sku);
  view = await call('packScan', { packId: view.id, code: barcode ?? sku });
  expect(view.status).toBe('finished');
  return view.id;
}

/** What the queue's newest arrival says, read by pdf.js. */
const newestText = async () => pdfText(queue.arrived().at(-1)?.pdf ?? new Uint8Array());

beforeAll(async () => {
  cupsd = await PrivateCupsd.start();
  queue = await cupsd.addDocumentQueue('Office');
  await start();
  await call('saveDocumentPrinter', { target: 'cups:Office', paper: 'a4' });
  const settings = await call('getPackSettings', undefined);
  await call('savePackSettings', {
    ...settings,
    autoFinish: true,
    markPacked: false,
    printSlip: true,
    printInvoice: false,
  });
}, 60_000);
afterAll(async () => {
  await core.close();
  await cupsd.stop();
  dir.remove();
});

describe('the papers after a finish', () => {
  it('makes a slip a stop cut off in the language of the finish, not the new window’s', async () => {
    await call('setStationLanguage', { language: 'es' });
    const packId = await packNewOrder('PB-LATER-ES');
    await until(() => queue.jobs().length === 1, 'the slip', 30_000);
    expect(await newestText()).toContain('Lista de empaque');
    // The ask keeps the language it was made in.
    const stored = core.outbox.database
      .prepare('SELECT papers FROM packs WHERE id = ?')
      .get(packId) as { papers: string };
    expect(JSON.parse(stored.papers)).toEqual([
      { d: 'slip', j: expect.any(String), p: null, l: 'es' },
    ]);
    await core.close();
    // As if the station had stopped after the finish asked, before the slip was made.
    const edit = new DatabaseSync(join(dir.path, 'outbox.sqlite'));
    edit
      .prepare('UPDATE packs SET papers = ? WHERE id = ?')
      .run(JSON.stringify([{ d: 'slip', j: null, p: null, l: 'es' }]), packId);
    edit
      .prepare(`DELETE FROM print_jobs WHERE json_extract(doc, '$.p') = ?`)
      .run(`pack:${packId}:slip`);
    edit.close();
    // A new core starts in English until a window says otherwise.
    await start();
    await until(() => queue.jobs().length === 2, 'the slip made again', 30_000);
    const text = await newestText();
    expect(text).toContain('Lista de empaque');
    expect(text).not.toContain('Packing slip');
  }, 90_000);

  it('says a paper whose job was discarded in the Outbox, and prints it again from the card', async () => {
    const [pack] = core.packing.store.select({
      profileId: core.profiles.active().id,
      orderId: 'PB-LATER-ES',
    });
    if (!pack) throw new Error('no pack');
    const [slip] = core.paperwork.documentsOf(pack.id);
    expect(await call('discardPrint', { id: slip?.jobId ?? '' })).toEqual({ removed: true });
    expect(core.paperwork.documentsOf(pack.id)).toEqual([
      {
        document: 'slip',
        jobId: null,
        state: null,
        problem: 'paperwork.problem.discarded',
        detail: null,
      },
    ]);
    const view = await call('retryPaper', { packId: pack.id, document: 'slip' });
    await core.printing.queue.idle();
    await until(() => queue.jobs().length === 3, 'the slip printed again', 30_000);
    expect(core.paperwork.documentsOf(view.id).map((d) => [d.state, d.problem])).toEqual([
      ['printed', null],
    ]);
  }, 60_000);

  it('never prints an invoice the service refused', async () => {
    // The service does not know this order: the upload fails for good.
    const { job } = core.work.submit({
      kind: 'invoice.upload',
      payload: { order: 'PB-NOT-AN-ORDER', fileName: 'nf-refused.pdf' },
      file: realPdf('NF-e refused'),
    });
    await until(
      () =>
        core.work
          .orderFiles('PB-NOT-AN-ORDER')
          .some((j) => j.id === job.id && j.state === 'failed'),
      'the upload refused',
      30_000,
    );
    expect(core.work.invoiceFile('PB-NOT-AN-ORDER')).toBeNull();
    await expect(
      call('printPaper', { orderId: 'PB-NOT-AN-ORDER', document: 'invoice' }),
    ).rejects.toThrow(/paperwork\.no-invoice/);
  }, 60_000);

  it('names the products on the slip of an order never packed here, and logs why it printed', async () => {
    await call('setStationLanguage', { language: 'en' });
    const gift = PACK_FIXTURES.orders.gift;
    const api = await core.api();
    const names = await Promise.all(
      gift.items.map(async (item) => (await api.getProduct(item.sku)).name),
    );
    const before = queue.jobs().length;
    const outcome = await call('printPaper', { orderId: gift.id, document: 'slip' });
    expect(outcome.status).toBe('queued');
    await until(() => queue.jobs().length === before + 1, 'the slip', 30_000);
    const text = await newestText();
    for (const name of names) expect(text).toContain(name);
    expect(text).not.toContain('name not known');
    await core.printing.queue.idle();
    const log = await call('getAudit', { limit: 20 });
    expect(log.map((entry) => entry.message)).toContain(
      `packing-slip-${gift.id}.pdf printed on cups:Office by ${userInfo().username}: asked for on order ${gift.id}.`,
    );
  }, 60_000);

  it('prints the test page on the paper the form shows, and logs it', async () => {
    const before = queue.jobs().length;
    await call('testDocumentPrinter', { target: 'cups:Office', paper: 'letter' });
    await until(() => queue.jobs().length === before + 1, 'the test page', 30_000);
    expect(queue.arrived().at(-1)?.paper).toBe('LETTER');
    const log = await call('getAudit', { limit: 5 });
    expect(log[0]).toMatchObject({
      event: 'print.test',
      messageKey: 'paperwork.activity.testPage',
      message: `Test page printed on cups:Office by ${userInfo().username}.`,
    });
  }, 60_000);
});
