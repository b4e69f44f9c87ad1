// The rule, "match by evidence, never by guess", on the evidence of one piece.
import type { CandidateIndex } from './candidate-index.ts';
import type { PieceEvidence } from './extract-evidence.ts';

export type EvidenceKey = 'orderId' | 'tracking' | 'document' | 'name' | 'postalCode' | 'accessKey';

/** One value found on the piece and the order it points to (null: it points to none). */
export interface EvidenceItem {
  readonly key: EvidenceKey;
  readonly value: string;
  readonly order: string | null;
}

export type MatchStatus = 'matched' | 'ambiguous' | 'unmatched';

export interface MatchResult {
  readonly status: MatchStatus;
  /** The order, when matched; null otherwise. */
  readonly order: string | null;
  /** The order when matched; the orders that fit when ambiguous; none when unmatched. */
  readonly candidates: readonly string[];
  readonly evidence: readonly EvidenceItem[];
}

const KEY_ORDER: readonly EvidenceKey[] = [
  'orderId',
  'tracking',
  'document',
  'name',
  'postalCode',
  'accessKey',
];

/** Not localeCompare: the same evidence must list in the same order on every machine. */
const byCodeUnits = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

const result = (
  status: MatchStatus,
  orders: Iterable<string>,
  evidence: EvidenceItem[],
): MatchResult => {
  const candidates = [...new Set(orders)].sort();
  return {
    status,
    order: status === 'matched' ? (candidates[0] ?? null) : null,
    candidates,
    evidence,
  };
};

/**
 * Decides a piece:
 * - strong keys (an order id, a tracking code the service has for an order, the recipient's
 *   document) that point to exactly one order each decide, if they all point to the same one;
 *   pointing to different orders, the piece is ambiguous among them;
 * - a strong key that several candidates share (a document of a customer with two orders) does
 *   not decide: it narrows to those orders, and contradicts a decision outside them (ambiguous);
 * - with no deciding key, name and postal code together must fit exactly one order (within the
 *   narrowed ones, if any); several fit: ambiguous; none: unmatched, or ambiguous among the
 *   narrowed orders.
 */
export function matchPiece(evidence: PieceEvidence, candidates: CandidateIndex): MatchResult {
  const index = candidates;
  const items: EvidenceItem[] = [];
  const strong: (readonly string[])[] = [];
  const point = (key: EvidenceKey, value: string, owners: readonly string[]) => {
    for (const order of owners) items.push({ key, value, order });
    return owners;
  };
  for (const id of evidence.orderIds)
    if (index.orders.has(id)) strong.push(point('orderId', id, [id]));
  for (const code of evidence.trackingCodes)
    strong.push(point('tracking', code, index.trackingOwners.get(code) ?? []));
  for (const digits of evidence.documents)
    strong.push(point('document', digits, index.documentOwners.get(digits) ?? []));

  const named = new Set<string>();
  for (const key of evidence.names)
    for (const order of index.nameOwners.get(key) ?? []) {
      named.add(order);
      items.push({ key: 'name', value: index.orders.get(order)?.name ?? key, order });
    }
  const postal = new Set(evidence.postalCodes);
  const fits = [...named].filter((order) => postal.has(index.orders.get(order)?.postalCode ?? ''));

  // A postal code alone says nothing (a building or a town's CEP is shared by many candidates):
  // it is listed for an order only when something else on the piece points to that order too.
  const pointed = new Set(items.map((item) => item.order));
  for (const code of evidence.postalCodes)
    for (const order of index.postalCodeOwners.get(code) ?? [])
      if (pointed.has(order)) items.push({ key: 'postalCode', value: code, order });
  for (const key of evidence.accessKeys) items.push({ key: 'accessKey', value: key, order: null });
  items.sort(
    (a, b) =>
      KEY_ORDER.indexOf(a.key) - KEY_ORDER.indexOf(b.key) ||
      byCodeUnits(a.value, b.value) ||
      byCodeUnits(a.order ?? '', b.order ?? ''),
  );

  const deciding = new Set(strong.filter((owners) => owners.length === 1).flat());
  const narrowing = strong.filter((owners) => owners.length > 1);
  if (deciding.size > 1) return result('ambiguous', deciding, items);
  if (deciding.size === 1) {
    const [order] = deciding;
    if (narrowing.every((owners) => owners.includes(order as string)))
      return result('matched', deciding, items);
    return result('ambiguous', [...deciding, ...narrowing.flat()], items);
  }
  if (narrowing.length === 0) {
    if (fits.length === 0) return result('unmatched', [], items);
    return result(fits.length === 1 ? 'matched' : 'ambiguous', fits, items);
  }
  const allowed = narrowing.reduce((kept, owners) => kept.filter((o) => owners.includes(o)));
  const within = fits.filter((order) => allowed.includes(order));
  if (within.length === 1) return result('matched', within, items);
  if (within.length > 1) return result('ambiguous', within, items);
  // Nothing within the narrowed orders fits: the operator chooses among them, and among the
  // orders whose name and postal code fit despite the document.
  return result(
    'ambiguous',
    [...(allowed.length > 0 ? allowed : narrowing.flat()), ...fits],
    items,
  );
}
