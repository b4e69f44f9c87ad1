import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { afterAll, describe, expect, it } from 'vitest';
import { en } from '../../src/shared/i18n/en.ts';
import type { StationCore } from '../../src/main/core/station-core.ts';
import { startSandbox, type RunningSandbox } from '../../src/sandbox/index.ts';
import type { NativeKeychain } from '../../src/main/platform/keychain.ts';
import { useTestProfile } from '../outbox/helpers.ts';
import { realPdf } from '../support/pdf.ts';
import { userPasswordPdf } from '../support/pdf-variants.ts';
import {
  closeBrowser,
  darkPixels,
  dropFiles,
  launchStation,
  scannerBurst,
  scanOrder,
  withOnlineStation,
  withStation,
} from './harness.ts';

afterAll(() => closeBrowser());

describe('the station in a real browser', () => {
  it('first launch on the sandbox: health turns green, budget visible, nothing configured', async () => {
    await withOnlineStation(async (station) => {
      const { page } = station;
      await page.getByTestId('budget').waitFor();
      expect(await page.getByTestId('budget').textContent()).toMatch(
        /Requests: \d+\/100 this minute/,
      );
      expect(await page.getByText('Sandbox').first().isVisible()).toBe(true);
      await station.screenshot('station-empty-en');
    });
  });

  it('a scanner burst shows the order, its tracking, and plays the success sound', async () => {
    await withOnlineStation(async (station) => {
      const { page } = station;
      await page.locator('body').click({ position: { x: 5, y: 5 } });
      await scannerBurst(page, 'PB-10055');
      await page.getByText('Order PB-10055 found').waitFor();
      await page.getByTestId('order-card').waitFor();
      expect(await page.getByTestId('tracking').count()).toBe(1);
      expect(await station.sounds()).toEqual([880, 1320]);
      await station.screenshot('station-order-en');

      await scanOrder(page, 'NOPE-404');
      await page.getByText('Order NOPE-404 was not found').waitFor();
      expect((await station.sounds()).slice(-2)).toEqual([220, 180]);
    });
  });

  it('drop an invoice PDF and a label file: both delivered through the outbox, and the order shows them', async () => {
    await withOnlineStation(async (station) => {
      const { page } = station;
      await scanOrder(page, 'PB-10007');
      await page.getByText('Order PB-10007 found').waitFor();
      const encoder = new TextEncoder();
      await dropFiles(page, '[data-testid=drop-area]', [
        {
          name: 'NF-e PB-10007.pdf',
          type: 'application/pdf',
          bytes: realPdf('NF-e PB-10007'),
        },
        {
          name: 'etiqueta.zpl',
          type: 'text/plain',
          bytes: encoder.encode('^XA^FO50,50^FDPB-10007^FS^XZ^XA^FDsecond^FS^XZ'),
        },
        {
          name: 'photo.pdf',
          type: 'application/pdf',
          bytes: Uint8Array.from([0x89, 0x50, 0x4e, 0x47]),
        },
      ]);
      await page.getByText('NF-e PB-10007.pdf queued for order PB-10007').waitFor();
      await page.getByText('etiqueta.zpl queued for order PB-10007').waitFor();
      await page
        .getByText(
          'photo.pdf is not a PDF: its contents are of another kind, whatever its name says.',
        )
        .waitFor();
      await station.core.outbox.idle(station.core.profiles.active().id);
      // The card follows the outbox: delivered without scanning the order again.
      await page.locator('[data-testid=invoice-state][data-state=done]').waitFor();
      await page.locator('[data-testid=label-state][data-state=done]').waitFor();
      expect(await page.getByTestId('invoice-state').textContent()).toMatch(/Received \(/);
      await page.getByRole('button', { name: 'Outbox', exact: true }).click();
      await page.getByText('Nothing waiting. Everything was delivered.').waitFor();
      await page.getByRole('button', { name: 'Station', exact: true }).click();
      await scanOrder(page, 'PB-10007');
      await page.getByText('1 label received').waitFor();
      await station.screenshot('station-dropped-en');
    });
  });

  it('a multi-label ZPL file: one preview image per label with real pixels, then uploaded to the order', async () => {
    await withOnlineStation(async (station) => {
      const { page, core } = station;
      await page.getByRole('button', { name: 'Labels', exact: true }).click();
      const zpl = [
        '^XA^PW812^LL1218^FO50,50^A0N,60,60^FDPedido PB-10021^FS^FO50,150^BY3^BCN,120,Y,N,N^FD1002100^FS^XZ',
        '^XA^FO50,50^A0N,60,60^FDVolume 2 de 2^FS^FO50,150^GB500,300,8^FS^XZ',
      ].join('\n');
      await dropFiles(page, '[data-testid=zpl-input]', [
        { name: 'PB-10021.zpl', type: 'text/plain', bytes: new TextEncoder().encode(zpl) },
      ]);
      await page.getByRole('button', { name: 'Preview' }).click();
      await page.getByTestId('previews').waitFor({ timeout: 60_000 });
      const inked = await darkPixels(page.locator('[data-testid=previews] canvas'));
      expect(inked).toHaveLength(2);
      expect(inked.every((dark) => dark > 500)).toBe(true);
      await station.screenshot('labels-preview-en');
      await page.getByLabel('Order number').fill('PB-10021');
      await page.getByRole('button', { name: 'Queue label for this order' }).click();
      await page.getByText(/Queued in the outbox/).waitFor();
      await core.outbox.idle(core.profiles.active().id);
      const order = await (await core.api()).getOrder('PB-10021');
      expect(order.labels?.map((l) => l.label_count)).toEqual([2]);
    });
  }, 90_000);

  it('invoices: a real PDF gets a first-page thumbnail, is matched by file name and delivered', async () => {
    await withOnlineStation(async (station) => {
      const { page, core } = station;
      await page.getByRole('button', { name: 'Invoices', exact: true }).click();
      await dropFiles(page, '[data-testid=invoice-drop]', [
        { name: 'NF-e PB-10030.pdf', type: 'application/pdf', bytes: realPdf('NF-e 123') },
      ]);
      const thumb = page.getByTestId('invoice-thumbnail');
      await thumb.waitFor({ timeout: 30_000 });
      const [dark] = await darkPixels(thumb);
      expect(dark).toBeGreaterThan(50);
      expect(await page.getByLabel('Order number', { exact: true }).inputValue()).toBe('PB-10030');
      await page.getByRole('button', { name: 'Queue invoice' }).click();
      await page.getByText('NF-e PB-10030.pdf queued for order PB-10030').waitFor();
      await core.outbox.idle(core.profiles.active().id);
      expect((await (await core.api()).getOrder('PB-10030')).invoice?.file_name).toBe(
        'NF-e PB-10030.pdf',
      );
      await station.screenshot('invoices-en');
    });
  }, 60_000);

  it('inventory for a SKU with expired and expiring batches: coloured and first-expiry-first-out', async () => {
    await withStation(async (station) => {
      const { page } = station;
      await page.getByRole('button', { name: 'Inventory', exact: true }).click();
      await page.getByLabel('SKU').fill('ACM-0001');
      await page.getByRole('button', { name: 'Show stock' }).click();
      await page.getByTestId('inventory').waitFor();
      const tones = await page
        .locator('[data-testid=inventory] tbody tr')
        .evaluateAll((rows) => rows.map((r) => r.getAttribute('data-tone')));
      expect(tones).toContain('expired');
      expect(tones).toContain('soon');
      expect(tones.indexOf('expired')).toBeLessThan(tones.indexOf('soon'));
      const background = await page
        .locator('[data-testid=inventory] tbody tr[data-tone=expired]')
        .first()
        .evaluate((r) => getComputedStyle(r).backgroundColor);
      expect(background).not.toBe('rgba(0, 0, 0, 0)');
      await station.screenshot('inventory-en');
    });
  });

  it('offline: submissions queue while the service is down and drain by themselves when it is back', async () => {
    let server: RunningSandbox = await startSandbox({ port: 0 });
    const port = server.port;
    const useServer = async (core: StationCore) => {
      await useTestProfile(core, server.url, 'sbx-demo-acme', 'Homologação');
    };
    // Checks back off while the service is down, up to the check interval: a short interval
    // keeps the return within the wait below however long a loaded machine keeps it down.
    const station = await launchStation({ health: { intervalMs: 5_000, retryMs: 300 } }, useServer);
    try {
      const { page, core } = station;
      await page.getByText('Online').waitFor({ timeout: 15_000 });
      await scanOrder(page, 'PB-10003');
      await page.getByText('Order PB-10003 found').waitFor();
      await server.close();
      await core.testConnection();
      await page.getByText('Offline').waitFor();
      await dropFiles(
        page,
        '[data-testid=drop-area]',
        [1, 2, 3].map((n) => ({
          name: `nf-${n}.pdf`,
          type: 'application/pdf',
          bytes: realPdf(`offline ${n}`),
        })),
      );
      await page.getByText('nf-3.pdf queued for order PB-10003').waitFor();
      await page.getByRole('button', { name: 'Outbox', exact: true }).click();
      await page.getByText('Queued: 3').waitFor();
      await station.screenshot('outbox-offline-en');
      server = await startSandbox({ port });
      await page.getByText('Online').waitFor({ timeout: 20_000 });
      await page
        .getByText('Nothing waiting. Everything was delivered.')
        .waitFor({ timeout: 20_000 });
      expect(server.receipts('acme').filter((r) => r.kind === 'invoice')).toHaveLength(3);
    } finally {
      await station.close();
      await server.close();
    }
  });

  it('rate limit: a burst of lookups and uploads all complete while the bar shows the pause', async () => {
    const server = await startSandbox({ port: 0, rateLimit: 4, windowMs: 3_000 });
    const station = await launchStation({ budget: { limit: 6, windowMs: 3_000 } }, async (core) => {
      await useTestProfile(core, server.url, 'sbx-demo-acme', 'Apertado');
    });
    try {
      const { page, core } = station;
      await page.getByText('Online').waitFor({ timeout: 15_000 });
      const ids = ['PB-10011', 'PB-10012', 'PB-10013', 'PB-10014', 'PB-10015'];
      for (const id of ids) {
        await scanOrder(page, id);
      }
      await page.getByText(/Paused by the service until/).waitFor({ timeout: 15_000 });
      await page.getByText(`Order ${ids.at(-1)} found`).waitFor({ timeout: 30_000 });
      await dropFiles(page, '[data-testid=drop-area]', [
        {
          name: 'burst.pdf',
          type: 'application/pdf',
          bytes: realPdf('burst'),
        },
      ]);
      await page.getByText('burst.pdf queued for order PB-10015').waitFor();
      await core.outbox.idle(core.profiles.active().id, 30_000);
      expect(core.outbox.snapshot(core.profiles.active().id).counts).toMatchObject({
        done: 1,
        failed: 0,
      });
      expect(server.receipts('acme').filter((r) => r.kind === 'invoice')).toHaveLength(1);
      expect(await page.locator('[role=alert]').allInnerTexts()).toEqual([
        'burst.pdf queued for order PB-10015',
      ]);
    } finally {
      await station.close();
      await server.close();
    }
  }, 60_000);

  it('bad input: each file and a wrong key get their own sentence; nothing crashes or is lost', async () => {
    await withOnlineStation(async (station) => {
      const { page, core } = station;
      await scanOrder(page, 'PB-10009');
      await page.getByText('Order PB-10009 found').waitFor();
      const encoder = new TextEncoder();
      await dropFiles(page, '[data-testid=drop-area]', [
        {
          name: 'scan.pdf',
          type: 'application/pdf',
          bytes: Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
        },
        {
          name: 'locked.pdf',
          type: 'application/pdf',
          bytes: userPasswordPdf('NF-e', 'secret'),
        },
        { name: 'empty.pdf', type: 'application/pdf', bytes: new Uint8Array() },
        { name: 'cut.zpl', type: 'text/plain', bytes: encoder.encode('^XA^FO50,50^FDno end^FS') },
      ]);
      for (const sentence of [
        'scan.pdf is not a PDF: its contents are of another kind, whatever its name says.',
        'locked.pdf needs a password to open. Export it without an opening password (protection against editing is fine).',
        'empty.pdf is empty (0 bytes). Save or download it again.',
        'cut.zpl holds no complete ZPL label (each label starts with ^XA and ends with ^XZ).',
      ]) {
        await page.getByText(sentence).waitFor();
      }
      expect(core.outbox.snapshot(core.profiles.active().id).counts.queued).toBe(0);

      await page.getByRole('button', { name: 'Settings', exact: true }).click();
      await page.getByLabel('New API key').fill('has spaces in it');
      await page.getByRole('button', { name: 'Save key' }).click();
      await page.getByText(/no spaces/).waitFor();
      await page.getByLabel('New API key').fill('sbx-demo-wrong');
      await page.getByRole('button', { name: 'Save key' }).click();
      await page.getByText('Set, ends with ••••rong').waitFor();
      await page.getByRole('button', { name: 'Test connection' }).click();
      await page.getByText('Connection: Key refused').waitFor();
      await page.getByRole('button', { name: 'Station', exact: true }).click();
      await scanOrder(page, 'PB-10009');
      await page.getByText('Could not look up PB-10009').waitFor();
      await page.getByText('The service refused the API key. Check the key in Settings.').waitFor();
      await station.screenshot('bad-key-en');
    });
  });

  it('a key set in Settings is in the real keychain and nowhere in the page', async () => {
    await withStation(async (station) => {
      const { page, core } = station;
      await page.getByRole('button', { name: 'Settings', exact: true }).click();
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
    });
  });

  it('every screen in en, pt-BR and es: no untranslated key on screen, a screenshot of each', async () => {
    const { en } = await import('../../src/shared/i18n/en.ts');
    const keyPaths = (value: unknown, prefix = ''): string[] =>
      typeof value === 'object' && value !== null
        ? Object.entries(value).flatMap(([k, v]) => keyPaths(v, prefix ? `${prefix}.${k}` : k))
        : [prefix];
    const allKeys = keyPaths(en);
    await withOnlineStation(async (station) => {
      const { page } = station;
      await scanOrder(page, 'PB-10055');
      await page.getByText('Order PB-10055 found').waitFor();
      const screens = ['station', 'invoices', 'labels', 'orders', 'inventory', 'products'];
      const more = ['inbounds', 'trackings', 'outbox', 'settings'] as const;
      const languages = [
        ['en', 'English', en.nav],
        ['pt-BR', 'Português (Brasil)', (await import('../../src/shared/i18n/pt-BR.ts')).ptBR.nav],
        ['es', 'Español', (await import('../../src/shared/i18n/es.ts')).es.nav],
      ] as const;
      let current: Record<keyof typeof en.nav, string> = en.nav;
      for (const [code, label, nav] of languages) {
        await page.getByRole('button', { name: current.settings, exact: true }).click();
        await page.getByText(label, { exact: true }).click();
        current = nav;
        for (const screen of [...screens, ...more] as (keyof typeof nav)[]) {
          await page.getByRole('button', { name: nav[screen], exact: true }).click();
          await page.waitForTimeout(150);
          const text = await page.locator('body').innerText();
          const raw = allKeys.filter((key) => text.includes(key));
          expect(raw, `${code} ${screen}`).toEqual([]);
          if (code !== 'es') await station.screenshot(`screen-${code}-${screen}`);
        }
      }
    });
  });

  it('every screen passes axe-core WCAG 2.1 A and AA rules (names, labels, contrast, structure)', async () => {
    const axe = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
    await withOnlineStation(async (station) => {
      const { page } = station;
      await scanOrder(page, 'PB-10055');
      await page.getByText('Order PB-10055 found').waitFor();
      // Evaluated by the test driver, so the page's CSP (no eval, no inline script) still holds.
      await page.evaluate(axe);
      const problems: string[] = [];
      const audit = async (where: string) => {
        const violations = await page.evaluate(async () => {
          const result = await (
            window as unknown as {
              axe: {
                run: (
                  context: Document,
                  options: object,
                ) => Promise<{
                  violations: { id: string; impact: string; nodes: { target: string[] }[] }[];
                }>;
              };
            }
          ).axe.run(document, {
            runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
            resultTypes: ['violations'],
          });
          return result.violations.map(
            (v) => `${v.impact} ${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
          );
        });
        problems.push(...violations.map((v) => `${where}: ${v}`));
      };
      for (const name of Object.values(en.nav)) {
        await page.getByRole('button', { name, exact: true }).click();
        await page.waitForTimeout(200);
        await audit(name);
      }
      // The order form with every field's error showing.
      await page.getByRole('button', { name: 'Orders', exact: true }).click();
      await page.getByRole('button', { name: 'New order' }).click();
      await page.getByRole('button', { name: 'Queue for sending' }).click();
      await page.getByText('Required.').first().waitFor();
      await audit('order form');
      // Settings → About → the notices this build ships (the real out/THIRD_PARTY_NOTICES).
      await page.getByRole('button', { name: 'Settings', exact: true }).click();
      await page.getByRole('button', { name: 'Third-party notices' }).click();
      const notices = page.getByTestId('third-party-notices');
      await notices.getByText(/^react-dom 19\./m).waitFor();
      expect(await notices.textContent()).toMatch(/Packbench: third-party software notices/);
      await page.waitForTimeout(400); // the dialog's fade-in, which axe would read as low contrast
      await audit('third-party notices');
      expect(problems).toEqual([]);
    });
  });

  it('orders: a new order typed in the form is delivered and then opens at the station', async () => {
    await withOnlineStation(async (station) => {
      const { page } = station;
      await page.getByRole('button', { name: 'Orders', exact: true }).click();
      await page.getByRole('button', { name: 'New order' }).click();
      const form = page.getByTestId('order-form');
      const type = (label: RegExp, value: string) => form.getByLabel(label).fill(value);
      await type(/^Order/, 'PB-E2E-1');
      await type(/^Warehouse/, 'SP01');
      await type(/^Name/, 'Bruna Lima');
      await type(/^Street/, 'Av. Paulista');
      await type(/^City/, 'São Paulo');
      await type(/^State/, 'SP');
      await type(/^Postal code/, '01310-100');
      await type(/^SKU/, 'ACM-0001');
      await form.getByLabel(/^Qty/).fill('2');
      await page.getByRole('button', { name: 'Queue for sending' }).click();
      await page.getByText(/Queued in the outbox/).waitFor();
      await station.core.outbox.idle(station.core.profiles.active().id);
      await page.getByRole('button', { name: 'Station', exact: true }).click();
      await scanOrder(page, 'PB-E2E-1');
      await page.getByText('Order PB-E2E-1 found').waitFor();
      expect(await page.getByTestId('order-card').innerText()).toContain('Bruna Lima');
    });
  });
});
