import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { en, type Messages } from '../../src/shared/i18n/en.ts';
import { es } from '../../src/shared/i18n/es.ts';
import { ptBR } from '../../src/shared/i18n/pt-BR.ts';
import { PACK_FIXTURES } from '../../src/sandbox/index.ts';
import { realPdf } from '../support/pdf.ts';
import { until } from '../support/until.ts';
import { axeViolations } from './axe.ts';
import { closeBrowser, scanOrder, withOnlineStation } from './harness.ts';

// The pack in view at the window's default size (issue #38, item 8): an 8-line order with notes,
// its invoice and label delivered, lots counted, at 1280×800. What the packer works from (the
// verdict and every line of the checklist) is above the status bar, and no cell of the checklist
// spills into its neighbour, in English, Portuguese and Spanish. Measured in the page, from the
// boxes Chromium laid out, not from the code's own idea of the widths.

afterAll(() => closeBrowser());

const { batches, upcA, ean13, warehouse, orders } = PACK_FIXTURES;
const ORDER = 'PB-LAYOUT-8';
// Three batch-controlled lines, a UPC-A, an EAN-13 and three plain products with long names
// (the bench order's "Meia Esportiva Cano Curto (3 pares)", "Carregador Portátil 10.000 mAh",
// "Jogo de Chaves de Precisão (24 peças)"); one line of 12, so counts have two digits.
const SKUS = [
  ...Object.keys(batches),
  upcA.sku,
  ean13.sku,
  ...[15, 20, 41].map((n) => orders.bench.items[n]?.sku ?? ''),
];
const ITEMS = SKUS.map((sku, n) => ({ sku, quantity: n === 3 ? 12 : 2 }));

interface Layout {
  viewport: number;
  statusBarTop: number;
  verdictBottom: number | null;
  firstLineTop: number;
  lastLineBottom: number;
  lines: number;
  columns: number[];
  /** Cells whose content is wider than the cell, or reaches past its edge into the next one. */
  overflows: string[];
}

/** Where things are on screen, and every checklist cell that spills, as the page laid them out. */
function measure(page: Page): Promise<Layout> {
  return page.evaluate(() => {
    const rect = (el: Element | null) => el?.getBoundingClientRect() ?? null;
    const table = document.querySelector('[data-testid=pack-checklist]');
    const rows = [...document.querySelectorAll('[data-testid=pack-line]')];
    const overflows: string[] = [];
    for (const row of [...(table?.querySelectorAll('tr') ?? [])]) {
      for (const cell of [...row.children] as HTMLElement[]) {
        const box = cell.getBoundingClientRect();
        const where = `${row.getAttribute('data-sku') ?? 'head'} column ${[...row.children].indexOf(cell) + 1} "${cell.innerText.replace(/\s+/g, ' ').trim()}"`;
        if (cell.scrollWidth > cell.clientWidth + 1)
          overflows.push(`${where}: scrollWidth ${cell.scrollWidth} > ${cell.clientWidth}`);
        // The content's own boxes (text included) must stay inside the cell's.
        const range = document.createRange();
        range.selectNodeContents(cell);
        for (const part of [...range.getClientRects()]) {
          if (part.width === 0) continue;
          if (part.right > box.right + 1 || part.left < box.left - 1) {
            overflows.push(
              `${where}: content ${Math.round(part.left)}–${Math.round(part.right)} outside ${Math.round(box.left)}–${Math.round(box.right)}`,
            );
            break;
          }
        }
      }
    }
    const head = [...(table?.querySelectorAll('thead th') ?? [])];
    return {
      viewport: window.innerHeight,
      statusBarTop: rect(document.querySelector('footer'))?.top ?? window.innerHeight,
      verdictBottom: rect(document.querySelector('[data-testid=pack-verdict]'))?.bottom ?? null,
      firstLineTop: rect(rows[0] ?? null)?.top ?? Infinity,
      lastLineBottom: rect(rows.at(-1) ?? null)?.bottom ?? Infinity,
      lines: rows.length,
      columns: head.map((th) => Math.round(th.getBoundingClientRect().width)),
      overflows,
    };
  });
}

