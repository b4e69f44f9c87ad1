import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { en } from '../../src/shared/i18n/en.ts';
import { ptBR } from '../../src/shared/i18n/pt-BR.ts';
import { startSandbox } from '../../src/sandbox/index.ts';
import { useTestProfile } from '../outbox/helpers.ts';
import { startHookedProxy } from '../support/lossy-proxy.ts';
import {
  aesOwnerPasswordPdf,
  classicXrefPdf,
  emptyFile,
  garbageAfterHeaderPdf,
  leadingJunkPdf,
  ownerPasswordPdf,
  pngRenamedAsPdf,
  truncatedPdf,
  userPasswordPdf,
  xrefStreamPdf,
} from '../support/pdf-variants.ts';
import {
  closeBrowser,
  dropFiles,
  launchStation,
  scanOrder,
  withOnlineStation,
  type Station,
} from './harness.ts';
import { axeViolations } from './axe.ts';

afterAll(() => closeBrowser());

type Catalogue = typeof ptBR;
const say = (text: string, values: Record<string, string | number>) =>
  text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name]));
const zpl = (text: string) => new TextEncoder().encode(text);
const pdfType = 'application/pdf';

/** Files made here, as they arrive from ERPs and scanners, with the verdict each must get. */
const FILES: { name: string; bytes: Uint8Array; refusal: keyof Catalogue['files'] | null }[] = [
  { name: 'classic-xref.pdf', bytes: classicXrefPdf('NF-e classic'), refusal: null },
  { name: 'three-pages.pdf', bytes: classicXrefPdf('NF-e pages', 3), refusal: null },
  { name: 'xref-stream.pdf', bytes: xrefStreamPdf('NF-e stream'), refusal: null },
  { name: 'junk-before.pdf', bytes: leadingJunkPdf('NF-e mail'), refusal: null },
  { name: 'owner-rc4.pdf', bytes: ownerPasswordPdf('NF-e owner'), refusal: null },
  { name: 'owner-aes.pdf', bytes: aesOwnerPasswordPdf('NF-e aes'), refusal: null },
  { name: 'cut-10.pdf', bytes: truncatedPdf('NF-e', 0.1), refusal: 'damaged' },
  { name: 'cut-50.pdf', bytes: truncatedPdf('NF-e', 0.5), refusal: 'damaged' },
  { name: 'cut-98.pdf', bytes: truncatedPdf('NF-e', 0.98), refusal: 'damaged' },
  { name: 'cut-999.pdf', bytes: truncatedPdf('NF-e', 0.999), refusal: 'damaged' },
  { name: 'garbage.pdf', bytes: garbageAfterHeaderPdf(3), refusal: 'damaged' },
  { name: 'user-password.pdf', bytes: userPasswordPdf('NF-e', 'secret'), refusal: 'needsPassword' },
  { name: 'png-renamed.pdf', bytes: pngRenamedAsPdf(), refusal: 'notPdf' },
  { name: 'empty.pdf', bytes: emptyFile(), refusal: 'empty' },
  { name: 'cut.zpl', bytes: zpl('^XA^FO50,50^FDno end^FS'), refusal: 'noZpl' },
  { name: 'photo.png', bytes: pngRenamedAsPdf(), refusal: 'unknownType' },
];

async function switchLanguage(page: Page, from: Catalogue, label: string) {
  await page.getByRole('button', { name: from.nav.settings, exact: true }).click();
  await page.getByText(label, { exact: true }).click();
}

async function dropAll(page: Page, order: string, c: Catalogue) {
  await scanOrder(page, order);
  await page.locator('[data-testid=order-card]').waitFor();
  await dropFiles(
    page,
    '[data-testid=drop-area]',
    FILES.map((f) => ({ name: f.name, type: pdfType, bytes: f.bytes })),
  );
  for (const file of FILES) {
    const sentence = file.refusal
      ? say(c.files[file.refusal], { file: file.name, limit: 20 })
      : say(c.drop.queued, { file: file.name, order });
    await page.getByText(sentence, { exact: true }).waitFor({ timeout: 20_000 });
  }
}

/** Rendered width against room: a clipped label ("Que…") has more content than room. */
const clippedBadges = (page: Page) =>
  page.locator('[data-testid=state-badge]').evaluateAll((badges) =>
    badges
      .map((badge) => {
        const label = badge.querySelector('.mantine-Badge-label') ?? badge;
        return label.scrollWidth > label.clientWidth + 1 ? (badge.textContent ?? '') : null;
      })
      .filter((text): text is string => text !== null),
  );

const activeTestId = (page: Page) =>
  page.evaluate(() => document.activeElement?.getAttribute('data-testid') ?? null);

