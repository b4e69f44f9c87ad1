import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import type { StationCore } from '../../src/main/core/station-core.ts';
import { en } from '../../src/shared/i18n/en.ts';
import { ptBR } from '../../src/shared/i18n/pt-BR.ts';
import { PACK_FIXTURES } from '../../src/sandbox/index.ts';
import { ZebraEmulator } from '../support/zebra-emulator.ts';
import { until } from '../support/until.ts';
import { axeViolations } from './axe.ts';
import { closeBrowser, dropFiles, scanOrder, scannerBurst, withOnlineStation } from './harness.ts';

// A verified pack (issue #27) in the real renderer on a real core and its embedded sandbox, with
// the keyboard and a wedge scanner alone: notes acknowledged, a wrong item locked and
// acknowledged, a case code, an over-scan, an expired lot refused, a lot that is not first to
// expire counted with its reason; the pack finishes by itself, the sandbox shows the order packed
// once, the label prints at the Zebra emulator and the record is in the CSV. Then in Portuguese,
// with the lot chosen from the list and a reload mid-pack resuming it.

afterAll(() => closeBrowser());

const GS = String.fromCharCode(29);
const { orders, batches, caseAlias, upcA, ean13, warehouse } = PACK_FIXTURES;

/** A unit's scan typed into the scan field as a wedge types it, then Enter. */
async function scan(page: Page, code: string): Promise<void> {
  const field = page.getByTestId('scan-input');
  await field.fill(code);
  await field.press('Enter');
}

/** The newest verdict on screen: the banner's, or the lock's while the screen is locked. */
const newestVerdict = (page: Page) =>
  page.evaluate(() => {
    const shown = [
      ...document.querySelectorAll('[data-testid=pack-verdict], [data-testid=pack-lock]'),
    ].map((el) => ({
      serial: Number(el.getAttribute('data-serial') ?? 0),
      tone: el.getAttribute('data-tone') ?? 'error',
      text: (el as HTMLElement).innerText.trim(),
    }));
    return shown.sort((a, b) => b.serial - a.serial)[0] ?? { serial: 0, tone: null, text: '' };
  });

/** Waits for a verdict newer than `after` and returns its tone and sentence. */
async function nextVerdict(page: Page, after: number) {
  await until(async () => (await newestVerdict(page)).serial > after, 'the next verdict');
  return newestVerdict(page);
}

const serialOf = async (page: Page) => (await newestVerdict(page)).serial;

/** Scans and returns the verdict it brought. */
async function scanFor(page: Page, code: string) {
  const before = await serialOf(page);
  await scan(page, code);
  return nextVerdict(page, before);
}

const scanned = (page: Page, sku: string) =>
  page.locator(`[data-testid=pack-line][data-sku="${sku}"]`).getAttribute('data-scanned');

/** A lot's expiry in the sandbox as YYMMDD, for a GS1 code's AI 17. */
async function yymmdd(core: StationCore, sku: string, lot: string): Promise<string> {
  const rows = (await (await core.api()).queryInventory({ sku, warehouse, batchExpiry: true }))
    .data;
  const date = rows.find((r) => r.batch === lot)?.expiry_date ?? '';
  return date.slice(2).replaceAll('-', '');
}

const gtinOf = async (core: StationCore, sku: string) =>
  `0${(await (await core.api()).getProduct(sku)).barcode ?? ''}`.slice(-14);

