import { zlibSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import type { Bitmap } from '../bitmap.ts';
import {
  decodeDownloadGraphic,
  decodeGraphicField,
  graphicFieldBinaryLength,
  parseDownloadGraphic,
  parseGraphicField,
  parseImageName,
  parseRecallGraphic,
} from './commands.ts';

function picture(b: Bitmap | undefined): string[] {
  if (!b) return [];
  const rows: string[] = [];
  for (let y = 0; y < b.height; y++) {
    let row = '';
    for (let x = 0; x < b.width; x++) row += b.get(x, y) ? '#' : '.';
    rows.push(row);
  }
  return rows;
}

function crc(text: string): string {
  let value = 0;
  for (const ch of text) {
    value ^= ch.charCodeAt(0) << 8;
    for (let i = 0; i < 8; i++) {
      value = value & 0x8000 ? ((value << 1) ^ 0x1021) & 0xffff : (value << 1) & 0xffff;
    }
  }
  return value.toString(16).toUpperCase().padStart(4, '0');
}

// A 8×3 arrow, by hand: 18, 3C, 7E.
const ARROW = ['...##...', '..####..', '.######.'];

describe('^GF parameters', () => {
  it('splits a,b,c,d and keeps the data whole, commas included', () => {
    const { graphic, warnings } = parseGraphicField('A,3,3,1,18,3C7E');
    expect(graphic).toEqual({
      compression: 'A',
      binaryByteCount: 3,
      graphicFieldCount: 3,
      bytesPerRow: 1,
      data: '18,3C7E',
    });
    expect(warnings).toEqual([]);
  });

  it('defaults the compression type to A', () => {
    expect(parseGraphicField(',3,3,1,183C7E').graphic?.compression).toBe('A');
    const odd = parseGraphicField('Q,3,3,1,183C7E');
    expect(odd.graphic?.compression).toBe('A');
    expect(odd.warnings).toEqual(['^GF compression type "Q" is not A, B or C; A is used']);
  });

  it('is ignored when b, c or d is missing or not a count (as the guide says)', () => {
    expect(parseGraphicField('A,3,,1,FF')).toEqual({
      graphic: undefined,
      warnings: ['^GF graphic field count is missing; the command is ignored'],
    });
    expect(parseGraphicField('A,3,3').graphic).toBeUndefined();
    expect(parseGraphicField('A,3,3,0,FF').warnings).toEqual([
      '^GF bytes per row "0" is not a whole number from 1; the command is ignored',
    ]);
  });

  it('decodes a ^GF to its picture, the same from hex, compressed, B64 and Z64', () => {
    const bytes = Uint8Array.from([0x18, 0x3c, 0x7e]);
    const b64 = Buffer.from(bytes).toString('base64');
    const z64 = Buffer.from(zlibSync(bytes)).toString('base64');
    for (const data of [
      '183C7E',
      '18\r\n3C\r\n7E',
      'G1G83CG7GE',
      `:B64:${b64}:${crc(b64)}`,
      `:Z64:${z64}:${crc(z64)}`,
    ]) {
      const { bitmap, warnings } = decodeGraphicField(`A,3,3,1,${data}`);
      expect(picture(bitmap), data).toEqual(ARROW);
      expect(warnings, data).toEqual([]);
    }
  });

  it('decodes binary ^GFB data, control characters and commas included', () => {
    const { bitmap, warnings } = decodeGraphicField('B,3,3,1,\x18,~');
    expect(picture(bitmap)).toEqual(['...##...', '..#.##..', '.######.']);
    expect(warnings).toEqual([]);
  });

  it('tells the tokenizer how many raw bytes ^GFB and ^GFC data take', () => {
    expect(graphicFieldBinaryLength('B,8000,8000,80,')).toBe(8000);
    expect(graphicFieldBinaryLength('C,120,8000,80,')).toBe(120);
    expect(graphicFieldBinaryLength('A,8000,8000,80,')).toBeUndefined();
    expect(graphicFieldBinaryLength(',8000,8000,80,')).toBeUndefined();
    expect(graphicFieldBinaryLength('B,8000,8000')).toBeUndefined();
  });
});

describe('~DG parameters', () => {
  it('reads device, name, .GRF, total and bytes per row, then the data', () => {
    const parsed = parseDownloadGraphic('E:LOGO.GRF,00003,001,183C7E');
    expect(parsed).toEqual({
      device: 'E',
      name: 'LOGO',
      extension: 'GRF',
      graphic: {
        compression: 'A',
        binaryByteCount: 3,
        graphicFieldCount: 3,
        bytesPerRow: 1,
        data: '183C7E',
      },
      warnings: [],
    });
  });

  it('defaults to R: and UNKNOWN, and forces the .GRF extension', () => {
    const plain = parseDownloadGraphic(',3,1,183C7E');
    expect([plain.device, plain.name, plain.extension]).toEqual(['R', 'UNKNOWN', 'GRF']);
    const named = parseDownloadGraphic('ARROW,3,1,183C7E');
    expect([named.device, named.name]).toEqual(['R', 'ARROW']);
    const png = parseDownloadGraphic('R:ARROW.PNG,3,1,183C7E');
    expect([png.name, png.extension]).toEqual(['ARROW', 'GRF']);
    expect(png.warnings).toEqual(['~DG extension ".PNG" is not .GRF; .GRF is used']);
  });

  it('decodes the stored image, compressed data and all', () => {
    const { name, bitmap, warnings } = decodeDownloadGraphic('R:ARROW.GRF,3,1,18\n3C\n7E\n');
    expect(name).toBe('ARROW');
    expect(picture(bitmap)).toEqual(ARROW);
    expect(warnings).toEqual([]);
    const missing = decodeDownloadGraphic('R:ARROW.GRF,3');
    expect(missing.bitmap).toBeUndefined();
    expect(missing.warnings).toEqual(['~DG bytes per row is missing; the command is ignored']);
  });
});

describe('^XG, ^IM and ^IL parameters', () => {
  it('reads ^XG name and magnifications, 1 to 10, default 1', () => {
    expect(parseRecallGraphic('R:LOGO.GRF,2,3')).toEqual({
      device: 'R',
      name: 'LOGO',
      extension: 'GRF',
      magnificationX: 2,
      magnificationY: 3,
      warnings: [],
    });
    const plain = parseRecallGraphic('LOGO');
    expect(plain).toMatchObject({
      device: undefined,
      name: 'LOGO',
      magnificationX: 1,
      magnificationY: 1,
    });
    const big = parseRecallGraphic(['LOGO.GRF', '11', '0']);
    expect(big).toMatchObject({ magnificationX: 10, magnificationY: 1 });
    expect(big.warnings).toEqual([
      '^XG x magnification 11 is above 10; 10 is used',
      '^XG y magnification 0 is below 1; 1 is used',
    ]);
  });

  it('reads ^IM and ^IL image names', () => {
    expect(parseImageName('E:SAMPLE.GRF', '^IL')).toEqual({
      device: 'E',
      name: 'SAMPLE',
      extension: 'GRF',
      warnings: [],
    });
    expect(parseImageName('', '^IM')).toMatchObject({ device: undefined, name: 'UNKNOWN' });
  });
});
