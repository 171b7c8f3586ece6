/**
 * Client-side pacing driven by the service's rate-limit headers, so a deployment of many resources runs at
 * the server's rate instead of bursting into 429s.
 *
 * The service limits with token buckets per category over a window (`RateLimit-Limit: 500`,
 * `RateLimit-Policy: 500;w=5;category="global"`, `RateLimit-Remaining`, and `Retry-After` on a 429). The
 * pacer mirrors each bucket it learns about: capacity `limit`, refill `limit / w` per second, its level
 * pulled down to the server's `Remaining`. Every request waits for a token of its route's bucket (routes
 * learn their category from the answers); a 429 pauses every request until its `Retry-After` has passed.
 * Before the first answer nothing is known and nothing waits (the server's own burst allowance covers it).
 */

import { DEFAULTS } from "./defaults";
import {
  headerValue as first,
  type HeaderBag,
  headerNumber as num,
  parseRateLimitPolicy as parsePolicy,
  parseRetryAfter as retryAfterMs,
} from "./http-utils";

/** Header lookup in undici's shape (lower-case names). */
export type Headers = HeaderBag;

/** Options of a {@link RatePacer}. */
export interface RatePacerOptions {
  /** Share of the announced rate actually used (default `DEFAULTS.pacingSafety`). */
  safety?: number;
  /** Clock in ms, for tests (default `Date.now`). */
  now?: () => number;
}

/** One acquisition, so that an abort can withdraw it from the queue. */
interface Ticket {
  cancelled: boolean;
  granted: boolean;
}

interface Bucket {
  capacity: number;
  /** Tokens per millisecond. */
  ratePerMs: number;
  tokens: number;
  at: number;
}

/** Figures for logs and benchmarks. */
export interface PacerStats {
  /** Requests that had to wait for a token or a pause. */
  waited: number;
  /** 429 answers seen. */
  rateLimited: number;
  /** Known buckets: category -> requests per second. */
  rates: Record<string, number>;
}

/** The part of a request that decides its bucket: method and the first two path segments. */
export function routeKey(method: string, path: string): string {
  const segs = path.split("?")[0]?.split("/").filter(Boolean) ?? [];
  return `${method.toUpperCase()} /${segs.slice(0, 2).join("/")}`;
}

const DEFAULT_CATEGORY = "default";

/**
 * Paces requests by the service's rate-limit headers. One instance per client (`pacing: true`), or shared by
 * several clients of the same account (`pacing: { pacer }`). The transport calls {@link acquire} before
 * every attempt and {@link observe} or {@link release} after it.
 */
export class RatePacer {
  private readonly buckets = new Map<string, Bucket>();
  private readonly routes = new Map<string, string>();
  private pausedUntil = 0;
  /** Requests sent and not answered yet: the server's `Remaining` does not count them yet. */
  private inFlight = 0;
  /**
   * Acquisitions of one bucket are served in order, one at a time (each only waits for timers); buckets do
   * not wait for each other.
   */
  private readonly tails = new Map<string, Promise<void>>();
  private readonly stats = { waited: 0, rateLimited: 0 };

  private readonly safety: number;
  private readonly now: () => number;

  constructor(options: RatePacerOptions = {}) {
    this.safety = options.safety ?? DEFAULTS.pacingSafety;
    this.now = options.now ?? (() => Date.now());
  }

  /**
   * Resolves when a request on this route may be sent; each resolved acquisition must end with
   * {@link observe} or {@link release}. Rejects with the signal's reason when `signal` fires first (the
   * request then gives up its place in the queue and owes nothing).
   */
  acquire(method: string, path: string, signal?: AbortSignal): Promise<void> {
    const category = this.routes.get(routeKey(method, path)) ?? DEFAULT_CATEGORY;
    const ticket: Ticket = { cancelled: false, granted: false };
    const turn = (this.tails.get(category) ?? Promise.resolve()).then(async () => {
      if (ticket.cancelled) return;
      await this.take(category, ticket);
      if (ticket.cancelled) return;
      ticket.granted = true;
      this.inFlight++;
    });
    this.tails.set(
      category,
      turn.catch(() => undefined),
    );
    if (!signal) return turn;
    return untilAborted(turn, signal, () => {
      ticket.cancelled = true;
      if (ticket.granted) this.release();
    });
  }

