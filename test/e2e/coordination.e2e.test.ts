import { randomUUID } from 'node:crypto';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SharedBudgetTuning } from '../../src/main/budget/coordination.ts';
import { NativeKeychain } from '../../src/main/platform/keychain.ts';
import { createStationCore, type StationCore } from '../../src/main/core/station-core.ts';
import { startSandbox, type RunningSandbox } from '../../src/sandbox/index.ts';
import { en } from '../../src/shared/i18n/en.ts';
import { tempDir, useTestProfile } from '../outbox/helpers.ts';
import { PrivateRedis } from '../support/private-redis.ts';
import { until } from '../support/until.ts';
import { closeBrowser, withOnlineStation } from './harness.ts';
import { axeViolations } from './axe.ts';

// Many stations, one key (issue #21) in the real renderer, on a real core, against a private
// redis-server on loopback: the warehouse's Redis typed in Settings, refused with a password in
// it, tested and saved; the status bar's shared line; Redis killed (the station says it runs on
// its own share) and back (it rejoins by itself).

/** Heartbeats and probes in a fraction of a second instead of 10 s, so loss shows at once. */
const TUNING: SharedBudgetTuning = { heartbeatMs: 200, pollMs: 50, commandTimeoutMs: 200 };

let redis: PrivateRedis;
/** One sandbox for every station here: the same environment and key, so one shared budget. */
let sandbox: RunningSandbox;
const sandboxDir = tempDir('packbench-coordination-sandbox-');
const shareSandbox = async () => ({ ...sandbox, close: async () => undefined });

beforeAll(async () => {
  redis = await PrivateRedis.start();
  sandbox = await startSandbox({
    port: 0,
    host: '127.0.0.1',
    dataFile: `${sandboxDir.path}/sandbox.json`,
  });
});

afterAll(async () => {
  await closeBrowser();
  await sandbox?.close();
  sandboxDir.remove();
  await redis?.stop();
});

const stationOptions = { startEmbeddedSandbox: shareSandbox, sharedBudget: TUNING };

/**
 * Every station here works on a test profile pointing at the one sandbox (the embedded sandbox
 * is never shared: each station runs its own, with its own limit).
 */
const onSharedSandbox = async (core: StationCore) => {
  await useTestProfile(core, sandbox.url);
};

/** Another station on the same key and the same Redis, with no window of its own. */
async function secondStation(): Promise<{ core: StationCore; close: () => Promise<void> }> {
  const dir = tempDir('packbench-e2e-');
  const core = await createStationCore({
    dataDir: dir.path,
    keychain: new NativeKeychain({ service: `Packbench-e2e-${randomUUID()}` }),
    health: { intervalMs: 60_000, retryMs: 300 },
    ...stationOptions,
  });
  await onSharedSandbox(core);
  await core.saveCoordination({ url: redis.url, ca: null });
  return {
    core,
    close: async () => {
      await core.close();
      dir.remove();
    },
  };
}

/** An en.ts sentence with its {{placeholders}} filled, as the window says it. */
const say = (sentence: string, values: Record<string, string | number>) =>
  sentence.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name]));
const sharedLine = (stations: number) => say(en.coordination.shared, { stations });

const go = (page: Page, screen: string) =>
  page.getByRole('button', { name: screen, exact: true }).click();

const coordinationStatus = (page: Page) => page.getByTestId('coordination-status');

/** The status bar's coordination line once it reads `text` (what it read instead, if never). */
async function statusReads(page: Page, text: string): Promise<Locator> {
  const line = coordinationStatus(page).filter({ hasText: text });
  try {
    await line.waitFor();
  } catch (error) {
    const shown = await coordinationStatus(page).allTextContents();
    throw new Error(`the status bar never read "${text}"; it reads ${JSON.stringify(shown)}`, {
      cause: error,
    });
  }
  return line;
}

