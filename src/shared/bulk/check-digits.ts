// Check digits of the Brazilian numbers a piece may carry. A number whose check digits fail is
// not evidence at all: a misread or a coincidence must never point to an order.

/** mod-11 with the Receita's rule: a remainder below 2 gives 0, otherwise 11 minus it. */
function mod11(digits: string, weights: readonly number[]): number {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) sum += Number(digits[i]) * (weights[i] ?? 0);
  const remainder = sum % 11;
  return remainder < 2 ? 0 : 11 - remainder;
}

/** One digit repeated passes mod-11 but is no one's document (000.000.000-00 and the like). */
const REPEATED = /^(\d)\1*$/;

const CPF_FIRST = [10, 9, 8, 7, 6, 5, 4, 3, 2];
const CPF_SECOND = [11, 10, 9, 8, 7, 6, 5, 4, 3, 2];

/** A CPF: 11 digits, the last two its check digits. */
export function isValidCpf(digits: string): boolean {
  if (!/^\d{11}$/.test(digits) || REPEATED.test(digits)) return false;
  return (
    mod11(digits.slice(0, 9), CPF_FIRST) === Number(digits[9]) &&
    mod11(digits.slice(0, 10), CPF_SECOND) === Number(digits[10])
  );
}

const CNPJ_FIRST = [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2];
const CNPJ_SECOND = [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2];

/** A CNPJ: 14 digits, the last two its check digits. */
export function isValidCnpj(digits: string): boolean {
  if (!/^\d{14}$/.test(digits) || REPEATED.test(digits)) return false;
  return (
    mod11(digits.slice(0, 12), CNPJ_FIRST) === Number(digits[12]) &&
    mod11(digits.slice(0, 13), CNPJ_SECOND) === Number(digits[13])
  );
}

export function isValidTaxDocument(digits: string): boolean {
  return digits.length === 11 ? isValidCpf(digits) : isValidCnpj(digits);
}

/** Weights 2 to 9, repeating, from the digit left of the check digit. */
const ACCESS_KEY_WEIGHTS = Array.from({ length: 43 }, (_, i) => 2 + ((42 - i) % 8));

/**
 * An NF-e access key (chave de acesso): 44 digits, the last the mod-11 check digit of the 43
 * before it (Manual de Orientação do Contribuinte: weights 2–9 from the right; 10 or 11 give 0).
 */
export function isValidAccessKey(digits: string): boolean {
  if (!/^\d{44}$/.test(digits)) return false;
  return mod11(digits.slice(0, 43), ACCESS_KEY_WEIGHTS) === Number(digits[43]);
}
