import {
  normaliseGtin,
  scanText,
  type ParsedScan,
  type ScanError,
} from '../../shared/scan/index.ts';
import type { BarcodeAlias, IdentifiedBy } from '../../shared/pack/types.ts';
import type { ProductFacts } from '../api/product-names.ts';

/** What the pack knows of a product of the order (from the service, when the order opened). */
export interface PackProduct {
  name: string | null;
  barcode: string | null;
  batchControlled: boolean;
  weightKg: number | null;
}

/** What a pack keeps of a product, from the service's record of it. */
export function packProduct(product: ProductFacts | null | undefined): PackProduct {
  return {
    name: product?.name ?? null,
    barcode: product?.barcode ?? null,
    batchControlled: product?.batch_controlled ?? false,
    weightKg: product?.weight_kg ?? null,
  };
}

/** A scan recognised as units of one SKU; the lot and expiry when the code carried them. */
export interface Identified {
  sku: string;
  quantity: number;
  identifiedBy: IdentifiedBy;
  lot: string | null;
  expiry: string | null;
}

export type Identification =
  | { kind: 'units'; units: Identified }
  | { kind: 'refused'; error: ScanError }
  | { kind: 'unknown' };

/**
 * The station's lookup tables for one pack: product barcodes as GTIN-14, SKUs, and the local
 * aliases (a case or multi-pack code that counts several units). Built once when the pack opens
 * or resumes; every scan is then matched here, with no request.
 */
export class Identifier {
  private readonly byGtin = new Map<string, string>();
  private readonly bySku = new Map<string, string>();
  private readonly aliases = new Map<string, BarcodeAlias>();

  constructor(products: Record<string, PackProduct>, aliases: readonly BarcodeAlias[]) {
    for (const [sku, product] of Object.entries(products)) {
      this.bySku.set(sku.toUpperCase(), sku);
      const gtin = product.barcode ? normaliseGtin(product.barcode) : null;
      if (gtin) this.byGtin.set(gtin, sku);
    }
    for (const alias of aliases) {
      this.aliases.set(alias.alias, alias);
      // A case code is usually a GTIN-14: it matches however the wedge sent it (UPC, EAN, GS1).
      const gtin = /^\d+$/.test(alias.alias) ? normaliseGtin(alias.alias) : null;
      if (gtin) this.aliases.set(`gtin:${gtin}`, alias);
    }
  }

  /**
   * Products the order does not list are still recognised (by alias or SKU) when the pack's
   * tables know them, so the packer hears "not in this order" rather than "unknown code".
   */
  identify(scan: ParsedScan): Identification {
    if (scan.error) {
      // Read without a symbology identifier, the parser guessed (a GS1 string, a GTIN): a SKU or
      // alias of the pack that happens to look like one, with a check digit that does not hold,
      // is what was meant.
      const known = scan.symbology === null ? this.byText(scan) : null;
      return known ?? { kind: 'refused', error: scan.error };
    }
    const lot = scan.lot;
    const expiry = scan.expiry;
    if (scan.gtin) {
      const alias = this.aliases.get(`gtin:${scan.gtin}`);
      if (alias) return units(alias.sku, alias.quantity, 'alias', lot, expiry);
      const sku = this.byGtin.get(scan.gtin);
      if (sku) return units(sku, 1, scan.kind === 'gs1' ? 'gs1' : 'gtin', lot, expiry);
    }
    return this.byText(scan) ?? { kind: 'unknown' };
  }

  /** The scan's text as an alias or a SKU of the pack's tables, when it is one. */
  private byText(scan: ParsedScan): Identification | null {
    // Without the AIM identifier a scanner may add (`]C0SKU-1` is the SKU-1 of a Code 128).
    const text = scanText(scan.input).trim();
    const alias = this.aliases.get(text);
    if (alias) return units(alias.sku, alias.quantity, 'alias', scan.lot, scan.expiry);
    const sku = this.bySku.get(text.toUpperCase());
    if (sku) return units(sku, 1, 'sku', null, null);
    return null;
  }
}

const units = (
  sku: string,
  quantity: number,
  identifiedBy: IdentifiedBy,
  lot: string | null,
  expiry: string | null,
): Identification => ({ kind: 'units', units: { sku, quantity, identifiedBy, lot, expiry } });
