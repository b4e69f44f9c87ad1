// Builders for the bulk matcher's tests. The check digits here are computed independently of
// check-digits.ts (a different formulation of the same published rules), so a wrong weight or
// remainder rule there fails the tests instead of agreeing with itself.
import type { CandidateOrderInput, CandidateTrackingInput } from './candidate-index.ts';

/** CPF check digits: sum of digit × (position weight), 11 - (sum mod 11), 10 and 11 give 0. */
export function withCpfCheckDigits(nine: string): string {
  let body = nine;
  for (const top of [10, 11]) {
    let sum = 0;
    for (let i = 0; i < body.length; i++) sum += Number(body[i]) * (top - i);
    const digit = 11 - (sum % 11);
    body += String(digit >= 10 ? 0 : digit);
  }
  return body;
}

/** CNPJ check digits: weights 2–9 repeating from the right. */
export function withCnpjCheckDigits(twelve: string): string {
  let body = twelve;
  for (let round = 0; round < 2; round++) {
    let sum = 0;
    for (let i = 0; i < body.length; i++) sum += Number(body[body.length - 1 - i]) * (2 + (i % 8));
    const digit = 11 - (sum % 11);
    body += String(digit >= 10 ? 0 : digit);
  }
  return body;
}

/** The NF-e access key's check digit: weights 2–9 repeating from the right, as the CNPJ's. */
export function withAccessKeyCheckDigit(fortyThree: string): string {
  let sum = 0;
  for (let i = 0; i < 43; i++) sum += Number(fortyThree[42 - i]) * (2 + (i % 8));
  const digit = 11 - (sum % 11);
  return fortyThree + String(digit >= 10 ? 0 : digit);
}

/** A check digit that is not the right one, for "invalid documents are ignored". */
export function breakLastDigit(digits: string): string {
  const last = Number(digits[digits.length - 1]);
  return digits.slice(0, -1) + String((last + 1) % 10);
}

export const formatCpf = (d: string) =>
  `${d.slice(0, 3)}.${d.slice(3, 6)}.${d.slice(6, 9)}-${d.slice(9)}`;
export const formatCnpj = (d: string) =>
  `${d.slice(0, 2)}.${d.slice(2, 5)}.${d.slice(5, 8)}/${d.slice(8, 12)}-${d.slice(12)}`;
export const formatCep = (d: string) => `${d.slice(0, 5)}-${d.slice(5)}`;

export interface OrderFixture {
  id: string;
  name: string;
  document?: string;
  postalCode: string;
}

export function order({ id, name, document, postalCode }: OrderFixture): CandidateOrderInput {
  return {
    id,
    customer: { name, ...(document === undefined ? {} : { document }) },
    shipping_address: { postal_code: postalCode },
  };
}

export const tracking = (orderId: string, code: string): CandidateTrackingInput => ({
  order: orderId,
  code,
});

/**
 * The access key of invoice `n` of one issuer (SP, 2025-10, CNPJ 11.222.333/0001-81, model 55,
 * series 1), check digit computed: what one ERP prints in a day.
 */
export const danfeAccessKey = (n: number) =>
  withAccessKeyCheckDigit(
    `3525101122233300018155001${String(n).padStart(9, '0')}1${'0'.repeat(8)}`,
  );

/** A key as a DANFE prints it, in groups of four. */
export const groupedByFour = (digits: string) => digits.replace(/(\d{4})(?=\d)/g, '$1 ');

/** An invoice number as a DANFE prints it: 000.001.042. */
export const dottedNumber = (n: number) =>
  String(n)
    .padStart(9, '0')
    .replace(/(\d{3})(?=\d)/g, '$1.');