describe('the station in an operator’s hands', () => {
  it('every kind of file at the Station gets its own verdict, in English and in Portuguese', async () => {
    await withOnlineStation(async (station) => {
      const { page, core } = station;
      await dropAll(page, 'PB-10021', en);
      await station.screenshot('files-station-en');
      await switchLanguage(page, en, 'Português (Brasil)');
      await page.getByRole('button', { name: ptBR.nav.station, exact: true }).click();
      await dropAll(page, 'PB-10022', ptBR);
      await station.screenshot('files-station-pt-BR');
      await core.outbox.idle(core.profiles.active().id, 30_000);
      const accepted = FILES.filter((f) => f.refusal === null).length;
      expect(core.outbox.snapshot(core.profiles.active().id).counts).toMatchObject({
        done: 2 * accepted,
        failed: 0,
      });
    });
  });

  it('the Invoices screen: an owner-password PDF is previewed; the same refusals as the Station', async () => {
    await withOnlineStation(async (station) => {
      const { page } = station;
      await switchLanguage(page, en, 'Português (Brasil)');
      await page.getByRole('button', { name: ptBR.nav.invoices, exact: true }).click();
      await dropFiles(page, '[data-testid=invoice-drop]', [
        { name: 'NF-e PB-10023 protegida.pdf', type: pdfType, bytes: ownerPasswordPdf('NF-e') },
        { name: 'NF-e PB-10023 senha.pdf', type: pdfType, bytes: userPasswordPdf('NF-e', 'x') },
        { name: 'NF-e PB-10023 cortada.pdf', type: pdfType, bytes: truncatedPdf('NF-e', 0.6) },
      ]);
      await page.getByTestId('invoice-thumbnail').waitFor();
      expect(await page.getByTestId('invoice-thumbnail').count()).toBe(1);
      await page
        .getByText(say(ptBR.files.needsPassword, { file: 'NF-e PB-10023 senha.pdf' }))
        .waitFor();
      await page
        .getByText(say(ptBR.files.damaged, { file: 'NF-e PB-10023 cortada.pdf' }))
        .waitFor();
      await station.screenshot('files-invoices-pt-BR');
    });
  });

  it('the order card follows its files: queued, sending, delivered with the hash, failed with Retry and Discard', async () => {
    let server = await startSandbox({ port: 0 });
    const port = server.port;
    let release: (() => void) | null = null;
    let held: (() => void) | null = null;
    const isHeld = new Promise<void>((resolve) => (held = resolve));
    // Holds the first label upload in flight, so the card can be seen while it is sending.
    const proxy = await startHookedProxy(`http://127.0.0.1:${port}`, {
      beforeForward: (request) => {
        if (request.method !== 'POST' || !request.url?.includes('/labels') || release)
          return Promise.resolve();
        return new Promise<void>((resolve) => {
          release = resolve;
          held?.();
        });
      },
    });
    const station = await launchStation({}, (core) =>
      useTestProfile(core, proxy.url, 'sbx-demo-acme', 'Homologação').then(() => undefined),
    );
    const label = station.page.getByTestId('label-state');
    const state = (value: string) =>
      station.page.locator(`[data-testid=label-state][data-state=${value}]`).waitFor();
    try {
      const { page, core } = station;
      page.setDefaultTimeout(8_000);
      await page.getByText('Online').waitFor({ timeout: 15_000 });
      await scanOrder(page, 'PB-10031');
      await page.getByTestId('order-card').waitFor();
      // Offline: the label waits in the outbox, and the status bar says so.
      await server.close();
      await core.testConnection();
      await page.getByText('Offline').waitFor();
      await dropFiles(page, '[data-testid=drop-area]', [
        { name: 'PB-10031.zpl', type: 'text/plain', bytes: zpl('^XA^FO40,40^FDPB-10031^FS^XZ') },
      ]);
      await state('queued');
      expect(await label.textContent()).toBe('LabelsQueued');
      await page
        .getByTestId('outbox-waiting')
        .getByText(/Outbox: 1 waiting · oldest/)
        .waitFor();
      await station.screenshot('card-queued-en');
      // Back online: sent, held on the way, then delivered, the service's hash shown.
      server = await startSandbox({ port });
      await isHeld;
      await state('sending');
      await station.screenshot('card-sending-en');
      (release as unknown as () => void)();
      await state('done');
      await page.getByText(/The service confirmed the content \(SHA-256 [0-9a-f]{12}…\)/).waitFor();
      await page.getByTestId('outbox-waiting').getByText('Nothing waiting in the Outbox').waitFor();
      await station.screenshot('card-delivered-en');
      // A label the service refuses (a NUL byte is binary, not ZPL): failed, the reason, and
      // Retry / Discard on the card itself.
      await dropFiles(page, '[data-testid=drop-area]', [
        { name: 'binary.zpl', type: 'text/plain', bytes: zpl('^XA^FO40,40^FDbad\0^FS^XZ') },
      ]);
      await state('failed');
      const failed = page.locator('[data-testid=order-job][data-state=failed]');
      await failed.getByText(/binary, not ZPL text/).waitFor();
      await station.screenshot('card-failed-en');
      await failed.getByRole('button', { name: 'Retry now' }).click();
      await state('failed');
      await failed.getByRole('button', { name: 'Discard' }).click();
      await failed.waitFor({ state: 'detached' });
      expect(await page.locator('[data-testid=order-job]').count()).toBe(1);
      // The essentials sit above the fold at 1280×800: tiles and the file lines.
      for (const id of ['order-status', 'invoice-state', 'label-state', 'tracking-state']) {
        const box = await page.getByTestId(id).boundingBox();
        expect(box && box.y + box.height, id).toBeLessThan(800 - 52);
      }
    } finally {
      (release as (() => void) | null)?.();
      await station.close();
      await proxy.close();
      await server.close();
    }
  });

  it('a whole pack with the keyboard alone: scan, attach invoice and label, check, and axe finds nothing', async () => {
    await withOnlineStation(async (station: Station) => {
      const { page } = station;
      page.setDefaultTimeout(8_000);
      // Playwright intercepts file pickers while someone listens: listen from the start, or the
      // first picker can open before interception is on and never be reported.
      page.on('filechooser', () => undefined);
      const keys = page.keyboard;
      expect(await activeTestId(page)).toBe('scan-input');
      await keys.type('PB-10041');
      await keys.press('Enter');
      await page.getByTestId('order-card').waitFor();
      // Tab on to the file target; it opens the picker on Enter.
      for (let i = 0; i < 20 && (await activeTestId(page)) !== 'drop-area'; i += 1)
        await keys.press('Tab');
      expect(await activeTestId(page)).toBe('drop-area');
      const pick = async (key: string, name: string, bytes: Uint8Array) => {
        const chooser = page.waitForEvent('filechooser');
        await keys.press(key);
        await (await chooser).setFiles({ name, mimeType: pdfType, buffer: Buffer.from(bytes) });
        expect(await activeTestId(page)).toBe('drop-area');
        await page.getByText(say(en.drop.queued, { file: name, order: 'PB-10041' })).waitFor();
      };
      await pick('Enter', 'NF-e PB-10041.pdf', classicXrefPdf('NF-e PB-10041'));
      await pick('Space', 'PB-10041.zpl', zpl('^XA^FO40,40^FDPB-10041^FS^XZ'));
      await page.locator('[data-testid=invoice-state][data-state=done]').waitFor();
      await page.locator('[data-testid=label-state][data-state=done]').waitFor();
      // Escape comes back to the scan field; ? shows the shortcuts, Escape closes them.
      await keys.press('Escape');
      expect(await activeTestId(page)).toBe('scan-input');
      await keys.press('?');
      await page.getByTestId('shortcut-help').waitFor();
      await page.waitForTimeout(400); // the dialog's fade-in, which axe would read as low contrast
      expect(await axeViolations(page)).toEqual([]);
      await station.screenshot('station-shortcuts-en');
      await keys.press('Escape');
      await page.getByTestId('shortcut-help').waitFor({ state: 'detached' });
      // Shift+Tab from the scan field reaches the screens; Escape comes back again.
      await keys.press('Shift+Tab');
      expect(await page.evaluate(() => document.activeElement?.textContent)).toBe(en.nav.settings);
      await keys.press('Escape');
      expect(await activeTestId(page)).toBe('scan-input');
      // Tab walks on through the file target to the status bar's outbox figure.
      const seen = new Set<string | null>();
      for (let i = 0; i < 40 && (await activeTestId(page)) !== 'outbox-waiting'; i += 1) {
        await keys.press('Tab');
        seen.add(await activeTestId(page));
      }
      expect(seen).toContain('drop-area');
      expect(await activeTestId(page)).toBe('outbox-waiting');
      await keys.press('Enter');
      await page.getByText(en.outbox.empty).waitFor();
      expect(await axeViolations(page)).toEqual([]);
    });
  });

  it('outbox badges keep their whole word at 1280×800 and at 125 % zoom', async () => {
    const station = await launchStation();
    try {
      const { page, core } = station;
      await page.getByText('Online').waitFor({ timeout: 15_000 });
      // Jobs in several states, held back so they stay listed: no key for this profile.
      await useTestProfile(core, 'http://127.0.0.1:9', 'sbx-demo-acme', 'Sem rede');
      for (const n of [1, 2, 3])
        core.outbox.enqueue({
          profileId: core.profiles.active().id,
          kind: 'label.upload',
          payload: { order: `PB-1005${n}`, fileName: `l${n}.zpl` },
          file: zpl(`^XA^FD${n}^FS^XZ`),
        });
      await page.reload();
      await page.getByRole('button', { name: en.nav.outbox, exact: true }).click();
      await page.locator('[data-testid=state-badge]').nth(3).waitFor();
      expect(await clippedBadges(page)).toEqual([]);
      await station.screenshot('outbox-badges-1280');
      // 125 % zoom of a 1280×800 window leaves 1024×640 CSS pixels.
      await page.setViewportSize({ width: 1024, height: 640 });
      await page.waitForTimeout(200);
      expect(await clippedBadges(page)).toEqual([]);
      await station.screenshot('outbox-badges-125');
    } finally {
      await station.close();
    }
  });
});
