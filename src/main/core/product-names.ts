import { ApiError } from '../api/errors.ts';

/** The slice of the API client this needs (the budgeted client in the app, a stub in tests). */
export interface ProductSource {
  getProduct(sku: string): Promise<{ name: string }>;
}

/**
 * Product names for the order card. Each lookup is a real request through the rate-limited
 * client, so it counts against the company's budget like any other; names are kept for
 * `ttlMs` per profile so scanning the same SKUs all day costs one request each, and a lookup
 * already in flight is shared rather than repeated.
 */
export class ProductNames {
  private readonly cache = new Map<string, { name: string | null; at: number }>();
  private readonly inFlight = new Map<string, Promise<string | null | undefined>>();

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
    const unique = [...new Set(skus)];
    const found = await Promise.all(unique.map((sku) => this.one(profileId, source, sku)));
    const names: Record<string, string | null> = Object.create(null);
    unique.forEach((sku, i) => {
      if (found[i] !== undefined) names[sku] = found[i];
    });
    return names;
  }

  /** A profile's key or service changed: what it said before may not hold. */
  forget(profileId: string): void {
    for (const key of this.cache.keys())
      if (key.startsWith(`${profileId}\n`)) this.cache.delete(key);
  }

  private one(profileId: string, source: ProductSource, sku: string) {
    const key = `${profileId}\n${sku}`;
    const cached = this.cache.get(key);
    if (cached && this.now() - cached.at < this.ttlMs) return Promise.resolve(cached.name);
    const running = this.inFlight.get(key);
    if (running) return running;
    const lookup = source
      .getProduct(sku)
      .then(
        (product) => this.keep(key, product.name),
        (error: unknown) =>
          error instanceof ApiError && error.status === 404 ? this.keep(key, null) : undefined,
      )
      .finally(() => this.inFlight.delete(key));
    this.inFlight.set(key, lookup);
    return lookup;
  }

  private keep(key: string, name: string | null): string | null {
    if (this.cache.size >= this.maxEntries) {
      const oldest = this.cache.keys().next().value;
      if (oldest !== undefined) this.cache.delete(oldest);
    }
    this.cache.delete(key);
    this.cache.set(key, { name, at: this.now() });
    return name;
  }
}