/** Scans a code and waits for the verdict it brings. */
async function scan(page: Page, code: string): Promise<void> {
  const serial = () =>
    page.evaluate(() =>
      Math.max(
        0,
        ...[
          ...document.querySelectorAll('[data-testid=pack-verdict], [data-testid=pack-lock]'),
        ].map((el) => Number(el.getAttribute('data-serial') ?? 0)),
      ),
    );
  const before = await serial();
  const field = page.getByTestId('scan-input');
  await field.fill(code);
  await field.press('Enter');
  await until(async () => (await serial()) > before, `the verdict on ${code}`);
}

describe('the pack in view at 1280×800', () => {
  it('an 8-line pack shows the verdict and every checklist line above the status bar, no cell spilling over', async () => {
    await withOnlineStation(async (station) => {
      const { page, core } = station;
      const api = await core.api();
      await api.createOrder({
        id: ORDER,
        warehouse,
        customer: { name: 'Ana Souza' },
        notes: 'Frágil: embrulhar cada peça.',
        shipping_address: {
          street: 'Rua das Flores',
          number: '100',
          city: 'São Paulo',
          state: 'SP',
          postal_code: '01000-000',
          country: 'BR',
        },
        items: ITEMS,
      });
      // Its invoice and label delivered: the card shows both files and their hashes.
      core.work.submit({
        kind: 'label.upload',
        payload: { order: ORDER, fileName: `${ORDER}.zpl` },
        file: new TextEncoder().encode(`^XA^FO50,50^A0N,50,50^FD${ORDER}^FS^XZ\r\n`),
      });
      core.work.submit({
        kind: 'invoice.upload',
        payload: { order: ORDER, fileName: `${ORDER}.pdf` },
        file: realPdf(`NF-e ${ORDER}`),
      });
      await core.outbox.idle(core.profiles.active().id);

      await scanOrder(page, ORDER);
      await page.getByTestId('pack-notes').waitFor();
      await page.getByTestId('scan-input').press('Enter');
      await page.getByTestId('pack-notes-read').waitFor();
      // A unit of each batch line by SKU, its lot taken from the list (the FEFO lot), and a few
      // plain units: lots and counts in the checklist, a verdict above it.
      for (const sku of Object.keys(batches)) {
        await page.getByTestId('scan-input').fill(sku);
        await page.getByTestId('scan-input').press('Enter');
        await page.getByTestId('pack-lot-list').waitFor();
        await page.keyboard.press('Enter');
        await page.getByTestId('pack-lot-list').waitFor({ state: 'detached' });
      }
      for (let n = 0; n < 10; n += 1) await scan(page, upcA.sku);
      // The EAN-13 line complete: the checklist says so in words.
      await scan(page, ean13.sku);
      await scan(page, ean13.sku);
      await page.getByTestId('pack-verdict').waitFor();
      expect(await page.locator('[data-testid=pack-lot]').count()).toBe(3);

      const words: [string, Messages][] = [
        ['en', en],
        ['pt-BR', ptBR],
        ['es', es],
      ];
      let current: Messages = en;
      for (const [code, messages] of words) {
        if (messages !== current) {
          await page.getByRole('button', { name: current.nav.settings, exact: true }).click();
          await page
            .getByText(code === 'es' ? 'Español' : 'Português (Brasil)', { exact: true })
            .click();
          await page.getByRole('button', { name: messages.nav.station, exact: true }).click();
          current = messages;
          await page.getByTestId('pack-checklist').waitFor();
          await until(
            async () =>
              (await page.locator('[data-testid=pack-checklist] th').first().innerText()) ===
              messages.station.product,
            `the checklist in ${code}`,
          );
        }
        const layout = await measure(page);
        if (code !== 'es') await station.screenshot(`pack-layout-${code}`);
        expect.soft(layout.lines, code).toBe(8);
        expect.soft(layout.overflows, `${code}: columns ${layout.columns.join(', ')}`).toEqual([]);
        // The fold: the window minus the status bar.
        expect.soft(layout.statusBarTop).toBeLessThan(layout.viewport);
        expect
          .soft(layout.firstLineTop, `${code}: the first line`)
          .toBeLessThan(layout.statusBarTop);
        expect
          .soft(layout.lastLineBottom, `${code}: the eighth line`)
          .toBeLessThanOrEqual(layout.statusBarTop);
        expect.soft(layout.verdictBottom, `${code}: the verdict`).not.toBeNull();
        expect.soft(layout.verdictBottom ?? Infinity).toBeLessThanOrEqual(layout.statusBarTop);
        await expect(axeViolations(page)).resolves.toEqual([]);
      }
    });
  }, 120_000);
});
