import { describe, expect, it } from 'vitest';
import { translate } from '../i18n/translate.ts';
import { parseScan, scanText, type ParsedScan } from './index.ts';

const GS = '\u001d';
const now = Date.parse('2026-11-26T12:00:00Z');
const parse = (input: string, at = now) => parseScan(input, { now: at });
const sentence = (scan: ParsedScan) =>
  scan.error ? translate('en', scan.error.messageKey, scan.error.params) : null;

describe('the GS1 General Specifications’ examples', () => {
  it('SSCC (00)106141411234567897 on a GS1-128 logistic label', () => {
    const scan = parse(']C100106141411234567897');
    expect(scan).toMatchObject({ kind: 'gs1', symbology: 'GS1-128', gtin: null, error: null });
    expect(scan.ais).toEqual({ '00': '106141411234567897' });
  });

  it('GTIN with net weight: (01)95012345678903(3103)000123 is 0.123 kg', () => {
    const scan = parse(']C1019501234567890331030001' + '23');
    expect(scan).toMatchObject({
      gtin: '95012345678903',
      netWeight: { value: 0.123, unit: 'kg' },
      ais: { '01': '95012345678903', '3103': '000123' },
    });
  });

  it('GTIN, expiry and lot in a GS1 DataMatrix: (01)09501101530003(17)140704(10)AB-123', () => {
    const scan = parse(']d2010950110153000317140704' + '10AB-123');
    expect(scan).toMatchObject({
      kind: 'gs1',
      symbology: 'GS1 DataMatrix',
      gtin: '09501101530003',
      expiry: '2014-07-04',
      lot: 'AB-123',
      error: null,
    });
  });

  it('a variable-length field before a fixed one ends with the group separator', () => {
    // (01)09521234543213(10)ABC123(17)291231(21)12345678: lot and serial are variable.
    const scan = parse(`]C10109521234543213` + `10ABC123${GS}17291231` + `2112345678`);
    expect(scan).toMatchObject({
      gtin: '09521234543213',
      lot: 'ABC123',
      expiry: '2029-12-31',
      serial: '12345678',
    });
  });
});

describe('separator forms', () => {
  const expected = { '01': '09521234543213', '10': 'LOT42', '21': 'SN7', '17': '270600' };
  it.each([
    ['ASCII 29', `]C10109521234543213` + `10LOT42${GS}21SN7${GS}17270600`],
    ['<GS>', ']C1010952123454321310LOT42<GS>21SN7<GS>17270600'],
    ['<gs>', ']C1010952123454321310LOT42<gs>21SN7<Gs>17270600'],
    ['{GS}', ']C1010952123454321310LOT42{GS}21SN7{GS}17270600'],
    ['{gs}', ']C1010952123454321310LOT42{gs}21SN7{gS}17270600'],
    ['human-readable', '(01)09521234543213(10)LOT42(21)SN7(17)270600'],
    ['human-readable with spaces', '(01) 09521234543213 (10) LOT42 (21) SN7 (17) 270600'],
    ['human-readable after an AIM id', ']C1(01)09521234543213(10)LOT42(21)SN7(17)270600'],
    [
      'FNC1 in first position sent as GS',
      `${GS}0109521234543213` + `10LOT42${GS}21SN7${GS}17270600`,
    ],
    [
      'a separator after a fixed field too',
      `]C10109521234543213${GS}10LOT42${GS}21SN7${GS}17270600`,
    ],
    ['the wedge’s Enter behind it', `]C10109521234543213` + `10LOT42${GS}21SN7${GS}17270600\r\n`],
  ])('%s', (_, input) => {
    const scan = parse(input);
    expect(scan.error).toBeNull();
    expect(scan.kind).toBe('gs1');
    expect(scan.ais).toEqual(expected);
    expect(scan.expiry).toBe('2027-06-30');
  });
});

