// A drop's pieces matched to their orders (issue #39, "match"): the evidence each piece holds
// (its text, its bar codes' data) against the orders the service listed, never a guess; a second
// copy in the drop (the same NF-e access key, or the same bytes) and a file the order already has
// (the same sha256) are duplicates, said so.
import {
  buildCandidateIndex,
  extractEvidence,
  findDuplicates,
  matchPiece,
  ownAccessKey,
  type CandidateOrderInput,
  type CandidateTrackingInput,
  type MatchResult,
  type PieceContent,
} from '../../shared/bulk/index.ts';
import type { DropPiece } from './split-drop.ts';

/** What the matcher needs of an order: its evidence, and the files the service already has. */
export type MatchOrder = CandidateOrderInput & {
  invoice?: { sha256: string } | null;
  labels?: readonly { sha256: string }[];
};

export type MatchStatus = 'matched' | 'ambiguous' | 'unmatched' | 'duplicate' | 'refused' | 'other';

export interface MatchedPiece {
  piece: DropPiece;
  status: MatchStatus;
  order: string | null;
  candidates: readonly string[];
  evidence: MatchResult['evidence'];
  duplicateOf?: { source: string; index: number };
  deliveredAs?: string;
}

export async function matchDrop(
  pieces: readonly DropPiece[],
  orders: readonly MatchOrder[],
  trackings: readonly CandidateTrackingInput[],
  contentOf: (piece: DropPiece) => Promise<PieceContent>,
): Promise<MatchedPiece[]> {
  const index = buildCandidateIndex(orders, trackings);
  const byId = new Map(orders.map((order) => [order.id, order]));
  const results: MatchedPiece[] = [];
  const keys: { source: string; index: number; key: string | null }[] = [];
  const firstBySha = new Map<string, { source: string; index: number }>();

  for (const piece of pieces) {
    const none = { order: null, candidates: [], evidence: [] };
    if (!piece.bytes) {
      results.push({ piece, status: 'refused', ...none });
      keys.push({ source: piece.source, index: piece.index ?? 0, key: null });
      continue;
    }
    if (piece.kind === 'other') {
      results.push({ piece, status: 'other', ...none });
      keys.push({ source: piece.source, index: piece.index ?? 0, key: null });
      continue;
    }
    const evidence = extractEvidence(await contentOf(piece), index);
    const match = matchPiece(evidence, index);
    const result: MatchedPiece = { piece, ...match };
    const at = { source: piece.source, index: piece.index ?? 0 };
    // Only an invoice's own access key makes a copy: a label may quote the invoice's key.
    keys.push({ ...at, key: piece.kind === 'invoice' ? ownAccessKey(evidence) : null });
    const sameBytes = piece.sha256 ? firstBySha.get(piece.sha256) : undefined;
    if (sameBytes) Object.assign(result, { status: 'duplicate', duplicateOf: sameBytes });
    else if (piece.sha256) firstBySha.set(piece.sha256, at);
    const order = match.order ? byId.get(match.order) : undefined;
    const delivered =
      piece.kind === 'invoice'
        ? order?.invoice?.sha256 === piece.sha256
        : (order?.labels ?? []).some((label) => label.sha256 === piece.sha256);
    if (result.status === 'matched' && delivered && piece.sha256)
      Object.assign(result, { status: 'duplicate', deliveredAs: piece.sha256 });
    results.push(result);
  }
  // The same NF-e twice in the drop, whatever the file names: the later ones are copies.
  findDuplicates(keys).forEach((duplicate, i) => {
    const result = results[i];
    if (duplicate && result && !result.duplicateOf)
      Object.assign(result, { status: 'duplicate', duplicateOf: duplicate.duplicateOf });
  });
  return results;
}
