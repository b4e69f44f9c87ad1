import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import type { StationCore } from '../../src/main/core/station-core.ts';
import { PACK_FIXTURES } from '../../src/sandbox/index.ts';
import { tempDir } from '../outbox/helpers.ts';
import { realPdf } from '../support/pdf.ts';
import { PrivateCupsd } from '../support/private-cupsd.ts';
import { until } from '../support/until.ts';
import { ZebraEmulator } from '../support/zebra-emulator.ts';
import { pdfText } from '../paperwork/pdf-text.ts';
import { closeBrowser, dropFiles, scanOrder, withOnlineStation } from './harness.ts';

// Paperwork at the bench (issue #30) in the real renderer on a real core: the document printer
// set up and test-printed from Settings, the slip and invoice switched on, then a pack finished
// with the keyboard alone prints its label at the Zebra emulator and its slip and invoice at a
// private cupsd's document queue, once each; Print slip by hand asks why (a reprint). A second
// station life on the same data folder reads them back printed and sends nothing again. Then a
// stop in the middle: the office printer refuses jobs at the finish (the slip held, the invoice
// behind it), the station stops and starts again, and Retry on the Outbox prints the two papers
// once, the slip first.

afterAll(() => closeBrowser());

const order = PACK_FIXTURES.orders.plain;

const go = (page: Page, screen: string) =>
  page.getByRole('button', { name: screen, exact: true }).click();

/** The order's label and its invoice dropped on the card, and delivered from this station. */
async function dropLabelAndInvoice(page: Page, core: StationCore): Promise<void> {
  await dropFiles(page, '[data-testid=drop-area]', [
    {
      name: 'plain.zpl',
      type: 'text/plain',
      bytes: new TextEncoder().encode(`^XA^FO50,50^A0N,50,50^FD${order.id}^FS^XZ\r\n`),
    },
    { name: 'nf-plain.pdf', type: 'application/pdf', bytes: realPdf(`NF-e ${order.id}`) },
  ]);
  await core.outbox.idle(core.profiles.active().id);
}

/** Every unit scanned with the keyboard alone; the last one finishes the pack. */
async function packWithKeyboard(page: Page, core: StationCore): Promise<void> {
  const api = await core.api();
  for (const item of order.items) {
    const { barcode } = await api.getProduct(item.sku);
    for (let n = 0; n < item.quantity; n += 1) {
      await page.getByTestId('scan-input').fill(barcode ?? item.sku);
      await page.getByTestId('scan-input').press('Enter');
    }
  }
}

