import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { beforeAll, describe, expect, it } from 'vitest';
import { POWER_UP_DEFAULTS } from './by.ts';
import { maxicode } from './maxicode.ts';
import { decode, initDecoder, render } from './test-decode.ts';
import type { BarcodeContext } from './types.ts';

// ^BD MaxiCode (issue #32: UPS labels showed none), read back by zxing-wasm, which knows
// nothing of how we draw the hexagons.

const require = createRequire(import.meta.url);
beforeAll(async () => {
  await initDecoder(readFileSync(require.resolve('zxing-wasm/reader/zxing_reader.wasm')));
});
const ctx = (dpmm = 8): BarcodeContext => ({ by: { ...POWER_UP_DEFAULTS }, dpmm });
const GS = '\x1d';
const RS = '\x1e';

describe('^BD MaxiCode', () => {
  it('mode 4 reads back as written, at every density', async () => {
    for (const dpmm of [8, 12, 24]) {
      const layout = maxicode('PACKBENCH MAXICODE 42', { mode: 4 }, ctx(dpmm));
      const [r] = await decode(render(layout), ['MaxiCode']);
      expect(r?.text).toBe('PACKBENCH MAXICODE 42');
    }
  });

  it('is about 25 × 24 mm whatever ^BY says', () => {
    const layout = maxicode(
      'ABC',
      { mode: 4 },
      { ...ctx(8), by: { moduleWidth: 9, ratio: 3, height: 300 } },
    );
    expect(layout.width).toBeGreaterThan(195);
    expect(layout.width).toBeLessThan(215);
    expect(layout.height).toBeGreaterThan(190);
    expect(layout.height).toBeLessThan(210);
  });

  it('mode 3: the UPS structured carrier message from the guide’s field layout', async () => {
    // class 066, country 276, postal code "10115 " (six characters), then UPS's message.
    const lpm = `[)>${RS}01${GS}961Z12345678${GS}UPSN${GS}123X56${GS}${RS}\x04`;
    const layout = maxicode(`06627610115 ${lpm}`, { mode: 3 }, ctx());
    expect(layout.warnings).toEqual([]);
    const [r] = await decode(render(layout), ['MaxiCode']);
    // The reader gives the primary message back in the secondary's place, after the header.
    expect(r?.text).toContain('10115');
    expect(r?.text).toContain('1Z12345678');
    expect(r?.text).toContain('276');
  });

  it('mode 2: a 9-digit US postal code', async () => {
    const layout = maxicode(`001840152382802HELLO`, { mode: 2 }, ctx());
    expect(layout.warnings).toEqual([]);
    const [r] = await decode(render(layout), ['MaxiCode']);
    expect(r?.text).toContain('152382802');
    expect(r?.text).toContain('HELLO');
  });

  it('says why when the data cannot be a symbol', () => {
    expect(maxicode('', { mode: 4 }, ctx()).warnings[0]).toMatch(/empty/);
    expect(maxicode('0018', { mode: 2 }, ctx()).width).toBe(0);
    expect(maxicode('ABC', { mode: 9 }, ctx()).warnings[0]).toMatch(/mode 9/);
  });
});
