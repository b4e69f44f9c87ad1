import { userInfo } from 'node:os';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import type { StationCore } from '../../src/main/core/station-core.ts';
import { en } from '../../src/shared/i18n/en.ts';
import { ZebraEmulator } from '../support/zebra-emulator.ts';
import { closeBrowser, dropFiles, scanOrder, withOnlineStation, type Station } from './harness.ts';
import { axeViolations } from './axe.ts';

// Printing at the station (issue #20) in the real renderer, on a real core, to the Zebra
// emulator on loopback: a test print from Settings, a label printed from the Station byte for
// byte, a label held on paper out with the operator's sentence, and a reprint whose reason
// the activity log keeps.

afterAll(() => closeBrowser());

const label = (order: string) =>
  new TextEncoder().encode(`^XA^FO50,50^A0N,60,60^FD${order}^FS^FO50,150^GB500,300,8^FS^XZ\r\n`);

/** This station prints to the emulator (set before the page opens, as Settings would). */
const printTo = (emulator: ZebraEmulator) => async (core: StationCore) => {
  await core.printing.saveSettings({ target: emulator.target, dpmm: 8, autoPrint: false });
};

/** Scans the order, drops its label on the card and waits until the service has it. */
async function deliverLabel(station: Station, order: string, bytes: Uint8Array): Promise<void> {
  const { page, core } = station;
  await scanOrder(page, order);
  await page.getByText(`Order ${order} found`).waitFor();
  await dropFiles(page, '[data-testid=drop-area]', [
    { name: 'etiqueta.zpl', type: 'text/plain', bytes },
  ]);
  await page.getByText(`etiqueta.zpl queued for order ${order}`).waitFor();
  await core.outbox.idle(core.profiles.active().id);
  await page.locator('[data-testid=label-state][data-state=done]').waitFor();
}

const go = (page: Page, screen: string) =>
  page.getByRole('button', { name: screen, exact: true }).click();

