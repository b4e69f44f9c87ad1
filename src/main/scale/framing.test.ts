import { describe, expect, it } from 'vitest';
import { EtxSplitter, LineSplitter } from './framing.ts';

const ascii = (text: string) => Uint8Array.from([...text].map((c) => c.charCodeAt(0)));

describe('framing replies that come in pieces', () => {
  it('puts MT-SICS lines back together, whatever the cut', () => {
    const lines = new LineSplitter();
    const reply = 'S S     100.00 g\r\nS D     129.07 g\r\n';
    const got: string[] = [];
    for (let i = 0; i < reply.length; i += 3) got.push(...lines.push(ascii(reply.slice(i, i + 3))));
    expect(got).toEqual(['S S     100.00 g', 'S D     129.07 g']);
  });

  it('puts NCI frames back together up to each ETX', () => {
    const frames = new EtxSplitter();
    const reply = '\n  1.250kg\r\n00\r\x03\n?\r\x03';
    const got = [...reply].flatMap((c) => frames.push(ascii(c)));
    expect(got.map((f) => String.fromCharCode(...f))).toEqual(['\n  1.250kg\r\n00\r', '\n?\r']);
  });

  it('drops noise that never ends instead of keeping it', () => {
    const lines = new LineSplitter();
    lines.push(ascii('x'.repeat(5000)));
    expect(lines.push(ascii('S +\r\n'))).toEqual(['S +']);
  });
});
