import { describe, expect, it } from 'vitest';
import { isValidAccessKey, isValidCnpj, isValidCpf } from './check-digits.ts';
import {
  breakLastDigit,
  withAccessKeyCheckDigit,
  withCnpjCheckDigits,
  withCpfCheckDigits,
} from './test-fixtures.ts';

describe('check digits', () => {
  it('accepts published valid examples and refuses them with a wrong check digit', () => {
    // 529.982.247-25 and 11.222.333/0001-81 are the Receita's worked examples.
    expect(isValidCpf('52998224725')).toBe(true);
    expect(isValidCpf('52998224726')).toBe(false);
    expect(isValidCpf('52998224715')).toBe(false);
    expect(isValidCnpj('11222333000181')).toBe(true);
    expect(isValidCnpj('11222333000182')).toBe(false);
    expect(isValidCnpj('11222333000191')).toBe(false);
  });

  it('refuses wrong lengths, non-digits and one digit repeated', () => {
    expect(isValidCpf('5299822472')).toBe(false);
    expect(isValidCpf('529.982.247-25')).toBe(false);
    expect(isValidCpf('00000000000')).toBe(false);
    expect(isValidCnpj('00000000000000')).toBe(false);
    expect(isValidCnpj('1122233300018')).toBe(false);
  });

  it('agrees with the independent computation on many bodies', () => {
    for (let n = 0; n < 2000; n++) {
      const cpf = withCpfCheckDigits(String(100_000_000 + n * 4_999_991).slice(-9));
      const cnpj = withCnpjCheckDigits(String(100_000_000_000 + n * 7_777_777_777).slice(-12));
      expect(isValidCpf(cpf), cpf).toBe(!/^(\d)\1*$/.test(cpf));
      expect(isValidCpf(breakLastDigit(cpf)), cpf).toBe(false);
      expect(isValidCnpj(cnpj), cnpj).toBe(!/^(\d)\1*$/.test(cnpj));
      expect(isValidCnpj(breakLastDigit(cnpj)), cnpj).toBe(false);
    }
  });

  it('checks the NF-e access key mod 11 over its 43 digits', () => {
    for (let n = 0; n < 500; n++) {
      const body = `3525${String(10 + (n % 90))}11222333000181550010000${String(n).padStart(5, '0')}1${String(n * 37).padStart(8, '0')}`;
      expect(body).toHaveLength(43);
      const key = withAccessKeyCheckDigit(body);
      expect(isValidAccessKey(key), key).toBe(true);
      expect(isValidAccessKey(breakLastDigit(key)), key).toBe(false);
    }
    expect(isValidAccessKey('1'.repeat(43))).toBe(false);
    expect(isValidAccessKey(`${withAccessKeyCheckDigit('3'.repeat(43))}0`)).toBe(false);
  });
});
