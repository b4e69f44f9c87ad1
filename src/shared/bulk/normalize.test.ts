import { describe, expect, it } from 'vitest';
import { compactName, foldText, stripBarcodePrefix } from './normalize.ts';

describe('names', () => {
  it('ignores case, accents, spacing and punctuation', () => {
    const key = compactName('Maria Conceição');
    expect(key).toBe('mariaconceicao');
    for (const spelling of [
      'MARIA CONCEICAO',
      '  maria   conceição ',
      'Maria-Conceição.',
      'MARÍA CONCEIÇÃO',
    ])
      expect(compactName(spelling), spelling).toBe(key);
    expect(compactName("João D'Ávila")).toBe(compactName('JOAO DAVILA'));
    expect(compactName('Maria Conceicao Lima')).not.toBe(key);
  });

  it('reads compatibility forms as their plain letters', () => {
    expect(foldText('ＭＡＲＩＡ')).toBe('maria');
    expect(foldText('Gráﬁca')).toBe('grafica');
  });
});

describe('stripBarcodePrefix', () => {
  it('drops the ZPL Code 128 subset invocation and the QR mode prefix', () => {
    expect(stripBarcodePrefix('>:PB-1042')).toBe('PB-1042');
    expect(stripBarcodePrefix('>;12345678')).toBe('12345678');
    expect(stripBarcodePrefix('MA,PB-1042')).toBe('PB-1042');
    expect(stripBarcodePrefix('QA,PB-1042')).toBe('PB-1042');
    expect(stripBarcodePrefix('HM,APB-1042')).toBe('PB-1042');
    expect(stripBarcodePrefix('LM,N0123')).toBe('0123');
    expect(stripBarcodePrefix('MM,B0007PB-1042')).toBe('PB-1042');
  });

  it('leaves data without a prefix alone', () => {
    for (const data of ['PB-1042', 'QB400000000BR', 'MAPB', 'XA,1', '>Z12'])
      expect(stripBarcodePrefix(data)).toBe(data);
  });
});
