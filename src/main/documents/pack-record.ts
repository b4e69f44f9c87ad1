// What the slip takes from a verified pack: which lots (and their expiry dates) went into the
// box for each line. The record is the one the station exports (src/main/pack/pack-export.ts,
// JSON: `{ packs: [...] }`, each with its `units`); a single pack object is taken as well.

/** One counted scan of a pack, as the export writes it (only what the slip reads). */
export interface SlipPackUnit {
  sku: string;
  quantity: number;
  lot: string | null;
  expiry: string | null;
}

export interface SlipPack {
  orderId: string;
  station?: string | null;
  /** The packer's account on the station. */
  account?: string | null;
  units: readonly SlipPackUnit[];
}

export interface PackedLot {
  lot: string;
  /** YYYY-MM-DD, or null when the lot has none. */
  expiry: string | null;
  quantity: number;
}

/** The lots packed per SKU, in the order first scanned, with the units of each lot summed. */
export function lotsBySku(pack: SlipPack | undefined): Map<string, PackedLot[]> {
  const bySku = new Map<string, PackedLot[]>();
  for (const unit of pack?.units ?? []) {
    if (unit.lot === null || unit.lot === '') continue; // not batch-controlled: no lot to show
    const lots = bySku.get(unit.sku) ?? [];
    const same = lots.find((l) => l.lot === unit.lot && l.expiry === unit.expiry);
    if (same) same.quantity += unit.quantity;
    else lots.push({ lot: unit.lot, expiry: unit.expiry, quantity: unit.quantity });
    bySku.set(unit.sku, lots);
  }
  return bySku;
}