describe('paperwork in a real browser', () => {
  it('prints label, slip and invoice once each when a pack finishes, and nothing twice after a restart', async () => {
    const emulator = await ZebraEmulator.start();
    const cupsd = await PrivateCupsd.start();
    const queue = await cupsd.addDocumentQueue('Office');
    const data = tempDir('packbench-e2e-papers-');
    const options = { dataDir: data.path, printing: { env: cupsd.env } };
    try {
      await withOnlineStation(async ({ page, core }) => {
        await core.printing.saveSettings({ target: emulator.target, dpmm: 8, autoPrint: false });
        // Settings → Printers → Document printer, as an operator sets it up.
        await go(page, 'Settings');
        await page.getByTestId('document-printer-target').fill('cups:Office');
        await page.getByTestId('document-printer-paper').click();
        await page.getByRole('option', { name: 'Letter' }).click();
        await page.getByRole('button', { name: 'Save document printer' }).click();
        await page.getByText('Document printer saved.').waitFor();
        await page.getByTestId('document-printer-test').click();
        await page.getByTestId('document-printer-tested').waitFor();
        await until(() => queue.jobs().length === 1, 'the test page', 30_000);
        const test = queue.arrived()[0];
        expect(test?.paper).toBe('LETTER');
        expect(await pdfText(test?.pdf ?? Buffer.alloc(0))).toContain('cups:Office');
        // Settings → Packing: the label, the slip and the invoice when a pack finishes.
        await page.getByTestId('packing-print-label').check();
        await page.getByTestId('packing-print-slip').check();
        await page.getByTestId('packing-print-invoice').check();
        await page.getByTestId('packing-form').getByRole('button', { name: 'Save' }).click();
        await until(async () => core.packing.settings().printInvoice, 'the packing settings');

        // The order, its label and its invoice delivered from this station.
        await go(page, 'Station');
        await scanOrder(page, order.id);
        await page.locator('[data-testid=pack-line]').first().waitFor();
        await dropLabelAndInvoice(page, core);
        await page.locator('[data-testid=label-state][data-state=done]').waitFor();
        await page.locator('[data-testid=invoice-state][data-state=done]').waitFor();

        // Packed with the keyboard alone; the last unit finishes it.
        await packWithKeyboard(page, core);
        await page.getByTestId('pack-finished').waitFor();
        for (const document of ['slip', 'invoice'])
          await page
            .locator(`[data-testid=pack-paper][data-document=${document}][data-state=printed]`)
            .waitFor({ timeout: 30_000 });
        await until(() => emulator.jobs().length === 1, 'the label at the emulator');
        expect(emulator.jobs()[0]?.toString('latin1')).toContain(order.id);
        await until(() => queue.jobs().length === 3, 'the slip and the invoice', 30_000);
        const [, slip, invoice] = queue.arrived();
        expect(await pdfText(slip?.pdf ?? Buffer.alloc(0))).toContain(order.id);
        expect(await pdfText(invoice?.pdf ?? Buffer.alloc(0))).toContain(`NF-e ${order.id}`);

        // Print slip by hand: a reprint, so it asks why first.
        await page.getByTestId('print-slip').click();
        const dialog = page.getByRole('dialog');
        await dialog.waitFor();
        await dialog.getByRole('button', { name: 'Print again' }).waitFor();
        await page.keyboard.press('Escape');
      }, options);
      expect(queue.jobs()).toHaveLength(3);

      // A second life on the same data folder: the queue reads back what it printed, and
      // nothing is sent again.
      await withOnlineStation(async ({ core }) => {
        await core.printing.queue.idle();
        const papers = core.printing.queue.list().filter((job) => job.orderId === order.id);
        expect(papers.map((job) => [job.kind, job.state]).sort()).toEqual([
          ['invoice', 'printed'],
          ['label', 'printed'],
          ['slip', 'printed'],
        ]);
        expect(emulator.jobs()).toHaveLength(1);
        expect(queue.jobs()).toHaveLength(3);
      }, options);
    } finally {
      await emulator.close();
      await cupsd.stop();
      data.remove();
    }
  }, 240_000);

  it('a restart in the middle of the papers prints what was left once, and nothing twice', async () => {
    const emulator = await ZebraEmulator.start();
    const cupsd = await PrivateCupsd.start();
    const queue = await cupsd.addDocumentQueue('Office');
    const data = tempDir('packbench-e2e-papers-restart-');
    const options = { dataDir: data.path, printing: { env: cupsd.env } };
    try {
      await withOnlineStation(async ({ page, core }) => {
        await core.printing.saveSettings({ target: emulator.target, dpmm: 8, autoPrint: false });
        await core.printing.saveDocumentPrinter({ target: 'cups:Office', paper: 'a4' });
        await core.packing.saveSettings({
          ...core.packing.settings(),
          printLabel: true,
          printSlip: true,
          printInvoice: true,
        });
        await scanOrder(page, order.id);
        await page.locator('[data-testid=pack-line]').first().waitFor();
        await dropLabelAndInvoice(page, core);
        await page.locator('[data-testid=invoice-state][data-state=done]').waitFor();
        // The office printer stops taking jobs just before the last unit.
        cupsd.run('cupsreject', ['Office']);
        await packWithKeyboard(page, core);
        await page.getByTestId('pack-finished').waitFor();
        // The label printed; the slip is held on the card and the invoice waits behind it.
        await page
          .locator('[data-testid=pack-paper][data-document=slip][data-state=held]')
          .waitFor({ timeout: 30_000 });
        await page
          .locator('[data-testid=pack-paper][data-document=invoice][data-state=queued]')
          .waitFor();
        await until(() => emulator.jobs().length === 1, 'the label at the emulator');
        expect(queue.jobs()).toHaveLength(0);
      }, options);

      // The station stops there, and the office printer is fixed before it starts again.
      cupsd.run('cupsaccept', ['Office']);
      await withOnlineStation(async ({ page, core }) => {
        await go(page, 'Outbox');
        const held = page.locator('[data-testid=print-job][data-state=held]');
        await held.waitFor();
        await held.getByRole('button', { name: 'Retry', exact: true }).click();
        await until(() => queue.jobs().length === 2, 'the slip and the invoice', 30_000);
        await core.printing.queue.idle();
        const [slip, invoice] = queue.arrived();
        expect(await pdfText(slip?.pdf ?? Buffer.alloc(0))).toContain(order.id);
        expect(await pdfText(invoice?.pdf ?? Buffer.alloc(0))).toContain(`NF-e ${order.id}`);
        const papers = core.printing.queue.list().filter((job) => job.orderId === order.id);
        expect(papers.map((job) => [job.kind, job.state]).sort()).toEqual([
          ['invoice', 'printed'],
          ['label', 'printed'],
          ['slip', 'printed'],
        ]);
      }, options);
      expect(emulator.jobs()).toHaveLength(1);
      expect(queue.jobs()).toHaveLength(2);
    } finally {
      await emulator.close();
      await cupsd.stop();
      data.remove();
    }
  }, 240_000);
});
