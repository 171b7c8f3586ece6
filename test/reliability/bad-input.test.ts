import { describe, expect, it } from "vitest";
import { badInput } from "../../testkit/scenarios/bad-input";

describe("bad input through check", () => {
  it("1,000 mutated inputs (both resources): 0 crashes, every rejection names the property, no value echoed", async () => {
    const rows = await badInput({ perResource: 500, validPerResource: 100, seed: 424242 });
    expect(rows.map((r) => r.resource)).toEqual(["Integration", "SubscriberCredentials"]);
    expect(rows.reduce((n, r) => n + r.checked, 0)).toBe(1000);
    for (const r of rows) {
      expect(r.firstProblem, r.resource).toBeUndefined();
      expect(r.crashes).toBe(0);
      expect(r.misnamed).toBe(0);
      expect(r.wrongProperty).toBe(0);
      expect(r.echoedSecrets).toBe(0);
      // The mutations are real: most are rejected, each with at least one failure.
      expect(r.rejected).toBeGreaterThan(r.checked / 2);
      expect(r.failures).toBeGreaterThanOrEqual(r.rejected);
      // And the generator is honest: unmutated inputs pass, also with unknown (preview) values in them.
      expect(r.validRejected).toBe(0);
      expect(r.unknownRejected).toBe(0);
    }
  });

  it("a check whose failures name another property than the mutated one is caught (the figure can fail)", async () => {
    const rows = await badInput({ perResource: 100, validPerResource: 1, seed: 7, misnameFailures: true });
    for (const r of rows) {
      expect(r.rejected, r.resource).toBeGreaterThan(0);
      // The renamed failures still start from a known property: only the mutated-property rule sees them.
      expect(r.misnamed, r.resource).toBe(0);
      expect(r.wrongProperty, r.resource).toBeGreaterThan(r.rejected / 2);
    }
  });
});
