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
      expect(r.echoedSecrets).toBe(0);
      // The mutations are real: most are rejected, each with at least one failure.
      expect(r.rejected).toBeGreaterThan(r.checked / 2);
      expect(r.failures).toBeGreaterThanOrEqual(r.rejected);
      // And the generator is honest: unmutated inputs pass, also with unknown (preview) values in them.
      expect(r.validRejected).toBe(0);
      expect(r.unknownRejected).toBe(0);
    }
  });
});
