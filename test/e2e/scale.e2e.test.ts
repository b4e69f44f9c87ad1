import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { en, type Messages } from '../../src/shared/i18n/en.ts';
import { ptBR } from '../../src/shared/i18n/pt-BR.ts';
import { PACK_FIXTURES } from '../../src/sandbox/index.ts';
import { ScaleEmulator } from '../support/scale-emulator.ts';
import { until } from '../support/until.ts';
import { axeViolations } from './axe.ts';
import { closeBrowser, scanOrder, withOnlineStation, type Station } from './harness.ts';

// The scale (issue #29) in the real renderer on a real core and its embedded sandbox, against
// our NCI scale emulator on a pty: set up in Settings → Scale with Test, shown in the status
// bar, then a verified pack weighed at its finish: a light box held with its sentence and let go
// with a reason; in English and in Portuguese, axe clean.

afterAll(() => closeBrowser());

const order = PACK_FIXTURES.orders.plain;
const TARE = 150;

async function setUpScale(page: Page, emulator: ScaleEmulator, words: Messages) {
  await page.getByRole('button', { name: words.nav.settings, exact: true }).click();
  const form = page.getByTestId('scale-form');
  await form.waitFor();
  await page.getByTestId('scale-device').fill(`serial:${emulator.path}`);
  await page.getByTestId('scale-add-box').click();
  const box = page.getByTestId('scale-box');
  await box.getByLabel(words.scale.settings.boxName).fill('M');
  await box.getByLabel(words.scale.settings.boxTare).fill(String(TARE));
  await page.getByTestId('scale-default-box').click();
  await page.getByRole('option', { name: 'M', exact: true }).click();
  await page.getByTestId('scale-test').click();
  const tested = await page.getByTestId('scale-test-result').innerText();
  await page.getByTestId('scale-save').click();
  await page.getByTestId('scale-saved').waitFor();
  return tested;
}

/** Every unit of the order by its SKU, as a wedge types it. */
async function packAll(page: Page) {
  await scanOrder(page, order.id);
  await page.getByTestId('pack-checklist').waitFor();
  for (const item of order.items)
    for (let n = 0; n < item.quantity; n += 1) {
      const field = page.getByTestId('scan-input');
      const before = await page
        .locator(`[data-testid=pack-line][data-sku="${item.sku}"]`)
        .getAttribute('data-scanned');
      await field.fill(item.sku);
      await field.press('Enter');
      await until(
        async () =>
          (await page
            .locator(`[data-testid=pack-line][data-sku="${item.sku}"]`)
            .getAttribute('data-scanned')) !== before,
        `${item.sku} counted`,
      );
    }
}

async function expectedGrams(station: Station) {
  const api = await station.core.api();
  let grams = TARE;
  for (const item of order.items)
    grams += Number((await api.getProduct(item.sku)).weight_kg ?? 0) * 1000 * item.quantity;
  return Math.round(grams);
}

describe('a scale at the bench', () => {
  it.each([
    ['en', en as Messages],
    ['pt-BR', ptBR],
  ] as const)(
    '%s: set up and tested in Settings, then a light box held and let go with a reason',
    async (language, words) => {
      const emulator = await ScaleEmulator.start({ protocol: 'nci' });
      try {
        emulator.show({ kind: 'zero', value: '0.000', unit: 'kg' });
        await withOnlineStation(async (station) => {
          const { page } = station;
          if (language === 'pt-BR') {
            await page.getByRole('button', { name: en.nav.settings, exact: true }).click();
            await page.getByText('Português (Brasil)', { exact: true }).click();
          }
          const tested = await setUpScale(page, emulator, words);
          // The test read the empty scale: zero, in the station's unit and the packer's digits.
          expect(tested).toContain(language === 'en' ? '0.000 kg' : '0,000 kg');
          await expect(axeViolations(page)).resolves.toEqual([]);
          await page.getByTestId('scale-status').waitFor();

          await page.getByRole('button', { name: words.nav.station, exact: true }).click();
          await packAll(page);
          const panel = page.getByTestId('pack-weight');
          await panel.waitFor();
          const expected = await expectedGrams(station);
          // 412 g light: a unit's worth missing. It comes steady; the pack tries to finish.
          emulator.show({
            kind: 'stable',
            value: ((expected - 412) / 1000).toFixed(3),
            unit: 'kg',
          });
          await page.getByTestId('pack-weight-override').waitFor({ timeout: 15_000 });
          const verdict = await page.getByTestId('pack-verdict').innerText();
          expect(verdict).toContain('412 g');
          expect(verdict).not.toMatch(/packVerdict\./);
          expect(await page.getByTestId('pack-weight-expected').innerText()).not.toMatch(/scale\./);
          await expect(axeViolations(page)).resolves.toEqual([]);
          await station.screenshot(`scale-held-${language}`);
          await page.getByTestId('pack-weight-override').click();
          await page.getByTestId('pack-weight-reason').waitFor();
          // The first reason with its digit: the packaging differs.
          await page.keyboard.press('1');
          await page.getByTestId('pack-finished').waitFor();
          const packs = station.core.packing.export({ orderId: order.id, format: 'json' });
          const record = JSON.parse(packs.text) as {
            packs: { weighing: { grams: number; override: { reason: string } } }[];
          };
          expect(record.packs[0]?.weighing).toMatchObject({
            grams: expected - 412,
            override: { reason: 'packaging_differs' },
          });
        });
      } finally {
        await emulator.stop();
      }
    },
    120_000,
  );
});
