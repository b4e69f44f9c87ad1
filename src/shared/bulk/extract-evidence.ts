// What a piece says about its order: the values of the keys found in its text and its
// barcodes, kept only where a candidate (or, for an access key, the check digit) vouches for them.
import type { CandidateIndex, TokenTarget } from './candidate-index.ts';
import { findNumbers } from './find-numbers.ts';
import { findCompactRuns, findWholeTokens } from './find-tokens.ts';
import { stripBarcodePrefix } from './normalize.ts';

/** What was read from one label or invoice. */
export interface PieceContent {
  /** Text fields of a label, or the text of an invoice's pages. */
  readonly texts: readonly string[];
  /** Decoded barcode data; ZPL prefixes (`>:`, QR `MA,`) are stripped here if still present. */
  readonly barcodes: readonly string[];
}

/** Values found on a piece, each one a candidate has (access keys: every one with a valid check digit). */
export interface PieceEvidence {
  /** Candidate order ids, as the service writes them. */
  readonly orderIds: readonly string[];
  /** Tracking codes, as the service writes them. */
  readonly trackingCodes: readonly string[];
  /** CPF/CNPJ digits with valid check digits that a candidate's recipient has. */
  readonly documents: readonly string[];
  /** Recipients' names by their compact key (compactName). */
  readonly names: readonly string[];
  /** Postal code digits that a candidate's address has. */
  readonly postalCodes: readonly string[];
  /**
   * Valid NF-e access keys, the piece's own first: a key in a barcode, else the one printed most
   * often (a DANFE prints its own key on every page; a key it only refers to, once).
   */
  readonly accessKeys: readonly string[];
}

const sorted = (values: Set<string>): string[] => [...values].sort();

export function extractEvidence(content: PieceContent, index: CandidateIndex): PieceEvidence {
  const found = {
    orderId: new Set<string>(),
    tracking: new Set<string>(),
    name: new Set<string>(),
  };
  const visit = (target: TokenTarget) => found[target.kind].add(target.value);
  const documents = new Set<string>();
  const postalCodes = new Set<string>();
  // Access key → [times seen, first place seen, seen in a barcode].
  const keys = new Map<string, { count: number; first: number; barcode: boolean }>();

  const read = (text: string, barcode: boolean) => {
    findWholeTokens(text, index, visit);
    findCompactRuns(text, index, visit);
    const numbers = findNumbers(text);
    for (const digits of numbers.documents)
      if (index.documentOwners.has(digits)) documents.add(digits);
    for (const digits of numbers.postalCodes)
      if (index.postalCodeOwners.has(digits)) postalCodes.add(digits);
    for (const key of numbers.accessKeys) {
      const seen = keys.get(key) ?? { count: 0, first: keys.size, barcode: false };
      keys.set(key, { count: seen.count + 1, first: seen.first, barcode: seen.barcode || barcode });
    }
  };
  for (const text of content.texts) read(text, false);
  for (const data of content.barcodes) read(stripBarcodePrefix(data), true);

  const accessKeys = [...keys.entries()]
    .sort(
      ([, a], [, b]) =>
        Number(b.barcode) - Number(a.barcode) || b.count - a.count || a.first - b.first,
    )
    .map(([key]) => key);
  return {
    orderIds: sorted(found.orderId),
    trackingCodes: sorted(found.tracking),
    documents: sorted(documents),
    names: sorted(found.name),
    postalCodes: sorted(postalCodes),
    accessKeys,
  };
}
