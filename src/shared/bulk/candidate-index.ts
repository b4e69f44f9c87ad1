// The orders a drop may belong to, indexed once so that a piece is matched by looking its own
// tokens up in maps, never by walking every candidate (5,000 candidates, well under 1 ms a piece).
import type { Address, Customer, Order, Tracking } from '../api/types.ts';
import { compactName, digitsOf, isLetterOrDigitAt } from './normalize.ts';

/**
 * What the matcher reads of an order (GET /orders, v1.1): its id and its recipient. An Order
 * as the service returns it fits; so does an order the station kept with only these fields.
 */
export interface CandidateOrderInput {
  readonly id: Order['id'];
  readonly customer: Pick<Customer, 'name' | 'document'>;
  readonly shipping_address: Pick<Address, 'postal_code'>;
}
/** What the matcher reads of a tracking (GET /trackings): the code and its order. */
export type CandidateTrackingInput = Pick<Tracking, 'order' | 'code'>;

export interface CandidateOrder {
  readonly id: string;
  /** The recipient's name as the service writes it, for the evidence a person reads. */
  readonly name: string;
  /** compactName(name); '' when the name has no letter or digit. */
  readonly nameKey: string;
  /** The recipient's CPF/CNPJ digits; '' when the order has none. */
  readonly document: string;
  /** The postal code's digits; '' when it has none or holds letters (not comparable by digits). */
  readonly postalCode: string;
}

/** What a token of the piece may be: an order id, a tracking code, or a recipient's name. */
export interface TokenTarget {
  readonly kind: 'orderId' | 'tracking' | 'name';
  /** The order id or tracking code as the service writes it; a name's compact key. */
  readonly value: string;
}

export interface CandidateIndex {
  readonly orders: ReadonlyMap<string, CandidateOrder>;
  /** Lower-cased order ids and tracking codes, looked up as whole tokens of the piece's text. */
  readonly wholeTokens: ReadonlyMap<string, readonly TokenTarget[]>;
  readonly longestWholeToken: number;
  /** The first word (letters and digits up to the first other character) of every such key. */
  readonly wholeTokenFirstWords: ReadonlySet<string>;
  /**
   * Names and long tracking codes by their letters and digits alone, looked up as runs of
   * adjacent words ("MARIA  SOUZA", "QB 400 000 000 BR").
   */
  readonly compactRuns: ReadonlyMap<string, readonly TokenTarget[]>;
  /** Every prefix of every compactRuns key: a run stops growing as soon as it leaves them. */
  readonly compactPrefixes: ReadonlySet<string>;
  readonly longestCompactRun: number;
  /** Evidence value → the orders it belongs to. */
  readonly trackingOwners: ReadonlyMap<string, readonly string[]>;
  readonly nameOwners: ReadonlyMap<string, readonly string[]>;
  readonly documentOwners: ReadonlyMap<string, readonly string[]>;
  readonly postalCodeOwners: ReadonlyMap<string, readonly string[]>;
}

/**
 * A tracking code is also looked for with its spaces dropped ("QB 400 000 000 BR") only from
 * this length: joining short words could otherwise spell a short code by chance.
 */
export const SPACED_TRACKING_MIN_LENGTH = 10;

function add<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list === undefined) map.set(key, [value]);
  else if (!list.includes(value)) list.push(value);
}

function toCandidate(order: CandidateOrderInput): CandidateOrder {
  const postal = order.shipping_address.postal_code;
  return {
    id: order.id,
    name: order.customer.name,
    nameKey: compactName(order.customer.name),
    document: digitsOf(order.customer.document ?? ''),
    postalCode: /\p{L}/u.test(postal) ? '' : digitsOf(postal),
  };
}

/**
 * Builds the index from the service's orders and trackings. An order listed twice (paged
 * listings overlap) counts once; a tracking of an order that is not a candidate is left out.
 */
export function buildCandidateIndex(
  orders: readonly CandidateOrderInput[],
  trackings: readonly CandidateTrackingInput[],
): CandidateIndex {
  const byId = new Map<string, CandidateOrder>();
  for (const order of orders) if (!byId.has(order.id)) byId.set(order.id, toCandidate(order));

  const wholeTokens = new Map<string, TokenTarget[]>();
  const compactRuns = new Map<string, TokenTarget[]>();
  const trackingOwners = new Map<string, string[]>();
  const nameOwners = new Map<string, string[]>();
  const documentOwners = new Map<string, string[]>();
  const postalCodeOwners = new Map<string, string[]>();
  // One target object per value, so that `add` keeps each once however many orders share it.
  const targets = new Map<string, TokenTarget>();
  const target = (kind: TokenTarget['kind'], value: string): TokenTarget => {
    const key = `${kind}\u0000${value}`;
    let found = targets.get(key);
    if (found === undefined) targets.set(key, (found = { kind, value }));
    return found;
  };

  for (const order of byId.values()) {
    add(wholeTokens, order.id.toLowerCase(), target('orderId', order.id));
    if (order.nameKey !== '') {
      add(compactRuns, order.nameKey, target('name', order.nameKey));
      add(nameOwners, order.nameKey, order.id);
    }
    if (order.document !== '') add(documentOwners, order.document, order.id);
    if (order.postalCode !== '') add(postalCodeOwners, order.postalCode, order.id);
  }
  for (const { order, code } of trackings) {
    if (!byId.has(order) || code.trim() === '') continue;
    add(trackingOwners, code, order);
    add(wholeTokens, code.toLowerCase(), target('tracking', code));
    const compact = compactName(code);
    if (compact.length >= SPACED_TRACKING_MIN_LENGTH)
      add(compactRuns, compact, target('tracking', code));
  }

  const compactPrefixes = new Set<string>();
  for (const key of compactRuns.keys())
    for (let end = 1; end <= key.length; end++) compactPrefixes.add(key.slice(0, end));

  return {
    orders: byId,
    wholeTokens,
    longestWholeToken: longest(wholeTokens.keys()),
    wholeTokenFirstWords: new Set([...wholeTokens.keys()].map(firstWord)),
    compactRuns,
    compactPrefixes,
    longestCompactRun: longest(compactRuns.keys()),
    trackingOwners,
    nameOwners,
    documentOwners,
    postalCodeOwners,
  };
}

/** "pb-1042" → "pb": a word of the piece that is no key's first word starts no key. */
function firstWord(key: string): string {
  let end = 0;
  while (isLetterOrDigitAt(key, end)) end++;
  return key.slice(0, end);
}

function longest(keys: Iterable<string>): number {
  let max = 0;
  for (const key of keys) max = Math.max(max, key.length);
  return max;
}
