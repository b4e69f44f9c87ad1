// Scan → verdict painted, as row 15 measures it (issue #27) and the recording rows reuse it
// (issue #41): each scan typed as a wedge types it into the focused scan field, timed in the page
// from its Enter's keydown to the frame after its verdict reached the page.
import type { Page } from 'playwright-core';
import type { StationCore } from '../../src/main/core/station-core.ts';
import { PACK_FIXTURES } from '../../src/sandbox/index.ts';

/** The value at percentile p, nearest rank (row 15's own, kept as it was). */
export const nearestRank = (xs: number[], p: number) => {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
};

/**
 * The codes that pack the fixture order whole: batch lines by GS1 with their first-expiring lot,
 * the rest by SKU, so no question is asked.
 */
export async function packCodes(
  core: StationCore,
  order: (typeof PACK_FIXTURES.orders)[keyof typeof PACK_FIXTURES.orders],
): Promise<string[]> {
  const api = await core.api();
  const codes: string[] = [];
  for (const item of order.items) {
    const batch = PACK_FIXTURES.batches[item.sku];
    let code = item.sku;
    if (batch) {
      const gtin = `0${(await api.getProduct(item.sku)).barcode ?? ''}`.slice(-14);
      const lots = (
        await api.queryInventory({
          sku: item.sku,
          warehouse: PACK_FIXTURES.warehouse,
          batchExpiry: true,
        })
      ).data;
      const expiry = lots.find((l) => l.batch === batch.fefo)?.expiry_date ?? '';
      code = `]C101${gtin}17${expiry.slice(2).replaceAll('-', '')}10${batch.fefo}`;
    }
    for (let n = 0; n < item.quantity; n += 1) codes.push(code);
  }
  return codes;
}

/**
 * Focuses the scan field and stamps every Enter's keydown in the page (the listener once per
 * page), with the pack's checklist showing.
 */
export async function armPainted(page: Page): Promise<void> {
  await page.getByTestId('scan-input').focus();
  await page.evaluate(() => {
    const w = window as unknown as { __enterAt?: number };
    if (w.__enterAt !== undefined) return;
    w.__enterAt = 0;
    window.addEventListener(
      'keydown',
      (event) => {
        if (event.key === 'Enter') w.__enterAt = performance.now();
      },
      true,
    );
  });
}

/** One scan, as a wedge types it: ms from its Enter's keydown to the frame after its verdict. */
export async function paintedScan(page: Page, code: string): Promise<number> {
  await page.evaluate(() => {
    const w = window as unknown as { __painted: Promise<number>; __enterAt: number };
    const newest = () =>
      Math.max(
        0,
        ...[
          ...document.querySelectorAll('[data-testid=pack-verdict], [data-testid=pack-lock]'),
        ].map((el) => Number(el.getAttribute('data-serial') ?? 0)),
      );
    const before = newest();
    w.__painted = new Promise<number>((resolve, reject) => {
      const late = setTimeout(() => reject(new Error('no verdict within 5 s')), 5_000);
      const seen = new MutationObserver(() => {
        if (newest() <= before) return;
        seen.disconnect();
        clearTimeout(late);
        requestAnimationFrame(() => resolve(performance.now() - w.__enterAt));
      });
      seen.observe(document.body, { subtree: true, childList: true, attributes: true });
    });
  });
  await page.keyboard.insertText(code);
  await page.keyboard.press('Enter');
  try {
    return await page.evaluate(
      () => (window as unknown as { __painted: Promise<number> }).__painted,
    );
  } catch (error) {
    // A verdict that never comes (a scan taken for something else) ends the run, said so.
    throw new Error(`(${code}) ${(error as Error).message}`, { cause: error });
  }
}

/** Every code scanned in turn (armPainted first): each one's time, in order. */
export async function paintedVerdictTimes(page: Page, codes: readonly string[]): Promise<number[]> {
  await armPainted(page);
  const times: number[] = [];
  for (const code of codes) {
    try {
      times.push(await paintedScan(page, code));
    } catch (error) {
      throw new Error(`scan ${times.length + 1} ${(error as Error).message}`, { cause: error });
    }
  }
  return times;
}

/** Lines of the pack's checklist shown done. */
export function linesDone(page: Page): Promise<number> {
  return page
    .locator('[data-testid=pack-line]')
    .evaluateAll((els) => els.filter((el) => el.getAttribute('data-state') === 'done').length);
}
