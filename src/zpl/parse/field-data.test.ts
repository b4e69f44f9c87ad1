import { describe, expect, it } from 'vitest';
import { decodeFieldData } from './field-data.ts';
import { tokenize } from './tokenize.ts';

/** Field data as the tokenizer gives it: one character per byte. */
const bytes = (...values: number[]): string => String.fromCharCode(...values);

describe('decodeFieldData: ^FH escapes', () => {
  it('leaves escapes alone without ^FH', () => {
    expect(decodeFieldData('_41', { encoding: 0 })).toEqual({ text: '_41', warnings: [] });
    expect(decodeFieldData('_41', { hexIndicator: null, encoding: 0 }).text).toBe('_41');
  });

  it('turns _XX into a byte with ^FH (default "_"), upper or lower case hex', () => {
    expect(decodeFieldData('_41_42c_7e_5E', { hexIndicator: '', encoding: 0 })).toEqual({
      text: 'ABc~^',
      warnings: [],
    });
  });

  it('reads Zebra’s QR example: ^FH^FDMM,B0024First Word_0D_0ASecond Word', () => {
    const { text } = decodeFieldData('MM,B0024First Word_0D_0ASecond Word', {
      hexIndicator: '_',
      encoding: 0,
    });
    expect(text).toBe('MM,B0024First Word\r\nSecond Word');
  });

  it('uses a custom indicator, and then "_" is an ordinary character', () => {
    // ^FH\^FDTilde \7e Inserted as Hex (a published ^FH example).
    expect(
      decodeFieldData('Tilde \\7e Inserted as Hex', { hexIndicator: '\\', encoding: 0 }).text,
    ).toBe('Tilde ~ Inserted as Hex');
    expect(decodeFieldData('a_41\\41', { hexIndicator: '\\', encoding: 0 }).text).toBe('a_41A');
  });

  it('prints a malformed escape as written, with a warning', () => {
    const bad = decodeFieldData('_G1x', { hexIndicator: '_', encoding: 0 });
    expect(bad.text).toBe('_G1x');
    expect(bad.warnings).toHaveLength(1);
    expect(bad.warnings[0]).toContain('"_G1" is not a hexadecimal escape');

    const cut = decodeFieldData('ab_4', { hexIndicator: '_', encoding: 0 });
    expect(cut.text).toBe('ab_4');
    expect(cut.warnings).toHaveLength(1);

    // The first "_" is not followed by hex, the second starts a good escape.
    const doubled = decodeFieldData('__41', { hexIndicator: '_', encoding: 0 });
    expect(doubled.text).toBe('_A');
    expect(doubled.warnings).toHaveLength(1);
  });

  it('makes bytes, decoded by ^CI afterwards', () => {
    // é is 0x82 in code page 850, 0xE9 in 1252, C3 A9 in UTF-8.
    expect(decodeFieldData('_82', { hexIndicator: '_', encoding: 0 }).text).toBe('é');
    expect(decodeFieldData('_E9', { hexIndicator: '_', encoding: 27 }).text).toBe('é');
    expect(decodeFieldData('_C3_A9', { hexIndicator: '_', encoding: 28 }).text).toBe('é');
    // An escaped byte and a raw byte make one UTF-8 character together.
    expect(decodeFieldData('_C3' + bytes(0xa9), { hexIndicator: '_', encoding: 28 }).text).toBe(
      'é',
    );
  });
});

describe('decodeFieldData: character sets', () => {
  it('^CI0 is ASCII plus code page 850', () => {
    expect(decodeFieldData('Caf' + bytes(0x82) + ' ' + bytes(0x9c) + '5', { encoding: 0 })).toEqual(
      {
        text: 'Café £5',
        warnings: [],
      },
    );
  });

  it('^CI13 is code page 850 too', () => {
    expect(decodeFieldData(bytes(0x82, 0x80), { encoding: 13 })).toEqual({
      text: 'éÇ',
      warnings: [],
    });
  });

  it('^CI27 is code page 1252: é is 0xE9 and € is 0x80', () => {
    expect(decodeFieldData(bytes(0xe9, 0x80), { encoding: 27 })).toEqual({
      text: 'é€',
      warnings: [],
    });
  });

  it('^CI28 is UTF-8: é is C3 A9, € is E2 82 AC', () => {
    expect(decodeFieldData(bytes(0xc3, 0xa9, 0xe2, 0x82, 0xac), { encoding: 28 })).toEqual({
      text: 'é€',
      warnings: [],
    });
  });

  it('warns about invalid UTF-8 and shows the replacement character', () => {
    const { text, warnings } = decodeFieldData('a' + bytes(0xc3) + 'b', { encoding: 28 });
    expect(text).toBe('a\ufffdb');
    expect(warnings).toHaveLength(1);
  });

  it('^CI29 and ^CI30 are UTF-16, big- and little-endian', () => {
    expect(decodeFieldData('_00_41_20_AC', { hexIndicator: '_', encoding: 29 }).text).toBe('A€');
    expect(decodeFieldData('_41_00_AC_20', { hexIndicator: '_', encoding: 30 }).text).toBe('A€');
    const odd = decodeFieldData('_00_41_00', { hexIndicator: '_', encoding: 29 });
    expect(odd.text).toBe('A');
    expect(odd.warnings).toHaveLength(1);
  });

  it('decodes the national sets ^CI1–12 as ^CI0, with a warning naming the set', () => {
    const { text, warnings } = decodeFieldData('#' + bytes(0x82), { encoding: 6 });
    expect(text).toBe('#é');
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain('^CI6 (Germany)');
  });

  it('decodes unsupported sets as ^CI0, with a warning', () => {
    const asian = decodeFieldData('AB', { encoding: 14 });
    expect(asian.text).toBe('AB');
    expect(asian.warnings[0]).toContain('^CI14 (double-byte Asian encodings) is not supported');
    expect(decodeFieldData('AB', { encoding: 99 }).warnings[0]).toContain('^CI99 is not supported');
  });
});

describe('decodeFieldData with the tokenizer', () => {
  const fieldData = (file: Uint8Array): string =>
    tokenize(file).commands.find((c) => c.name === 'FD')?.params ?? '';

  it('reads é from a UTF-8 file under ^CI28', () => {
    const file = new TextEncoder().encode('^XA^CI28^FDé^FS^XZ');
    expect(decodeFieldData(fieldData(file), { encoding: 28 }).text).toBe('é');
  });

  it('reads é and € from a 1252 file under ^CI27, and é from an 850 file under ^CI0', () => {
    const ansi = Uint8Array.from([...'^CI27^FD'].map((c) => c.charCodeAt(0)).concat([0xe9, 0x80]));
    expect(decodeFieldData(fieldData(ansi), { encoding: 27 }).text).toBe('é€');
    const dos = Uint8Array.from([...'^CI0^FD'].map((c) => c.charCodeAt(0)).concat([0x82]));
    expect(decodeFieldData(fieldData(dos), { encoding: 0 }).text).toBe('é');
  });
});
