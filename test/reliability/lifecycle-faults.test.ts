import { describe, expect, it } from "vitest";
import { lifecycleFaults } from "../../testkit/scenarios/lifecycle-faults";

describe("faults across the lifecycle", () => {
  it("create/update/read/delete of 100 Integrations and 100 SubscriberCredentials with 10% answers dropped and 5% 503s", async () => {
    // A call fails only after 6 consecutive faults (p = 0.15^6 per call): 0 expected among 800.
    const f = await lifecycleFaults({ resources: 100, dropRate: 0.1, failRate: 0.05 });
    expect(f.firstError).toBeUndefined();
    expect(f.failed).toBe(0);
    expect(f.operations).toBe(800);
    expect(f.dropped).toBeGreaterThan(20);
    expect(f.failedAnswers503).toBeGreaterThan(5);
    expect(f.staleIntegrations).toBe(0);
    expect(f.staleCredentials).toBe(0);
    expect(f.badReads).toBe(0);
    expect(f.leftovers).toBe(0);
  }, 120_000);
});
