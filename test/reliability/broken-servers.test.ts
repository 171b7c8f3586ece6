import { describe, expect, it } from "vitest";
import { brokenServers } from "../../testkit/scenarios/broken-servers";
import { mutatedResponses } from "../../testkit/scenarios/mutated-responses";

describe("hung and broken servers", () => {
  it("each ends in an error of the sdk family; hung servers time out per attempt; messages name the operation", async () => {
    const rows = await brokenServers();
    const by = Object.fromEntries(rows.map((r) => [r.name, r]));
    for (const r of rows) expect(r.inFamily, r.name).toBe(true);

    // Hung: TimeoutError, one server-side connection per attempt, nothing retried beyond maxRetries.
    for (const name of ["accepts, never answers (no retries)", "headers, then the body stalls"]) {
      expect(by[name]?.error, name).toBe("TimeoutError");
      expect(by[name]?.attempts, name).toBe(1);
    }
    expect(by["accepts, never answers (2 retries)"]?.error).toBe("TimeoutError");
    expect(by["accepts, never answers (2 retries)"]?.attempts).toBe(3);
    // The retry budget bounds the whole call: 6 attempts of 300 ms do not fit in a 1 s budget, no retry starts
    // past it, so the call ends after 3 or 4 attempts (the count is asserted; the bench prints the time).
    const budget = by["accepts, never answers (5 retries, 1 s budget)"];
    expect(budget?.error).toBe("TimeoutError");
    expect(budget?.attempts).toBeGreaterThanOrEqual(3);
    expect(budget?.attempts).toBeLessThanOrEqual(4);

    // Unusable 2xx answers are not repeated (the body would be the same) and say which operation got them.
    for (const name of [
      "malformed JSON",
      "wrong content type (text/plain)",
      "HTML page with 200",
      "empty body with 200",
    ]) {
      expect(by[name]?.error, name).toBe("ResponseValidationError");
      expect(by[name]?.attempts, name).toBe(1);
    }
    // A body cut short is a connection failure: repeated (GET), then reported.
    expect(by["truncated body (connection closed mid-body)"]?.error).toBe("ConnectionError");
    expect(by["truncated body (connection closed mid-body)"]?.attempts).toBe(3);
    for (const name of [
      "accepts, never answers (no retries)",
      "accepts, never answers (2 retries)",
      "accepts, never answers (5 retries, 1 s budget)",
      "headers, then the body stalls",
      "malformed JSON",
      "truncated body (connection closed mid-body)",
      "wrong content type (text/plain)",
      "HTML page with 200",
      "empty body with 200",
    ]) {
      expect(by[name]?.namesOperation, `${name}: ${by[name]?.message}`).toBe(true);
    }
    // An HTML error page from a proxy: a 502 ApiError, retried, saying it was HTML (not a JSON parse crash).
    const proxy = by["HTML error page with 502 (proxy)"];
    expect(proxy?.error).toBe("InternalServerError");
    expect(proxy?.attempts).toBe(3);
    expect(proxy?.message).toMatch(/^GET \/v1\/integrations\/active -> 502: .*HTML/);
  });

  it("500 mutated valid responses (seeded): 0 uncaught exceptions; every failure in the family, every success parsed", async () => {
    const f = await mutatedResponses({ responses: 500, seed: 20240607 });
    expect(f.firstUncaught).toBeUndefined();
    expect(f.uncaught).toBe(0);
    expect(f.processErrors).toBe(0);
    expect(f.firstUnvalidated).toBeUndefined();
    expect(f.unvalidated).toBe(0);
    expect(f.parsed + f.familyErrors).toBe(500);
    // The mutations bite (some answers are rejected) and tolerance holds (some still parse).
    expect(f.familyErrors).toBeGreaterThan(100);
    expect(f.parsed).toBeGreaterThan(50);
    // Extra keys and unknown enum values alone never break parsing: the schemas are open there.
    expect(f.single.extraKey?.parsed).toBe(f.single.extraKey?.responses);
    expect(f.single.unknownEnum?.parsed).toBe(f.single.unknownEnum?.responses);
  });

  it("a client that returns answers without validating them is caught: values that fail the schema are not 'parsed'", async () => {
    const f = await mutatedResponses({ responses: 120, seed: 20240607, bypassClient: true });
    expect(f.unvalidated).toBeGreaterThan(20);
    expect(f.parsed + f.unvalidated + f.familyErrors + f.uncaught).toBe(120);
  });
});
