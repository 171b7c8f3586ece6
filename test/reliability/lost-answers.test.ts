import { describe, expect, it } from "vitest";
import { lostAnswers } from "../../testkit/scenarios/lost-answers";

describe("lost answers", () => {
  it("500 provider creates with 20% of answers dropped after commit: 500 integrations, 0 duplicates, 0 failures", async () => {
    const f = await lostAnswers({ creates: 500, dropRate: 0.2 });
    expect(f.firstError).toBeUndefined();
    expect(f.failed).toBe(0);
    expect(f.stored).toBe(500);
    expect(f.duplicates).toBe(0);
    expect(f.wrongIds).toBe(0);
    // The faults did happen, and every dropped create was answered on retry from the idempotency record.
    expect(f.dropped).toBeGreaterThan(50);
    expect(f.replayed).toBeGreaterThanOrEqual(f.dropped);
  }, 120_000);

  it("the same drops without retries do fail (the assertion above can fail)", async () => {
    // With retries off the client cannot recover a lost answer: this proves the faults bite.
    const f = await lostAnswers({ creates: 40, dropRate: 0.5, noRetries: true });
    expect(f.failed).toBeGreaterThan(0);
    expect(f.stored).toBe(40);
  });
});
