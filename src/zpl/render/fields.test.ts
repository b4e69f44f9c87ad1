import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { beforeAll, describe, expect, it } from 'vitest';
import { decode, initDecoder } from '../barcodes/test-decode.ts';
import { engine, first, inkBox } from './test-engine.ts';

// Issue 39 matches a label to its order by what its fields say: RenderedLabel.fields. Bar code
// data is judged by zxing reading the rendered picture, never by the encoder's own account.

beforeAll(async () => {
  const wasm = createRequire(import.meta.url).resolve('zxing-wasm/reader/zxing_reader.wasm');
  await initDecoder(readFileSync(wasm));
});

/** What zxing reads in the picture, FNC1's group separator left out as `fields` leaves it. */
async function scanned(zpl: string): Promise<string[]> {
  const read = await decode(first(zpl).bitmap, ['Code128', 'QRCode', 'DataMatrix', 'PDF417']);
  return read.map((r) => r.text.replaceAll('\x1d', '')).sort();
}

const barcodes = (zpl: string): string[] =>
  first(zpl)
    .fields.filter((f) => f.kind === 'barcode')
    .map((f) => f.data)
    .sort();

// A marketplace-style label: a stored format filled through ^XF, a UTF-8 name, ^FH escapes, a
// tracking code in Code 128 and in a QR code, an address block, and fields with no data.
const DAY = [
  '^XA^DFR:SHIP.ZPL^FS',
  '^CI28^FO20,20^A0N,30,30^FN1^FS',
  '^FO20,70^BY2^BCN,80,N,N,N^FN2^FS',
  '^FO500,20^BQN,2,4^FN3^FS',
  '^FO20,900^A0N,30^FN9^FS',
  '^XZ',
  '^XA^XFR:SHIP.ZPL^FS',
  '^FN1^FDJoão Conceição^FS',
  '^FN2^FD>:PB-1042>;12345678^FS',
  '^FN3^FDMA,BR123456789BR^FS',
  '^LH10,5',
  '^FO20,300^FH^ADN,36,20^FDCPF 123_2E456_2E789-00 _C3_81gua^FS',
  '^FO20,400^FB300,3,0,L^A0N,25^FDRua A, 100\\&Apto 12\\&01311-000^FS',
  '^FO20,600^A0N,30^FD^FS',
  '^FO20,650^BCN,50^FD^FS',
  '^FO20,700^A0N,30^FS',
  '^FO20,750^GB100,50,3^FS',
  '^FT20,850^TBN,400,60^FDTexto\r\n em bloco^FS',
  '^XZ',
].join('\n');

