import { afterAll, describe, expect, it } from 'vitest';
import { readPolicy } from '../../src/main/policy/read-policy.ts';
import { en } from '../../src/shared/i18n/en.ts';
import { es } from '../../src/shared/i18n/es.ts';
import { ptBR } from '../../src/shared/i18n/pt-BR.ts';
import { axeViolations } from './axe.ts';
import { closeBrowser, withOnlineStation } from './harness.ts';

// A machine policy in the real renderer (issue #31): what IT locks shows as set by IT with the
// policy's path, its controls cannot be used, the window speaks the language IT set, and the
// page stays accessible (axe), in each of the three languages.

afterAll(() => closeBrowser());

const FILE = '/etc/packbench/policy.json';
const CATALOGUES = { en, 'pt-BR': ptBR, es } as const;

function policyIn(language: keyof typeof CATALOGUES) {
  const read = readPolicy(
    JSON.stringify({
      labelPrinter: { target: 'tcp://127.0.0.1:9', dpmm: 8, locked: true },
      packing: { printLabel: true, printSlip: true, locked: true },
      language: { value: language, locked: true },
      expiryWarningDays: { value: 45 },
    }),
  );
  if (!read.ok) throw new Error(JSON.stringify(read.errors));
  return { file: FILE, policy: read.policy };
}

describe('a machine policy in a real browser', () => {
  for (const language of ['en', 'pt-BR', 'es'] as const) {
    it(`shows what IT locked as set by IT, in ${language}, and keeps it`, async () => {
      const words = CATALOGUES[language];
      await withOnlineStation(
        async ({ page, core }) => {
          await page.getByRole('button', { name: words.nav.settings, exact: true }).click();
          for (const section of ['labelPrinter', 'packing', 'language']) {
            const banner = page.getByTestId(`set-by-it-${section}`);
            await banner.waitFor();
            expect(await banner.innerText()).toContain(words.policy.banner);
            expect(await banner.innerText()).toContain(FILE);
          }
          expect(await page.getByTestId('set-by-it-documentPrinter').count()).toBe(0);
          // The locked controls cannot be used; the unlocked ones can.
          expect(await page.getByTestId('packing-print-label').isDisabled()).toBe(true);
          expect(await page.getByTestId('packing-print-slip').isChecked()).toBe(true);
          expect(await page.getByTestId('document-printer-target').isDisabled()).toBe(false);
          expect(await page.getByLabel(words.inventory.threshold).inputValue()).toBe('45');
          // Main keeps them whatever a window sends.
          expect(core.printing.settings.get().target).toBe('tcp://127.0.0.1:9');
          await expect(axeViolations(page)).resolves.toEqual([]);
        },
        { policy: policyIn(language) },
      );
    }, 120_000);
  }
});
