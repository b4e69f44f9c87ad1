import { describe, expect, it } from 'vitest';
import { findDuplicates, ownAccessKey } from './duplicates.ts';
import { buildCandidateIndex } from './candidate-index.ts';
import { extractEvidence } from './extract-evidence.ts';
import { withAccessKeyCheckDigit } from './test-fixtures.ts';

const KEY_A = withAccessKeyCheckDigit('3525101122233300018155001000012345100001234');
const KEY_B = withAccessKeyCheckDigit('3525101122233300018155001000054321100005432');

describe('duplicates in one drop', () => {
  it('marks every later piece with the same key as a duplicate of the first', () => {
    const result = findDuplicates([
      { source: 'day.pdf', index: 1, key: KEY_A },
      { source: 'day.pdf', index: 2, key: KEY_B },
      { source: 'folder/x.pdf', index: 1, key: KEY_A },
      { source: 'n.zip!y.pdf', index: 1, key: null },
      { source: 'n.zip!z.pdf', index: 1, key: KEY_A },
      { source: 'n.zip!w.pdf', index: 1, key: null },
    ]);
    expect(result).toEqual([
      null,
      null,
      { duplicateOf: { source: 'day.pdf', index: 1 } },
      null,
      { duplicateOf: { source: 'day.pdf', index: 1 } },
      null,
    ]);
  });

  it("takes an invoice's own key, not one it refers to", () => {
    const index = buildCandidateIndex([], []);
    const original = extractEvidence(
      { texts: [`CHAVE DE ACESSO ${KEY_A}`], barcodes: [KEY_A] },
      index,
    );
    const referring = extractEvidence(
      { texts: [`NF-e referenciada: ${KEY_A}`, `CHAVE ${KEY_B}`], barcodes: [KEY_B] },
      index,
    );
    expect(ownAccessKey(original)).toBe(KEY_A);
    expect(ownAccessKey(referring)).toBe(KEY_B);
    const keys = [original, referring].map((e, i) => ({
      source: `f${i}.pdf`,
      index: 1,
      key: ownAccessKey(e),
    }));
    expect(findDuplicates(keys)).toEqual([null, null]);
  });
});
