import { describe, expect, it } from 'vitest';
import { decodeHidReport } from './hid-report.ts';
import { decodeNciFrame } from './nci.ts';
import { decodeSicsLine } from './sics.ts';

const bytes = (hex: string) => Uint8Array.from(hex.split(' ').map((b) => parseInt(b, 16)));
const ascii = (text: string) => Uint8Array.from([...text].map((c) => c.charCodeAt(0)));

describe('HID point-of-sale scale reports (usage page 0x8D)', () => {
  // Reports published by their owners, with what the scale showed.
  it('reads a Dymo M10 at zero in ounces (03 02 0B FF 00 00)', () => {
    expect(decodeHidReport(bytes('03 02 0b ff 00 00'))).toMatchObject({
      status: 'zero',
      value: 0,
      unit: 'oz',
      grams: 0,
    });
  });

  it('reads a Stamps.com scale: stable 113.5 oz (03 04 0B FF 6F 04)', () => {
    const reading = decodeHidReport(bytes('03 04 0b ff 6f 04'));
    expect(reading).toMatchObject({ status: 'stable', value: 113.5, unit: 'oz' });
    expect(reading?.grams).toBeCloseTo(113.5 * 28.349523125, 1);
    expect(reading?.divisionGrams).toBeCloseTo(2.835, 3);
  });

  it('reads a Fairbanks scale: stable 7.85 lb with exponent -2 (03 04 0C FE 11 03)', () => {
    const reading = decodeHidReport(bytes('03 04 0c fe 11 03'));
    expect(reading).toMatchObject({ status: 'stable', value: 7.85, unit: 'lb' });
    expect(reading?.grams).toBeCloseTo(3560.7, 1);
  });

  it('reads grams with exponent 0 (20 g) and milligrams as grams', () => {
    expect(decodeHidReport(bytes('03 04 02 00 14 00'))).toMatchObject({ value: 20, unit: 'g' });
    // 1500 mg, exponent 0: 1.5 g, to the milligram.
    expect(decodeHidReport(bytes('03 04 01 00 dc 05'))).toMatchObject({
      value: 1.5,
      unit: 'g',
      divisionGrams: 0.001,
    });
  });

  it('names every status the usage tables list', () => {
    const status = (code: number) => decodeHidReport(bytes(`03 0${code} 02 00 00 00`));
    expect(status(1)).toMatchObject({ status: 'fault', fault: 'device' });
    expect(status(3)?.status).toBe('motion');
    expect(status(6)?.status).toBe('over-capacity');
    expect(status(7)).toMatchObject({ status: 'fault', fault: 'calibration' });
    expect(status(8)).toMatchObject({ status: 'fault', fault: 'rezero' });
    expect(status(9)).toMatchObject({ status: 'fault', fault: 'unknown' });
  });

  it('reads under zero whether the scale sends a signed weight or its magnitude', () => {
    // -25 g as int16 (E7 FF) and as the magnitude 25 (19 00) with status 5.
    expect(decodeHidReport(bytes('03 05 02 00 e7 ff'))).toMatchObject({
      status: 'under-zero',
      value: -25,
    });
    expect(decodeHidReport(bytes('03 05 02 00 19 00'))?.value).toBe(-25);
  });

  it('refuses a unit the station cannot show, and ignores reports that are not weights', () => {
    expect(decodeHidReport(bytes('03 04 04 00 0a 00'))).toMatchObject({ fault: 'unit' });
    expect(decodeHidReport(bytes('02 02'))).toBeNull();
    expect(decodeHidReport(bytes('05 04 02 00 0a 00'))).toBeNull();
  });
});

describe('MT-SICS replies', () => {
  it('reads S S and S D with the weight right-aligned in ten characters', () => {
    expect(decodeSicsLine('S S     100.00 g')).toMatchObject({
      status: 'stable',
      value: 100,
      unit: 'g',
      grams: 100,
      divisionGrams: 0.01,
    });
    expect(decodeSicsLine('S D     129.07 g')).toMatchObject({ status: 'motion', value: 129.07 });
    expect(decodeSicsLine('S S      1.250 kg')).toMatchObject({ grams: 1250, divisionGrams: 1 });
    expect(decodeSicsLine('S S    -0.0082 g')?.status).toBe('under-zero');
    expect(decodeSicsLine('S S       0.00 g')?.status).toBe('zero');
  });

  it('reads the conditions and the error replies', () => {
    expect(decodeSicsLine('S +')?.status).toBe('over-capacity');
    expect(decodeSicsLine('S -')?.status).toBe('under-zero');
    expect(decodeSicsLine('S I')?.status).toBe('motion');
    for (const code of ['ES', 'ET', 'EL'])
      expect(decodeSicsLine(code)).toMatchObject({ status: 'fault', fault: 'refused' });
    expect(decodeSicsLine('S S     100.00 ct')).toMatchObject({ fault: 'unit' });
  });

  it('leaves replies that are not weights alone', () => {
    expect(decodeSicsLine('Z A')).toBeNull();
    expect(decodeSicsLine('I4 A "1234567890"')).toBeNull();
  });
});

describe('NCI (SCP-01) frames', () => {
  const frame = (weight: string, status: string) => ascii(`\n${weight}\r\n${status}\r`);

  it('reads a stable weight, in motion, at zero', () => {
    expect(decodeNciFrame(frame('  1.250kg', '00'))).toMatchObject({
      status: 'stable',
      value: 1.25,
      unit: 'kg',
      grams: 1250,
      divisionGrams: 1,
    });
    expect(decodeNciFrame(frame('  1.250kg', '10'))?.status).toBe('motion');
    expect(decodeNciFrame(frame('  0.000kg', '20'))?.status).toBe('zero');
    // Grams pad their one-letter unit; pounds and ounces read as ounces.
    expect(decodeNciFrame(frame(' 1250g ', '00'))).toMatchObject({ value: 1250, unit: 'g' });
    expect(decodeNciFrame(frame('2lb 3.5oz', '00'))).toMatchObject({ value: 35.5, unit: 'oz' });
  });

  it('reads over and under capacity from the status bits or the display', () => {
    expect(decodeNciFrame(frame('^^^^^^  ', '02'))?.status).toBe('over-capacity');
    expect(decodeNciFrame(frame('______  ', '01'))?.status).toBe('under-zero');
    expect(decodeNciFrame(frame('^^^^^^  ', '00'))?.status).toBe('over-capacity');
    expect(decodeNciFrame(frame('------  ', '00'))).toMatchObject({ fault: 'rezero' });
  });

  it('reads the error bits, a third status byte, and strips parity', () => {
    // '4' is 0x34: byte 1's bit 2, a RAM error.
    expect(decodeNciFrame(frame('  1.250kg', '40'))).toMatchObject({ fault: 'memory' });
    expect(decodeNciFrame(frame('  1.250kg', '08'))).toMatchObject({ fault: 'calibration' });
    // Byte 2 says a byte follows (bit 6); byte 3 says an initial zero error (bit 3).
    expect(decodeNciFrame(frame('  0.000kg', '0\x708'))).toMatchObject({ fault: 'rezero' });
    const parity = Uint8Array.from(frame('  1.250kg', '00'), (b) => (b === 0x30 ? 0xb0 : b));
    expect(decodeNciFrame(parity)?.status).toBe('stable');
  });

  it('leaves status-only answers and the unknown-command answer alone', () => {
    expect(decodeNciFrame(ascii('\n00\r'))).toBeNull();
    expect(decodeNciFrame(ascii('\n?\r'))).toBeNull();
  });
});
