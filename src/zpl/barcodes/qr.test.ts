import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { beforeAll, describe, expect, it } from 'vitest';
import { first } from '../render/test-engine.ts';
import { qrCode } from './qr.ts';
import { decode, initDecoder, render, sameDots } from './test-decode.ts';
import type { BarcodeContext } from './types.ts';

// Issue 44, behaviour 2: ^BQa,b,c,d,e as the guide gives its parameters, read back by zxing,
// which reports the mask and error correction level it found in the symbol's format bits.

beforeAll(async () => {
  const wasm = createRequire(import.meta.url).resolve('zxing-wasm/reader/zxing_reader.wasm');
  await initDecoder(readFileSync(wasm));
});

const ctx = (dpmm: 6 | 8 | 12 | 24 = 8): BarcodeContext => ({
  by: { moduleWidth: 2, ratio: 3, height: 10 },
  dpmm,
});

interface Read {
  text: string;
  mask: number;
  level: string;
  version: string;
}

async function read(layout: ReturnType<typeof qrCode>): Promise<Read | undefined> {
  const [r] = await decode(render(layout), ['QRCode']);
  if (!r) return undefined;
  const extra = JSON.parse(r.extra) as { DataMask: number; ECLevel: string; Version: string };
  return { text: r.text, mask: extra.DataMask, level: extra.ECLevel, version: extra.Version };
}

describe('^BQ parameters', () => {
  it('e: each mask 0 to 7 is the one the symbol carries', async () => {
    for (let mask = 0; mask <= 7; mask++) {
      const layout = qrCode('QA,PACKBENCH 42', { mask }, ctx());
      expect(layout.warnings).toEqual([]);
      expect(await read(layout)).toMatchObject({ text: 'PACKBENCH 42', mask, level: 'Q' });
    }
  });

  it('e left out or out of range: the same automatic choice, out of range named', async () => {
    const auto = qrCode('MA,PACKBENCH 42', {}, ctx());
    const eight = qrCode('MA,PACKBENCH 42', { mask: 8 }, ctx());
    expect(sameDots(render(auto), render(eight))).toBe(true);
    expect(eight.warnings).toEqual([expect.stringContaining('mask 8')]);
    // The automatic choice is a valid mask of the eight, and the symbol scans.
    expect((await read(auto))?.text).toBe('PACKBENCH 42');
  });

  it('c: dots per module, by default 1, 2, 3, 6 at 6, 8, 12, 24 dots/mm', () => {
    // Version 1: 21 modules a side.
    for (const [dpmm, dots] of [
      [6, 1],
      [8, 2],
      [12, 3],
      [24, 6],
    ] as const)
      expect(qrCode('QA,PACK', {}, ctx(dpmm)).width).toBe(21 * dots);
    expect(qrCode('QA,PACK', { magnification: 7 }, ctx()).width).toBe(21 * 7);
    // Newer firmware takes 1 to 100.
    expect(qrCode('QA,PACK', { magnification: 40 }, ctx()).width).toBe(21 * 40);
  });

  it('d and the data switch: the level written in the data wins; d when the data has none', async () => {
    expect((await read(qrCode('LA,PACK', { errorCorrection: 'H' }, ctx())))?.level).toBe('L');
    const fromD = qrCode('PACK', { errorCorrection: 'M' }, ctx());
    expect((await read(fromD))?.level).toBe('M');
  });

  it('b: model 2 by default; model 1 is named and drawn as model 2', () => {
    expect(qrCode('QA,PACK', { model: 2 }, ctx()).warnings).toEqual([]);
    expect(qrCode('QA,PACK', { model: 1 }, ctx()).warnings).toEqual([
      expect.stringContaining('model 1'),
    ]);
  });

  it('in a label: ^BQN,2,4,Q,3 prints mask 3 at 4 dots a module', async () => {
    const label = first('^XA^FO50,50^BQN,2,4,Q,3^FDQA,https://packbench.example/42^FS^XZ');
    expect(label.warnings).toEqual([]);
    const [r] = await decode(label.bitmap, ['QRCode']);
    expect(r?.text).toBe('https://packbench.example/42');
    expect(JSON.parse(r?.extra ?? '{}')).toMatchObject({ DataMask: 3, ECLevel: 'Q' });
  });
});
