// A second copy in one drop: the same invoice (by its NF-e access key, whatever its file name)
// dropped twice is a duplicate of the first, so it is never queued for a second order.
import type { PieceEvidence } from './extract-evidence.ts';

/** Where a piece came from: its path (or "ARCHIVE.zip!entry") and its 1-based place there. */
export interface PieceRef {
  readonly source: string;
  readonly index: number;
}

/** The access key that is the piece's own (see PieceEvidence.accessKeys), or null. */
export function ownAccessKey(evidence: PieceEvidence): string | null {
  return evidence.accessKeys[0] ?? null;
}

/**
 * For each piece, in drop order, the earlier piece with the same key, or null: the first is
 * the original, every later one its duplicate. A null key is never a duplicate.
 */
export function findDuplicates(
  pieces: readonly (PieceRef & { readonly key: string | null })[],
): ({ readonly duplicateOf: PieceRef } | null)[] {
  const first = new Map<string, PieceRef>();
  return pieces.map(({ source, index, key }) => {
    if (key === null) return null;
    const original = first.get(key);
    if (original !== undefined) return { duplicateOf: original };
    first.set(key, { source, index });
    return null;
  });
}