describe('AIM symbology identifiers', () => {
  const element = '0109521234543213' + '17270131';
  it.each([
    [']C1', 'GS1-128'],
    [']d2', 'GS1 DataMatrix'],
    [']Q3', 'GS1 QR'],
    [']e0', 'GS1 DataBar'],
  ])('%s is %s', (aim, symbology) => {
    expect(parse(aim + element)).toMatchObject({ kind: 'gs1', symbology, gtin: '09521234543213' });
  });

  it(']E0 is EAN-13, and UPC-A read as EAN-13', () => {
    expect(parse(']E04006381333931')).toMatchObject({
      kind: 'gtin',
      symbology: 'EAN-13',
      gtin: '04006381333931',
    });
    expect(parse(']E00036000291452')).toMatchObject({
      symbology: 'EAN-13',
      gtin: '00036000291452',
    });
    expect(parse(']E0036000291452')).toMatchObject({ symbology: 'EAN-13', gtin: '00036000291452' });
  });

  it(']E4 is EAN-8', () => {
    expect(parse(']E496385074')).toMatchObject({
      kind: 'gtin',
      symbology: 'EAN-8',
      gtin: '00000096385074',
    });
  });

  it('an EAN identifier around the wrong number of digits is refused', () => {
    const scan = parse(']E4963850745');
    expect(scan.error?.messageKey).toBe('scan.wrongLength');
    expect(sentence(scan)).toBe('A EAN-8 code has 8 digits, and 963850745 does not.');
  });

  it('other identifiers are stripped: never GS1, digits of a GTIN length still a GTIN', () => {
    // Code 128 without FNC1 (]C0) is not GS1 even when its text looks like it.
    expect(parse(']C00109521234543213' + '17270131')).toMatchObject({
      kind: 'text',
      symbology: null,
      ais: {},
    });
    expect(parse(']C0SKU-RED-M')).toMatchObject({ kind: 'text', symbology: null, error: null });
    expect(scanText(']C0SKU-RED-M\r\n')).toBe('SKU-RED-M');
    // An ITF-14 case code (]I1) carries a GTIN-14.
    expect(parse(']I110614141000415')).toMatchObject({
      kind: 'gtin',
      symbology: null,
      gtin: '10614141000415',
    });
    // EAN-13 with a 2-digit add-on (]E3) is more than a GTIN.
    expect(parse(']E3400638133393112')).toMatchObject({ kind: 'text', gtin: null });
  });
});

