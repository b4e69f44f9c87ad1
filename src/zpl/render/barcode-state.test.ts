import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { beforeAll, describe, expect, it } from 'vitest';
import { decode, initDecoder } from '../barcodes/test-decode.ts';
import { engine, first, inkBox } from './test-engine.ts';

// Issue 44, behaviour 3: the bar code state a QR code leaves behind. ^BQ's magnification is the
// printer's module width, so a bar code after ^BQN,2,5 with no ^BY between them has 5-dot
// modules (Labelary draws it so); ^BY's ratio and height are untouched, and a ^BY still wins.

beforeAll(async () => {
  const wasm = createRequire(import.meta.url).resolve('zxing-wasm/reader/zxing_reader.wasm');
  await initDecoder(readFileSync(wasm));
});

const QR = '^FO20,20^BQN,2,5^FDQA,PACKBENCH^FS';
const CODE128 = '^FO20,300^BCN,80,N,N,N^FD12345678^FS';

/** The widths of the dark runs along row y, from x0 on. */
function darkRuns(bitmap: Parameters<typeof inkBox>[0], y: number, x0 = 0): number[] {
  const out: number[] = [];
  let run = 0;
  for (let x = x0; x <= bitmap.width; x++) {
    if (bitmap.get(x, y)) run++;
    else if (run > 0) {
      out.push(run);
      run = 0;
    }
  }
  return out;
}

describe('what ^BQ leaves for the bar codes after it', () => {
  it('a Code 128 after ^BQN,2,5 and no ^BY has 5-dot modules, and still scans', async () => {
    const label = first(`^XA${QR}${CODE128}^XZ`);
    const bars = darkRuns(label.bitmap, 340);
    // Code 128 bars are 1 to 4 modules wide: every one a multiple of 5, the narrowest 5.
    expect(Math.min(...bars)).toBe(5);
    expect(bars.every((w) => w % 5 === 0)).toBe(true);
    expect(inkBox(label.bitmap, { x: 0, y: 300, width: 813, height: 80 })?.x).toBe(20);
    const read = await decode(label.bitmap, ['Code128']);
    expect(read.map((r) => r.text)).toEqual(['12345678']);
    // Exactly the bar code ^BY5 draws.
    const explicit = first(`^XA^BY5${CODE128}^XZ`);
    const area = { x: 0, y: 290, width: 813, height: 100 };
    expect(inkBox(label.bitmap, area)).toEqual(inkBox(explicit.bitmap, area));
  });

  it('keeps ^BY ratio and height: only the module width changes', () => {
    const code39 = '^FO20,300^B3N,N,,N,N^FDPACK^FS';
    const after = first(`^XA^BY2,2.5,70^FO20,20^BQN,2,4^FDQA,PACK^FS${code39}^XZ`);
    const same = first(`^XA^BY4,2.5,70${code39}^XZ`);
    const area = { x: 0, y: 290, width: 813, height: 200 };
    const a = inkBox(after.bitmap, area);
    expect(a).toEqual(inkBox(same.bitmap, area));
    expect(a?.height).toBe(70);
  });

  it('a ^BY after the QR code sets the width again; the next format keeps what was left', () => {
    const label = first(`^XA${QR}^BY2${CODE128}^XZ`);
    expect(Math.min(...darkRuns(label.bitmap, 340))).toBe(2);
    // Like ^BY's, the width outlives the format: the printer keeps it until changed.
    const second = engine.render(`^XA${QR}^XZ^XA${CODE128}^XZ`).labels[1];
    expect(second && Math.min(...darkRuns(second.bitmap, 340))).toBe(5);
  });

  it('a ^BQ with no magnification leaves the module width alone', () => {
    const label = first(`^XA^BY3^FO20,20^BQN,2^FDQA,PACK^FS${CODE128}^XZ`);
    expect(Math.min(...darkRuns(label.bitmap, 340))).toBe(3);
  });
});
