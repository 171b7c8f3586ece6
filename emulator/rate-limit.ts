/**
 * Optional rate limiting, as the real service does it: a token bucket per environment and category
 * (trigger, configuration, global) over 5-second windows. A bucket holds `perSecond × 5` tokens and
 * refills `perSecond` tokens a second.
 */

/** Rate-limit categories of the real service. */
export type RateLimitCategory = "trigger" | "configuration" | "global";

/** One rate for every category, or a rate per category (an absent category is unlimited). */
export type RateLimitOptions = { perSecond: number } | Partial<Record<RateLimitCategory, number>>;

/** Window of the buckets, in seconds. */
export const RATE_LIMIT_WINDOW_S = 5;

/** The answer for one request: allowed or not, and the RateLimit-* headers (plus Retry-After on refusal). */
interface RateLimitDecision {
  allowed: boolean;
  headers: Record<string, string>;
}

interface Bucket {
  tokens: number;
  at: number;
}

/** Token buckets keyed by environment and category. */
export class RateLimiter {
  private readonly buckets = new Map<string, Bucket>();

  constructor(
    private readonly options: RateLimitOptions,
    private readonly now: () => number = Date.now,
  ) {
    for (const rate of Object.values(options)) {
      if (typeof rate !== "number" || !(rate > 0))
        throw new Error("rateLimit rates must be positive numbers");
    }
  }

  private rate(category: RateLimitCategory): number | undefined {
    return "perSecond" in this.options ? this.options.perSecond : this.options[category];
  }

  /** Takes one token for `scope` in `category`; undefined when the category is not limited. */
  take(scope: string, category: RateLimitCategory): RateLimitDecision | undefined {
    const rate = this.rate(category);
    if (rate === undefined) return undefined;
    const capacity = Math.max(1, Math.round(rate * RATE_LIMIT_WINDOW_S));
    const id = `${scope}\u0000${category}`;
    const now = this.now();
    const bucket = this.buckets.get(id) ?? { tokens: capacity, at: now };
    bucket.tokens = Math.min(capacity, bucket.tokens + ((now - bucket.at) / 1000) * rate);
    bucket.at = now;
    this.buckets.set(id, bucket);
    const allowed = bucket.tokens >= 1;
    if (allowed) bucket.tokens -= 1;
    const headers: Record<string, string> = {
      "RateLimit-Limit": String(capacity),
      "RateLimit-Remaining": String(Math.floor(bucket.tokens)),
      "RateLimit-Reset": String(Math.ceil((capacity - bucket.tokens) / rate)),
      "RateLimit-Policy": `${capacity};w=${RATE_LIMIT_WINDOW_S};comment="token bucket";category="${category}"`,
    };
    if (!allowed) headers["Retry-After"] = String(Math.max(1, Math.ceil((1 - bucket.tokens) / rate)));
    return { allowed, headers };
  }
}
