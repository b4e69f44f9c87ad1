import { describe, expect, it } from 'vitest';
import type { PackEvent, PackRow } from '../pack/pack-store.ts';
import { cuesOf, vttTime, webVtt } from './cues.ts';

const START = 1_800_000_000_000;
const pack = {
  id: 'pack-1',
  orderId: 'PB-1',
  station: 'bench-2',
  account: 'ana',
  snapshot: { products: { 'ACM-1': { name: 'Blue mug' }, 'ACM-2': { name: null } } },
} as unknown as PackRow;

const unit = (sku: string, extra: object = {}) => ({
  sku,
  quantity: 1,
  code: `0${sku}`,
  identifiedBy: 'sku' as const,
  lot: null,
  expiry: null,
  lotState: null,
  override: null,
  ...extra,
});

// A clip that began at START + 500: one event before it, one after its end.
const events = [
  { seq: 1, at: START, kind: 'notes' },
  { seq: 2, at: START + 400, kind: 'unit', unit: unit('ACM-1') },
  { seq: 3, at: START + 1_500, kind: 'unit', unit: unit('ACM-1') },
  { seq: 4, at: START + 2_000, kind: 'refused', code: 'XYZ', messageKey: 'packVerdict.notInOrder' },
  {
    seq: 5,
    at: START + 7_000,
    kind: 'unit',
    unit: unit('ACM-2', {
      lot: 'L7',
      expiry: '2027-01-31',
      lotState: 'ok',
      override: { kind: 'not_fefo', reason: 'damaged', text: null },
    }),
  },
  { seq: 6, at: START + 8_000, kind: 'undo', of: 5 },
  { seq: 7, at: START + 9_000, kind: 'clip' },
  {
    seq: 8,
    at: START + 9_500,
    kind: 'weighed',
    weighing: { grams: 812, expectedGrams: 800, override: null },
  },
  { seq: 9, at: START + 60_000, kind: 'unit', unit: unit('ACM-1') },
] as unknown as PackEvent[];

const clip = { startedAt: START + 500, durationMs: 30_000 };

describe('cues of a pack', () => {
  it('gives one cue per scan, take-back and weighing, timed from the clip start', () => {
    const cues = cuesOf(pack, events, clip);
    expect(cues.map((c) => [c.id, c.startMs, c.endMs])).toEqual([
      ['unit-3', 1_000, 1_500],
      ['refused-4', 1_500, 4_500],
      ['unit-5', 6_500, 7_500],
      ['undo-6', 7_500, 9_000],
      ['weighed-8', 9_000, 12_000],
    ]);
    expect(cues[0]?.lines).toEqual([
      'Scan 3',
      'Code: 0ACM-1',
      'Product: ACM-1 (Blue mug)',
      'Verdict: counted (1)',
    ]);
    expect(cues[1]?.lines.at(-1)).toBe('Verdict: refused (not in this order)');
    expect(cues[2]?.lines).toEqual([
      'Scan 5',
      'Code: 0ACM-2',
      'Product: ACM-2',
      'Lot: L7',
      'Expiry: 2027-01-31',
      'Verdict: counted with a reason (not_fefo: damaged)',
    ]);
    expect(cues[4]?.lines).toEqual(['Weighed: 812 g', 'Expected: 800 g']);
  });

  it("speaks the station's language", () => {
    const [first] = cuesOf(pack, events, clip, 'pt-BR');
    expect(first?.lines).toEqual([
      'Leitura 3',
      'Código: 0ACM-1',
      'Produto: ACM-1 (Blue mug)',
      'Veredito: contado (1)',
    ]);
  });

  it('writes WebVTT a player reads: header, ids, times, no text that ends or breaks a cue', () => {
    const tricky = [
      { seq: 2, at: START + 600, kind: 'refused', code: 'a-->b\n\n<i>', messageKey: 'x.odd' },
    ] as unknown as PackEvent[];
    const text = webVtt(pack, cuesOf(pack, tricky, { startedAt: START, durationMs: null }));
    expect(text).toBe(
      [
        'WEBVTT - Packbench order PB-1',
        '',
        'NOTE pack pack-1, station bench-2, packer ana',
        '',
        'refused-2',
        '00:00:00.600 --> 00:00:03.600',
        'Scan 2',
        'Code: a->b &lt;i>',
        'Verdict: refused (odd)',
        '',
      ].join('\n'),
    );
    expect(vttTime(3_723_004)).toBe('01:02:03.004');
  });
});
