import { describe, expect, it } from 'vitest';
import { clampMm, lintZpl } from './zpl-lint.ts';

const stock = { widthMm: 101.6, heightMm: 152.4, dpmm: 8 };

describe('lintZpl', () => {
  it('passes a plain shipping label', () => {
    expect(
      lintZpl('^XA^PW812^LL1218^FO50,50^A0N,40,40^FDPedido^FS^BY3^BCN,100^FD123456^FS^XZ', stock),
    ).toEqual([]);
  });

  it('reports a missing ^XZ, unsupported commands, non-ASCII Code 128 data and oversize labels', () => {
    expect(lintZpl('^XA^FDsem fim', stock)).toEqual([
      { kind: 'structure', detail: 'unterminated_label' },
    ]);
    expect(lintZpl('^XA^JUS^HH^FDx^FS^XZ', stock)).toEqual([
      { kind: 'unsupported', commands: ['HH', 'JU'] },
    ]);
    expect(lintZpl('^XA^BCN,80^FDAÇÃO-1^FS^XZ', stock)).toEqual([
      { kind: 'nonAsciiCode128', sample: 'AÇÃO-1' },
    ]);
    expect(lintZpl('^XA^PW1200^LL2000^XZ', stock)).toEqual([
      { kind: 'tooWide', labelDots: 1200, stockDots: 813 },
      { kind: 'tooLong', labelDots: 2000, stockDots: 1219 },
    ]);
  });

  it('clamps custom sizes', () => {
    expect([clampMm(2), clampMm(5000), clampMm(Number.NaN), clampMm(76)]).toEqual([
      10, 300, 100, 76,
    ]);
  });
});
