import { ApiError } from './errors.ts';

/** The slice of the API client this needs (the budgeted client in the app, a stub in tests). */
export interface ProductSource {
  getProduct(sku: string): Promise<ProductFacts>;
}

/** What the station keeps of a product: its name, and what a verified pack matches and weighs. */
export interface ProductFacts {
  name: string;
  barcode?: string | undefined;
  batch_controlled?: boolean | undefined;
  weight_kg?: number | undefined;
}

/**
 * Product names for the order card. Each lookup is a real request through the rate-limited
 * client, so it counts against the company's budget like any other; names are kept for
 * `ttlMs` per profile so scanning the same SKUs all day costs one request each, and a lookup
 * already in flight is shared rather than repeated.
 */
export class ProductNames {
  private readonly cache = new Map<string, { product: ProductFacts | null; at: number }>();
  private readonly inFlight = new Map<string, Promise<ProductFacts | null | undefined>>();

  private readonly now: () => number;
  private readonly ttlMs: number;
  private readonly maxEntries: number;

  constructor(now: () => number, ttlMs = 15 * 60_000, maxEntries = 5_000) {
    this.now = now;
    this.ttlMs = ttlMs;
    this.maxEntries = maxEntries;
  }

  /**
   * Names by SKU: a string, `null` for a SKU the service does not know (a 404, cached like a
   * name), or absent when the lookup failed (not cached: the next scan tries again).
   */
  async names(
    profileId: string,
    source: ProductSource,
    skus: readonly string[],
  ): Promise<Record<string, string | null>> {
    const found = await this.products(profileId, source, skus);
    const names: Record<string, string | null> = Object.create(null);
    for (const [sku, product] of Object.entries(found)) names[sku] = product?.name ?? null;
    return names;
  }

  /**
   * Whole products by SKU, through the same cache as the names (a verified pack and the card
   * never ask twice for one SKU): a product, `null` for an unknown SKU, absent on failure.
   */
  async products(
    profileId: string,
    source: ProductSource,
    skus: readonly string[],
  ): Promise<Record<string, ProductFacts | null>> {
    const unique = [...new Set(skus)];
    const found = await Promise.all(unique.map((sku) => this.one(profileId, source, sku)));
    const products: Record<string, ProductFacts | null> = Object.create(null);
    unique.forEach((sku, i) => {
      const product = found[i];
      if (product !== undefined) products[sku] = product;
    });
    return products;
  }

  /** How many of these SKUs would need a request now (not cached, or cached too long ago). */
  uncached(profileId: string, skus: readonly string[]): number {
    return [...new Set(skus)].filter((sku) => {
      const cached = this.cache.get(`${profileId}\n${sku}`);
      return !cached || this.now() - cached.at >= this.ttlMs;
    }).length;
  }

  /** Every product this profile has cached (fresh or not): a pack recognises them all. */
  known(profileId: string): Record<string, ProductFacts> {
    const known: Record<string, ProductFacts> = Object.create(null);
    for (const [key, entry] of this.cache)
      if (key.startsWith(`${profileId}\n`) && entry.product)
        known[key.slice(profileId.length + 1)] = entry.product;
    return known;
  }

  /** A profile's key or service changed: what it said before may not hold. */
  forget(profileId: string): void {
    for (const key of this.cache.keys())
      if (key.startsWith(`${profileId}\n`)) this.cache.delete(key);
  }

  private one(profileId: string, source: ProductSource, sku: string) {
    const key = `${profileId}\n${sku}`;
    const cached = this.cache.get(key);
    if (cached && this.now() - cached.at < this.ttlMs) return Promise.resolve(cached.product);
    const running = this.inFlight.get(key);
    if (running) return running;
    const lookup = source
      .getProduct(sku)
      .then(
        (product) =>
          this.keep(key, {
            name: product.name,
            barcode: product.barcode,
            batch_controlled: product.batch_controlled,
            weight_kg: product.weight_kg,
          }),
        (error: unknown) =>
          error instanceof ApiError && error.status === 404 ? this.keep(key, null) : undefined,
      )
      .finally(() => this.inFlight.delete(key));
    this.inFlight.set(key, lookup);
    return lookup;
  }

  private keep(key: string, product: ProductFacts | null): ProductFacts | null {
    if (this.cache.size >= this.maxEntries) {
      const oldest = this.cache.keys().next().value;
      if (oldest !== undefined) this.cache.delete(oldest);
    }
    this.cache.delete(key);
    this.cache.set(key, { product, at: this.now() });
    return product;
  }
}
