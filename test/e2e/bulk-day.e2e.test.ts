import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { startSandbox } from '../../src/sandbox/index.ts';
import { en } from '../../src/shared/i18n/en.ts';
import { memoryKeychain, tempDir } from '../outbox/helpers.ts';
import { addBulkDay, dayOrderId, DAY_ORDERS, IN_DANFE, type BulkDay } from '../support/bulk-day.ts';
import { axeViolations } from './axe.ts';
import { closeBrowser, dropFiles, withOnlineStation, withStation } from './harness.ts';

// Issue #39's proof day in the real renderer, on a real core and its sandbox, by keyboard alone:
// 200 orders, their labels in one marketplace ZPL file and their invoices in one DANFE PDF,
// dropped on Bulk. The board finds each piece's order, the ambiguous label (two orders of one
// customer) and the label for nobody, and the operator settles them by keyboard. Then the
// station restarts with the service away: the board is as it was, a folder of single invoices
// dropped offline is matched against the orders read before (one of them there twice, a
// duplicate), and the one key queues every settled row, each once, waiting for the service.

afterAll(() => closeBrowser());

const board = en.bulk.board;
const say = (text: string, values: Record<string, string | number>) =>
  text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name]));

/** How many rows of one kind have each status, read from the page. */
async function counts(
  page: Page,
  kind: 'label' | 'invoice' | 'other',
): Promise<Record<string, number>> {
  return page.evaluate(
    (wanted) =>
      [...document.querySelectorAll<HTMLElement>(`[data-testid=bulk-row][data-kind=${wanted}]`)]
        .map((row) => row.dataset['status'] ?? '')
        .reduce<Record<string, number>>((all, status) => {
          all[status] = (all[status] ?? 0) + 1;
          return all;
        }, {}),
    kind,
  );
}

/** Blocks of the ZPL file that are no label: the configuration and the three ^DF formats. */
const BLOCKS = 4;

const pdf = (file: { name: string; bytes: Uint8Array }) => ({ ...file, type: 'application/pdf' });