describe('GTIN and text without an identifier', () => {
  it('plain digits of 8, 12, 13 or 14 are a GTIN, never GS1', () => {
    expect(parse('96385074').gtin).toBe('00000096385074');
    expect(parse('036000291452').gtin).toBe('00036000291452');
    expect(parse('4006381333931').gtin).toBe('04006381333931');
    // 14 digits starting "01" are a GTIN-14, not AI 01 with 12 digits.
    expect(parse('01234567890128')).toMatchObject({
      kind: 'gtin',
      gtin: '01234567890128',
      ais: {},
    });
  });

  it.each([
    ['UPC-A', '036000291453'],
    ['EAN-13', '4006381333932'],
    ['EAN-8', '96385075'],
    ['GTIN-14', '10614141000416'],
  ])('a %s with a bad check digit is refused, naming the code', (_, digits) => {
    const scan = parse(digits);
    expect(scan).toMatchObject({ kind: 'gtin', gtin: null });
    expect(sentence(scan)).toBe(
      `The check digit of ${digits} is wrong: the code was misread or mistyped. Scan it again.`,
    );
  });

  it('01 + a valid GTIN + more is GS1 even without an identifier or separator', () => {
    expect(parse('0109521234543213')).toMatchObject({ kind: 'gs1', gtin: '09521234543213' });
    expect(parse('0109521234543213' + '17270131' + '10LOT')).toMatchObject({
      kind: 'gs1',
      expiry: '2027-01-31',
      lot: 'LOT',
    });
  });

  it('a key of the exact GS1 shape whose only fault is its check digit is refused, not text', () => {
    // A wedge set to drop the ]C1 prefix: AI 01 or 02 + 14 digits, AI 00 + 18, alone or followed
    // by AIs that read well.
    for (const [input, key] of [
      ['0105901234123458', '05901234123458'],
      ['0205901234123458', '05901234123458'],
      ['00376130321109103421', '376130321109103421'],
      ['0105901234123458' + '17270131' + '10LOT', '05901234123458'],
      [`0105901234123458${GS}10LOT`, '05901234123458'],
    ] as const)
      expect(sentence(parse(input)), input).toBe(
        `The check digit of ${key} is wrong: the code was misread or mistyped. Scan it again.`,
      );
    // Not that shape: one digit short, or followed by what no AI reads.
    for (const text of ['010590123412345', '0105901234123458XYZ', '003761303211091034'])
      expect(parse(text), text).toMatchObject({ kind: 'text', error: null });
  });

  it('anything else is text, never an error', () => {
    for (const text of ['SKU-1', '10ABC', '21-0042', 'PB-10002', '123', '(555)123-4567', 'caixa 3'])
      expect(parse(text), text).toMatchObject({ kind: 'text', error: null, gtin: null, ais: {} });
  });

  it('an empty scan is refused', () => {
    for (const input of ['', '  \r\n', ']C1', `]d2${GS}`])
      expect(sentence(parse(input)), JSON.stringify(input)).toBe(
        'The scan is empty: nothing was read. Scan the code again.',
      );
  });
});

describe('values', () => {
  it('310n has n decimals in kilograms, 320n in pounds', () => {
    expect(parse(']C13100000250').netWeight).toEqual({ value: 250, unit: 'kg' });
    expect(parse(']C13102012345').netWeight).toEqual({ value: 123.45, unit: 'kg' });
    expect(parse(']C13105123456').netWeight).toEqual({ value: 1.23456, unit: 'kg' });
    expect(parse(']C13201001500').netWeight).toEqual({ value: 150, unit: 'lb' });
    expect(parse(']C13203012345').netWeight).toEqual({ value: 12.345, unit: 'lb' });
    expect(parse(']C13106012345').error?.messageKey).toBe('scan.unknownAi'); // n is 0–5
  });

  it('day 00 is the month’s last day, in 17, 11, 13 and 15 alike', () => {
    const scan = parse(
      ']C1' + '0109521234543213' + '17280200' + '11260100' + '13261100' + '15270900',
    );
    expect(scan.expiry).toBe('2028-02-29');
    expect(scan.ais).toMatchObject({ '11': '260100', '13': '261100', '15': '270900' });
  });

  it('the century follows the sliding window around `now`', () => {
    const expiry = (yy: string, at: string) => parse(`]C117${yy}1231`, Date.parse(at)).expiry;
    expect(expiry('99', '2026-06-01T00:00:00Z')).toBe('1999-12-31');
    expect(expiry('76', '2026-06-01T00:00:00Z')).toBe('2076-12-31');
    expect(expiry('77', '2026-06-01T00:00:00Z')).toBe('1977-12-31');
    expect(expiry('01', '2099-06-01T00:00:00Z')).toBe('2101-12-31');
    expect(expiry('99', '2101-06-01T00:00:00Z')).toBe('2099-12-31');
  });

  it('8008 is date and hour, with optional minutes and seconds', () => {
    for (const value of ['26112614', '2611261430', '261126143059'])
      expect(parse(`]C18008${value}`).ais, value).toEqual({ '8008': value });
    for (const value of ['26112624', '2611261460', '26113114', '261126143', '26112614306'])
      expect(parse(`]C18008${value}`).error?.messageKey, value).toBe('scan.impossibleDate');
  });

  it('keeps every AI it reads, including 02, 30, 37 and 3922', () => {
    const scan = parse(`]C1` + `0210614141000415` + `3712${GS}3024${GS}39221999`);
    expect(scan.ais).toEqual({ '02': '10614141000415', '37': '12', '30': '24', '3922': '1999' });
    expect(scan.gtin).toBeNull(); // 02 names the contents, not the item scanned
  });
});

