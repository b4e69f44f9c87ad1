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
  stripBarcodePrefix,
  type CandidateTrackingInput,
  type MatchResult,
  type PieceContent,
  type PieceEvidence,
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

/** Asks the service which orders these tracking codes belong to (unknown codes: left out). */
export type TrackingLookup = (codes: readonly string[]) => Promise<CandidateTrackingInput[]>;

/** At most this many codes are asked about per drop: each is a request on the company's budget. */
export const MAX_TRACKING_LOOKUPS = 200;

/** How many pieces are read between two turns of the event loop. */
const YIELD_EVERY = 4;

const TRACKING_LIKE = /^[A-Za-z0-9]{8,40}$/;
/** The UPU S10 form postal services print as text: two letters, nine digits, two letters. */
const S10 = /\b[A-Z]{2}\d{9}[A-Z]{2}\b/g;

/**
 * What on a piece may be a tracking code the listing did not bring: each bar code's whole data
 * (8 to 40 letters and digits) and any S10 code in its text. Never an order id already known.
 */
export function trackingLike(content: PieceContent, known: ReadonlySet<string>): string[] {
  const codes = new Set<string>();
  for (const data of content.barcodes) {
    const value = stripBarcodePrefix(data).trim();
    if (TRACKING_LIKE.test(value)) codes.add(value);
  }
  for (const text of content.texts) for (const [code] of text.matchAll(S10)) codes.add(code);
  return [...codes].filter((code) => !known.has(code.toLowerCase()));
}

const STRONG = new Set(['orderId', 'tracking', 'document']);

/**
 * Matches every piece; then, when `lookup` is given, asks the service about the tracking-like
 * codes of the pieces no strong key decided (a label naming only its tracking code) and matches
 * those again with what it answered. A code the service does not know changes nothing.
 */
export async function matchDrop(
  pieces: readonly DropPiece[],
  orders: readonly MatchOrder[],
  trackings: readonly CandidateTrackingInput[],
  contentOf: (piece: DropPiece) => Promise<PieceContent>,
  lookup?: TrackingLookup,
): Promise<MatchedPiece[]> {
  let index = buildCandidateIndex(orders, trackings);
  const contents = new Map<number, PieceContent>();
  const evidences = new Map<number, PieceEvidence>();
  const matches = new Map<number, MatchResult>();
  const judge = (i: number, content: PieceContent) => {
    const evidence = extractEvidence(content, index);
    evidences.set(i, evidence);
    matches.set(i, matchPiece(evidence, index));
  };
  for (const [i, piece] of pieces.entries()) {
    if (!piece.bytes || piece.kind === 'other') continue;
    // Reading a label draws it (milliseconds each): between a few, the event loop takes its
    // turn, so a drop of a thousand labels never holds main's IPC, outbox or scale for long.
    if (i % YIELD_EVERY === YIELD_EVERY - 1) await new Promise((resolve) => setImmediate(resolve));
    const content = await contentOf(piece);
    contents.set(i, content);
    judge(i, content);
  }
  if (lookup) {
    const known = new Set(orders.map((order) => order.id.toLowerCase()));
    for (const t of trackings) known.add(t.code.toLowerCase());
    const undecided = [...matches].filter(([, m]) => !m.evidence.some((e) => STRONG.has(e.key)));
    const codes = new Set<string>();
    for (const [i] of undecided)
      for (const code of trackingLike(contents.get(i) ?? { texts: [], barcodes: [] }, known))
        if (codes.size < MAX_TRACKING_LOOKUPS) codes.add(code);
    const found = codes.size > 0 ? await lookup([...codes]) : [];
    if (found.length > 0) {
      index = buildCandidateIndex(orders, [...trackings, ...found]);
      for (const [i] of undecided) {
        const content = contents.get(i);
        if (content) judge(i, content);
      }
    }
  }
  return settle(pieces, orders, evidences, matches);
}

/** Each piece's final state: refused, other, its match, or a duplicate of a copy or a delivery. */
function settle(
  pieces: readonly DropPiece[],
  orders: readonly MatchOrder[],
  evidences: ReadonlyMap<number, PieceEvidence>,
  matches: ReadonlyMap<number, MatchResult>,
): MatchedPiece[] {
  const byId = new Map(orders.map((order) => [order.id, order]));
  const results: MatchedPiece[] = [];
  const keys: { source: string; index: number; key: string | null }[] = [];
  const firstBySha = new Map<string, { source: string; index: number }>();

  for (const [i, piece] of pieces.entries()) {
    const none = { order: null, candidates: [], evidence: [] };
    const match = matches.get(i);
    const evidence = evidences.get(i);
    if (!match || !evidence) {
      results.push({ piece, status: piece.bytes ? 'other' : 'refused', ...none });
      keys.push({ source: piece.source, index: piece.index ?? 0, key: null });
      continue;
    }
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
