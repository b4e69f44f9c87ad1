// The number-level scans of a piece's text: NF-e access keys, CPF/CNPJ and postal codes,
// formatted or bare. A number is read only whole: no letter or digit touches it, nor a digit
// behind one separator, so 12 digits of a longer code are never taken for a CPF.
import { isValidAccessKey, isValidTaxDocument } from './check-digits.ts';
import { digitsOf } from './normalize.ts';

const BEFORE = String.raw`(?<![\p{L}\p{N}]|\d[.\-/])`;
const AFTER = String.raw`(?![\p{L}\p{N}]|[.\-/]\d)`;

// A DANFE prints its key in eleven groups of four ("3525 1012 …"); the barcode holds it bare.
// Only letters and digits may not touch it: extracted text often runs a page number into it
// ("FOLHA 1/2 3525 1012 …"), and its own check digit guards against a wrong cut.
const ACCESS_KEY = /(?<![\p{L}\p{N}])\d{4}(?:[ .]?\d{4}){10}(?![\p{L}\p{N}])/gu;
// CNPJ 00.000.000/0000-00 first, then CPF 000.000.000-00; every separator optional.
const TAX_DOCUMENT = new RegExp(
  `${BEFORE}(?:\\d{2}\\.?\\d{3}\\.?\\d{3}/?\\d{4}-?\\d{2}|\\d{3}\\.?\\d{3}\\.?\\d{3}-?\\d{2})${AFTER}`,
  'gu',
);
// A CEP: 00000-000, 00.000-000 or 00000000.
const CEP = new RegExp(`${BEFORE}\\d{2}\\.?\\d{3}-?\\d{3}${AFTER}`, 'gu');
// Any other all-digit postal code, bare (a CEP is also caught here when printed bare).
const DIGIT_RUN = /(?<![\p{L}\p{N}])\d+(?![\p{L}\p{N}])/gu;

export interface NumberScan {
  /** Valid access keys, in the order they appear. */
  readonly accessKeys: string[];
  /** Valid CPF/CNPJ digits. */
  readonly documents: string[];
  /** Every CEP-shaped or all-digit number: the caller keeps those a candidate has. */
  readonly postalCodes: string[];
}

/**
 * Reads the numbers of one text. Access keys are read first and blanked out, so that their
 * groups of digits are not read again as postal codes.
 */
export function findNumbers(text: string): NumberScan {
  const accessKeys: string[] = [];
  const rest = text.replace(ACCESS_KEY, (found) => {
    const digits = digitsOf(found);
    if (!isValidAccessKey(digits)) return found;
    accessKeys.push(digits);
    return ' '.repeat(found.length);
  });
  const documents: string[] = [];
  for (const [found] of rest.matchAll(TAX_DOCUMENT)) {
    const digits = digitsOf(found);
    if (isValidTaxDocument(digits)) documents.push(digits);
  }
  const postalCodes: string[] = [];
  for (const [found] of rest.matchAll(CEP)) postalCodes.push(digitsOf(found));
  for (const [found] of rest.matchAll(DIGIT_RUN)) postalCodes.push(found);
  return { accessKeys, documents, postalCodes };
}
