/** Regression tests for the sdk retry bound on 429s (found by the rate-limit scenario under contention). */
import { describe, expect, it } from "vitest";
import { decideRetry, type RetryInput } from "../../sdk/retry";
import { rateLimits } from "../../testkit/scenarios/rate-limits";

const base: RetryInput = {
  method: "GET",
  hasIdempotencyKey: false,
  attempt: 1,
  elapsedMs: 0,
  options: { maxRetries: 5, baseRetryDelayMs: 100, maxRetryDelayMs: 20_000, totalRetryBudgetMs: 60_000 },
  random: () => 0.5,
  now: Date.UTC(2025, 0, 1),
};

describe("429 with a wait hint is waited out within the budget", () => {
  it("keeps retrying past maxRetries while the budget lasts; stops at the budget; maxRetries 0 still disables", () => {
    const limited = { ...base, status: 429, headers: { "retry-after": "1" } };
    expect(decideRetry({ ...limited, attempt: 6 }).retry).toBe(true);
    expect(decideRetry({ ...limited, attempt: 12, elapsedMs: 30_000 }).retry).toBe(true);
    expect(decideRetry({ ...limited, attempt: 12, elapsedMs: 59_500 }).retry).toBe(false);
    expect(decideRetry({ ...limited, options: { ...base.options, maxRetries: 0 } }).retry).toBe(false);
    // Everything else keeps the count bound.
    expect(decideRetry({ ...base, status: 503, attempt: 6 }).retry).toBe(false);
    expect(decideRetry({ ...base, status: 429, attempt: 6 }).retry).toBe(false); // no hint: backoff, counted
  });

  it("24 workers against 20 requests/s: every operation succeeds (6 attempts used to run out)", async () => {
    const f = await rateLimits({
      operations: 600,
      workers: 24,
      configurationPerSecond: 20,
      globalPerSecond: 20,
    });
    expect(f.firstError).toBeUndefined();
    expect(f.succeeded).toBe(600);
    expect(f.limited).toBeGreaterThan(100);
    expect(f.unpaired).toBe(0);
    expect(f.earlyRetries).toBe(0);
  }, 120_000);
});