describe('stations sharing one key through Redis, in a real browser', () => {
  it('Settings → Stations sharing this key: a password in the address is refused; tested and saved, the status bar shows the shared budget', async () => {
    await withOnlineStation(
      async (station) => {
        const { page, core } = station;
        // Under the test's own 30 s, so a wait that times out says which one.
        page.setDefaultTimeout(10_000);
        // Budgeting alone: the status bar says nothing about other stations.
        expect(await coordinationStatus(page).count()).toBe(0);
        await go(page, 'Settings');
        const section = page.getByTestId('coordination');
        await section.getByRole('heading', { name: en.coordination.title }).waitFor();
        const address = section.getByLabel(en.coordination.url);

        // A password in the address: refused under the field, nothing saved, nothing tested.
        await address.fill(`redis://:secret@127.0.0.1:${redis.port}`);
        await section.getByRole('button', { name: en.coordination.save, exact: true }).click();
        await section.getByText(en.coordination.errors.passwordInUrl).waitFor();
        expect(await address.getAttribute('aria-invalid')).toBe('true');
        await section.getByRole('button', { name: en.coordination.test, exact: true }).click();
        expect(await section.getByTestId('coordination-test-result').count()).toBe(0);
        expect(await section.getByTestId('coordination-saved').count()).toBe(0);
        expect((await core.coordinationView()).settings.url).toBeNull();
        expect(await coordinationStatus(page).count()).toBe(0);
        expect(await axeViolations(page)).toEqual([]);

        // The private Redis: Test names the server, its latency and the stations on the key.
        await address.fill(redis.url);
        await section.getByText(en.coordination.errors.passwordInUrl).waitFor({ state: 'hidden' });
        await section.getByRole('button', { name: en.coordination.test, exact: true }).click();
        const result = section.getByTestId('coordination-test-result');
        await result.waitFor();
        expect(await result.textContent()).toMatch(
          /^redis 7\.\d+\.\d+ answered in \d+(\.\d)? ms\. Stations active on this key: 0\.$/,
        );
        // Tested, not saved: still budgeting alone.
        expect((await core.coordinationView()).settings.url).toBeNull();
        expect(await coordinationStatus(page).count()).toBe(0);

        await section.getByRole('button', { name: en.coordination.save, exact: true }).click();
        await section.getByText(en.coordination.saved).waitFor();
        expect((await core.coordinationView()).settings).toEqual({ url: redis.url, ca: null });
        const shared = await statusReads(page, sharedLine(1));
        expect(await shared.getAttribute('data-coordination')).toBe('shared');
        await station.screenshot('coordination-settings-en');
        expect(await axeViolations(page)).toEqual([]);

        // A second station joins the key: Test counts both, and so does the status bar.
        const other = await secondStation();
        try {
          await section.getByRole('button', { name: en.coordination.test, exact: true }).click();
          await section
            .getByTestId('coordination-test-result')
            .filter({ hasText: 'Stations active on this key: 2.' })
            .waitFor();
          await statusReads(page, sharedLine(2));
        } finally {
          await other.close();
        }
      },
      stationOptions,
      onSharedSandbox,
    );
  });

  it('Redis lost: the status bar warns that the station runs on its share, and goes back to the shared line by itself', async () => {
    const other = await secondStation();
    try {
      await withOnlineStation(
        async (station) => {
          const { page } = station;
          page.setDefaultTimeout(10_000);
          await statusReads(page, sharedLine(2));

          await redis.kill();
          const lost = await statusReads(page, say(en.coordination.lost, { stations: 2 }));
          expect(await lost.getAttribute('data-coordination')).toBe('lost');
          expect(await lost.getAttribute('title')).toBe(
            // The share: (100 requests − the 2 never granted) ÷ 2 stations.
            say(en.coordination.lostHint, { share: 49 }),
          );
          // A warning, not the quiet line: an orange badge.
          const background = await lost.evaluate((el) => getComputedStyle(el).backgroundColor);
          const [r = 0, g = 0, b = 0] = (background.match(/\d+/g) ?? []).map(Number);
          expect(r > 200 && g < r && r - b > 100, `an orange badge, not ${background}`).toBe(true);
          await station.screenshot('coordination-lost-en');
          expect(await axeViolations(page)).toEqual([]);

          await redis.restart();
          const back = await statusReads(page, sharedLine(2));
          expect(await back.getAttribute('data-coordination')).toBe('shared');
          expect(await page.getByText(/Coordination lost/).count()).toBe(0);
        },
        stationOptions,
        async (core) => {
          // Saved before the window opens, as Settings would; the page opens once this station
          // has heard from Redis that two stations share the key.
          await onSharedSandbox(core);
          await core.saveCoordination({ url: redis.url, ca: null });
          await until(
            () => core.status().budget?.coordination?.stations === 2,
            'the station counts two stations on the key',
          );
        },
      );
    } finally {
      await other.close();
    }
  });
});