  /** Ends a request acquired earlier: it was answered (then {@link observe} the answer) or failed. */
  release(): void {
    this.inFlight = Math.max(0, this.inFlight - 1);
  }

  /** Learns from one answer's status and headers (release its acquisition first, if it had one). */
  observe(method: string, path: string, status: number, headers: Headers): void {
    const now = this.now();
    const policy = parsePolicy(first(headers, "ratelimit-policy"));
    const category = policy.category ?? DEFAULT_CATEGORY;
    this.routes.set(routeKey(method, path), category);
    const limit = num(first(headers, "ratelimit-limit"));
    const remaining = num(first(headers, "ratelimit-remaining"));
    if (limit !== undefined && limit > 0) {
      const windowS = policy.windowS ?? num(first(headers, "ratelimit-reset")) ?? 1;
      const ratePerMs = (limit / Math.max(windowS, 0.001) / 1000) * this.safety;
      const b = this.refill(category, now);
      if (!b) {
        // Requests still in flight were sent after the server counted this one: they will take tokens.
        this.buckets.set(category, {
          capacity: limit,
          ratePerMs,
          tokens: Math.max(0, (remaining ?? limit) - this.inFlight),
          at: now,
        });
      } else {
        b.capacity = limit;
        b.ratePerMs = ratePerMs;
        // The server's count wins both ways: down, when others spend the same budget; up, so that the
        // safety margin on the refill rate does not accumulate into a slower run than the server allows.
        if (remaining !== undefined) b.tokens = Math.min(limit, remaining - this.inFlight);
      }
    }
    if (status === 429) {
      this.stats.rateLimited++;
      const wait = retryAfterMs(first(headers, "retry-after"), now) ?? DEFAULTS.rateLimitPauseMs;
      this.pausedUntil = Math.max(this.pausedUntil, now + wait);
      const b = this.buckets.get(category);
      if (b) b.tokens = Math.min(b.tokens, 0);
    }
  }

  /** Counters and learned rates. */
  snapshot(): PacerStats {
    const rates: Record<string, number> = {};
    for (const [k, b] of this.buckets) rates[k] = Math.round((b.ratePerMs * 1000) / this.safety);
    return { ...this.stats, rates };
  }

  private refill(category: string, now: number): Bucket | undefined {
    const b = this.buckets.get(category);
    if (!b) return undefined;
    b.tokens = Math.min(b.capacity, b.tokens + (now - b.at) * b.ratePerMs);
    b.at = now;
    return b;
  }

  private async take(category: string, ticket: Ticket): Promise<void> {
    let waited = false;
    // Bounded: each pass either returns or sleeps until a token is due.
    for (let pass = 0; pass < 1000 && !ticket.cancelled; pass++) {
      const now = this.now();
      if (now < this.pausedUntil) {
        waited = true;
        await sleep(this.pausedUntil - now);
        continue;
      }
      const b = this.refill(category, now);
      if (!b || b.tokens >= 1) {
        if (b) b.tokens -= 1;
        if (waited) this.stats.waited++;
        return;
      }
      waited = true;
      await sleep(Math.max(1, Math.ceil((1 - b.tokens) / b.ratePerMs)));
    }
  }
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** `turn`, or a rejection with the signal's reason as soon as it fires (then `onAbort` runs once). */
function untilAborted(turn: Promise<void>, signal: AbortSignal, onAbort: () => void): Promise<void> {
  if (signal.aborted) {
    onAbort();
    return Promise.reject(signal.reason);
  }
  return new Promise((resolve, reject) => {
    const abort = () => {
      onAbort();
      reject(signal.reason);
    };
    signal.addEventListener("abort", abort, { once: true });
    turn.then(
      () => {
        signal.removeEventListener("abort", abort);
        resolve();
      },
      (err: unknown) => {
        signal.removeEventListener("abort", abort);
        reject(err);
      },
    );
  });
}
