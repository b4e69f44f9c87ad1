import { afterAll, describe, expect, it } from 'vitest';
import type { NativeKeychain } from '../../src/main/core/keychain.ts';
import { closeBrowser, launchStation } from './harness.ts';

afterAll(() => closeBrowser());

describe('the station in a real browser', () => {
  it('first launch on the sandbox: health turns green, budget visible, nothing configured', async () => {
    const station = await launchStation();
    try {
      const { page } = station;
      await page.getByText('Online').waitFor({ timeout: 15_000 });
      await page.getByTestId('budget').waitFor();
      expect(await page.getByTestId('budget').textContent()).toMatch(
        /Requests: \d+\/100 this minute/,
      );
      expect(await page.getByText('Sandbox').first().isVisible()).toBe(true);
      await station.screenshot('station-empty-en');
    } finally {
      await station.close();
    }
  });

  it('a scanner burst shows the order, its tracking, and plays the success sound', async () => {
    const station = await launchStation();
    try {
      const { page } = station;
      await page.getByText('Online').waitFor({ timeout: 15_000 });
      await page.locator('body').click({ position: { x: 5, y: 5 } });
      await page.keyboard.type('PB-10055', { delay: 5 });
      await page.keyboard.press('Enter');
      await page.getByText('Order PB-10055 found').waitFor();
      await page.getByTestId('order-card').waitFor();
      expect(await page.getByTestId('tracking').count()).toBe(1);
      expect(await station.sounds()).toEqual([880, 1320]);
      await station.screenshot('station-order-en');

      await page.getByTestId('scan-input').fill('NOPE-404');
      await page.keyboard.press('Enter');
      await page.getByText('Order NOPE-404 was not found').waitFor();
      expect((await station.sounds()).slice(-2)).toEqual([220, 180]);
    } finally {
      await station.close();
    }
  });

  it('a key set in Settings is in the real keychain and nowhere in the page', async () => {
    const station = await launchStation();
    try {
      const { page, core } = station;
      await page.getByRole('button', { name: 'Settings' }).click();
      await page.getByLabel('New API key').fill('sbx-demo-acme');
      await page.getByRole('button', { name: 'Save key' }).click();
      await page.getByText('Set, ends with ••••acme').waitFor();
      expect(await (core.keychain as NativeKeychain).get('sandbox')).toBe('sbx-demo-acme');
      const html = await page.content();
      const storage = await page.evaluate(
        () => JSON.stringify({ ...localStorage }) + JSON.stringify({ ...sessionStorage }),
      );
      expect(html).not.toContain('sbx-demo-acme');
      expect(storage).not.toContain('sbx-demo-acme');
      const bridgeAnswers = await page.evaluate(async () => {
        const b = (
          window as unknown as { packbench: Record<string, (i?: unknown) => Promise<unknown>> }
        ).packbench;
        return JSON.stringify([
          await b['getKeyStatus']?.({}),
          await b['listProfiles']?.(),
          await b['getStatus']?.(),
        ]);
      });
      expect(bridgeAnswers).not.toContain('sbx-demo-acme');
    } finally {
      await station.close();
    }
  });

  it('switches to pt-BR and es with no untranslated keys on screen', async () => {
    const station = await launchStation();
    try {
      const { page } = station;
      await page.getByText('Online').waitFor({ timeout: 15_000 });
      await page.getByRole('button', { name: 'Settings' }).click();
      for (const [label, station_, settings] of [
        ['Português (Brasil)', 'Estação', 'Configurações'],
        ['Español', 'Estación', 'Configuración'],
      ] as const) {
        await page.getByText(label).click();
        await page.getByRole('button', { name: settings }).waitFor();
        const settingsText = await page.locator('body').innerText();
        await page.getByRole('button', { name: station_ }).click();
        const stationText = await page.locator('body').innerText();
        for (const text of [settingsText, stationText])
          expect(text).not.toMatch(
            /\b(app|nav|status|station|settings|errors|keychain|environment|orderStatus)\.[a-zA-Z_]+/,
          );
        await station.screenshot(`station-${label.startsWith('P') ? 'pt-BR' : 'es'}`);
        await page.getByRole('button', { name: settings }).click();
      }
    } finally {
      await station.close();
    }
  });

  it('exposes exactly the contract, and no Node or Electron, to the page', async () => {
    const station = await launchStation();
    try {
      const seen = await station.page.evaluate(() => ({
        keys: Object.keys((window as unknown as { packbench: object }).packbench).sort(),
        require: typeof (window as unknown as { require?: unknown }).require,
        process: typeof (window as unknown as { process?: unknown }).process,
      }));
      const { channels } = await import('../../src/shared/ipc/channels.ts');
      expect(seen).toEqual({
        keys: Object.keys(channels).sort(),
        require: 'undefined',
        process: 'undefined',
      });
    } finally {
      await station.close();
    }
  });
});
