import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { IpcEventLike } from '../../src/main/ipc-manager.ts';
import { readPolicy } from '../../src/main/policy/read-policy.ts';
import { en } from '../../src/shared/i18n/en.ts';
import { es } from '../../src/shared/i18n/es.ts';
import { ptBR } from '../../src/shared/i18n/pt-BR.ts';
import { PrivatePostgres } from '../support/private-postgres.ts';
import { invoker, registerTestHandlers } from '../support/test-handlers.ts';
import { until } from '../support/until.ts';
import { ORDERS, packOrder, type TestStation } from '../records/stations.ts';
import { axeViolations } from './axe.ts';
import { closeBrowser, withOnlineStation, type Station } from './harness.ts';

// Records (issue #40) in the real renderer on a real core: an order packed, then found again by
// its lot with the keyboard, from this station's own records (said so) and, once the warehouse's
// PostgreSQL is set, from the fleet's. Axe finds nothing, in each language (set by a policy).

const CATALOGUES = { en, 'pt-BR': ptBR, es } as const;
type Words = (typeof CATALOGUES)[keyof typeof CATALOGUES];
let cluster: PrivatePostgres;

beforeAll(async () => {
  cluster = await PrivatePostgres.start();
}, 60_000);
afterAll(async () => {
  await closeBrowser();
  await cluster?.stop();
});

/** Packs an order through the real handlers, as the Station screen's scans would. */
async function pack(station: Station) {
  const registered = new Map<string, (event: IpcEventLike, ...args: unknown[]) => unknown>();
  registerTestHandlers({ core: station.core, registered, isTrustedSender: () => true });
  const call = invoker(registered).unwrap;
  await packOrder({ call, replicator: null } as unknown as TestStation, ORDERS.gift);
  const answer = await call('recall', { by: 'order', value: ORDERS.gift.id });
  const lot = answer.rows.find((row) => row.lot)?.lot;
  if (!lot) throw new Error('the gift order recorded no lot');
  return lot;
}

/** Types the lot into the recall's field and presses Enter; waits for the rows' source. */
async function recallByKeyboard(page: Page, words: Words, lot: string) {
  const field = page.getByLabel(words.records.screen.value);
  await field.focus();
  await page.keyboard.press('Control+A');
  await page.keyboard.type(lot);
  await page.keyboard.press('Enter');
  await page.getByTestId('recall-rows').waitFor();
}

describe('the Records screen in a real browser', () => {
  for (const language of ['en', 'pt-BR', 'es'] as const) {
    it(`finds who got a lot, by keyboard, in ${language}`, async () => {
      const words = CATALOGUES[language];
      const read = readPolicy(JSON.stringify({ language: { value: language } }));
      if (!read.ok) throw new Error(JSON.stringify(read.errors));
      await withOnlineStation(
        async (station) => {
          const { page, core } = station;
          const lot = await pack(station);
          const nav = page.getByRole('button', { name: words.nav.records, exact: true });
          await nav.focus();
          await page.keyboard.press('Enter');
          await recallByKeyboard(page, words, lot);
          expect(await page.getByTestId('recall-source').getAttribute('data-source')).toBe(
            'station',
          );
          expect(await page.getByTestId('recall-source').innerText()).toBe(
            words.records.screen.stationOnly,
          );
          const rows = page.getByTestId('recall-row');
          expect(await rows.count()).toBeGreaterThan(0);
          expect(await rows.first().innerText()).toContain(ORDERS.gift.id);
          await expect(axeViolations(page)).resolves.toEqual([]);
          if (language !== 'en') return;
          // The warehouse's PostgreSQL set: the pack goes there, and the same search answers
          // for the fleet.
          const database = await cluster.createDatabase(`e2e_${Date.now()}`);
          await core.records.save({
            url: database.replace(/\/\/[^@]*@/, `//${cluster.user}@`),
            ca: null,
            password: cluster.password,
          });
          await until(() => core.status().records.phase === 'upToDate', 'the back-fill', 20_000);
          await recallByKeyboard(page, words, lot);
          await until(
            async () =>
              (await page.getByTestId('recall-source').getAttribute('data-source')) === 'postgres',
            'the fleet answering',
          );
          expect(await page.getByTestId('records-status').innerText()).toBe(words.records.bar.ok);
          // The supervisor's days, from the fleet too: a row for this packer, and a chart.
          await page.getByTestId('supervisor-show').focus();
          await page.keyboard.press('Enter');
          await page.getByTestId('supervisor-rows').waitFor();
          expect(await page.getByTestId('supervisor-source').getAttribute('data-source')).toBe(
            'postgres',
          );
          expect(await page.getByTestId('supervisor-row').count()).toBe(1);
          await page.locator('.recharts-surface').first().waitFor();
          await expect(axeViolations(page)).resolves.toEqual([]);
          await station.screenshot(`screen-${language}-records`);
        },
        { policy: { file: '/etc/packbench/policy.json', policy: read.policy } },
      );
    }, 120_000);
  }
});
