import { describe, expect, it } from 'vitest';
import { seedState } from '../../src/sandbox/seed.ts';
import { engine } from '../../src/zpl/render/test-engine.ts';
import { splitZpl } from '../../src/zpl/split/index.ts';
import { sameBitmap } from '../../src/zpl/split/test-day.ts';
import { addBulkDay, DAY_ORDERS } from '../support/bulk-day.ts';

// The proof day's labels (issue #39): a marketplace's one ZPL file for 200 orders, its logo
// downloaded once and its formats stored once, split label by label. Each piece, rendered alone
// by our engine, must be the same picture dot for dot as that label inside the whole file.
// (The board's handling of the same day, in Chromium, is test/e2e/bulk-day.e2e.test.ts.)

describe('the 200-order day, split', () => {
  it('gives every label with what it needs: each alone is its original, dot for dot', async () => {
    const now = Date.parse('2026-11-28T12:00:00Z');
    const day = await addBulkDay(seedState(now), 'acme', now);
    const zpl = new TextDecoder().decode(day.labels.bytes);
    const whole = engine.render(zpl).labels;
    const split = splitZpl(zpl);
    expect(split.error).toBeNull();
    const labels = split.pieces.filter((piece) => piece.kind === 'label');
    // Every order's label and the stranger's; the configuration block and formats are not labels.
    expect(labels).toHaveLength(DAY_ORDERS + 1);
    expect(whole).toHaveLength(labels.length);
    const differing: number[] = [];
    labels.forEach((piece, i) => {
      const [alone, ...more] = engine.render(piece.zpl).labels;
      const original = whole[i];
      if (!alone || more.length > 0 || !original || !sameBitmap(original.bitmap, alone.bitmap))
        differing.push(i + 1);
    });
    expect(differing).toEqual([]);
    // Each piece carries the logo and its format, so none is a bare ^XA…^XZ cut.
    expect(labels.every((piece) => piece.zpl.includes('~DGR:LOGO.GRF'))).toBe(true);
    // And the pictures are not blank: the logo's and the name's dots are there.
    expect(whole.every((label) => label.bitmap.data.some((byte) => byte !== 0))).toBe(true);
  });
});
