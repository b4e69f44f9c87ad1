import { afterAll, describe, expect, it } from 'vitest';
import { readPolicy } from '../../src/main/policy/read-policy.ts';
import { en } from '../../src/shared/i18n/en.ts';
import { es } from '../../src/shared/i18n/es.ts';
import { ptBR } from '../../src/shared/i18n/pt-BR.ts';
import { axeViolations } from './axe.ts';
import { closeBrowser, dropFiles, withOnlineStation } from './harness.ts';

// Bulk (issue #39) in the real renderer, on a real core and its sandbox: a ZPL file of two
// labels dropped on the screen becomes a board, one row a label, the one naming a seeded order
// matched with its evidence in words, the other unmatched; arrows move between the rows; axe
// finds nothing, in each language (set by a policy, as IT would).

afterAll(() => closeBrowser());

const CATALOGUES = { en, 'pt-BR': ptBR, es } as const;
const say = (text: string, values: Record<string, string | number>) =>
  text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name]));
const label = (text: string) => `^XA^CI28^FO30,30^A0N,40,40^FD${text}^FS^XZ\n`;

describe('the Bulk screen in a real browser', () => {
  for (const language of ['en', 'pt-BR'] as const) {
    it(`shows a dropped ZPL file's labels as a board, matched by evidence, in ${language}`, async () => {
      const words = CATALOGUES[language];
      const read = readPolicy(JSON.stringify({ language: { value: language } }));
      if (!read.ok) throw new Error(JSON.stringify(read.errors));
      await withOnlineStation(
        async (station) => {
          const { page, core } = station;
          // The order comes from the service directly, not from the board under test.
          const order = (await (await core.api()).listOrders({ pageSize: 5 })).data[0];
          if (!order) throw new Error('the sandbox lists no order');
          await page.getByRole('button', { name: words.nav.bulk, exact: true }).click();
          await page.getByTestId('bulk-drop').waitFor();
          await dropFiles(page, '[data-testid=bulk-drop]', [
            {
              name: 'day.zpl',
              type: 'text/plain',
              bytes: new TextEncoder().encode(label(`Pedido ${order.id}`) + label('Nobody')),
            },
          ]);
          await page.getByTestId('bulk-board').waitFor();
          const rows = page.getByTestId('bulk-row');
          expect(await rows.count()).toBe(2);
          const matched = rows.nth(0);
          expect(await matched.getAttribute('data-status')).toBe('matched');
          expect((await matched.getByTestId('bulk-order').innerText()).trim()).toBe(order.id);
          expect(await matched.getByTestId('bulk-evidence').innerText()).toContain(
            say(words.bulk.board.evidence.orderId, {
              value: order.id,
              where: words.bulk.board.where.label,
            }),
          );
          expect(await matched.getByTestId('bulk-says').innerText()).toBe(
            say(words.bulk.board.says.matched, { order: order.id }),
          );
          expect(await rows.nth(1).getAttribute('data-status')).toBe('unmatched');
          expect(await page.getByTestId('bulk-notice').count()).toBe(0);
          // Keyboard: one row in the tab order; the arrows move between rows.
          await matched.focus();
          await page.keyboard.press('ArrowDown');
          expect(await rows.nth(1).evaluate((row) => row === document.activeElement)).toBe(true);
          expect(await rows.nth(1).getAttribute('tabindex')).toBe('0');
          expect(await matched.getAttribute('tabindex')).toBe('-1');
          await page.keyboard.press('ArrowUp');
          expect(await matched.evaluate((row) => row === document.activeElement)).toBe(true);
          await expect(axeViolations(page)).resolves.toEqual([]);
          await station.screenshot(`screen-${language}-bulk`);
        },
        { policy: { file: '/etc/packbench/policy.json', policy: read.policy } },
      );
    }, 120_000);
  }
});
