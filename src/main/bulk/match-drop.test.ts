import { describe, expect, it } from 'vitest';
import type { DropPiece } from './split-drop.ts';
import { matchDrop, trackingLike, type MatchOrder } from './match-drop.ts';

const order = (id: string): MatchOrder => ({
  id,
  customer: { name: `Customer of ${id}` },
  shipping_address: { postal_code: '01311000' },
});
const piece = (index: number): DropPiece => ({
  source: 'day.zpl',
  kind: 'label',
  index,
  pages: null,
  bytes: new Uint8Array([index]),
  sha256: String(index).padStart(64, '0'),
  note: null,
});

describe('tracking codes the listing did not bring', () => {
  it('takes whole bar code data and S10 codes in text, never a known order id', () => {
    const content = {
      texts: ['Objeto: OA123456789BR — see label', 'PB-1042'],
      barcodes: ['>:1Z999AA10123456784', 'PB10420000', 'short', 'has space 12345'],
    };
    expect(trackingLike(content, new Set(['pb10420000'])).sort()).toEqual(
      ['1Z999AA10123456784', 'OA123456789BR'].sort(),
    );
  });

  it('asks only about pieces no strong key decided, and matches them by the answer', async () => {
    const contents = new Map([
      [1, { texts: ['Order PB-1'], barcodes: ['AB1234567890'] }],
      [2, { texts: ['nothing here'], barcodes: ['CD1234567890'] }],
      [3, { texts: [], barcodes: ['EF1234567890'] }],
    ]);
    const asked: string[][] = [];
    const matched = await matchDrop(
      [piece(1), piece(2), piece(3)],
      [order('PB-1'), order('PB-2')],
      [],
      async (p) => contents.get(p.index ?? 0) ?? { texts: [], barcodes: [] },
      async (codes) => {
        asked.push([...codes]);
        return [{ order: 'PB-2', code: 'CD1234567890' }];
      },
    );
    expect(asked).toEqual([['CD1234567890', 'EF1234567890']]);
    expect(matched.map((m) => [m.status, m.order])).toEqual([
      ['matched', 'PB-1'],
      ['matched', 'PB-2'],
      ['unmatched', null],
    ]);
    expect(matched[1]?.evidence).toContainEqual({
      key: 'tracking',
      value: 'CD1234567890',
      order: 'PB-2',
    });
  });

  it('lets the event loop take turns while it reads a large drop', async () => {
    let turns = 0;
    let running = true;
    const tick = () => {
      turns += 1;
      if (running) setImmediate(tick);
    };
    setImmediate(tick);
    const pieces = Array.from({ length: 40 }, (_, i) => piece(i + 1));
    // The content comes back at once (a resolved promise): without its own turns the matcher
    // would run to the end before any other callback.
    await matchDrop(pieces, [order('PB-1')], [], async () => ({ texts: [], barcodes: [] }));
    running = false;
    expect(turns).toBeGreaterThanOrEqual(5);
  });
});
