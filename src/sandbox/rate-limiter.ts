/**
 * Sliding-window log per company: a request is accepted when fewer than `limit` requests were
 * accepted in the last `windowMs`. Rejected requests do not count, so `retryAfterSeconds` is the
 * time until the oldest accepted request leaves the window.
 */
export interface RateDecision {
  allowed: boolean;
  /** The instant the decision counted the request at. */
  at: number;
  remaining: number;
  retryAfterSeconds: number;
}

/** What the limiter said to one company since the sandbox started: the judge of the bench's 429s. */
export interface Traffic {
  accepted: number;
  rateLimited: number;
}

export class SlidingWindowLimiter {
  private readonly accepted = new Map<string, number[]>();
  private readonly totals = new Map<string, Traffic>();
  private readonly limit: number;
  private readonly windowMs: number;
  private readonly now: () => number;

  constructor(options: { limit: number; windowMs: number; now?: () => number }) {
    this.limit = options.limit;
    this.windowMs = options.windowMs;
    this.now = options.now ?? Date.now;
  }

  traffic(company: string): Traffic {
    return { ...(this.totals.get(company) ?? { accepted: 0, rateLimited: 0 }) };
  }

  take(company: string): RateDecision {
    const decision = this.decide(company);
    const totals = this.totals.get(company) ?? { accepted: 0, rateLimited: 0 };
    if (decision.allowed) totals.accepted += 1;
    else totals.rateLimited += 1;
    this.totals.set(company, totals);
    return decision;
  }

  private decide(company: string): RateDecision {
    const now = this.now();
    const log = this.accepted.get(company) ?? [];
    const cutoff = now - this.windowMs;
    let expired = 0;
    while (expired < log.length && (log[expired] as number) <= cutoff) expired += 1;
    if (expired > 0) log.splice(0, expired);
    if (log.length >= this.limit) {
      const oldest = log[0] as number;
      const waitMs = oldest + this.windowMs - now;
      this.accepted.set(company, log);
      return {
        allowed: false,
        at: now,
        remaining: 0,
        retryAfterSeconds: Math.max(1, Math.ceil(waitMs / 1000)),
      };
    }
    log.push(now);
    this.accepted.set(company, log);
    return { allowed: true, at: now, remaining: this.limit - log.length, retryAfterSeconds: 0 };
  }
}
