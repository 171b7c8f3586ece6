/**
 * Optional rate limiting, as the real service does it (apps/api/src/app/rate-limiting/): a token bucket per
 * environment and category (trigger, configuration, global) over 5-second windows.
 * - `RateLimit-Limit` is `rate × 5` (tokens per window); the bucket holds `floor(rate × 5 × 1.1)` tokens
 *   (burst allowance 10%: packages/shared/src/consts/rate-limiting/apiRateLimits.ts,
 *   evaluate-api-rate-limit.usecase.ts `getBurstLimit`), and a new bucket starts full.
 * - One token comes back every `1000 / rate` ms, but refills wait until the bucket is empty, and an idle
 *   bucket expires `2 × window` after its last refill (evaluate-token-bucket-rate-limit.usecase.ts, its Lua).
 * - Headers on every limited answer: `RateLimit-Remaining`, `-Limit`, `-Reset` (seconds until a token is
 *   back) and `RateLimit-Policy` as `limit;w=5;burst=N;comment="token bucket";category="…";cost="single";
 *   serviceLevel="…"`; `Retry-After` on a 429 (guards/throttler.guard.ts).
 * Rate limiting off (the default): no RateLimit headers at all, as with the service's flag off.
 */

/** Rate-limit categories of the real service. */
export type RateLimitCategory = "trigger" | "configuration" | "global";

/** One rate for every category, or a rate per category (an absent category is unlimited). */
export type RateLimitOptions = { perSecond: number } | Partial<Record<RateLimitCategory, number>>;

/** Window of the buckets, in seconds. */
export const RATE_LIMIT_WINDOW_S = 5;
/** Extra share of the window's tokens a full bucket holds. */
export const RATE_LIMIT_BURST_ALLOWANCE = 0.1;

/** The free plan's rates, requests per second; a configured rate equal to one is reported as `free`. */
const FREE_PLAN: Record<RateLimitCategory, number> = { trigger: 60, configuration: 20, global: 30 };

/** Tokens per window (`RateLimit-Limit`) for a rate per second. */
export function windowLimit(rate: number): number {
  return rate * RATE_LIMIT_WINDOW_S;
}

/** Tokens a full bucket holds for a rate per second: the window's tokens plus the burst allowance (at least 1). */
export function bucketCapacity(rate: number): number {
  return Math.max(1, Math.floor(windowLimit(rate) * (1 + RATE_LIMIT_BURST_ALLOWANCE)));
}

/** The answer for one request: allowed or not, and the RateLimit-* headers (plus Retry-After on refusal). */
interface RateLimitDecision {
  allowed: boolean;
  headers: Record<string, string>;
}

interface Bucket {
  tokens: number;
  lastRefill: number;
  expiresAt: number;
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
    const limit = windowLimit(rate);
    const capacity = bucketCapacity(rate);
    const fillMs = 1000 / rate;
    const expiryMs = 2 * RATE_LIMIT_WINDOW_S * 1000;
    const id = `${scope}\u0000${category}`;
    const now = this.now();
    let bucket = this.buckets.get(id);
    if (bucket && bucket.expiresAt <= now) bucket = undefined;
    let remaining: number;
    if (!bucket) {
      bucket = { tokens: capacity - 1, lastRefill: now, expiresAt: now + expiryMs };
      this.buckets.set(id, bucket);
      remaining = bucket.tokens;
    } else if (bucket.tokens >= 1) {
      // Refills wait until the bucket is empty.
      bucket.tokens -= 1;
      remaining = bucket.tokens;
    } else {
      const added = Math.floor((now - bucket.lastRefill) / fillMs);
      remaining = Math.min(capacity, bucket.tokens + added) - 1;
      if (remaining >= 0) {
        bucket.lastRefill += added * fillMs;
        bucket.tokens = remaining;
        bucket.expiresAt = now + expiryMs;
      }
    }
    const allowed = remaining >= 0;
    const resetCost = allowed ? (remaining < 1 ? 1 - remaining : 1) : 1 - bucket.tokens;
    const reset = bucket.lastRefill + resetCost * fillMs;
    const secondsToReset = String(Math.max(Math.ceil((reset - now) / 1000), 0));
    const serviceLevel = FREE_PLAN[category] === rate ? "free" : "custom";
    const headers: Record<string, string> = {
      "RateLimit-Remaining": String(Math.max(0, remaining)),
      "RateLimit-Limit": String(limit),
      "RateLimit-Reset": secondsToReset,
      "RateLimit-Policy": `${limit};w=${RATE_LIMIT_WINDOW_S};burst=${capacity};comment="token bucket";category="${category}";cost="single";serviceLevel="${serviceLevel}"`,
    };
    if (!allowed) headers["Retry-After"] = secondsToReset;
    return { allowed, headers };
  }
}