describe('RenderedLabel.fields', () => {
  it('lists each text and bar code field with its data as printed', () => {
    expect(first(DAY).fields).toEqual([
      // ^CI28 in the stored format, the name given by ^XF's ^FN1.
      { kind: 'text', command: 'A0', data: 'João Conceição', x: 20, y: 20 },
      // Code 128 without its start (>:) and subset (>;) codes.
      { kind: 'barcode', command: 'BC', data: 'PB-104212345678', x: 20, y: 70 },
      // The QR code without its switches (M: level, A: automatic input).
      { kind: 'barcode', command: 'BQ', data: 'BR123456789BR', x: 500, y: 20 },
      // ^FH: bytes, then UTF-8 (_C3_81 is Á); ^LH moves the origins after it.
      { kind: 'text', command: 'AD', data: 'CPF 123.456.789-00 Água', x: 30, y: 305 },
      // \& breaks are new lines; wrapping adds none.
      { kind: 'text', command: 'FB', data: 'Rua A, 100\nApto 12\n01311-000', x: 30, y: 405 },
      // An empty ^FD is a blank field; a ^BC with nothing to encode, a field without ^FD, a
      // ^FN the recall left empty (9) and a box are no fields.
      { kind: 'text', command: 'A0', data: '', x: 30, y: 605 },
      // ^TB drops CR and LF; ^FT's origin is the box's bottom-left corner.
      { kind: 'text', command: 'TB', data: 'Texto em bloco', x: 30, y: 855 },
    ]);
  });

  it('gives bar codes the data a scanner reads in the picture', async () => {
    expect(barcodes(DAY)).toEqual(await scanned(DAY));
  });

  it('leaves out every Code 128 start, subset and function code, as zxing reads them', async () => {
    const labels = [
      // Subset C digit pairs, CODE B (>6), FNC1 (>8), CODE A (>7: E and F are no digit pair in
      // A, so they are not in the symbol), CODE C (>5).
      '^XA^FO50,50^BCN,80,N^FD>;1234>6AB>8CD>7EF>512^FS^XZ',
      // Subset A as digit pairs (52 is T), then B.
      '^XA^FO50,50^BCN,80,N^FD>9524142>6xy^FS^XZ',
      // Mode D: FNC1 first, the AI's parentheses out of the symbol, the check digit added.
      '^XA^FO50,50^BCN,80,N,N,N,D^FD(00)12345678901234567^FS^XZ',
      // Mode A: the printer's subsets, FNC1 left out.
      '^XA^FO50,50^BCN,80,N,N,N,A^FD12AB>8CD^FS^XZ',
      // Mode U: 19 digits and the check digit.
      '^XA^FO50,50^BCN,80,N,N,N,U^FD1234567890123456789^FS^XZ',
    ];
    const data = labels.map((zpl) => barcodes(zpl)[0]);
    expect(data).toEqual([
      '1234ABCD12',
      'TIJxy',
      '00123456789012345675',
      '12ABCD',
      '12345678901234567890',
    ]);
    for (const zpl of labels) expect(barcodes(zpl)).toEqual(await scanned(zpl));
  });

  it('leaves out every QR switch, and reads bytes in the ^CI character set', async () => {
    const labels = [
      '^XA^FO50,50^BQN,2,4^FDQA,PB-1042^FS^XZ',
      '^XA^FO50,50^BQN,2,4^FDHM,N0123456789,AABC^FS^XZ',
      '^XA^FO50,50^BQN,2,4^FDLM,B0004PB-9^FS^XZ',
      '^XA^CI28^FO50,50^BQN,2,4^FDLA,João São^FS^XZ',
      '^XA^FO50,50^BXN,6,200^FDPB-1042 Maria^FS^XZ',
      '^XA^FO50,50^B7N,6,3^FDPB-1042 Maria^FS^XZ',
    ];
    expect(labels.map((zpl) => barcodes(zpl)[0])).toEqual([
      'PB-1042',
      '0123456789ABC',
      'PB-9',
      'João São',
      'PB-1042 Maria',
      'PB-1042 Maria',
    ]);
    for (const zpl of labels) expect(barcodes(zpl)).toEqual(await scanned(zpl));
  });

  it("puts a bar code's origin on its first dark dot, through ^LH, ^PW and ^POI", () => {
    for (const zpl of [
      '^XA^LH7,9^FO100,120^BY2^BCN,60,N^FD>;1234^FS^XZ',
      // ^PW after the field centres the label: the picture and the origin move together.
      '^XA^FO100,120^BY2^BCN,60,N^FD>;1234^FS^PW600^XZ',
      '^XA^POI^FO100,120^BY2^BCN,60,N^FD>;1234^FS^XZ',
    ]) {
      const label = first(zpl);
      const [field] = label.fields;
      const ink = inkBox(label.bitmap);
      if (!field || !ink) throw new Error('nothing drawn');
      // Turned half round, the origin is the symbol's last dot.
      const corner = zpl.includes('^POI')
        ? { x: ink.x + ink.width - 1, y: ink.y + ink.height - 1 }
        : { x: ink.x, y: ink.y };
      expect({ x: field.x, y: field.y }, zpl).toEqual(corner);
    }
  });

  it('lists the fields of each label of a file apart', () => {
    const { labels } = engine.render(
      '^XA^FO10,10^A0N,20^FDPB-1^FS^XZ^XA^FO10,10^A0N,20^FDPB-2^FS^XZ',
    );
    expect(labels.map((l) => l.fields.map((f) => f.data))).toEqual([['PB-1'], ['PB-2']]);
  });
});