describe('a day of 200 orders on the Bulk board, in a real browser', () => {
  it('is matched, settled by keyboard, kept over a restart and finished offline', async () => {
    const data = tempDir('packbench-e2e-bulk-day-');
    const keychain = memoryKeychain();
    let day: BulkDay | null = null;
    // The embedded sandbox, with the day's orders added to the demo company once it starts.
    const online = {
      dataDir: data.path,
      keychain,
      startEmbeddedSandbox: async (options: Parameters<typeof startSandbox>[0]) => {
        const sandbox = await startSandbox(options);
        day = await addBulkDay(sandbox.state, 'acme', Date.now());
        return sandbox;
      },
    };
    const theDay = (): BulkDay => {
      if (!day) throw new Error('the sandbox did not start');
      return day;
    };
    const ambiguousId = dayOrderId(DAY_ORDERS - 1);
    try {
      await withOnlineStation(async ({ page }) => {
        await page.getByRole('button', { name: en.nav.bulk, exact: true }).click();
        await page.getByTestId('bulk-drop').waitFor();
        const { labels, danfe, expected } = theDay();
        await dropFiles(page, '[data-testid=bulk-drop]', [
          { ...labels, type: 'text/plain' },
          pdf(danfe),
        ]);
        await page.getByTestId('bulk-board').waitFor();
        const rows = page.getByTestId('bulk-row');
        expect(await rows.count()).toBe(BLOCKS + DAY_ORDERS + 1 + IN_DANFE);
        // The configuration block and the three stored formats are listed, as what they are.
        expect(await counts(page, 'other')).toEqual({ other: BLOCKS });
        expect(await counts(page, 'label')).toEqual(expected.labels);
        expect(await counts(page, 'invoice')).toEqual({ matched: IN_DANFE });
        // The first label names no order: its tracking code, asked of the service, decides it.
        const first = page.locator('[data-testid=bulk-row][data-kind=label]').first();
        expect(await first.getByTestId('bulk-order').innerText()).toBe(dayOrderId(1));
        expect(await first.getByTestId('bulk-evidence').innerText()).toContain(
          board.evidence.tracking.split(' {{')[0] ?? '',
        );
        // The ambiguous label lists both of the customer's orders; typing one settles it.
        const ambiguous = page.locator('[data-testid=bulk-row][data-status=ambiguous]');
        expect(await ambiguous.getByTestId('bulk-order').innerText()).toContain(
          say(board.candidates, { candidates: expected.ambiguousBetween.join(', ') }),
        );
        await ambiguous.focus();
        await page.keyboard.type(ambiguousId);
        await page.keyboard.press('Enter');
        await ambiguous
          .getByTestId('bulk-decision')
          .getByText(say(board.assignedByYou, { order: ambiguousId }))
          .waitFor();
        // The label for nobody: left out with Delete.
        const nobody = page.locator('[data-testid=bulk-row][data-status=unmatched]');
        await nobody.focus();
        await page.keyboard.press('Delete');
        await nobody.getByTestId('bulk-decision').getByText(board.leftOut).waitFor();
        // Home, down past the four blocks, and Enter: the first label alone goes now.
        await page.keyboard.press('Home');
        for (let n = 0; n < BLOCKS; n += 1) await page.keyboard.press('ArrowDown');
        expect(await first.evaluate((row) => row === document.activeElement)).toBe(true);
        await page.keyboard.press('Enter');
        await page
          .getByTestId('bulk-said')
          .getByText(say(board.queuedSummary, { queued: 1, already: 0 }))
          .waitFor();
        await expect(axeViolations(page)).resolves.toEqual([]);
      }, online);

      // The restart, with the service away.
      await withStation(
        async ({ page, core }) => {
          await page.locator('[data-health="down"]').waitFor({ timeout: 15_000 });
          await page.getByRole('button', { name: en.nav.bulk, exact: true }).click();
          await page.getByTestId('bulk-board').waitFor();
          const rows = page.getByTestId('bulk-row');
          expect(await rows.count()).toBe(BLOCKS + DAY_ORDERS + 1 + IN_DANFE);
          const ambiguous = page.locator('[data-testid=bulk-row][data-status=ambiguous]');
          expect(await ambiguous.getByTestId('bulk-decision').innerText()).toBe(
            say(board.assignedByYou, { order: ambiguousId }),
          );
          const nobody = page.locator('[data-testid=bulk-row][data-status=unmatched]');
          expect(await nobody.getByTestId('bulk-decision').innerText()).toBe(board.leftOut);

          // The folder of single invoices, dropped offline.
          const { singles, expected } = theDay();
          await dropFiles(page, '[data-testid=bulk-drop]', singles.map(pdf));
          const notice = page.getByTestId('bulk-notice');
          await notice.waitFor();
          expect(await notice.innerText()).toContain(board.ordersFromEarlier.split(' {{')[0] ?? '');
          await page
            .getByTestId('bulk-row')
            .nth(BLOCKS + DAY_ORDERS + 1 + IN_DANFE + singles.length - 1)
            .waitFor();
          expect(await counts(page, 'invoice')).toEqual(expected.invoices);
          const duplicate = page.locator('[data-testid=bulk-row][data-status=duplicate]');
          expect(await duplicate.getAttribute('data-kind')).toBe('invoice');
          expect(await duplicate.innerText()).toContain(expected.duplicateName);

          // The one key: every settled row, each once; the queued one and the left-out one not.
          await rows.nth(1).focus();
          await page.keyboard.press('Control+Enter');
          const ready = DAY_ORDERS - 1 + DAY_ORDERS; // labels but the first, every invoice
          await page
            .getByTestId('bulk-said')
            .getByText(say(board.queuedSummary, { queued: ready, already: 0 }))
            .waitFor({ timeout: 20_000 });
          const jobs = core.work.view().jobs;
          const labelNames = jobs.flatMap((job) =>
            job.kind === 'label.upload' ? [job.payload.fileName] : [],
          );
          const invoiceNames = jobs.flatMap((job) =>
            job.kind === 'invoice.upload' ? [job.payload.fileName] : [],
          );
          expect(labelNames).toHaveLength(DAY_ORDERS);
          expect(new Set(labelNames).size).toBe(DAY_ORDERS);
          expect(labelNames).toContain(`${ambiguousId}-label.zpl`);
          expect(invoiceNames).toHaveLength(DAY_ORDERS);
          expect(new Set(invoiceNames)).toEqual(
            new Set(
              Array.from({ length: DAY_ORDERS }, (_, i) => `${dayOrderId(i + 1)}-invoice.pdf`),
            ),
          );
          await expect(axeViolations(page)).resolves.toEqual([]);
        },
        {
          dataDir: data.path,
          keychain,
          // It starts and stops at once: its address is known, and nothing answers there.
          startEmbeddedSandbox: async (options: Parameters<typeof startSandbox>[0]) => {
            const sandbox = await startSandbox(options);
            await sandbox.close();
            return sandbox;
          },
        },
      );
    } finally {
      data.remove();
    }
  }, 300_000);
});