describe('printing at the station, in a real browser', () => {
  it('Settings → Printers: a bad address is refused by the form; the printer saved, a test print shows its status', async () => {
    const emulator = await ZebraEmulator.start({ flags: { labelsRemaining: 2 } });
    try {
      await withOnlineStation(async (station) => {
        const { page, core } = station;
        // No printer yet: the status bar says nothing about one.
        expect(await page.getByTestId('printer-status').count()).toBe(0);
        await go(page, 'Settings');
        await page.getByLabel('Network printer (TCP)').check();
        await page.getByLabel('Printer address (host name or IP)').fill('zebra 1');
        await page.getByRole('button', { name: 'Save printer' }).click();
        await page.getByText(en.printing.errors.host).waitFor();
        expect(core.printing.settings.get().target).toBeNull();

        await page.getByLabel('Printer address (host name or IP)').fill('127.0.0.1');
        await page.getByLabel('Port', { exact: true }).fill(String(emulator.port));
        await page.getByLabel('12 dpmm (300 dpi)').check();
        await page.getByRole('button', { name: 'Save printer' }).click();
        await page.getByText('Printer settings saved.').waitFor();
        expect(core.printing.settings.get()).toMatchObject({
          target: emulator.target,
          dpmm: 12,
          autoPrint: false,
        });

        await page.getByRole('button', { name: 'Test print' }).click();
        await page
          .getByText('Test label sent. The printer reports: ready, 2 labels remaining.')
          .waitFor();
        const [test] = emulator.jobs();
        expect(emulator.jobs()).toHaveLength(1);
        expect(test?.toString('latin1')).toMatch(/^\^XA[\s\S]*\^XZ\s*$/);
        // The status bar follows the status the printer reported.
        await page.getByText('Printer: ready, 2 labels remaining').waitFor();
        await station.screenshot('printing-settings-en');
        expect(await axeViolations(page)).toEqual([]);
      });
    } finally {
      await emulator.close();
    }
  });

  it('Station: Print sends the delivered label byte for byte; printing it again asks why, and the log keeps it', async () => {
    const emulator = await ZebraEmulator.start();
    const bytes = label('PB-10007');
    try {
      await withOnlineStation(
        async (station) => {
          const { page } = station;
          await deliverLabel(station, 'PB-10007', bytes);
          await page.getByRole('button', { name: 'Print etiqueta.zpl' }).click();
          await page.locator('[data-testid=print-notice][data-phase=printed]').waitFor();
          expect(await page.getByTestId('print-notice').textContent()).toContain(
            `etiqueta.zpl printed on ${emulator.target}.`,
          );
          expect(emulator.jobs()).toEqual([Buffer.from(bytes)]);

          // The same label again: a reprint, which needs a reason.
          await page.getByRole('button', { name: 'Print etiqueta.zpl' }).click();
          const dialog = page.getByRole('dialog', { name: 'Print this label again?' });
          await dialog.waitFor();
          await page.waitForTimeout(400); // the dialog's fade-in, which axe would read as low contrast
          expect(await axeViolations(page)).toEqual([]);
          await station.screenshot('printing-reprint-reason-en');
          await dialog.getByLabel('Label damaged').check();
          await dialog.getByRole('button', { name: 'Print again' }).click();
          await dialog.waitFor({ state: 'hidden' });
          await page.locator('[data-testid=print-notice][data-phase=printed]').waitFor();
          expect(emulator.jobs()).toEqual([Buffer.from(bytes), Buffer.from(bytes)]);

          await go(page, 'Outbox');
          const user = userInfo().username;
          await page
            .getByText(`etiqueta.zpl printed again on ${emulator.target} by ${user}: label damaged`)
            .waitFor();
          await page.getByText(`etiqueta.zpl printed on ${emulator.target} by ${user}`).waitFor();
          const rows = page.locator('[data-testid=print-job]');
          expect(await rows.count()).toBe(2);
          expect(await rows.first().textContent()).toContain('label damaged');
          await station.screenshot('printing-outbox-en');
        },
        {},
        printTo(emulator),
      );
    } finally {
      await emulator.close();
    }
  });

  it('paper out: nothing is sent, the label is held with the operator’s sentence, and prints once the paper is back', async () => {
    const emulator = await ZebraEmulator.start();
    const bytes = label('PB-10021');
    try {
      await withOnlineStation(
        async (station) => {
          const { page } = station;
          await deliverLabel(station, 'PB-10021', bytes);
          emulator.configure({ flags: { paperOut: true } });
          await page.getByRole('button', { name: 'Print etiqueta.zpl' }).click();
          const notice = page.locator('[data-testid=print-notice][data-phase=held]');
          await notice.waitFor();
          const text = await notice.textContent();
          expect(text).toContain('etiqueta.zpl is held, not printed.');
          expect(text).toContain(en.errors.print['printer-stopped']);
          expect(text).toContain('The printer reports: paper out.');
          expect(emulator.jobs()).toEqual([]);
          await page.getByText('Printer: paper out').waitFor();
          await station.screenshot('printing-held-en');
          expect(await axeViolations(page)).toEqual([]);

          // The queue on the Outbox shows it held; once the paper is back, Retry prints it.
          await go(page, 'Outbox');
          const row = page.locator('[data-testid=print-job]');
          await page.locator('[data-testid=print-job][data-state=held]').waitFor();
          expect(await row.textContent()).toContain('The printer reports: paper out.');
          await page
            .getByText(
              `etiqueta.zpl not printed on ${emulator.target}: the printer reports a condition that stops printing`,
            )
            .waitFor();
          expect(await axeViolations(page)).toEqual([]);
          emulator.configure({ flags: { paperOut: false } });
          await row.getByRole('button', { name: 'Retry', exact: true }).click();
          await page.locator('[data-testid=print-job][data-state=printed]').waitFor();
          expect(emulator.jobs()).toEqual([Buffer.from(bytes)]);
          await page.getByText('Printer: ready').waitFor();
        },
        {},
        printTo(emulator),
      );
    } finally {
      await emulator.close();
    }
  });

  it('Labels: a label made for another density warns first; printed anyway, the printer gets the text exactly', async () => {
    const emulator = await ZebraEmulator.start();
    try {
      await withOnlineStation(
        async (station) => {
          const { page } = station;
          await go(page, 'Labels');
          const zpl = '^XA^FO40,40^A0N,50,50^FDVolume 1/1^FS^XZ';
          await page.getByTestId('zpl-input').fill(zpl);
          await page.getByText('12 dpmm', { exact: true }).click();
          await page.getByRole('button', { name: 'Print', exact: true }).click();
          await page
            .getByText(
              'This label was made for 12 dpmm, but the printer prints at 8 dpmm: it would come out at the wrong size.',
            )
            .waitFor();
          expect(emulator.jobs()).toEqual([]);
          expect(await axeViolations(page)).toEqual([]);
          await page.getByRole('button', { name: 'Print anyway' }).click();
          await page.locator('[data-testid=print-notice][data-phase=printed]').waitFor();
          expect(emulator.jobs()).toEqual([Buffer.from(zpl)]);
        },
        {},
        printTo(emulator),
      );
    } finally {
      await emulator.close();
    }
  });
});
