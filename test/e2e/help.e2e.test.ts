import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readPolicy } from '../../src/main/policy/read-policy.ts';
import { en } from '../../src/shared/i18n/en.ts';
import { es } from '../../src/shared/i18n/es.ts';
import { ptBR } from '../../src/shared/i18n/pt-BR.ts';
import { axeViolations } from './axe.ts';
import { closeBrowser, withOnlineStation } from './harness.ts';
import { tempDir } from '../outbox/helpers.ts';

// Help → Save support bundle in the real renderer, on a real core: the list of files comes
// first, Save gives a download that `unzip` reads with exactly those files, and the dialog is
// accessible (axe), in each language (set by a policy, as IT would).

afterAll(() => closeBrowser());

const CATALOGUES = { en, 'pt-BR': ptBR, es } as const;

describe('Help → Save support bundle in a real browser', () => {
  for (const language of ['en', 'pt-BR', 'es'] as const) {
    it(`previews, then saves the zip as a download, in ${language}`, async () => {
      const words = CATALOGUES[language].support;
      const read = readPolicy(JSON.stringify({ language: { value: language } }));
      if (!read.ok) throw new Error(JSON.stringify(read.errors));
      const out = tempDir('packbench-help-e2e-');
      try {
        await withOnlineStation(
          async ({ page }) => {
            await page.getByRole('button', { name: words.menu, exact: true }).click();
            const table = page.getByTestId('support-bundle-files');
            await table.waitFor();
            const listed = (await table.locator('tbody tr td:first-child').allInnerTexts()).map(
              (name) => name.trim(),
            );
            expect(listed).toEqual(expect.arrayContaining(['versions.json', 'logs/station.log']));
            await expect(axeViolations(page)).resolves.toEqual([]);
            const [download] = await Promise.all([
              page.waitForEvent('download'),
              page.getByRole('button', { name: words.save }).click(),
            ]);
            expect(download.suggestedFilename()).toMatch(/^packbench-support-.*\.zip$/);
            const file = join(out.path, download.suggestedFilename());
            await download.saveAs(file);
            const unzip = spawnSync('unzip', ['-Z1', file], { encoding: 'utf8' });
            expect(unzip.status, unzip.stderr).toBe(0);
            const names = unzip.stdout.split('\n').filter(Boolean);
            // The saved bundle is made anew: the log may have grown, the files are the same.
            expect(names).toEqual(listed);
            const saved = page.getByTestId('support-bundle-saved');
            await saved.waitFor();
            expect(await saved.innerText()).toContain(download.suggestedFilename());
          },
          { policy: { file: '/etc/packbench/policy.json', policy: read.policy } },
        );
      } finally {
        out.remove();
      }
    }, 120_000);
  }
});
