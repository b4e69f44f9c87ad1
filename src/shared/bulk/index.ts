// Matching the pieces of a bulk drop (labels, invoices) to the orders they belong to (issue 39).
export {
  buildCandidateIndex,
  type CandidateIndex,
  type CandidateOrderInput,
  type CandidateTrackingInput,
} from './candidate-index.ts';
export { isValidAccessKey, isValidCnpj, isValidCpf } from './check-digits.ts';
export { findDuplicates, ownAccessKey, type PieceRef } from './duplicates.ts';
export { extractEvidence, type PieceContent, type PieceEvidence } from './extract-evidence.ts';
export {
  matchPiece,
  type EvidenceItem,
  type EvidenceKey,
  type MatchResult,
  type MatchStatus,
} from './match-piece.ts';
export { compactName, stripBarcodePrefix } from './normalize.ts';