describe('refusals, each with its own sentence', () => {
  it.each([
    [
      'an impossible expiry (Feb 30)',
      ']C1' + '0109521234543213' + '17270230',
      'GS1 field (17) holds 270230, which is not a real date or time.',
    ],
    [
      'an impossible month',
      ']C1' + '0109521234543213' + '11271301',
      'GS1 field (11) holds 271301, which is not a real date or time.',
    ],
    [
      'a truncated GTIN',
      ']C1010952123454',
      'GS1 field (01) is cut short: it holds 10 characters and needs 14.',
    ],
    [
      'a fixed field cut by a separator',
      `]C101095212345432${GS}10LOT`,
      'GS1 field (01) is cut short: it holds 12 characters and needs 14.',
    ],
    [
      'a truncated expiry at the end',
      ']C1' + '0109521234543213' + '172701',
      'GS1 field (17) is cut short: it holds 4 characters and needs 6.',
    ],
    [
      'a bad GTIN check digit inside GS1',
      ']C1' + '0109521234543214' + '10LOT',
      'The check digit of 09521234543214 is wrong: the code was misread or mistyped. Scan it again.',
    ],
    [
      'an unknown AI',
      ']C1' + '0109521234543213' + '14ABC',
      'The scan holds a GS1 field Packbench does not know, starting “14AB”.',
    ],
    [
      'a lot longer than 20',
      ']C1' + '10ABCDEFGHIJKLMNOPQRSTU',
      'GS1 field (10) holds 21 characters, more than its limit of 20.',
    ],
    [
      'a missing separator making a lot too long',
      ']C110LOT-2024-000017270131' + '21SERIAL',
      'GS1 field (10) holds 29 characters, more than its limit of 20.',
    ],
    [
      'a letter in a numeric field',
      ']C1' + '3103' + '00012O',
      'GS1 field (3103) holds a character it may not hold: "O" (U+004F).',
    ],
    [
      'a character outside CSET 82',
      ']C1' + '10AB#1',
      'GS1 field (10) holds a character it may not hold: "#" (U+0023).',
    ],
    [
      'an empty variable field',
      `]C110${GS}21X`,
      'GS1 field (10) is cut short: it holds 0 characters and needs at least 1.',
    ],
    [
      'the same AI twice, different',
      `]C110A${GS}10B`,
      'GS1 field (10) appears twice with different values.',
    ],
    [
      'a human-readable AI that the parentheses do not delimit',
      ']C1(017)270131',
      'The scan holds a GS1 field Packbench does not know, starting “017”.',
    ],
  ])('%s', (_, input, expected) => {
    const scan = parse(input);
    expect(sentence(scan)).toBe(expected);
    // A refused scan carries nothing a caller could use by mistake.
    expect(scan).toMatchObject({ gtin: null, lot: null, expiry: null, ais: {} });
  });

  it('every refusal has its sentence in every language', () => {
    const keys = new Set(['scan.empty', 'scan.badCheckDigit', 'scan.truncated', 'scan.tooShort']);
    for (const key of keys)
      for (const language of ['en', 'pt-BR', 'es'] as const)
        expect(translate(language, key)).not.toBe(key);
    expect(translate('pt-BR', 'scan.badCheckDigit', { code: '123' })).toContain('123');
    expect(translate('es', 'scan.impossibleDate', { ai: '17', value: '270230' })).toBe(
      'El campo GS1 (17) contiene 270230, que no es una fecha u hora posible.',
    );
  });

  it('keeps the input exactly as received', () => {
    const input = ` ]C1010952123454321310A${GS}\r\n`;
    expect(parse(input).input).toBe(input);
  });
});
