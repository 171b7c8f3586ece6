import { describe, expect, it } from "vitest";
import { rateLimits } from "../../testkit/scenarios/rate-limits";

describe("rate limits", () => {
  it("1,000 mixed operations under a tight limit all succeed; no retry arrives before its Retry-After", async () => {
    const f = await rateLimits({ operations: 1000 });
    expect(f.firstError).toBeUndefined();
    expect(f.operations).toBe(1000);
    expect(f.succeeded).toBe(1000);
    // Every kind of operation took part.
    expect(Object.keys(f.byOperation).length).toBeGreaterThanOrEqual(12);
    // The limit did bite, and each refusal was waited out as the server asked (server-side timestamps).
    expect(f.limited).toBeGreaterThan(10);
    expect(f.unpaired).toBe(0);
    expect(f.earlyRetries).toBe(0);
    expect(f.minSlackMs).toBeGreaterThanOrEqual(0);
    expect(f.maxRetryAfterMs).toBeGreaterThanOrEqual(1000);
  }, 120_000);
});
