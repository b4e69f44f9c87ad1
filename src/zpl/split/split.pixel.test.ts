// Issue 39's key proof: every split label, rendered alone by our engine, is the same picture,
// dot for dot, as that label rendered inside the whole file. And cutting at ^XA is not (the
// logo and the stored format are lost), so these tests can fail.
import { describe, expect, it } from 'vitest';
import { engine } from '../render/test-engine.ts';
import { splitZpl } from './index.ts';
import {
  differingDots,
  logo,
  marketplaceDay,
  recallLabel,
  sameBitmap,
  shipFormat,
} from './test-day.ts';

/** For each label of `zpl`: dots differing between the whole file's render and the piece's. */
function compare(zpl: string): { labels: number; differing: number[]; alone: number[] } {
  const whole = engine.render(zpl).labels;
  const split = splitZpl(zpl);
  const pieces = split.pieces.filter((p) => p.kind === 'label');
  expect(split.error).toBeNull();
  expect(pieces.length).toBe(whole.length);
  const differing: number[] = [];
  const alone: number[] = [];
  pieces.forEach((piece, i) => {
    expect(piece.index).toBe(i + 1);
    const rendered = engine.render(piece.zpl).labels;
    alone.push(rendered.length);
    const original = whole[i];
    const own = rendered[0];
    differing.push(original && own ? differingDots(original.bitmap, own.bitmap) : -1);
    if (original && own && !sameBitmap(original.bitmap, own.bitmap)) differing[i] ||= -2;
  });
  return { labels: whole.length, differing, alone };
}

const DAY = marketplaceDay(16, 5);

/** Prefix changes, ^XA inside field data and binary graphic data, turned and reversed labels. */
const PREFIXES =
  '^XA^FO20,20^A0N,30^FDfirst^FS^XZ\n' +
  '^CC+\n' +
  '+XA+LT20+LS-10+FWR+FO50,50+A0,30+FDtext with ^XA^XZ inside+FS+XZ\n' +
  '+XA+FO50,300+A0N,30+FDafter the caret change+FS+XZ\n' +
  '+XA+FO50,400+FDorientation R carried+FS+XZ\n' +
  '+CC^\n' +
  '^XA^POI^LRY^FO100,100^GB200,100,100^FS^XZ\n' +
  '^XA^FO100,100^GFB,8,8,2,^XA^XZ^X^FS^FO10,600^A0N,40^FDstill reversed, turned^FS^XZ\n' +
  '^XA^CD;^FO10;10^A0N;40;40^FDsemi;colon^FS^XZ\n' +
  '^XA^FO10;200^A0N;50^FDdelimiter carried^FS^XZ\n' +
  '~CT!\n' +
  '^XA^PON^LRN^FO10,10^A0N,30^FDtilde moved^FS^XZ\n';

/** ^BY, ^CF, ^LH and ^PW changed between labels and inside a recalled ^DF. */
const STATE =
  logo('LOGO', 3) +
  '^XA^CI28^BY4,2.0,60^CF0,40^LH15,25^PW780^XZ\n' +
  '^XA^FO10,10^FDÉtiquette ação^FS^FO10,80^BCN^FD12345678^FS^XZ\n' +
  shipFormat('SHIP', 2) +
  recallLabel(1) +
  '^XA^FO10,10^FDafter the recall: BY from the ^DF and QR^FS^FO10,80^BCN^FD87654321^FS^XZ\n' +
  '^XA^LH50^CF0^BY,,30^FO10,10^FDpartial settings^FS^FO10,80^BCN^FD1111^FS^XZ\n' +
  '^XA^FO10,10^FDstill partial^FS^FO10,80^BCN^FD2222^FS^XZ\n' +
  '^XA^MMT^PW600^LH0,0^XZ\n' +
  recallLabel(2) +
  '^CI0^FX between formats\n' +
  '^XA^FO10,10^FDcode page 850 now^FS^XZ\n';

describe('a split label rendered alone is its picture in the whole file', () => {
  it.each([
    ['a marketplace day (logo, ^DF/^XF, ^CI28, Code 128, QR, configuration blocks)', DAY],
    ['prefix changes, ^XA inside data, ^POI, ^LRY, ^LS, ^LT, ^FW', PREFIXES],
    ['^BY/^CF/^LH/^PW between labels and inside the ^DF, partial settings', STATE],
  ])('%s', (_name, zpl) => {
    const { labels, differing, alone } = compare(zpl);
    expect(labels).toBeGreaterThan(4);
    expect(alone.every((n) => n === 1)).toBe(true);
    expect(differing).toEqual(differing.map(() => 0));
  });

  it('the labels carry state: the same label differs between the places of the file', () => {
    // Otherwise the proof above would prove little: the carried state has to matter.
    const whole = engine.render(STATE).labels;
    const bare = engine.render('^XA^FO10,10^FDstill partial^FS^FO10,80^BCN^FD2222^FS^XZ').labels;
    const inFile = whole.find((_l, i) => i === 3);
    expect(inFile && bare[0] && sameBitmap(inFile.bitmap, bare[0].bitmap)).toBe(false);
  });
});

describe('cutting at ^XA is not enough (the test can fail)', () => {
  it('a naive cut loses the logo, the format and the state: labels differ', () => {
    const whole = engine.render(DAY).labels;
    const cuts = DAY.split(/(?=\^XA)/).filter((c) => c.includes('^XZ'));
    const naive = cuts
      .map((cut) => engine.render(cut).labels[0])
      .filter((l): l is NonNullable<typeof l> => l !== undefined);
    // The recalled format is not in a naive piece: those pieces print nothing at all...
    expect(naive.length).toBeLessThan(whole.length);
    // ...and the direct labels lose the logo, the ^BY and the ^CF they relied on.
    const direct = cuts.filter((c) => c.includes('^XGR:LOGO') && !c.includes('^DF'));
    expect(direct.length).toBeGreaterThan(0);
    const index = DAY.indexOf(direct[0] ?? '');
    const before = splitZpl(DAY.slice(0, index)).labels;
    const original = whole[before]?.bitmap;
    const cut = engine.render(direct[0] ?? '').labels[0]?.bitmap;
    expect(original && cut && differingDots(original, cut)).toBeGreaterThan(100);
  });
});