describe('a verified pack in a real browser', () => {
  it('packs the fragile case order with the keyboard alone: locks, a case, FEFO with a reason, label and record', async () => {
    const emulator = await ZebraEmulator.start();
    const order = orders.case;
    const batchSku = order.items.find((i) => batches[i.sku])?.sku ?? '';
    const batch = batches[batchSku];
    try {
      await withOnlineStation(
        async (station) => {
          const { page, core } = station;
          // Another order first: its products become known, so one of them is "not in this order".
          const other = orders.plain.items[0]?.sku ?? '';
          await scanOrder(page, orders.plain.id);
          await page.locator(`[data-testid=pack-line][data-sku="${other}"]`).waitFor();
          await page.getByTestId('pack-aside-button').click();
          await page.getByTestId('pack-aside').waitFor();

          // The order's label is on this station, delivered, so the finish can print it.
          await scanOrder(page, order.id);
          await page.getByTestId('pack-notes').waitFor();
          expect(await page.getByTestId('pack-notes').innerText()).toContain(order.notes);
          await dropFiles(page, '[data-testid=drop-area]', [
            {
              name: 'case.zpl',
              type: 'text/plain',
              bytes: new TextEncoder().encode(`^XA^FO50,50^A0N,50,50^FD${order.id}^FS^XZ\r\n`),
            },
          ]);
          await core.outbox.idle(core.profiles.active().id);
          await page.locator('[data-testid=label-state][data-state=done]').waitFor();

          // Nothing counts before the notes are read; Enter reads them.
          let verdict = await scanFor(page, caseAlias.alias);
          expect(verdict.text).toBe(en.packVerdict.notesFirst);
          await page.getByTestId('scan-input').press('Enter');
          await page.getByTestId('pack-notes-read').waitFor();

          // A wrong item: red, locked, its own sound; Enter releases it.
          const tones = (await station.sounds()).length;
          verdict = await scanFor(page, other);
          expect(verdict.tone).toBe('error');
          await page.getByRole('alertdialog').waitFor();
          expect(await page.getByTestId('station').getAttribute('data-locked')).toBe('true');
          expect((await station.sounds()).length).toBeGreaterThan(tones);
          await scan(page, caseAlias.sku);
          expect(await scanned(page, caseAlias.sku)).toBe('0');
          await page.getByTestId('scan-input').press('Enter');
          await until(
            async () => (await page.getByTestId('station').getAttribute('data-locked')) === 'false',
            'the lock released',
          );

          // The case code counts six at once, sent by a scanner burst with its AIM identifier.
          await page.locator('body').click({ position: { x: 5, y: 5 } });
          const beforeBurst = await serialOf(page);
          await scannerBurst(page, `]C101${caseAlias.alias}`);
          verdict = await nextVerdict(page, beforeBurst);
          expect(verdict.tone).toBe('ok');
          expect(await scanned(page, caseAlias.sku)).toBe(String(caseAlias.quantity));
          // One more is one too many.
          verdict = await scanFor(page, caseAlias.sku);
          expect(verdict.tone).toBe('error');
          await page.getByTestId('scan-input').press('Enter');

          // The expired lot, typed with <GS>: refused, nothing counted.
          const gtin = await gtinOf(core, batchSku);
          const expired = batch?.expired ?? '';
          verdict = await scanFor(
            page,
            `01${gtin}10${expired}<GS>17${await yymmdd(core, batchSku, expired)}`,
          );
          expect(verdict.tone).toBe('error');
          expect(verdict.text).toContain(expired);
          await page.getByTestId('scan-input').press('Enter');
          expect(await scanned(page, batchSku)).toBe('0');

          // The fine lot, with ASCII 29: not first to expire, so the packer says why (digit 3).
          const fine = batch?.fine ?? '';
          await scan(page, `]d201${gtin}17${await yymmdd(core, batchSku, fine)}10${fine}${GS}`);
          await page.getByTestId('pack-reason-prompt').waitFor();
          await expect(axeViolations(page)).resolves.toEqual([]);
          await station.screenshot('pack-reason-en');
          const reasons = page.getByTestId('pack-reason-option');
          const customer = await reasons.evaluateAll((options) =>
            options.findIndex((o) => o.getAttribute('data-reason') === 'customer_asked'),
          );
          await page.keyboard.press(String(customer + 1));
          // The last unit: the pack finishes by itself, marks the order packed and prints.
          await page.getByTestId('pack-finished').waitFor();
          await station.screenshot('pack-finished-en');
          await until(() => emulator.jobs().length === 1, 'the label at the printer');
          expect(emulator.jobs()[0]?.toString('latin1')).toContain(order.id);
          await until(
            async () => (await (await core.api()).getOrder(order.id)).status === 'packed',
            'the order packed at the service',
          );
          // The card's badge follows the delivered status change, with no second lookup.
          await until(
            async () =>
              (await page.getByTestId('order-status').textContent()) === en.orderStatus.packed,
            'the card showing the order packed',
          );
          const updates = core.work
            .view()
            .jobs.filter((j) => j.kind === 'order.update' && j.subject === order.id);
          expect(updates).toHaveLength(1);

          // The record, exported from the card.
          const download = page.waitForEvent('download');
          await page.getByTestId('pack-export-csv').click();
          const file = await download;
          const csv = await new Response(
            (await file.createReadStream()) as unknown as ReadableStream,
          ).text();
          expect(csv).toContain(`,]C101${caseAlias.alias},alias,`);
          expect(csv).toContain(`,${fine},`);
          expect(csv).toContain(',not_fefo,customer_asked,');
          await expect(axeViolations(page)).resolves.toEqual([]);
        },
        {},
        async (core) => {
          await core.printing.saveSettings({ target: emulator.target, dpmm: 8, autoPrint: false });
          await core.packing.saveSettings({
            autoFinish: true,
            markPacked: true,
            printLabel: true,
            printSlip: false,
            printInvoice: false,
            ackCode: null,
          });
        },
      );
    } finally {
      await emulator.close();
    }
  }, 120_000);

  it('em português: a UPC-A, the lot from the list, and a reload mid-pack resumes the pack', async () => {
    const order = orders.gift;
    const batchSku = order.items.find((i) => batches[i.sku])?.sku ?? '';
    const batch = batches[batchSku];
    await withOnlineStation(async (station) => {
      const { page } = station;
      await page.getByRole('button', { name: en.nav.settings, exact: true }).click();
      await page.getByText('Português (Brasil)', { exact: true }).click();
      await page.getByRole('button', { name: ptBR.nav.station, exact: true }).click();

      await scanOrder(page, order.id);
      await page.getByTestId('pack-notes').waitFor();
      await page.getByTestId('scan-input').press('Enter');
      await page.getByTestId('pack-notes-read').waitFor();
      // A UPC-A with its EAN-13 AIM identifier, then the plain EAN-13.
      let verdict = await scanFor(page, `]E00${upcA.barcode}`);
      expect(verdict.tone).toBe('ok');
      verdict = await scanFor(page, ean13.barcode);
      expect(verdict.tone).toBe('ok');

      // Reloading the window mid-pack: the same pack comes back with what was counted.
      await page.reload();
      await scanOrder(page, order.id);
      await page.locator(`[data-testid=pack-line][data-sku="${upcA.sku}"]`).waitFor();
      expect(await scanned(page, upcA.sku)).toBe('1');
      expect(await scanned(page, ean13.sku)).toBe('1');

      await scan(page, upcA.sku);
      // The batch product by SKU asks which lot: FEFO first among the ones that can go.
      await scan(page, batchSku);
      const list = page.getByTestId('pack-lot-list');
      await list.waitFor();
      expect(
        await page
          .locator('[data-testid=pack-lot-option][data-fefo=true]')
          .getAttribute('data-lot'),
      ).toBe(batch?.fefo);
      await expect(axeViolations(page)).resolves.toEqual([]);
      await station.screenshot('pack-lot-pt-BR');
      // The list has the focus, the FEFO lot active: Enter takes it.
      const beforeLot = await serialOf(page);
      await page.keyboard.press('Enter');
      verdict = await nextVerdict(page, beforeLot);
      expect(verdict.tone).toBe('warning');
      expect(verdict.text).toContain(batch?.fefo ?? '');
      await scan(page, batchSku);
      await list.waitFor();
      await page.keyboard.press('Enter');
      await page.getByTestId('pack-finished').waitFor();
      expect(await page.getByTestId('pack-finished').innerText()).not.toMatch(/\bpack\.\w/);
      await expect(axeViolations(page)).resolves.toEqual([]);
      await station.screenshot('pack-finished-pt-BR');
    });
  }, 120_000);

  it('reads every wedge form typed into the page: GS1 QR, DataBar, human-readable, {GS}, EAN', async () => {
    const order = orders.gift;
    const batchSku = order.items.find((i) => batches[i.sku])?.sku ?? '';
    const fefo = batches[batchSku]?.fefo ?? '';
    await withOnlineStation(async (station) => {
      const { page, core } = station;
      const gtin = await gtinOf(core, batchSku);
      const expiry = await yymmdd(core, batchSku, fefo);
      const upc = `00${upcA.barcode}`;
      await scanOrder(page, order.id);
      await page.getByTestId('pack-notes').waitFor();
      await page.getByTestId('scan-input').press('Enter');
      await page.getByTestId('pack-notes-read').waitFor();
      const forms = [
        // The human-readable form, as some wedges and people type it.
        `(01)${gtin}(17)${expiry}(10)${fefo}`,
        // GS1 QR with the group separator typed as {GS}.
        `]Q301${gtin}10${fefo}{GS}17${expiry}`,
        // GS1 DataBar and plain EAN-13 (the UPC-A read as EAN-13), then an EAN-13.
        `]e001${upc}`,
        `]E00${upcA.barcode}`,
        `]E0${ean13.barcode}`,
      ];
      for (const form of forms) {
        const verdict = await scanFor(page, form);
        expect(verdict.tone, form).not.toBe('error');
      }
      expect(await scanned(page, batchSku)).toBe('2');
      expect(await scanned(page, upcA.sku)).toBe('2');
      expect(await scanned(page, ean13.sku)).toBe('1');
      await page.getByTestId('pack-finished').waitFor();
    });
  }, 120_000);
});
